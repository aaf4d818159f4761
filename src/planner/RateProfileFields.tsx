// The workload's hour-of-day rate profile (model §14): 24 relative weights,
// the arrival rate staying the daily mean. "Use this fit" on the Logs tab
// fills it from a log; the preset "diurnal-evening-peak" has one.
import { FieldMessages, NumField } from '../shared/form';
import type { Edit } from '../shared/edit';
import type { Scenario } from '../engine/types';

const FLAT = Array.from({ length: 24 }, () => 1);

export function RateProfileFields({ scenario, edit }: { scenario: Scenario; edit: Edit }) {
  const p = scenario.workload.rate_profile;
  const mean = p ? p.hourly.reduce((a, b) => a + b, 0) / 24 : 1;
  const peak = p ? p.hourly.reduce((best, v, h) => (v > p.hourly[best] ? h : best), 0) : 0;
  return (
    <div className="rate-profile" data-testid="rate-profile-fields">
      <label className="check">
        <input
          type="checkbox"
          data-testid="field-workload.rate_profile"
          checked={!!p}
          onChange={(e) => {
            const on = e.target.checked;
            edit((s) => void (s.workload.rate_profile = on ? { hourly: [...FLAT], start_hour: 0 } : null));
          }}
        />
        Hourly rate profile (relative weight of each hour; the arrival rate stays the daily mean)
      </label>
      {p ? (
        <>
          <p className="hint" data-testid="rate-profile-peak">
            Peak hour {String(peak).padStart(2, '0')}:00 at {Number.isFinite(mean) && mean > 0 ? (p.hourly[peak] / mean).toFixed(2) : '—'} × the mean
            rate.
          </p>
          <div className="grid hourly-grid">
            {p.hourly.map((v, h) => (
              <NumField
                key={h}
                path={`workload.rate_profile.hourly[${h}]`}
                label={`${String(h).padStart(2, '0')}:00`}
                value={v}
                min={0}
                onChange={(x) => edit((s) => void (s.workload.rate_profile && (s.workload.rate_profile.hourly[h] = x)))}
              />
            ))}
            <NumField
              path="workload.rate_profile.start_hour"
              label="Run starts at hour"
              integer
              value={p.start_hour}
              onChange={(x) => edit((s) => void (s.workload.rate_profile && (s.workload.rate_profile.start_hour = x)))}
            />
          </div>
          <FieldMessages path="workload.rate_profile.hourly" />
        </>
      ) : null}
    </div>
  );
}
