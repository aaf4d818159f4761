//! Closed forms behind the analytic claims.

use super::text::{counts_text, dollars, thousands};
use crate::optimize::Counts;
use tierplan_kit::analytics::cost_model::CostModelSearch;

use crate::reproduce::Analytic;
use tierplan_kit::analytics::lifetime_hours;
use tierplan_kit::analytics::streams_per_bandwidth;
use tierplan_kit::analytics::write_amplification;
use tierplan_kit::analytics::zipf_top_k_mass;
use tierplan_scenario::cost_model::CostModelSpec;
use tierplan_scenario::Architecture;

/// The study's capacity model: the cheapest (disks, cache devices) whose
/// streams reach `need`, with at least `min_disks` disks; ties → fewer disks.
pub fn capacity_rule(
    disk_mbps: f64,
    disk_price: f64,
    min_disks: u32,
    cache: Option<(f64, f64)>,
    bitrate_kbps: f64,
    need: u64,
) -> (Counts, f64, u64) {
    let disk_only = |n: u32| streams_per_bandwidth(disk_mbps * n as f64, bitrate_kbps);
    let mut disks_alone = min_disks.max(1);
    while disk_only(disks_alone) < need {
        disks_alone += 1;
    }
    let mut best = (
        Counts {
            disk: disks_alone,
            interval_cache: 0,
            file_cache: 0,
        },
        disks_alone as f64 * disk_price,
        disk_only(disks_alone),
    );
    if let Some((cache_mbps, cache_price)) = cache {
        for disks in min_disks..=disks_alone {
            let have = disk_only(disks);
            let mut n = 0u32;
            while have + streams_per_bandwidth(cache_mbps * n as f64, bitrate_kbps) < need {
                n += 1;
            }
            let cost = disks as f64 * disk_price + n as f64 * cache_price;
            if cost < best.1 {
                let streams = have + streams_per_bandwidth(cache_mbps * n as f64, bitrate_kbps);
                best = (
                    Counts {
                        disk: disks,
                        interval_cache: 0,
                        file_cache: n,
                    },
                    cost,
                    streams,
                );
            }
        }
    }
    best
}

/// Our value of a closed form, with its shown text.
pub(super) fn analytic_value(a: &Analytic) -> (f64, String) {
    match a {
        Analytic::SkimpyStashBytesPerEntry { k } => {
            let v = 1.0 + 5.0 / *k as f64;
            (v, format!("{v:.2} B per entry (k = {k})"))
        }
        Analytic::SkimpyStashReadsPerLookup { k } => {
            let v = *k as f64 / 2.0;
            (v, format!("{v:.1} flash reads (k = {k})"))
        }
        Analytic::PerformancePerDollar {
            speedup,
            flash_share,
            flash_cost_per_gb_ratio,
        } => {
            let cost = 1.0 + flash_share * flash_cost_per_gb_ratio;
            let v = speedup / cost;
            (
                v,
                format!("{v:.1}× ({speedup}× throughput at {cost:.2}× cost)"),
            )
        }
        Analytic::FlashAddedCost {
            flash_share,
            flash_cost_per_gb_ratio,
        } => {
            let v = 100.0 * flash_share * flash_cost_per_gb_ratio;
            (v, format!("{v:.1} %"))
        }
        Analytic::ZipfTopKMass {
            videos,
            exponent,
            top,
        } => {
            let v = 100.0 * zipf_top_k_mass(*videos, *exponent, *top);
            (v, format!("{v:.3} %"))
        }
        Analytic::StreamsPerBandwidth {
            bandwidth_mbps,
            bitrate_kbps,
        } => {
            let v = streams_per_bandwidth(*bandwidth_mbps, *bitrate_kbps) as f64;
            (v, format!("{v:.0} streams"))
        }
        Analytic::LifetimeHours {
            capacity_gb,
            pe_cycles,
            write_mbps,
            write_amplification,
        } => {
            let h = lifetime_hours(*capacity_gb, *pe_cycles, *write_mbps, *write_amplification);
            (h, format!("{h:.1} h ({:.1} days)", h / 24.0))
        }
        Analytic::WriteAmplification { spare_factor } => {
            let v = write_amplification(*spare_factor);
            (v, format!("{v:.4}"))
        }
        Analytic::Fast12OptimumU => {
            let r = CostModelSpec::fast12_example().report();
            let o = r.grid.optimum;
            (o.u, format!("u = {:.2} (r = {:.2})", o.u, o.r))
        }
        Analytic::Fast12CachingGb => {
            let p = CostModelSpec::fast12_example().report().partition;
            (
                p.caching_gb,
                format!("{:.2} GB + {:.2} GB", p.caching_gb, p.over_provisioning_gb),
            )
        }
        Analytic::CapacityRule {
            disk_mbps,
            disk_price,
            min_disks,
            cache,
            bitrate_kbps,
            need,
        } => {
            let (c, cost, streams) = capacity_rule(
                *disk_mbps,
                *disk_price,
                *min_disks,
                *cache,
                *bitrate_kbps,
                *need,
            );
            match cache {
                None => (
                    c.disk as f64,
                    format!(
                        "{} ({} streams ≥ {})",
                        counts_text(Architecture::HddOnly, c),
                        thousands(streams),
                        thousands(*need)
                    ),
                ),
                Some(_) => (
                    cost,
                    format!(
                        "{} ({}, {} streams ≥ {})",
                        counts_text(Architecture::SsdLfuHdd, c),
                        dollars(cost),
                        thousands(streams),
                        thousands(*need)
                    ),
                ),
            }
        }
    }
}
