//! What a run reports about its server (model §10b): the egress, which
//! limit turned streams away, and the binding limit with its utilisation.

use serde::{Deserialize, Serialize};
use tierplan_kit::stats::Estimate;
use tierplan_scenario::server::EgressLimit;

/// Per replication: who turned streams away, and how full the egress was.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ServerMetrics {
    /// Measured rejections because the egress was full.
    pub rejections_egress: u64,
    /// Measured rejections because the storage tiers were full.
    pub rejections_storage: u64,
    /// Mean egress used / egress available.
    pub egress_util_mean: f64,
    /// Peak egress used / egress available.
    pub egress_util_peak: f64,
}

// The limits and their vocabulary live with the chassis (scenario::server)
// so the request engine names the same ones.
pub use tierplan_scenario::server::{Limit, LimitUse};

/// The server of a run: its egress and its binding limit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ServerSummary {
    pub chassis: String,
    /// Egress a server may fill, Gb/s: min(NIC, host) × headroom.
    pub egress_gbps: f64,
    /// Which of NIC and host is the lower.
    pub egress_limit: EgressLimit,
    pub egress_headroom: f64,
    /// Streams of the first class the egress carries: floor(egress / b).
    pub egress_streams: u64,
    pub egress_util_mean: Estimate,
    pub egress_util_peak: Estimate,
    pub rejections_egress: Estimate,
    pub rejections_storage: Estimate,
    /// Every limit with its utilisation, the most used first.
    pub limits: Vec<LimitUse>,
    /// The limit that decides: the one that turned most streams away, or
    /// without rejections the most used.
    pub binding: Limit,
    /// The binding limit's utilisation.
    pub binding_utilisation: f64,
}
