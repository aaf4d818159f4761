//! What a request-level run reports (model §11 outputs), per replication and
//! as means with 95 % confidence intervals.

use super::plan::IndexRam;
use serde::{Deserialize, Serialize};
use tierplan_kit::stats::Estimate;
use tierplan_scenario::request::CachePolicyKind;
use tierplan_scenario::server::{EgressLimit, Limit, LimitUse};

/// One device's measured queue, for one replication.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DeviceReplication {
    pub name: String,
    /// Busy fraction over the measured period.
    pub utilisation: f64,
    /// I/Os that arrived in the measured period.
    pub arrivals: u64,
    pub completions: u64,
    /// Time-average I/Os waiting or in service (L).
    pub mean_in_system: f64,
    /// Arrival rate λ over the observed time, per second.
    pub arrival_rate: f64,
    /// Mean time in the system W, s.
    pub mean_sojourn_s: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RequestReplication {
    pub seed: u32,
    pub requests: u64,
    pub misses: u64,
    pub miss_ratio: f64,
    pub response_mean_s: f64,
    pub response_p50_s: f64,
    pub response_p95_s: f64,
    pub response_p99_s: f64,
    /// Bytes served by RAM / flash / disk over all bytes served.
    pub ram_hit_ratio: f64,
    pub flash_hit_ratio: f64,
    pub disk_share: f64,
    /// Block cache only: hits / lookups over cache blocks.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub block_hit_ratio: Option<f64>,
    pub ios: u64,
    pub devices: Vec<DeviceReplication>,
    pub flash_host_bytes: u64,
    pub flash_nand_bytes: u64,
    pub flash_erases: u64,
    /// Set when the replication was stopped early by the saturation rule
    /// (the figure's runs only): when it stopped and what is known of its
    /// miss ratio then. `None` for a replication run to its end.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub saturated: Option<Saturation>,
    /// The NIC queue, with a `server` section only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub nic: Option<NicReplication>,
}

/// The NIC queue of one replication (model §11 with a server).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct NicReplication {
    /// Busy fraction over the measured period (at most 1).
    pub utilisation: f64,
    /// Bytes handed to the NIC over what the egress can send in the
    /// measured period: above 1 its queue grows without bound.
    pub offered_load: f64,
    /// Mean wait of a measured request's chunk before its first byte
    /// leaves, s.
    pub mean_wait_s: f64,
    pub chunks: u64,
}

/// The server of a request-level run: the egress its NIC queue sends at,
/// how used it was, and the binding limit in the stream engine's words.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RequestServer {
    pub chassis: String,
    /// Egress the NIC queue sends at, Gb/s: min(NIC, host) × headroom.
    pub egress_gbps: f64,
    /// Which of NIC and host is the lower.
    pub egress_limit: EgressLimit,
    pub egress_headroom: f64,
    pub nic_utilisation: Estimate,
    pub nic_offered_load: Estimate,
    pub nic_wait_ms: Estimate,
    /// The egress (offered load) and each device group's bandwidth (mean
    /// utilisation of its busiest device), the most used first.
    pub limits: Vec<LimitUse>,
    /// The most used limit (the egress on a tie).
    pub binding: Limit,
    pub binding_utilisation: f64,
}

/// A replication stopped early because it was saturated: the request
/// backlog or the misses already decide it (rule in docs/engines/request.md).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Saturation {
    /// Simulated seconds of the measured period run before stopping.
    pub stopped_at_s: f64,
    /// A lower bound of the miss ratio the full-length replication would
    /// have reported.
    pub miss_ratio_lower: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DeviceUse {
    pub name: String,
    pub utilisation: Estimate,
    /// Busy fraction in each second of the measured period, mean over
    /// replications.
    pub per_second: Vec<f64>,
    pub mean_in_system: Estimate,
    pub mean_sojourn_ms: Estimate,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FlashWrites {
    /// Bytes the host wrote, GB, over the measured period.
    pub host_gb: Estimate,
    /// NAND programs including GC copies, GB.
    pub nand_gb: Estimate,
    pub write_amplification: Estimate,
    pub erases: Estimate,
    /// model §8 lifetime at the measured host write rate and WA, days; absent
    /// when nothing was written.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub lifetime_days: Option<Estimate>,
    pub pe_cycles: u32,
    pub capacity_gb: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RequestResult {
    pub scenario_name: String,
    pub policy: CachePolicyKind,
    pub rate: f64,
    /// The commands the host kept in flight on the SSD (the scenario's
    /// `request.cache.ssd_queue_depth`, or its default), as the run used it.
    #[serde(default = "default_ssd_queue_depth")]
    pub ssd_queue_depth: u32,
    /// The SSD model the run used (the scenario's `ssd_model`, or its default).
    #[serde(default)]
    pub ssd_model: tierplan_scenario::SsdModelKind,
    pub measured_s: f64,
    pub requests: Estimate,
    pub miss_ratio: Estimate,
    pub response_mean_s: Estimate,
    pub response_p50_s: Estimate,
    pub response_p95_s: Estimate,
    pub response_p99_s: Estimate,
    pub ram_hit_ratio: Estimate,
    pub flash_hit_ratio: Estimate,
    pub disk_share: Estimate,
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub block_hit_ratio: Option<Estimate>,
    pub devices: Vec<DeviceUse>,
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub flash: Option<FlashWrites>,
    pub index: IndexRam,
    /// RAM left to the page cache after the index, GB.
    pub ram_cache_gb: f64,
    pub capital_cost: f64,
    pub ios: u64,
    /// SSD write requests by size, all replications (what blktrace would
    /// show of the device; NOSSDAV'12 Figure 3a).
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub flash_write_sizes: Option<WriteSizes>,
    /// Where a segment's time went, mean over measured requests.
    pub time_split: TimeSplit,
    pub replications: Vec<RequestReplication>,
    /// With a `server` section: the NIC queue and the binding limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub server: Option<RequestServer>,
}

/// A result written before the queue depth was echoed ran with the default.
fn default_ssd_queue_depth() -> u32 {
    tierplan_scenario::request::DEFAULT_SSD_QUEUE_DEPTH
}

/// A histogram of SSD write request sizes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WriteSizes {
    /// Upper edge of each bin, KB (the last bin also holds anything larger).
    pub upper_kb: Vec<f64>,
    pub counts: Vec<u64>,
    /// Median write size, KB (to the 4 KB step).
    pub median_kb: f64,
}

/// Mean seconds per segment request: disk I/O, flash reads, waiting behind
/// other I/O on the SSD (its queue and the backlog of buffered writes and
/// garbage collection on its units), GC the request's own writes caused,
/// and the rest (fill writes' own service).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TimeSplit {
    pub disk_s: f64,
    pub flash_read_s: f64,
    pub queued_behind_writes_s: f64,
    pub gc_s: f64,
    pub other_s: f64,
}
