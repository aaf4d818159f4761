//! The read-only facts a stream-level run derives from its scenario once
//! (`Plan`), before any replication: per-class stream constants, the
//! popularity alias table, each tier's bandwidth and capacity in the
//! simulator's integer units, and the inputs of the wear report.

use tierplan_kit::analytics::{write_amplification, zipf_probabilities};
use tierplan_kit::devices::hdd::disk_tier_mbps;
use tierplan_kit::sampling::alias::AliasTable;
use tierplan_kit::sampling::arrivals::{RateSteps, Trace};
use tierplan_scenario::*;

/// Bandwidth unit: 1/1000 KB/s, so admission sums are exact integers.
pub(crate) const BW_SCALE: f64 = 1000.0;
pub(crate) const UNLIMITED: u64 = u64::MAX / 4;
/// The whole device time of a flash interval-cache tier (see `ic_cost`).
pub(crate) const DEVICE_TIME: u64 = 1 << 40;

/// A tier's bandwidth in `BW_SCALE` units: `count` devices of `mbps` each,
/// or `UNLIMITED` when the device states none.
#[inline]
fn bw_units(mbps: Option<f64>, count: u32) -> u64 {
    match mbps {
        None => UNLIMITED,
        Some(m) => (m * 1024.0 * BW_SCALE).round() as u64 * count as u64,
    }
}

/// Per-class constants.
#[derive(Clone, Copy)]
pub(crate) struct Class {
    pub(crate) len_s: f64,
    pub(crate) kbps: f64,
    pub(crate) bw: u64,
    pub(crate) size_kb: u64,
}

/// Read-only facts derived from the scenario once.
pub struct Plan {
    pub n: u32,
    pub(crate) classes: Vec<Class>,
    /// Class of each slot, interleaved so every class spreads over ranks.
    pub(crate) slot_class: Vec<u8>,
    pub(crate) alias: AliasTable,
    pub(crate) lambda: f64,
    pub(crate) duration: f64,
    pub(crate) warmup: f64,
    pub(crate) churn: Option<(f64, u32)>,
    pub(crate) disk_bw: u64,
    pub(crate) has_file: bool,
    pub(crate) file_devices: u32,
    pub(crate) file_bw: u64,
    pub(crate) file_cap_kb: u64,
    pub(crate) file_write_kbps: f64,
    pub(crate) file_interference: f64,
    pub(crate) dynamic_lfu: bool,
    pub(crate) warm_start: bool,
    pub(crate) window: f64,
    pub(crate) margin: u64,
    pub(crate) has_ic: bool,
    pub(crate) ic_flash: bool,
    pub(crate) ic_blocks: u64,
    pub(crate) ic_bw: u64,
    /// Device time a cached interval holds on a flash buffer, per class:
    /// the follower's reads (b / read bandwidth) plus the predecessor's
    /// writes into the buffer (b / write bandwidth), in units of
    /// `DEVICE_TIME` = the whole tier. 0 for DRAM (unlimited).
    pub(crate) ic_cost: Vec<u64>,
    pub(crate) greedy: bool,
    pub ts_interval: f64,
    pub timeseries: bool,
    pub(crate) capital_cost: f64,
    // For wear reporting.
    pub(crate) file_flash: Option<(f64, u32, f64)>, // capacity GB, P/E, cost
    pub(crate) ic_wear: Option<(f64, u32, f64, f64)>, // capacity GB, P/E, cost, WA
    /// Hour-of-day rate profile (model §14); `None` keeps the constant-rate
    /// Poisson arrivals, drawn exactly as before profiles existed.
    pub(crate) profile: Option<RateSteps>,
    /// A log replayed exactly instead of generated arrivals (model §14).
    pub(crate) trace: Option<std::sync::Arc<Trace>>,
    /// The server's egress in `BW_SCALE` units (model §10b): min(NIC,
    /// host) × headroom; `UNLIMITED` without a server section, so a
    /// scenario of the studies admits exactly as before.
    pub(crate) egress_bw: u64,
    /// `run.halt_above_peak_utilisation`: stop a replication once a tier's
    /// peak utilisation in the measured window is above it.
    pub(crate) halt_above: Option<f64>,
}

/// A cache tier the architecture uses and that has devices, with its device.
type ActiveTier<'a> = Option<(&'a TierSpec, &'a Device)>;

impl Plan {
    pub fn new(s: &ValidScenario) -> Plan {
        let w = &s.workload;
        let file = active_tier(s.file_cache());
        let ic = active_tier(s.interval_cache());
        Plan {
            n: w.videos,
            classes: class_constants(w),
            slot_class: w.class_of_ranks(),
            alias: AliasTable::new(&zipf_probabilities(w.videos, w.popularity.exponent())),
            lambda: w.arrival_rate,
            profile: RateSteps::of(w),
            trace: None,
            duration: s.run.duration_h * 3600.0,
            warmup: s.run.warmup_h * 3600.0,
            churn: w.churn.map(|c| (c.period_h * 3600.0, c.new_titles)),
            disk_bw: bw_units(disk_tier_mbps(s), s.tiers.disk.count),
            has_file: file.is_some(),
            file_devices: file.map_or(0, |(t, _)| t.count),
            file_bw: file.map_or(0, |(t, d)| bw_units(d.read_mbps, t.count)),
            file_cap_kb: file.map_or(0, |(t, d)| {
                (d.capacity_gb * 1024.0 * 1024.0).floor() as u64 * t.count as u64
            }),
            file_write_kbps: file.map_or(1.0, |(_, d)| d.write_mbps.unwrap_or(1e9) * 1024.0),
            file_interference: file
                .and_then(|(_, d)| d.flash.as_ref())
                .map_or(0.0, |f| f.write_read_interference),
            dynamic_lfu: s.policy.lfu == LfuPolicy::Dynamic,
            warm_start: s.policy.lfu_start == LfuStart::Warm,
            window: s.policy.lfu_window_h * 3600.0,
            margin: s.policy.lfu_margin as u64,
            has_ic: ic.is_some(),
            ic_flash: ic.is_some_and(|(_, d)| d.kind == DeviceKind::Ssd),
            ic_blocks: ic.map_or(0, |(t, d)| {
                (d.capacity_gb * 1024.0).floor() as u64 * t.count as u64
            }),
            ic_bw: ic.map_or(0, |(t, d)| bw_units(d.read_mbps, t.count)),
            ic_cost: interval_device_time(w, ic),
            greedy: s.policy.interval == IntervalPolicy::Greedy,
            ts_interval: timeseries_interval(s.run.duration_h),
            timeseries: s.run.timeseries,
            capital_cost: s.server_capital_cost(),
            egress_bw: s
                .server
                .as_ref()
                .map_or(UNLIMITED, |v| (v.egress_kbps() * BW_SCALE).floor() as u64),
            halt_above: s.run.halt_above_peak_utilisation,
            file_flash: flash_wear_inputs(file),
            ic_wear: ic.and_then(|(_, d)| {
                let (gb, pe, cost) = flash_wear_inputs(ic)?;
                Some((
                    gb,
                    pe,
                    cost,
                    write_amplification(d.flash.as_ref()?.spare_factor),
                ))
            }),
        }
    }
}

impl Plan {
    /// Draw titles by these weights (rank order) instead of the scenario's
    /// Zipf curve: the titles of one server of a fleet routed by title.
    pub(crate) fn popularity(&mut self, weights: &[f64]) {
        self.alias = AliasTable::new(weights);
    }
}

/// Each class's length, bitrate, bandwidth in `BW_SCALE` units and size.
fn class_constants(w: &Workload) -> Vec<Class> {
    w.classes
        .iter()
        .map(|c| {
            let len_s = c.length_s();
            Class {
                len_s,
                kbps: c.bitrate_kbps,
                bw: (c.bitrate_kbps * BW_SCALE).round() as u64,
                size_kb: (len_s * c.bitrate_kbps).round() as u64,
            }
        })
        .collect()
}

/// The tier the architecture has, when it has devices.
fn active_tier(tier: ActiveTier) -> ActiveTier {
    tier.filter(|(t, _)| t.count > 0)
}

/// Time series sample interval: one minute, doubled until the run has at
/// most 2 000 samples.
fn timeseries_interval(duration_h: f64) -> f64 {
    let d = duration_h * 3600.0;
    let mut iv = 60.0;
    while d / iv > 2000.0 {
        iv *= 2.0;
    }
    iv
}

/// `Plan::ic_cost`: per class, the share of a flash buffer's device time
/// one cached interval holds (reads plus writes at the class's bitrate).
fn interval_device_time(w: &Workload, ic: ActiveTier) -> Vec<u64> {
    w.classes
        .iter()
        .map(|c| match ic {
            Some((t, d)) if d.kind == DeviceKind::Ssd => {
                let per = |mbps: Option<f64>| {
                    mbps.map_or(0.0, |m| c.bitrate_kbps / (m * 1024.0 * t.count as f64))
                };
                libm::ceil(DEVICE_TIME as f64 * (per(d.read_mbps) + per(d.write_mbps))) as u64
            }
            _ => 0,
        })
        .collect()
}

/// A flash tier's capacity (GB), P/E cycles and price for the wear report.
fn flash_wear_inputs(tier: ActiveTier) -> Option<(f64, u32, f64)> {
    let (t, d) = tier?;
    let f = d.flash.as_ref()?;
    Some((
        d.capacity_gb * t.count as f64,
        f.pe_cycles,
        d.price * t.count as f64,
    ))
}
