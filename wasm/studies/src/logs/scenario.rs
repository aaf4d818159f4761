//! From a fitted log to a scenario ("use this fit"), from a log to a replay
//! job, and from a rate profile to its peak hour (peak-hour planning).

use super::counts::Tally;
use super::fit::LogFit;
use std::sync::Arc;
use tierplan_scenario::validate::{problems, FieldError, MAX_VIDEOS};
use tierplan_scenario::{Churn, RateProfile, Scenario, VideoClass, ZipfConvention};
use tierplan_stream::{Job, RateSteps, Trace};

/// Round to `digits` significant digits, so fitted values read well and keep
/// links short.
fn sig(v: f64, digits: i32) -> f64 {
    if v == 0.0 || !v.is_finite() {
        return v;
    }
    let scale = libm::pow(
        10.0,
        (digits - 1 - libm::floor(libm::log10(v.abs())) as i32) as f64,
    );
    libm::round(v * scale) / scale
}

/// The base scenario with the log's workload: library size, Zipf value (in
/// the base's convention), mean arrival rate, hourly profile (when the log
/// has a real one: p < 0.05 against a flat rate), churn (one or more new
/// titles a day) and, when the log has them, mean length and bitrate.
pub fn fitted_scenario(base: &Scenario, fit: &LogFit) -> Result<Scenario, Vec<FieldError>> {
    let mut s = base.clone();
    let w = &mut s.workload;
    let refuse = |m: &str| {
        vec![FieldError {
            path: "log".into(),
            message: m.into(),
        }]
    };
    let zipf = fit
        .zipf
        .as_ref()
        .ok_or_else(|| refuse("the log has fewer than two titles: nothing to fit"))?;
    let diurnal = fit
        .diurnal
        .as_ref()
        .ok_or_else(|| refuse("the log has no timestamps: no arrival rate"))?;
    w.videos = zipf.titles.clamp(1, MAX_VIDEOS);
    w.popularity.value = match w.popularity.convention {
        ZipfConvention::Exponent => sig(zipf.exponent.value, 4),
        ZipfConvention::Theta => sig(zipf.theta.value, 4),
    };
    w.arrival_rate = sig(diurnal.mean_rate, 4);
    w.rate_profile = (diurnal.p_flat < 0.05).then(|| RateProfile {
        hourly: diurnal.hours.iter().map(|h| sig(h.factor, 3)).collect(),
        start_hour: 0,
    });
    w.churn = fit.churn.per_day.filter(|c| c.value >= 1.0).map(|c| Churn {
        period_h: 24.0,
        new_titles: (libm::round(c.value) as u32).clamp(1, w.videos),
    });
    if let (Some(len), Some(rate)) = (fit.mean_length_s, fit.mean_bitrate_kbps) {
        w.classes = vec![VideoClass {
            share: 1.0,
            length_min: sig(len / 60.0, 4),
            bitrate_kbps: sig(rate, 4),
        }];
    }
    s.name = format!("Fitted from a log of {} requests", fit.requests);
    let errors = problems(&s);
    if errors.is_empty() {
        Ok(s)
    } else {
        Err(errors)
    }
}

/// The scenario of a profile's busiest hour, for the optimiser.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PeakHour {
    /// Hour of day 0..23 (the hour from hour:00 to hour+1:00).
    pub hour: u32,
    /// Its arrival rate, requests/s.
    pub rate: f64,
    /// The scenario with that rate held constant and no profile.
    pub scenario: Scenario,
}

impl PeakHour {
    pub fn of(s: &Scenario) -> Option<PeakHour> {
        peak_hour_scenario(s).map(|(scenario, hour)| PeakHour {
            hour,
            rate: scenario.workload.arrival_rate,
            scenario,
        })
    }
}

/// Peak-hour planning: the scenario at the constant rate of its profile's
/// busiest hour (the classic busy-hour rule: size as if the peak lasted),
/// with that hour. `None` when the workload has no profile.
pub fn peak_hour_scenario(s: &Scenario) -> Option<(Scenario, u32)> {
    let (hour, rate) = RateSteps::of(&s.workload)?.peak();
    let mut peak = s.clone();
    peak.workload.arrival_rate = rate;
    peak.workload.rate_profile = None;
    if !peak.name.is_empty() {
        peak.name = format!("{} (peak hour {hour:02}:00)", peak.name);
    }
    Some((peak, hour))
}

/// A replay of a parsed log (kept with `keep_trace`) through the
/// stream-level engine: the log is cut into `windows` consecutive windows
/// of equal length, each replayed as one replication starting empty, so the
/// spread between windows gives the interval as replications do. Titles
/// become ranks by their request count over the whole log; the library is
/// the log's titles; the log's own churn replaces the scenario's.
pub fn replay_job(
    base: &Scenario,
    tally: &Tally,
    trace: &[(f64, u32)],
    windows: u32,
) -> Result<Job, Vec<FieldError>> {
    let (s, t) = replay_parts(base, tally, trace, windows)?;
    Job::replay(s, Arc::new(t))
}

/// The longest replay window, hours: `run.duration_h`'s limit (a year).
pub const MAX_REPLAY_WINDOW_H: f64 = 8760.0;

/// A span for a message: a whole number up to 10¹², else e notation.
fn fmt_secs(x: f64) -> String {
    if x < 1e12 {
        format!("{}", libm::round(x))
    } else {
        format!("{x:.3e}")
    }
}

/// The scenario a replay runs (library = the log's titles, window length,
/// no synthetic churn or profile) and the windows of ranked requests.
pub fn replay_parts(
    base: &Scenario,
    tally: &Tally,
    trace: &[(f64, u32)],
    windows: u32,
) -> Result<(Scenario, Trace), Vec<FieldError>> {
    let refuse = |m: String| {
        vec![FieldError {
            path: "log".into(),
            message: m,
        }]
    };
    if trace.is_empty() {
        return Err(refuse("the log has no requests to replay".into()));
    }
    if windows == 0 || windows > tierplan_scenario::validate::MAX_REPLICATIONS {
        return Err(refuse(format!(
            "windows {windows} is out of range: from 1 to {}",
            tierplan_scenario::validate::MAX_REPLICATIONS
        )));
    }
    let mut order: Vec<u32> = (0..tally.names.len() as u32).collect();
    order.sort_by(|a, b| {
        tally.requests[*b as usize]
            .cmp(&tally.requests[*a as usize])
            .then(a.cmp(b))
    });
    let mut rank_of = vec![0u32; order.len()];
    for (r, &i) in order.iter().enumerate() {
        rank_of[i as usize] = r as u32;
    }
    let t0 = trace.iter().map(|x| x.0).fold(f64::INFINITY, f64::min);
    let t1 = trace.iter().map(|x| x.0).fold(f64::NEG_INFINITY, f64::max);
    // Whole seconds per window; a log of one instant still gets one second.
    let span = (t1 - t0).max(1.0);
    let len = libm::ceil(span / windows as f64 + 1e-9).max(1.0);
    // A window is one replication of run.duration_h, which validation caps
    // at a year; refused here, the message can name the log's span instead
    // of a field the user never set (one far-off timestamp is the usual cause).
    if len > MAX_REPLAY_WINDOW_H * 3600.0 {
        return Err(refuse(format!(
            "the log's requests span {} s ({} h) and {windows} window(s) would each last {} h: a replay window lasts at most {MAX_REPLAY_WINDOW_H} h; use more windows (at most {}) or check the log for a timestamp far from the rest",
            fmt_secs(span),
            fmt_secs(span / 3600.0),
            fmt_secs(len / 3600.0),
            tierplan_scenario::validate::MAX_REPLICATIONS
        )));
    }
    let mut w: Vec<Vec<(f64, u32)>> = vec![Vec::new(); windows as usize];
    for &(t, i) in trace {
        let k = (libm::floor((t - t0) / len) as usize).min(windows as usize - 1);
        w[k].push((t - t0 - k as f64 * len, rank_of[i as usize]));
    }
    for v in &mut w {
        // Logs are not always in time order; the replay must be.
        v.sort_by(|a, b| a.0.total_cmp(&b.0));
    }
    let mut s = base.clone();
    s.workload.videos = (tally.names.len() as u32).max(1);
    s.workload.churn = None;
    s.workload.rate_profile = None;
    s.workload.arrival_rate = sig(trace.len() as f64 / (len * windows as f64), 6).max(1e-9);
    s.run.duration_h = len / 3600.0;
    s.run.warmup_h = s.run.warmup_h.min(s.run.duration_h);
    s.name = format!("Replay of a log of {} requests", trace.len());
    Ok((s, Trace { windows: w }))
}
