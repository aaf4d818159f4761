//! What every section's checks share: the field error, the checker that
//! collects them with range messages, number formatting and the limits that
//! keep any input from making the core work without bound.

use serde::{Deserialize, Serialize};

/// Runs whose expected number of events exceeds this are refused, so that no
/// input can make the core work (or allocate) without bound.
pub const MAX_EXPECTED_EVENTS: f64 = 500e6;
/// Upper bound on expected concurrent streams (memory for active streams).
pub const MAX_EXPECTED_CONCURRENT: f64 = 2e6;
pub const MAX_VIDEOS: u32 = 1_000_000;
pub const MAX_CLASSES: usize = 8;
pub const MAX_DEVICES: usize = 64;
pub const MAX_COUNT: u32 = 10_000;
pub const MAX_REPLICATIONS: u32 = 100;
/// The fewest replications whose 95 % interval may decide a target
/// (`run.target_rejection`): with one the interval has no width, with two
/// Student's t is 12.7.
pub const MIN_REPLICATIONS_TO_DECIDE: u32 = 3;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FieldError {
    /// Dotted path of the field, e.g. `workload.arrival_rate` or `devices[2].price`.
    pub path: String,
    /// Human-readable message naming the value and the allowed range.
    pub message: String,
}

impl std::fmt::Display for FieldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

pub(crate) struct Checker {
    pub(crate) errors: Vec<FieldError>,
}

impl Checker {
    pub(crate) fn push(&mut self, path: impl Into<String>, message: impl Into<String>) {
        self.errors.push(FieldError {
            path: path.into(),
            message: message.into(),
        });
    }

    /// Check lo ≤ v ≤ hi (or lo < v when `open_lo`), and that v is finite.
    pub(crate) fn range(
        &mut self,
        path: &str,
        v: f64,
        lo: f64,
        open_lo: bool,
        hi: f64,
        unit: &str,
    ) {
        let ok = v.is_finite() && (if open_lo { v > lo } else { v >= lo }) && v <= hi;
        if !ok {
            let lo_sym = if open_lo { "<" } else { "≤" };
            let unit = if unit.is_empty() {
                String::new()
            } else {
                format!(" {unit}")
            };
            self.push(
                path,
                format!(
                    "{} is out of range: must be {} {} value ≤ {}{}",
                    fmt_num(v),
                    fmt_num(lo),
                    lo_sym,
                    fmt_num(hi),
                    unit
                ),
            );
        }
    }

    pub(crate) fn count(&mut self, path: &str, v: u32, lo: u32, hi: u32) {
        if v < lo || v > hi {
            self.push(
                path,
                format!("{v} is out of range: must be an integer from {lo} to {hi}"),
            );
        }
    }
}

pub(crate) fn fmt_num(v: f64) -> String {
    if v.is_nan() {
        "NaN".into()
    } else if v.is_infinite() {
        if v > 0.0 { "infinity" } else { "-infinity" }.into()
    } else if v != 0.0 && (v.abs() >= 1e7 || v.abs() < 1e-3) {
        format!("{v:e}")
    } else {
        let s = format!("{v:.6}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}
