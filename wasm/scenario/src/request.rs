//! The request-level part of a scenario (model §11): segment workload, disk
//! layout, web server, RAM, flash cache policy and run settings. The engine in
//! `request/` reads it; the disk mechanics it names are a device property
//! and live with the devices in `schema.rs`. Every field has a
//! default so a link that only names what differs stays short.

pub use super::{HddMechanics, SeekModel};
use super::{Popularity, ZipfConvention};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ArrivalPattern {
    /// One request every 1/r seconds, as the study's generator.
    Even,
    Poisson,
}

/// N videos of S segments of d seconds each (model §11).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct SegmentWorkload {
    pub videos: u32,
    pub segments: u32,
    /// Play time of a segment, s; also the deadline of its request.
    pub segment_s: f64,
    /// Mean bitrate, KB/s (the study's 1.06 GB video of 466 × 10 s
    /// segments averages 238.5 KB/s, "about 2 Mbps").
    pub bitrate_kbps: f64,
    /// Coefficient of variation of segment sizes (VBR), drawn once per seed.
    pub size_cv: f64,
    pub arrivals: ArrivalPattern,
    /// Requests per second r.
    pub rate: f64,
    pub popularity: Popularity,
}

impl Default for SegmentWorkload {
    fn default() -> Self {
        SegmentWorkload {
            videos: 300,
            segments: 466,
            segment_s: 10.0,
            bitrate_kbps: 238.5,
            size_cv: 0.3,
            arrivals: ArrivalPattern::Even,
            rate: 10.0,
            popularity: Popularity {
                convention: ZipfConvention::Theta,
                value: 0.271,
            },
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DiskScheduler {
    Fifo,
    /// Elevator: the queued I/O nearest ahead of the head in the sweep
    /// direction goes next.
    Scan,
}

/// The library lies video after video on `disks` disks striped RAID-0.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct DiskLayout {
    /// Device id of the disk (must have `hdd` timing).
    pub disk: String,
    pub disks: u32,
    /// Stripe unit, KB.
    pub stripe_kb: f64,
    pub scheduler: DiskScheduler,
}

impl Default for DiskLayout {
    fn default() -> Self {
        DiskLayout {
            disk: "hdd7200".into(),
            disks: 2,
            stripe_kb: 512.0,
            scheduler: DiskScheduler::Fifo,
        }
    }
}

/// RAM of the server: the OS page cache (or ARC), LRU over chunks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct RamSpec {
    /// DRAM device id whose price per GB is charged.
    pub device: String,
    /// Page-cache capacity, GB, before the flash index takes its share.
    pub capacity_gb: f64,
}

impl Default for RamSpec {
    fn default() -> Self {
        RamSpec {
            device: "ddr3_1gb".into(),
            capacity_gb: 2.0,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum CachePolicyKind {
    /// HDD only (the RAM page cache still applies).
    None,
    /// flashcache-like set-associative block cache, fill on the critical path.
    Block,
    /// ZFS-L2ARC-like ring fed asynchronously from the RAM cache.
    Ring,
    /// Whole videos by windowed request counts (model §7 dynamic LFU).
    Object,
    /// The most popular videos staged before the run; no writes.
    ObjectStatic,
}

/// Which block of a full set the block cache gives up. FIFO is flashcache's
/// (the study's), LRU its other mode; SIEVE and S3-FIFO are two policies of
/// today as libCacheSim defines them, kept per set (the block engine's
/// `block.replacement` offers the same orders).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SetReplacement {
    Fifo,
    Lru,
    Sieve,
    S3Fifo,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct BlockCacheSpec {
    /// Cache block, KB (flashcache: 4).
    pub block_kb: f64,
    /// Ways per set (flashcache: 512, so a set covers a 2 MB disk extent).
    pub ways: u32,
    pub replacement: SetReplacement,
}

impl Default for BlockCacheSpec {
    fn default() -> Self {
        BlockCacheSpec {
            block_kb: 4.0,
            ways: 512,
            replacement: SetReplacement::Fifo,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct RingSpec {
    /// Feeder period, s (L2ARC: 1; 0.2 after a feed of more than half its
    /// target).
    pub feed_interval_s: f64,
    /// Bytes one feed may write, MB (L2ARC: 8, doubled until the ring first
    /// wraps).
    pub feed_limit_mb: f64,
    /// `l2arc_noprefetch`: prefetched chunks are neither read from nor fed
    /// to the ring.
    pub noprefetch: bool,
    /// `l2arc_norw`: a ring hit while the SSD is being written reads disk.
    pub norw: bool,
    /// Chunks of a segment read on demand before the file system's prefetch
    /// takes over the rest of the segment.
    pub demand_chunks: u32,
}

impl Default for RingSpec {
    fn default() -> Self {
        RingSpec {
            feed_interval_s: 1.0,
            feed_limit_mb: 8.0,
            noprefetch: true,
            norw: true,
            demand_chunks: 2,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct ObjectSpec {
    /// Sliding window of request counts, hours.
    pub window_h: f64,
    /// A video replaces the least counted cached one only when its count
    /// exceeds that by more than this margin.
    pub margin: u32,
}

impl Default for ObjectSpec {
    fn default() -> Self {
        ObjectSpec {
            window_h: 24.0,
            margin: 2,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum IndexKind {
    /// A plain hash table: `bytes_per_entry` (or the policy's default), no
    /// flash reads per lookup.
    Plain,
    /// FlashStore (seed 003): 2-byte signatures in a cuckoo table plus a
    /// 4-byte flash pointer, 6 B per entry, one flash read per hit.
    FlashStore,
    /// SkimpyStash (seed 003): (1 + 5/k) B per entry, about k/2 flash reads
    /// per lookup.
    SkimpyStash,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct IndexSpec {
    pub kind: IndexKind,
    /// Bytes per entry of the plain index; absent: the policy's default.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub bytes_per_entry: Option<f64>,
    /// SkimpyStash's average chain length k.
    pub skimpy_k: u32,
}

impl Default for IndexSpec {
    fn default() -> Self {
        IndexSpec {
            kind: IndexKind::Plain,
            bytes_per_entry: None,
            skimpy_k: 10,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum CacheStart {
    /// Measure from an empty cache (any `run.warmup_h` is ignored).
    Cold,
    /// A warm-up phase (`run.warmup_h` at `run.warmup_rate`) before measuring.
    Warm,
}

/// The flash tier between RAM and the disks.
/// An SSD's state at the start of a run (model §11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SsdState {
    /// Every block erased, nothing mapped.
    Fresh,
    /// Preconditioned: the whole logical space written over by random
    /// writes, so garbage collection works on the drive's own spare space.
    Steady,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct CacheSpec {
    pub policy: CachePolicyKind,
    /// SSD device id.
    pub flash_device: String,
    /// Flash space the cache uses, GB (the study: 60 of the X25-M's 80).
    pub flash_gb: f64,
    pub start: CacheStart,
    /// Reads go before queued writes on the SSD; absent: only the object
    /// cache prioritises reads.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub read_priority: Option<bool>,
    /// The SSD's state when the run starts: fresh (secure-erased) or steady
    /// (written over before, its whole logical space mapped, as a flushed
    /// flashcache or a used L2ARC device finds it); absent: fresh.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ssd_state: Option<SsdState>,
    /// The SSD model that times the flash device (model §11): scalable
    /// (absent) or the per-page reference, for comparison.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ssd_model: Option<crate::SsdModelKind>,
    /// Commands the host keeps in flight on the SSD (its NCQ or NVMe
    /// queue; at most the drive's `controller.queue_depth`): its dies then
    /// serve hit reads, fills and feeds side by side. Absent: 1, one
    /// command at a time, as the study's runs are calibrated (model §11).
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ssd_queue_depth: Option<u32>,
    pub block: BlockCacheSpec,
    pub ring: RingSpec,
    pub object: ObjectSpec,
    pub index: IndexSpec,
}

/// Commands in flight on the SSD when `ssd_queue_depth` is absent: one at
/// a time, as the study's runs are calibrated (model §11). Stated here once.
pub const DEFAULT_SSD_QUEUE_DEPTH: u32 = 1;

/// The SSD command depths a request scenario may ask for: what runs when
/// `ssd_queue_depth` is absent, and the most its flash drive takes (its
/// controller's queue depth; 1 for a drive with no controller model). The
/// editor reads these rather than restating them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SsdQueueDepths {
    pub default: u32,
    pub max: u32,
}

/// The most commands a flash drive takes at once: its controller's queue
/// depth, or 1 (one at a time) without a controller model or flash spec.
pub fn drive_queue_depth(flash: Option<&crate::FlashSpec>) -> u32 {
    flash
        .and_then(|f| f.controller.as_ref())
        .map_or(1, |c| c.queue_depth.max(1))
}

/// The SSD command depths of `s`'s request cache ([`SsdQueueDepths`]).
#[cfg(feature = "studies")]
pub fn ssd_queue_depths(s: &crate::Scenario) -> Option<SsdQueueDepths> {
    let r = s.request.as_ref()?;
    Some(SsdQueueDepths {
        default: DEFAULT_SSD_QUEUE_DEPTH,
        max: drive_queue_depth(
            s.device(&r.cache.flash_device)
                .and_then(|d| d.flash.as_ref()),
        ),
    })
}

impl CacheSpec {
    /// The commands the host keeps in flight on the SSD: `ssd_queue_depth`,
    /// or [`DEFAULT_SSD_QUEUE_DEPTH`]; at least 1.
    pub fn ssd_queue_depth(&self) -> u32 {
        self.ssd_queue_depth
            .unwrap_or(DEFAULT_SSD_QUEUE_DEPTH)
            .max(1)
    }
}

impl Default for CacheSpec {
    fn default() -> Self {
        CacheSpec {
            policy: CachePolicyKind::None,
            flash_device: "x25m".into(),
            flash_gb: 60.0,
            start: CacheStart::Cold,
            read_priority: None,
            ssd_state: None,
            ssd_model: None,
            ssd_queue_depth: None,
            block: BlockCacheSpec::default(),
            ring: RingSpec::default(),
            object: ObjectSpec::default(),
            index: IndexSpec::default(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct RequestRun {
    /// Measured period, hours (the study: 1 per point).
    pub duration_h: f64,
    /// Warm-up before measuring, hours (used when the cache starts warm).
    pub warmup_h: f64,
    /// Request rate during warm-up; absent: the measured rate.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub warmup_rate: Option<f64>,
    /// Replication k uses seed + k.
    pub seed: u32,
    pub replications: u32,
    /// The run's replications are the scenario's replications
    /// `first_replication`, `first_replication + 1`, …: replication k of the
    /// run uses seed + first_replication + k, and everything laid out once
    /// per run (a steady-state SSD) still uses `seed`. The figure runs each
    /// replication on its own this way (absent: 0).
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_replication: Option<u32>,
    /// End a replication early once it is certainly saturated (the rule in
    /// docs/engines/request.md, "Early stop of saturated replications"):
    /// it then reports a lower bound of its miss ratio. The miss-ratio
    /// figure sets it; absent in older scenarios: off.
    pub stop_when_saturated: bool,
}

impl Default for RequestRun {
    fn default() -> Self {
        RequestRun {
            duration_h: 1.0,
            warmup_h: 0.0,
            warmup_rate: None,
            seed: 1,
            replications: 3,
            first_replication: None,
            stop_when_saturated: false,
        }
    }
}

/// The highest-rate search (model §11): rates on the lattice k × step within
/// [min_rate, max_rate].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct MaxRateSpec {
    /// Largest acceptable segment miss ratio (0 = no miss in any replication).
    pub miss_target: f64,
    pub min_rate: f64,
    pub max_rate: f64,
    pub step: f64,
}

impl Default for MaxRateSpec {
    fn default() -> Self {
        MaxRateSpec {
            miss_target: 0.0,
            min_rate: 1.0,
            max_rate: 40.0,
            step: 1.0,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct RequestSpec {
    pub workload: SegmentWorkload,
    pub layout: DiskLayout,
    /// Bytes the web server reads per I/O, KB: its read-ahead / the file
    /// system's record size (ZFS: 128 KB).
    pub chunk_kb: f64,
    pub ram: RamSpec,
    pub cache: CacheSpec,
    pub run: RequestRun,
    pub search: MaxRateSpec,
}

impl Default for RequestSpec {
    fn default() -> Self {
        RequestSpec {
            workload: SegmentWorkload::default(),
            layout: DiskLayout::default(),
            chunk_kb: 128.0,
            ram: RamSpec::default(),
            cache: CacheSpec::default(),
            run: RequestRun::default(),
            search: MaxRateSpec::default(),
        }
    }
}

/// Expected I/Os of one replication (what the validator bounds and the
/// engine reports progress against): requests × chunks per segment × a
/// factor for flash fills and feeds.
pub fn expected_ios(
    w: &SegmentWorkload,
    chunk: f64,
    rate: f64,
    warm_rate: f64,
    warmup_s: f64,
    duration_s: f64,
) -> f64 {
    let seg = w.bitrate_kbps * 1024.0 * w.segment_s;
    let per_request = (seg / chunk).ceil().max(1.0) + 1.0;
    (rate * duration_s + warm_rate * warmup_s) * per_request * 2.0
}
