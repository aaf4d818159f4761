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

/// `v` to four significant digits, thousands grouped: 44 700.4 → "44,700",
/// 5.234 → "5.234", 0.04567 → "0.04567".
fn sig4(v: f64) -> String {
    if !v.is_finite() || v == 0.0 {
        return fmt_num(v);
    }
    let e = libm::floor(libm::log10(v.abs())) as i32;
    // Four significant digits also above 9,999 (as the app's numbers): 44,703 → 44,700.
    let v = if e > 3 {
        let p = libm::pow(10.0, (e - 3) as f64);
        libm::round(v / p) * p
    } else {
        v
    };
    let digits = (3 - e).max(0) as usize;
    let text = format!("{v:.digits$}");
    let (int, frac) = text.split_once('.').unwrap_or((&text, ""));
    let (sign, int) = int.strip_prefix('-').map_or(("", int), |i| ("-", i));
    let mut grouped = String::new();
    for (k, ch) in int.chars().enumerate() {
        if k > 0 && (int.len() - k) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(ch);
    }
    let frac = frac.trim_end_matches('0');
    if frac.is_empty() {
        format!("{sign}{grouped}")
    } else {
        format!("{sign}{grouped}.{frac}")
    }
}

/// A size in the model's GB (1024³ B) in user text, named for what it is:
/// "44,700 GiB". A drive's (`drive`) also in the decimal units drives are
/// sold in, beside it: 2 × 24 TB drives hold "44,700 GiB (48 TB)" (the app's
/// `gibText` writes the same).
pub fn gib_text(gib: f64, drive: bool) -> String {
    let text = format!("{} GiB", sig4(gib));
    if !drive || !gib.is_finite() || gib <= 0.0 {
        return text;
    }
    let tb = gib * 1024.0 * 1024.0 * 1024.0 / 1e12;
    if tb >= 1.0 {
        format!("{text} ({} TB)", sig4(tb))
    } else {
        format!("{text} ({} GB)", sig4(tb * 1000.0))
    }
}

#[cfg(test)]
mod size_tests {
    use super::gib_text;

    #[test]
    fn sizes_say_gib_and_a_drive_its_decimal_size() {
        // 24 TB = 24e12 B = 22,352.5 GiB; two hold 44,703 GiB, sold as 48 TB.
        let two = 2.0 * 24e12 / (1024.0 * 1024.0 * 1024.0);
        assert_eq!(gib_text(two, true), "44,700 GiB (48 TB)");
        assert_eq!(gib_text(two, false), "44,700 GiB");
        // 146 GiB (a 15k RPM HDD of the study) are 156.8 decimal GB.
        assert_eq!(gib_text(146.0, true), "146 GiB (156.8 GB)");
        assert_eq!(gib_text(5.23, false), "5.23 GiB");
        assert_eq!(gib_text(0.0, true), "0 GiB");
    }
}
