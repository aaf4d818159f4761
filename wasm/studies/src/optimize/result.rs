//! What the optimiser hands out and gives back: the candidates of the
//! ask/tell protocol, each architecture's space and answer, the measured
//! configurations and the progress.

use super::Criterion;
use serde::{Deserialize, Serialize};
use tierplan_kit::stats::Estimate;
use tierplan_scenario::*;
use tierplan_stream::results::TargetVerdict;

/// Device counts of a configuration (0 for tiers the architecture lacks).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Counts {
    pub disk: u32,
    pub interval_cache: u32,
    pub file_cache: u32,
}

/// A configuration to simulate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Candidate {
    pub id: u32,
    pub architecture: Architecture,
    pub counts: Counts,
    pub capital_cost: f64,
    /// The complete scenario to run.
    pub scenario: Scenario,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TierRange {
    pub role: TierRole,
    pub device: String,
    pub min: u32,
    pub max: u32,
    /// The maximum was derived from the workload (not given in the spec).
    pub max_derived: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SearchSpace {
    pub tiers: Vec<TierRange>,
    /// Number of configurations (all hold the library).
    pub configurations: u64,
    pub description: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SsdLifetime {
    pub role: TierRole,
    pub device: String,
    /// The device's name, for tables (ids are for links).
    pub name: String,
    /// Mean ± CI over replications; `null` when nothing was written.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub lifetime_h: Option<Estimate>,
    /// The tier's replacement cost per year of service at that lifetime, $
    /// (0 when nothing was written).
    pub replacement_cost_per_year: Estimate,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Replacement {
    pub role: TierRole,
    pub device: String,
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub lifetime_h: Option<f64>,
    /// ceil(operating hours / lifetime) − 1, 0 when nothing is written.
    pub replacements: u32,
    pub cost: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TcoBreakdown {
    pub years: f64,
    pub hours_per_day: f64,
    /// years × 365.25 × hours per day.
    pub operating_hours: f64,
    pub capital: f64,
    pub energy_kwh: f64,
    pub energy_cost: f64,
    pub replacements: Vec<Replacement>,
    pub replacement_cost: f64,
    pub total: f64,
    /// Average streams / total.
    pub streams_per_dollar: f64,
}

/// A tier's peak utilisation in a simulated configuration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TierPeak {
    pub role: TierRole,
    pub device: String,
    /// The device's name, for tables.
    pub name: String,
    /// Busiest share of the tier's bandwidth (mean ± CI over replications;
    /// 0 for a tier without a bandwidth limit) …
    pub util_peak: Estimate,
    /// … and in the busiest replication: what the ceiling is held to.
    pub worst: f64,
}

/// Metrics of a simulated configuration.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Measurement {
    /// Replications simulated (N): with a target above 0, until the
    /// interval decided it or the cap.
    pub replications: u32,
    /// The confident-decision verdict on the target; `null` for a target of
    /// 0 and for the study's capacity rule.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub verdict: Option<TargetVerdict>,
    pub peak_utilisation: Vec<TierPeak>,
    pub avg_streams: Estimate,
    pub streams_per_dollar: Estimate,
    pub rejection_probability: Estimate,
    pub max_rejection_probability: f64,
    pub hit_ratio: Estimate,
    /// Streams reading from the interval-cache buffer (time average).
    pub buffered_streams: Estimate,
    pub ssd_lifetimes: Vec<SsdLifetime>,
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub tco: Option<TcoBreakdown>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BestConfig {
    pub counts: Counts,
    pub capital_cost: f64,
    /// Study capacity Σ ⌊bw × 1024 / b⌋ of disk and file cache, streams.
    pub study_capacity: u64,
    /// `null` until its simulation is reported.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub measurement: Option<Measurement>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ArchitectureResult {
    pub architecture: Architecture,
    pub label: String,
    pub space: SearchSpace,
    /// The optimum, once found.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub best: Option<BestConfig>,
    /// Search finished for this architecture.
    pub done: bool,
    /// Why there is no optimum (bound to raise), when done without one.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub message: Option<String>,
    /// Configurations simulated (reported).
    pub simulated: u32,
    /// Configurations excluded by the necessary conditions without simulation.
    pub pruned: u32,
    /// Configurations the analytic study criterion rejected.
    pub analytic_rejected: u32,
    /// Configurations never examined (more expensive than the optimum).
    pub not_examined: u64,
    /// At most this many configurations are still to be simulated or
    /// pruned before this architecture concludes: those in flight, and
    /// those not yet examined that are cheaper than its cheapest passing
    /// configuration so far (every one not yet examined while none has
    /// passed). It never grows during a search (unless pruning is turned
    /// off and the pruned configurations reopen, which the notes say).
    #[serde(default)]
    pub left_at_most: u64,
    /// A configuration has passed (the optimum or a dearer one): from then
    /// on `left_at_most` counts only what must still be examined below it,
    /// not the rest of the space.
    #[serde(default)]
    pub found_passing: bool,
    /// Simulated configurations that failed for a tier above the peak
    /// utilisation ceiling …
    pub over_ceiling: u32,
    /// … and those whose interval still held the target at the cap.
    pub undecided: u32,
}

/// One simulated configuration, for the cost-vs-streams chart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EvaluatedConfig {
    pub architecture: Architecture,
    pub counts: Counts,
    pub capital_cost: f64,
    pub avg_streams: f64,
    pub feasible: bool,
    pub rejection_probability: f64,
    pub max_rejection_probability: f64,
    /// Replications simulated.
    pub replications: u32,
    /// Why it fails the criterion (`null` when feasible).
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub reason: Option<String>,
    /// No other evaluated configuration has lower-or-equal cost and
    /// higher-or-equal average streams, strictly better in one.
    pub pareto: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OptimizeResult {
    pub criterion: Criterion,
    pub target: f64,
    /// The cap on replications in force (a target above 0 only).
    pub max_replications: u32,
    /// The peak-utilisation ceiling in force (a fraction).
    pub max_peak_utilisation: f64,
    /// The request-weighted mean video length (s) and the offered load
    /// λ × that length (streams) the search sized its maxima for, as it
    /// computed them.
    #[serde(default)]
    pub mean_length_s: f64,
    #[serde(default)]
    pub offered_load: f64,
    /// The run every candidate made: the scenario's, with the cap as
    /// `replications` and the target as `target_rejection` when the target
    /// is decided by the sequential rule (what "use this configuration"
    /// applies, so the planner repeats the optimiser's numbers).
    pub run: RunConfig,
    pub architectures: Vec<ArchitectureResult>,
    pub evaluated: Vec<EvaluatedConfig>,
    pub simulations: u32,
    /// Configurations decided by the simulation of an identical one (no
    /// cache device: the same system as HDD only with as many disks).
    #[serde(default)]
    pub shared: u32,
    pub pruned: u32,
    pub done: bool,
    /// The trace-based necessary conditions were in use throughout (every
    /// simulation matched the regenerated arrival sequence).
    pub pruning_active: bool,
    /// Assumptions and events worth showing (derived bounds, pruning state).
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SearchProgress {
    pub configurations: u64,
    pub simulated: u32,
    pub in_flight: u32,
    pub pruned: u32,
    pub architectures_done: u32,
    pub architectures: u32,
    pub done: bool,
    /// The architectures' `left_at_most`, summed: the search simulates or
    /// prunes at most this many more configurations.
    #[serde(default)]
    pub left_at_most: u64,
    /// Every architecture still searching has a configuration that passed,
    /// so `left_at_most` is what is left below those, not whole spaces.
    #[serde(default)]
    pub bounded_by_passing: bool,
}
