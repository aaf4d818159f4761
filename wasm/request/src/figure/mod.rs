//! The NOSSDAV'12 figure as the engine defines it: segment miss ratio
//! against request rate for five policies (HDD only, the block cache cold,
//! the ring cache cold and warm, the object cache), each point one
//! request-level run of the edited scenario with the series' policy and the
//! point's rate. The app's HTTP tab and `tierplan http-figure` build their
//! points here, so both run the same scenarios.

mod progressive;
mod study;

pub use progressive::{
    figure_step, FigurePointNow, FigureRun, FigureRunDone, FigureStep, PointRunsLeft,
};
pub use study::{FigureJob, FigureProgress, FigureRow, FigureStudy};

use serde::{Deserialize, Serialize};
use tierplan_scenario::request::{CachePolicyKind, CacheStart};
use tierplan_scenario::validate::{FieldError, REQUEST_SECTION_MISSING};
use tierplan_scenario::Scenario;

/// One series of the figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum FigureSeries {
    Hdd,
    Block,
    RingCold,
    RingWarm,
    Object,
}

impl FigureSeries {
    pub const ALL: [FigureSeries; 5] = [
        FigureSeries::Hdd,
        FigureSeries::Block,
        FigureSeries::RingCold,
        FigureSeries::RingWarm,
        FigureSeries::Object,
    ];

    /// The id the CSV and the app use.
    pub fn id(self) -> &'static str {
        match self {
            FigureSeries::Hdd => "hdd",
            FigureSeries::Block => "block",
            FigureSeries::RingCold => "ring-cold",
            FigureSeries::RingWarm => "ring-warm",
            FigureSeries::Object => "object",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            FigureSeries::Hdd => "HDD only",
            FigureSeries::Block => "Block cache (flashcache), cold",
            FigureSeries::RingCold => "Ring cache (L2ARC), cold",
            FigureSeries::RingWarm => "Ring cache (L2ARC), warm",
            FigureSeries::Object => "Object cache",
        }
    }

    pub fn from_id(id: &str) -> Option<FigureSeries> {
        FigureSeries::ALL.into_iter().find(|s| s.id() == id)
    }

    /// The series' policy and start; the object series keeps the scenario's
    /// own (dynamic) object policy when it has one, else the study's static
    /// top-k staged before the run.
    fn policy(self, current: CachePolicyKind) -> (CachePolicyKind, CacheStart) {
        match self {
            FigureSeries::Hdd => (CachePolicyKind::None, CacheStart::Cold),
            FigureSeries::Block => (CachePolicyKind::Block, CacheStart::Cold),
            FigureSeries::RingCold => (CachePolicyKind::Ring, CacheStart::Cold),
            FigureSeries::RingWarm => (CachePolicyKind::Ring, CacheStart::Warm),
            FigureSeries::Object if current == CachePolicyKind::Object => {
                (CachePolicyKind::Object, CacheStart::Cold)
            }
            FigureSeries::Object => (CachePolicyKind::ObjectStatic, CacheStart::Warm),
        }
    }
}

/// The figure's own settings (the scenario's fields are the engine's).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FigureSettings {
    pub from_rate: f64,
    pub to_rate: f64,
    pub points: u32,
    pub replications: u32,
    pub duration_h: f64,
    /// Warm-up of the warm ring cache, h.
    pub warmup_h: f64,
}

impl Default for FigureSettings {
    /// The study's figure: 1 to 25 requests/s, 25 rates, 3 replications of
    /// one hour, one hour of warm-up for the warm ring cache.
    fn default() -> Self {
        FigureSettings {
            from_rate: 1.0,
            to_rate: 25.0,
            points: 25,
            replications: 3,
            duration_h: 1.0,
            warmup_h: 1.0,
        }
    }
}

/// The figure's rates: evenly spaced, rounded to 0.01 requests/s, without
/// repeats.
pub fn figure_rates(f: &FigureSettings) -> Vec<f64> {
    let n = f.points.max(1);
    let mut out: Vec<f64> = Vec::new();
    for i in 0..n {
        let r = if n == 1 {
            f.from_rate
        } else {
            f.from_rate + (f.to_rate - f.from_rate) * i as f64 / (n - 1) as f64
        };
        // As JavaScript's Math.round(r × 100) / 100 for positive rates.
        let v = libm::floor(r * 100.0 + 0.5) / 100.0;
        if !out.contains(&v) {
            out.push(v);
        }
    }
    out
}

/// Problems with the figure's settings, as (setting, message).
pub fn settings_errors(f: &FigureSettings) -> Vec<(&'static str, &'static str)> {
    let mut e = Vec::new();
    // Written so that NaN fails each check.
    if f.from_rate.is_nan() || f.from_rate <= 0.0 {
        e.push(("from_rate", "must be above 0 requests/s"));
    }
    if f.to_rate.is_nan() || f.to_rate < f.from_rate {
        e.push(("to_rate", "must be at least the lowest rate"));
    }
    if !(1..=100).contains(&f.points) {
        e.push(("points", "must be a whole number from 1 to 100"));
    }
    if !(1..=30).contains(&f.replications) {
        e.push(("replications", "must be a whole number from 1 to 30"));
    }
    if !(0.0 < f.duration_h && f.duration_h <= 24.0) {
        e.push(("duration_h", "must be above 0 and at most 24 h"));
    }
    if !(f.warmup_h > 0.0 && f.warmup_h <= 48.0) {
        e.push((
            "warmup_h",
            "must be above 0 and at most 48 h (the warm ring cache needs a warm-up)",
        ));
    }
    e
}

/// What the figure's settings give before anything runs: its rates, or
/// the settings' problems (paths `figure.<setting>`, rates then empty).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FigureOutline {
    pub rates: Vec<f64>,
    pub errors: Vec<FieldError>,
}

/// The figure's settings as a form holds them while they are edited: any
/// number, or none (`null`: an emptied field, NaN).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FigureForm {
    pub from_rate: Option<f64>,
    pub to_rate: Option<f64>,
    pub points: Option<f64>,
    pub replications: Option<f64>,
    pub duration_h: Option<f64>,
    pub warmup_h: Option<f64>,
}

impl FigureForm {
    /// The settings the form says: an empty number is NaN and a count that
    /// is not a whole number 0, both of which [`settings_errors`] refuses
    /// with the setting's own message.
    pub fn settings(&self) -> FigureSettings {
        let real = |x: Option<f64>| x.unwrap_or(f64::NAN);
        let count = |x: Option<f64>| match x {
            Some(v) if v == libm::trunc(v) && (0.0..=f64::from(u32::MAX)).contains(&v) => v as u32,
            _ => 0,
        };
        FigureSettings {
            from_rate: real(self.from_rate),
            to_rate: real(self.to_rate),
            points: count(self.points),
            replications: count(self.replications),
            duration_h: real(self.duration_h),
            warmup_h: real(self.warmup_h),
        }
    }
}

/// The figure's rates, or its settings' problems (the HTTP tab shows both
/// as the settings are edited).
pub fn figure_outline(form: &FigureForm) -> FigureOutline {
    let f = form.settings();
    let errors: Vec<FieldError> = settings_errors(&f)
        .into_iter()
        .map(|(name, message)| FieldError {
            path: format!("figure.{name}"),
            message: message.into(),
        })
        .collect();
    FigureOutline {
        rates: if errors.is_empty() {
            figure_rates(&f)
        } else {
            Vec::new()
        },
        errors,
    }
}

/// The scenario of one point: the base scenario's request section with the
/// series' policy and start, the point's rate and the figure's run settings.
/// `None` when the base has no request section.
pub fn point_scenario(
    base: &Scenario,
    series: FigureSeries,
    rate: f64,
    f: &FigureSettings,
) -> Option<Scenario> {
    let mut s = base.clone();
    let r = s.request.as_mut()?;
    let (policy, start) = series.policy(r.cache.policy);
    r.cache.policy = policy;
    r.cache.start = start;
    r.workload.rate = rate;
    r.run.replications = f.replications;
    r.run.duration_h = f.duration_h;
    // A point past its knee ends once it is certainly saturated: the figure
    // then shows a lower bound of its miss ratio (docs/engines/request.md).
    r.run.stop_when_saturated = true;
    if series == FigureSeries::RingWarm {
        r.run.warmup_h = f.warmup_h;
    } else if start == CacheStart::Cold {
        r.run.warmup_h = 0.0;
    }
    s.name = format!("{} at {} requests/s", series.label(), js_number(rate));
    Some(s)
}

/// A rate as JavaScript prints a number (no trailing `.0`), so the names
/// match the app's.
fn js_number(x: f64) -> String {
    if x == libm::trunc(x) && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// One point of the figure to run.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FigurePlanPoint {
    pub series: FigureSeries,
    pub rate: f64,
    pub scenario: Scenario,
    /// Relative cost (`point_cost`), for scheduling and an honest time left.
    pub cost: f64,
}

/// The figure's points, longest first (so the last to finish are short
/// ones and every worker stays busy to the end). Errors: the settings'
/// problems as (setting, message), or the base's missing request section.
pub fn figure_plan(
    base: &Scenario,
    f: &FigureSettings,
    series: &[FigureSeries],
) -> Result<Vec<FigurePlanPoint>, Vec<(&'static str, &'static str)>> {
    let errs = settings_errors(f);
    if !errs.is_empty() {
        return Err(errs);
    }
    if base.request.is_none() {
        return Err(vec![("request", REQUEST_SECTION_MISSING)]);
    }
    let rates = figure_rates(f);
    let mut points: Vec<FigurePlanPoint> = series
        .iter()
        .flat_map(|&s| {
            rates.iter().map(move |&rate| FigurePlanPoint {
                series: s,
                rate,
                scenario: point_scenario(base, s, rate, f).expect("request section"),
                cost: point_cost(s, rate, f),
            })
        })
        .collect();
    points.sort_by(|x, y| y.cost.total_cmp(&x.cost));
    Ok(points)
}

/// Relative cost of a point, for scheduling the longest first and for the
/// time left: per replication, a fixed part (resetting the caches and the
/// flash translation tables) and a part per simulated request (warm-up
/// included), in units of HDD only's cost per request. The weights are
/// measured (`tierplan http-figure --time` on the study's preset, see
/// docs/engines/request.md); only their ratios matter.
pub fn point_cost(series: FigureSeries, rate: f64, f: &FigureSettings) -> f64 {
    f.replications as f64 * run_cost(series, rate, series_warmup_h(series, f) + f.duration_h)
}

/// Hours a replication of `series` simulates before it measures.
fn series_warmup_h(series: FigureSeries, f: &FigureSettings) -> f64 {
    if series == FigureSeries::RingWarm {
        f.warmup_h
    } else {
        0.0
    }
}

/// Relative cost of one replication of `series` at `rate` that simulates
/// `hours` of requests (warm-up included).
fn run_cost(series: FigureSeries, rate: f64, hours: f64) -> f64 {
    let (fixed, per_request) = match series {
        FigureSeries::Hdd => (0.0, 1.0),
        FigureSeries::Object => (0.3, 2.9),
        FigureSeries::RingCold => (18.0, 3.6),
        FigureSeries::RingWarm => (31.0, 3.8),
        FigureSeries::Block => (11.0, 20.0),
    };
    fixed + per_request * rate * hours
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_are_evenly_spaced_and_rounded() {
        let f = FigureSettings::default();
        let r = figure_rates(&f);
        assert_eq!(r.len(), 25);
        assert_eq!((r[0], r[24]), (1.0, 25.0));
        let g = FigureSettings {
            from_rate: 1.0,
            to_rate: 2.0,
            points: 4,
            ..f
        };
        assert_eq!(figure_rates(&g), vec![1.0, 1.33, 1.67, 2.0]);
        let one = FigureSettings { points: 1, ..f };
        assert_eq!(figure_rates(&one), vec![1.0]);
    }

    #[test]
    fn bad_settings_are_named() {
        let f = FigureSettings {
            from_rate: 0.0,
            points: 0,
            ..FigureSettings::default()
        };
        let names: Vec<_> = settings_errors(&f).into_iter().map(|e| e.0).collect();
        assert_eq!(names, vec!["from_rate", "points"]);
    }

    #[test]
    fn a_form_being_edited_gets_each_settings_message() {
        // A zero rate, a fractional count, a count of none, an emptied
        // period: each is refused with its setting's message, and no rates
        // are given.
        let form = FigureForm {
            from_rate: Some(0.0),
            to_rate: Some(-1.0),
            points: Some(2.5),
            replications: Some(0.0),
            duration_h: None,
            warmup_h: Some(-1.0),
        };
        let o = figure_outline(&form);
        let paths: Vec<_> = o.errors.iter().map(|e| e.path.as_str()).collect();
        assert_eq!(
            paths,
            vec![
                "figure.from_rate",
                "figure.to_rate",
                "figure.points",
                "figure.replications",
                "figure.duration_h",
                "figure.warmup_h"
            ]
        );
        assert!(o.rates.is_empty());
        let fine = FigureForm {
            from_rate: Some(1.0),
            to_rate: Some(2.0),
            points: Some(4.0),
            replications: Some(3.0),
            duration_h: Some(1.0),
            warmup_h: Some(1.0),
        };
        let o = figure_outline(&fine);
        assert!(o.errors.is_empty());
        assert_eq!(o.rates, vec![1.0, 1.33, 1.67, 2.0]);
    }

    #[test]
    fn names_print_rates_as_the_app_does() {
        assert_eq!(js_number(18.0), "18");
        assert_eq!(js_number(1.33), "1.33");
    }
}
