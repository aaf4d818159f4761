//! How the reproduction page prints numbers and configurations: signed
//! differences, dollars, thousands separators, our value with its interval.

use crate::optimize::Counts;
use tierplan_scenario::Architecture;

pub fn signed(x: f64, decimals: usize) -> String {
    let s = format!("{:.*}", decimals, x.abs());
    // A difference that rounds to zero is shown without a sign.
    if s.chars().all(|c| c == '0' || c == '.') {
        return s;
    }
    if x < 0.0 {
        format!("−{s}")
    } else {
        format!("+{s}")
    }
}

/// Whole dollars with thousands separators: "$2,206".
pub fn dollars(x: f64) -> String {
    format!("${}", thousands(x.round() as u64))
}

/// 36145 → "36,145" (as the UI prints counts).
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A value for an explanation: 3 significant digits, at most 3 decimals.
pub fn short(x: f64) -> String {
    if !x.is_finite() {
        return "—".into();
    }
    let a = x.abs();
    if a >= 100.0 {
        thousands(x.round() as u64)
    } else if a >= 10.0 {
        format!("{x:.1}")
    } else if a >= 1.0 {
        format!("{x:.2}")
    } else {
        format!("{x:.3}")
    }
}

/// Digits after the point for a value compared with one printed with
/// `decimals`: one more than the study printed, and enough to show two
/// significant digits of a small value (a rejection of 0.069 %).
pub fn shown_decimals(v: f64, decimals: u32) -> usize {
    let d = (decimals + 1) as usize;
    if v != 0.0 && v.is_finite() {
        let need = (1.0 - libm::floor(libm::log10(v.abs()))).max(0.0) as usize;
        d.max(need).min(6)
    } else {
        d
    }
}

/// Format our simulated value: published decimals + 1 (more for a small
/// value, so that two significant digits show), with the CI.
pub fn ours_text(v: f64, ci: Option<f64>, unit: &str, decimals: u32) -> String {
    let d = shown_decimals(v, decimals);
    let unit = match unit {
        "" => String::new(),
        "%" => " %".into(),
        u => format!(" {u}"),
    };
    match ci {
        Some(c) => format!("{v:.d$} ± {c:.d$}{unit}"),
        None => format!("{v:.d$}{unit}"),
    }
}

/// "2 DRAM + 3 HDDs": a configuration's counts as the tables print them.
pub fn counts_text(arch: Architecture, c: Counts) -> String {
    let hdds = format!("{} HDD{}", c.disk, if c.disk == 1 { "" } else { "s" });
    match arch {
        Architecture::DramIcHdd => format!("{} DRAM + {hdds}", c.interval_cache),
        Architecture::SsdLfuHdd => format!(
            "{} SSD{} + {hdds}",
            c.file_cache,
            if c.file_cache == 1 { "" } else { "s" }
        ),
        _ => hdds,
    }
}
