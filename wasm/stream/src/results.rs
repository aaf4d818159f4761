//! What a run reports: per replication, and aggregated as mean ± 95 % CI.

use serde::{Deserialize, Serialize};
use tierplan_kit::stats::{mean_ci95, Estimate};
use tierplan_scenario::validate::MIN_REPLICATIONS_TO_DECIDE;
use tierplan_scenario::TierRole;

/// Metrics of one tier over the measured window of one replication.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TierMetrics {
    pub role: TierRole,
    /// Time-average streams served from this tier.
    pub avg_streams: f64,
    /// Mean bandwidth used / bandwidth available (0 for unlimited DRAM).
    pub util_mean: f64,
    /// Peak bandwidth used / bandwidth available.
    pub util_peak: f64,
    /// Bytes read from this tier, MB.
    pub read_mb: f64,
    /// Host bytes written to this tier (flash tiers), MB.
    pub written_mb: f64,
}

/// Wear of one flash tier.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FlashWear {
    pub role: TierRole,
    /// Host write rate over the measured window, MB/s.
    pub host_write_mbps: f64,
    /// Write amplification applied (1 for whole-file sequential fills;
    /// WA(ρ) by model §8 for interval-cache writes).
    pub write_amplification: f64,
    /// model §8 lifetime in hours; `null` when nothing was written.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub lifetime_h: Option<f64>,
    /// Replacement cost this wear implies per year, $ (0 when no writes).
    pub replacement_cost_per_year: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReplicationResult {
    pub seed: u32,
    pub events: u64,
    pub arrivals: u64,
    pub rejections: u64,
    pub rejection_probability: f64,
    /// Time-average concurrent streams over the measured window.
    pub avg_streams: f64,
    /// Time-average streams reading from the interval-cache buffer.
    pub buffered_streams: f64,
    /// Bytes read from cache tiers / all bytes read.
    pub hit_ratio: f64,
    pub peak_streams: u64,
    /// Stopped once a tier's peak utilisation rose above
    /// `run.halt_above_peak_utilisation`: the figures cover the run up to
    /// that instant only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub halted: bool,
    pub streams_per_dollar: f64,
    pub tiers: Vec<TierMetrics>,
    pub flash: Vec<FlashWear>,
    /// The server's egress and rejections by limit (model §10b); absent
    /// without a server section.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server: Option<crate::server::ServerMetrics>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TierSummary {
    pub role: TierRole,
    pub device: String,
    pub count: u32,
    pub capacity_gb: f64,
    /// Total read bandwidth, MB/s (`null` = unlimited): for a disk with
    /// timing, the streaming bandwidth derived from it (model §4).
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub bandwidth_mbps: Option<f64>,
    /// A timed disk's datasheet read bandwidth per device, MB/s, shown
    /// beside the derived one; absent for other tiers.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub datasheet_mbps: Option<f64>,
    /// The read size per stream the derived bandwidth assumes, KB (timed
    /// disks only).
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_kb: Option<f64>,
    /// Streams of the first class the tier can carry, floor(bw × 1024 / b).
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub stream_capacity: Option<u64>,
    pub cost: f64,
    pub avg_streams: Estimate,
    pub util_mean: Estimate,
    pub util_peak: Estimate,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FlashSummary {
    pub role: TierRole,
    pub host_write_mbps: Estimate,
    pub write_amplification: f64,
    /// Mean lifetime, hours; `null` when no replication wrote anything.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub lifetime_h: Option<Estimate>,
    pub replacement_cost_per_year: Estimate,
    pub pe_cycles: u32,
    pub capacity_gb: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Summary {
    pub rejection_probability: Estimate,
    pub avg_streams: Estimate,
    pub buffered_streams: Estimate,
    /// The study's "buffered streams": streams served by a cache, the
    /// interval cache's buffer and the flash file cache together (each
    /// replication's sum, then its mean and 95 % CI).
    pub cache_streams: Estimate,
    pub hit_ratio: Estimate,
    pub peak_streams: Estimate,
    pub streams_per_dollar: Estimate,
    pub arrivals: Estimate,
    pub rejections: Estimate,
    /// Largest rejection probability of any replication (the optimiser's
    /// "in every replication" test).
    pub max_rejection_probability: f64,
}

/// Mean over replications of the streams in each tier at each sample time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TimeSeries {
    pub interval_s: f64,
    pub t_s: Vec<f64>,
    pub total: Vec<f64>,
    pub disk: Vec<f64>,
    pub file_cache: Vec<f64>,
    pub buffered: Vec<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RunResult {
    pub scenario_name: String,
    pub architecture: tierplan_scenario::Architecture,
    pub capital_cost: f64,
    /// Measured window, seconds (duration − warm-up).
    pub measured_s: f64,
    /// The workload as the run used it (of the simulated server in a
    /// fleet): library, mean length and offered load, so no reader of the
    /// result derives them again.
    pub workload: tierplan_scenario::WorkloadFigures,
    pub events: u64,
    pub summary: Summary,
    pub tiers: Vec<TierSummary>,
    pub flash: Vec<FlashSummary>,
    pub replications: Vec<ReplicationResult>,
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub timeseries: Option<TimeSeries>,
    /// What a reader must not miss: a tier whose peak utilisation is above
    /// [`PEAK_UTILISATION_WARNING`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// Whether the rejection probability meets `run.target_rejection`,
    /// decided by [`decide`]; absent when the scenario sets no target.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<Decision>,
    /// The server: egress, rejections by limit, the binding limit (model
    /// §10b); absent without a server section.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server: Option<crate::server::ServerSummary>,
    /// A replication stopped at `run.halt_above_peak_utilisation` (and the
    /// run with it): a tier broke that ceiling; the other figures cover the
    /// run up to that instant only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub halted: bool,
}

/// The answer to "is the rejection probability below the target?".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TargetVerdict {
    /// The 95 % interval lies wholly below the target.
    Meets,
    /// The 95 % interval lies wholly above the target.
    Misses,
    /// The cap was reached with the target inside the interval.
    CannotDecide,
}

/// A run's verdict on its target and the evidence it took.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Decision {
    pub verdict: TargetVerdict,
    /// Replications run until the verdict.
    pub replications: u32,
    /// The most replications the run could add (`run.replications`).
    pub cap: u32,
    /// The target rejection probability (0.01 = 1 %).
    pub target: f64,
}

/// The confident-decision rule (model §3): after `reps` replications of a
/// run capped at `cap`, the verdict on `target`, or `None` while more
/// replications are needed. The 95 % interval (Student's t over the
/// replications' rejection probabilities) decides once it lies wholly
/// below the target (meets) or wholly above it (misses); never on fewer
/// than [`MIN_REPLICATIONS_TO_DECIDE`] replications; at the cap an
/// undecided interval is "cannot decide".
pub fn decide(reps: &[ReplicationResult], cap: u32, target: f64) -> Option<TargetVerdict> {
    let n = reps.len() as u32;
    if n >= MIN_REPLICATIONS_TO_DECIDE {
        let e = estimate(reps, |r| r.rejection_probability);
        if e.mean + e.ci95 < target {
            return Some(TargetVerdict::Meets);
        }
        if e.mean - e.ci95 > target {
            return Some(TargetVerdict::Misses);
        }
    }
    (n >= cap).then_some(TargetVerdict::CannotDecide)
}

/// A tier busier than this at its peak is flagged: it has no headroom for
/// a busier hour, and a disk that runs at its limit misses deadlines.
pub const PEAK_UTILISATION_WARNING: f64 = 0.9;

/// A run whose warm-up is shorter than one video length measures part of
/// the ramp-up from an empty server (model §3): it says so.
pub fn steady_state_warning(s: &tierplan_scenario::Scenario) -> Option<String> {
    let longest_h = s.workload.longest_length_h();
    (s.run.warmup_h < longest_h).then(|| {
        format!(
            "not in steady state: the warm-up ({} h) is shorter than one video length ({} h), so the averages include the ramp-up from an empty server and understate a busy one — set the warm-up to at least {} h",
            s.run.warmup_h,
            longest_h,
            longest_h
        )
    })
}

/// The warnings of a run's tiers, each naming its device as the catalog
/// does (the id is for files, the name for people).
pub fn tier_warnings(s: &tierplan_scenario::Scenario, tiers: &[TierSummary]) -> Vec<String> {
    tiers_above(tiers, PEAK_UTILISATION_WARNING)
        .map(|t| {
            format!(
                "{} ({} × {}): peak utilisation {:.1} % is above {:.0} % — no headroom; add devices or lower the load",
                t.role.label(),
                t.count,
                s.device(&t.device).map_or(t.device.as_str(), |d| d.name.as_str()),
                t.util_peak.mean * 100.0,
                PEAK_UTILISATION_WARNING * 100.0
            )
        })
        .collect()
}

/// The tiers whose peak utilisation (mean over replications) is above
/// `ceiling`: the planner warns about them at [`PEAK_UTILISATION_WARNING`]
/// (the optimiser's default ceiling, which it holds every replication to).
pub fn tiers_above(tiers: &[TierSummary], ceiling: f64) -> impl Iterator<Item = &TierSummary> {
    tiers.iter().filter(move |t| t.util_peak.mean > ceiling)
}

/// Aggregate a metric over replications.
pub fn estimate<F: Fn(&ReplicationResult) -> f64>(reps: &[ReplicationResult], f: F) -> Estimate {
    let xs: Vec<f64> = reps.iter().map(f).collect();
    mean_ci95(&xs)
}

pub fn summarise(reps: &[ReplicationResult]) -> Summary {
    Summary {
        rejection_probability: estimate(reps, |r| r.rejection_probability),
        avg_streams: estimate(reps, |r| r.avg_streams),
        buffered_streams: estimate(reps, |r| r.buffered_streams),
        cache_streams: estimate(reps, |r| {
            let file_cache = r.tiers.iter().find(|t| t.role == TierRole::FileCache);
            r.buffered_streams + file_cache.map_or(0.0, |t| t.avg_streams)
        }),
        hit_ratio: estimate(reps, |r| r.hit_ratio),
        peak_streams: estimate(reps, |r| r.peak_streams as f64),
        streams_per_dollar: estimate(reps, |r| r.streams_per_dollar),
        arrivals: estimate(reps, |r| r.arrivals as f64),
        rejections: estimate(reps, |r| r.rejections as f64),
        max_rejection_probability: reps
            .iter()
            .map(|r| r.rejection_probability)
            .fold(0.0, f64::max),
    }
}
