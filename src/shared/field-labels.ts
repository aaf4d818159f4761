// The form's label of a scenario field path: what the Scenario tab calls a
// field, for messages that name a field away from it (results out of date,
// a restored draft's notice).
import type { Scenario } from '../engine/types';

/** A video class's fields, as the editor labels them. */
const CLASS_FIELDS: Record<string, string> = {
  share: 'Share of the library',
  length_min: 'Video length',
  bitrate_kbps: 'Bitrate',
  bitrate_mbps: 'Bitrate',
};

const TIERS: Record<string, string> = { disk: 'Disk tier', file_cache: 'File cache tier', interval_cache: 'Interval cache tier' };

/** The form's label of a field path (the editor's words), or the path itself for one the form does not name. */
export function fieldLabel(path: string, s: Scenario | null = null): string {
  const single = (s?.workload.classes.length ?? 1) <= 1;
  const fixed: Record<string, string> = {
    name: 'Scenario name',
    'workload.videos': 'Videos in the library',
    'workload.arrival_rate': 'Arrival rate λ',
    'workload.concurrent_streams': 'Concurrent streams',
    'workload.classes': 'Video classes',
    'workload.popularity.convention': 'Zipf convention',
    'workload.popularity.value': 'Zipf exponent',
    'workload.churn': 'Popularity churn',
    'workload.churn.period_h': 'Churn period',
    'workload.churn.new_titles': 'New titles per period',
    'workload.rate_profile': 'Daily rate profile',
    'workload.rate_profile.start_hour': 'Run starts at hour',
    'run.duration_h': 'Duration',
    'run.warmup_h': 'Warm-up',
    'run.replications': 'Replications',
    'run.seed': 'Seed',
    'run.timeseries': 'Record concurrent streams over time',
    'run.target_rejection': 'Rejection target',
    architecture: 'Architecture',
    'policy.interval': 'Interval-cache policy',
    'policy.lfu': 'File-level LFU',
    'policy.lfu_window_h': 'LFU window',
    'policy.lfu_start': 'LFU start',
    'policy.lfu_margin': 'LFU count margin',
    devices: 'Device catalog',
  };
  if (fixed[path]) return fixed[path];
  let m = /^workload\.classes\[(\d+)\]\.(\w+)$/.exec(path);
  if (m) {
    const what = CLASS_FIELDS[m[2]] ?? m[2];
    return single ? what : `Video class ${Number(m[1]) + 1}: ${what.toLowerCase()}`;
  }
  m = /^workload\.rate_profile\.hourly\[(\d+)\]$/.exec(path);
  if (m) return `Daily rate profile, ${m[1].padStart(2, '0')}:00`;
  if (path.startsWith('workload.rate_profile')) return 'Daily rate profile';
  m = /^tiers\.(\w+)(?:\.(device|count))?$/.exec(path);
  if (m) return `${TIERS[m[1]] ?? m[1]}${m[2] ? ` ${m[2]}` : ''}`;
  m = /^devices\[(\d+)\]/.exec(path);
  if (m) {
    const d = s?.devices[Number(m[1])];
    return `Device catalog${d ? ` (${d.name || d.id})` : ''}`;
  }
  return path;
}
