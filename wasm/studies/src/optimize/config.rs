//! The scenario of one configuration, and the small helpers the search's
//! parts (its checks, its space, the search itself) share.

use super::result::Counts;
use tierplan_kit::devices::hdd::disk_tier_mbps;
use tierplan_scenario::validate::{FieldError, MAX_COUNT};
use tierplan_scenario::*;

pub(super) fn err(path: &str, message: String) -> FieldError {
    FieldError {
        path: path.into(),
        message,
    }
}

/// A scenario path inside a cache tier (interval or file cache).
pub(super) fn is_cache_tier_path(path: &str) -> bool {
    ["tiers.interval_cache", "tiers.file_cache"]
        .iter()
        .any(|p| path == *p || path.starts_with(&format!("{p}.")))
}

/// The scenario of one configuration.
pub(super) fn configure(base: &Scenario, arch: Architecture, c: Counts) -> Scenario {
    let mut s = base.clone();
    s.architecture = arch;
    s.tiers.disk.count = c.disk;
    if arch.interval_cache_kind().is_some() {
        if let Some(t) = s.tiers.interval_cache.as_mut() {
            t.count = c.interval_cache;
        }
    }
    if arch.has_file_cache() {
        if let Some(t) = s.tiers.file_cache.as_mut() {
            t.count = c.file_cache;
        }
    }
    s
}

/// The study's stream capacity Σ ⌊bw × 1024 / b⌋ over disk and file cache.
pub(super) fn study_capacity(s: &Scenario, kbps: f64) -> u64 {
    s.tiers_in_use()
        .filter(|(role, t)| *role != TierRole::IntervalCache && t.count > 0)
        .filter_map(|(role, t)| {
            let per_device = if role == TierRole::Disk {
                disk_tier_mbps(s)
            } else {
                s.device(&t.device).and_then(|d| d.read_mbps)
            };
            per_device
                .map(|m| tierplan_kit::analytics::streams_per_bandwidth(m * t.count as f64, kbps))
        })
        .sum()
}

/// The bandwidth units a tier may use at a peak-utilisation ceiling.
pub(super) fn scaled(units: u64, ceiling: f64) -> u64 {
    if ceiling >= 1.0 {
        units
    } else {
        (units as f64 * ceiling).floor() as u64
    }
}

pub(super) fn ceil_div(a: f64, b: f64) -> u32 {
    if b <= 0.0 || !a.is_finite() {
        return 1;
    }
    (a / b - 1e-9).ceil().clamp(0.0, MAX_COUNT as f64) as u32
}
