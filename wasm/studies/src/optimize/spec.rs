//! The optimiser's input: what to search (architectures, target, maxima,
//! criterion, TCO) and how it is read.

use serde::{Deserialize, Serialize};
use tierplan_scenario::validate::FieldError;
use tierplan_scenario::*;

/// How a configuration is judged to meet the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Criterion {
    /// Simulate. A target above 0 is decided as the planner decides it
    /// (`decide`, model §3): replications are added until the 95 % interval
    /// of the rejection probability lies wholly below the target (pass) or
    /// above it (fail), up to `max_replications`; "cannot decide" at the cap
    /// is a fail. A target of 0 keeps the pathwise rule: no rejection in
    /// any replication (an interval can never lie below 0, and "nobody
    /// turned away" is a statement about the runs, not an estimate). Either
    /// way every tier's peak utilisation must stay ≤ `max_peak_utilisation`.
    #[default]
    Simulated,
    /// The study's analytic rule: stream capacity of the disk and file-cache
    /// tiers (Σ ⌊bw × 1024 / b⌋) ≥ λ × mean length × (1 − target). No credit
    /// is given to an interval cache (the rule has no closed form for it).
    /// The chosen configuration is then simulated once for its metrics.
    StudyCapacity,
}

/// Upper bounds on the device counts; `null` = derived from the workload.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct MaxCounts {
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub disk: Option<u32>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub interval_cache: Option<u32>,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub file_cache: Option<u32>,
}

/// Total cost of ownership over a service life.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Tco {
    /// Service life, years (of 365.25 days).
    pub years: f64,
    /// Energy price, $/kWh.
    pub usd_per_kwh: f64,
    /// Operating hours per day (default 24).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub hours_per_day: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct OptimizeSpec {
    pub architectures: Vec<Architecture>,
    /// Rejection probability to meet (default 0: none in any replication).
    #[serde(default)]
    pub target: f64,
    /// The most replications a candidate runs to decide a target above 0
    /// (at least 3); `null`: [`DEFAULT_MAX_REPLICATIONS`].
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub max_replications: Option<u32>,
    /// The highest peak utilisation any tier of a candidate may reach, as a
    /// fraction (0.9 = 90 %; 1 = no ceiling); `null`: the planner's warning
    /// threshold `PEAK_UTILISATION_WARNING`.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub max_peak_utilisation: Option<f64>,
    #[serde(default)]
    pub criterion: Criterion,
    #[serde(default)]
    pub max_counts: MaxCounts,
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub tco: Option<Tco>,
}

/// Parse an optimiser spec from JSON, reporting a structural problem with
/// its path (ranges are checked by [`Search::new`]).
pub fn parse_spec(json: &str) -> Result<OptimizeSpec, Vec<FieldError>> {
    tierplan_scenario::json_read::from_json(json).map_err(|e| {
        let path = e.path();
        vec![FieldError {
            path: if path == "." {
                "optimize".into()
            } else {
                format!("optimize.{path}")
            },
            message: e.message().to_string(),
        }]
    })
}

/// Largest search space per architecture.
pub const MAX_CONFIGURATIONS: u64 = 1_000_000;

/// The optimiser's cap on replications per candidate when the spec leaves
/// it unset: enough for an interval about half as wide as three give, while
/// a candidate far from the target is decided after three.
pub const DEFAULT_MAX_REPLICATIONS: u32 = 10;
