//! What a block-cache run reports (model §13). Crosses the wasm boundary as
//! JSON; the TypeScript declarations are generated from these definitions.

use serde::Serialize;
use tierplan_kit::stats::Estimate;
use tierplan_scenario::block::{BlockCacheKind, ReplacementOrder};

/// One flash tier of one cache.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TierResult {
    /// "SLC", "MLC" or "TLC".
    pub cell: String,
    pub capacity_gb: f64,
    /// Share of host blocks read that this tier served, 0–1.
    pub read_hit_ratio: Estimate,
    /// Share of host blocks written that hit a block this tier held, 0–1.
    pub write_hit_ratio: Estimate,
    pub host_pages_written: u64,
    pub nand_pages_written: u64,
    pub write_amplification: f64,
    pub erases: u64,
    /// Days until the tier's P/E budget is spent at the simulated write rate
    /// (model §8); null when the tier was never written.
    pub lifetime_days: Option<f64>,
}

/// One (u, cost) point: the FAST'12 layers' mean I/O cost at caching share u.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CostAtU {
    pub u: f64,
    /// Simulated mean cost per host I/O, µs.
    pub simulated_us: Estimate,
    /// model §9 C_H(u) with the hit-ratio curves the run measured, µs.
    pub analytic_us: f64,
}

/// OP-FCL's partition at a moment of the run.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PartitionPoint {
    pub t_s: f64,
    pub u: f64,
    pub r: f64,
}

/// One cache of the comparison.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BlockCacheResult {
    pub cache: BlockCacheKind,
    /// The replacement order of a single-technology cache (SLC, MLC, TLC);
    /// `null` for the others, whose policies are their own.
    pub replacement: Option<ReplacementOrder>,
    pub mean_response_ms: Estimate,
    pub p99_response_ms: Estimate,
    /// Share of host blocks served by any flash tier, 0–1.
    pub hit_ratio: Estimate,
    pub tiers: Vec<TierResult>,
    pub migrations: u64,
    pub destages: u64,
    pub bypassed: u64,
    /// Mean utilisation of the disk array, 0–1.
    pub disk_utilisation: Estimate,
    /// FAST'12 layers only (empty otherwise).
    pub partition: Vec<PartitionPoint>,
}

/// A whole block run: every cache of `BlockSpec::caches` on the same workload.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BlockResult {
    pub caches: Vec<BlockCacheResult>,
    /// Host I/Os replayed per replication, and bad trace lines skipped.
    pub ios: u64,
    pub bad_lines: u64,
    /// Simulated time span, s.
    pub span_s: f64,
    /// FAST'12 cost against u (empty unless a cost sweep was asked for).
    pub cost_vs_u: Vec<CostAtU>,
}
