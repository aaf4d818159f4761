//! The block-level part of a scenario (model §13): a block workload (synthetic
//! or a replayed trace), the flash cache in front of the disk array, and run
//! settings. A schema layer beside `scenario.rs` and `request_spec.rs`, so the
//! block workload generators in `tierplan_block::sampling` and the engine in `block/`
//! both read it. Every field has a default so a link names only what differs.

use serde::{Deserialize, Serialize};

/// Where the block I/Os come from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BlockWorkload {
    /// Generated from parameters (a named preset fills them).
    Synthetic(SyntheticBlockWorkload),
    /// Replayed from a block trace file. The file itself is never embedded in
    /// a link or scenario file: only its name and format are kept, and the
    /// user supplies the file again (browser) or its path (CLI).
    Trace(BlockTraceRef),
}

/// A synthetic block workload (model §13). I/Os arrive as a Poisson process;
/// a random I/O picks its first block by Zipf over the footprint; a share of
/// I/Os instead continue a sequential run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct SyntheticBlockWorkload {
    /// Share of I/Os that are reads, 0–1.
    pub read_share: f64,
    /// Zipf exponent over blocks (0 = uniform).
    pub zipf_s: f64,
    /// Distinct data the workload touches, GB.
    pub footprint_gb: f64,
    /// Share of I/Os that belong to sequential runs, 0–1.
    pub seq_share: f64,
    /// Mean length of a sequential run, KB.
    pub seq_run_kb: f64,
    /// Size of a random I/O, KB (a multiple of 4).
    pub io_kb: f64,
    /// Mean arrival rate, I/Os per second.
    pub iops: f64,
    /// Length of the generated workload, s.
    pub duration_s: f64,
}

impl Default for SyntheticBlockWorkload {
    fn default() -> Self {
        SyntheticBlockWorkload {
            read_share: 0.7,
            zipf_s: 0.9,
            // Scaled like the presets (a 64 GB footprint ÷ 64).
            footprint_gb: 1.0,
            seq_share: 0.1,
            seq_run_kb: 512.0,
            io_kb: 4.0,
            iops: 500.0,
            duration_s: 600.0,
        }
    }
}

/// Block trace formats (model §13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum BlockTraceFormat {
    /// MSR Cambridge CSV: Timestamp (Windows filetime, 100 ns), Hostname,
    /// DiskNumber, Type (Read/Write), Offset (bytes), Size (bytes), ResponseTime.
    Msr,
    /// SPC / UMass: ASU, LBA (512 B sectors), Size (bytes), Opcode (r/w), Timestamp (s).
    Spc,
    /// Plain CSV: time (s), op (R/W), offset (bytes) or block, size (bytes).
    Plain,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct BlockTraceRef {
    /// File name as the user gave it (shown, never read from a link).
    pub name: String,
    pub format: BlockTraceFormat,
}

/// Which flash cache sits in front of the disk array (model §13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum BlockCacheKind {
    /// No cache: every I/O goes to the disk array.
    None,
    Slc,
    Mlc,
    Tlc,
    /// 16 GB SLC + 16 GB TLC (HySSC).
    Hyssc,
    /// FAST'12 fixed partition, one LRU.
    FpFcl,
    /// FAST'12 fixed partition, separate read and write LRU lists.
    RwFcl,
    /// FAST'12 cost-model driven re-partitioning of u and r.
    OpFcl,
}

/// Which cached block a full single-technology cache (SLC, MLC, TLC) gives
/// up (model §13). LRU is the studies'; SIEVE and S3-FIFO are two policies
/// of today, as libCacheSim defines them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ReplacementOrder {
    #[default]
    Lru,
    Sieve,
    S3Fifo,
}

/// The block study: workload, cache and run settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct BlockSpec {
    pub workload: BlockWorkload,
    /// The caches to compare in one run (the view's comparison set).
    pub caches: Vec<BlockCacheKind>,
    /// Total flash capacity of the cache, GB (32 in the HySSC study; the
    /// presets and the default are the studies' sizes ÷ 64).
    pub cache_gb: f64,
    /// Over-provisioned share of the flash, 0–1 (0.10 in the HySSC study);
    /// the FAST'12 fixed layers use 1 − u of it.
    pub ops: f64,
    /// Caching-space share u of the fixed FAST'12 layers (FP/RW-FCL), 0–1.
    pub fixed_u: f64,
    /// Read share r of the caching space of RW-FCL (OP-FCL's first
    /// period), 0–1.
    pub fixed_r: f64,
    /// OP-FCL re-partitions every this many seconds of simulated time.
    pub fcl_period_s: f64,
    /// Disks in the RAID-0 array behind the cache.
    pub disks: u32,
    /// Replacement order of the single-technology caches (SLC, MLC, TLC).
    pub replacement: ReplacementOrder,
    /// Caching shares u at which the FAST'12 cost sweep runs FP-FCL beside
    /// the others on the same I/Os (simulated cost vs analytic C_H(u));
    /// empty for no sweep.
    pub cost_sweep_u: Vec<f64>,
    pub seed: u64,
    pub replications: u32,
}

impl Default for BlockSpec {
    fn default() -> Self {
        BlockSpec {
            workload: BlockWorkload::Synthetic(SyntheticBlockWorkload::default()),
            caches: vec![
                BlockCacheKind::Slc,
                BlockCacheKind::Mlc,
                BlockCacheKind::Tlc,
                BlockCacheKind::Hyssc,
            ],
            // HySSC's 32 GB ÷ 64, the presets' scale.
            cache_gb: 0.5,
            ops: 0.10,
            fixed_u: 0.9,
            fixed_r: 0.5,
            fcl_period_s: 60.0,
            disks: 4,
            replacement: ReplacementOrder::Lru,
            cost_sweep_u: Vec::new(),
            seed: 1,
            replications: 1,
        }
    }
}
