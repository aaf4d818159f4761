//! The FAST'12 flash cache layers (Oh et al., model §13): a flash cache in
//! front of a disk whose physical flash is split into caching space (share
//! u) and over-provisioned space (1 − u) that garbage collection works in.
//!
//! - FP-FCL: fixed u, one LRU list for reads and writes.
//! - RW-FCL: fixed u, separate read and write LRU lists; the read list gets
//!   a share r of the caching space.
//! - OP-FCL: every period, measures hit-ratio curves of the read and write
//!   streams for all sizes at once (`block::stack_distance`), and picks (u,
//!   r) by grid search of the §9 cost C_H(u, r) with those curves, the
//!   measured write share and the flash chip's costs. A smaller caching
//!   space evicts (destaging dirty blocks) and trims the freed pages, so the
//!   FTL's effective over-provisioning grows.
//!
//! `sweep` computes the cost of the operations a run actually did against u
//! beside the analytic C_H(u).
//!
//! ASSUMPTION: the FAST'12 layers run on a chip with 4 KB pages (MLC in the
//! engine's layout), so one cached block is one flash page.

mod joint;
mod layer;
pub mod list;
pub mod sweep;

use crate::policy::CachePolicy;
use crate::sampling::presets::{block_preset, SCALE};
pub use layer::{Fcl, FclMode};
use tierplan_kit::analytics::cost_model::CostParams;
use tierplan_scenario::block::SyntheticBlockWorkload;

/// Grid of OP-FCL's search: u and r in steps of 1/50 and 1/20.
pub const OP_U_STEPS: u32 = 50;
pub const OP_R_STEPS: u32 = 20;

/// Buckets of the stack-distance histograms (the curves' resolution).
pub const CURVE_BUCKETS: usize = 2048;

/// Most blocks a hit-curve tracker follows before it samples (bounded
/// memory: about 40 bytes per tracked block).
pub const TRACKER_LIMIT: usize = 1 << 18;

/// Geometry and settings of one FAST'12 layer.
#[derive(Debug, Clone, PartialEq)]
pub struct FclConfig {
    /// Physical flash of the cache in 4 KB pages (u = 1 would cache all).
    pub physical_pages: u32,
    /// Logical pages the tier's FTL exposes: FP/RW-FCL cache this many
    /// blocks; OP-FCL never caches more.
    pub logical_pages: u32,
    /// Caching share u (FP/RW-FCL: fixed; OP-FCL: the first period's).
    pub u: f64,
    /// Read share r of the caching space (RW-FCL: fixed; OP-FCL: start).
    pub r: f64,
    /// §9 unit costs of the chip and the disk (the I/O mix is measured).
    pub params: CostParams,
    /// OP-FCL re-partitions every `period_s` seconds of simulated time.
    pub period_s: f64,
}

/// A block preset scaled for a short FAST'12 run: the cache becomes
/// `cache_gb` and the footprint shrinks alike from the preset's (which is
/// FAST'12's divided by `SCALE`; FAST'12 ran Financial, Search Engine and
/// Home with 4 GB, Exchange and MSN with 16 GB), so the footprint-to-cache
/// ratio of the study stays; `ios` I/Os at the preset's rate.
pub fn scaled_preset(name: &str, cache_gb: f64, ios: f64) -> Option<SyntheticBlockWorkload> {
    let mut w = block_preset(name)?.workload;
    let fast12_cache_gb = if matches!(name, "exchange" | "msn") {
        16.0
    } else {
        4.0
    };
    w.footprint_gb *= cache_gb / (fast12_cache_gb / SCALE);
    w.duration_s = ios / w.iops;
    Some(w)
}

/// FP-FCL: one LRU over `logical_pages` blocks.
pub fn fp_fcl(cfg: &FclConfig) -> Box<dyn CachePolicy> {
    Box::new(Fcl::new(cfg, FclMode::Unified))
}

/// RW-FCL: read and write LRU lists splitting `logical_pages` by r.
pub fn rw_fcl(cfg: &FclConfig) -> Box<dyn CachePolicy> {
    Box::new(Fcl::new(cfg, FclMode::Split))
}

/// OP-FCL: split lists re-partitioned every period by the §9 model.
pub fn op_fcl(cfg: &FclConfig) -> Box<dyn CachePolicy> {
    Box::new(Fcl::new(cfg, FclMode::Adaptive))
}
