//! What a flash cache policy tells the engine to do for one host I/O.

use crate::flash_tier::FlashCounts;
use crate::sampling::BlockIo;

/// A flash tier of a cache. Single-technology caches and the FAST'12 layers
/// have one tier (0); HySSC has SLC (0) and TLC (1).
pub type Tier = u8;

/// One device operation a policy asks for. Flash addresses are logical pages
/// of the tier's own FTL (page size of that tier); disk addresses are 4 KB
/// blocks of the array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeviceOp {
    FlashRead {
        tier: Tier,
        page: u32,
        pages: u32,
    },
    /// A program through the tier's FTL (which may trigger garbage collection).
    FlashWrite {
        tier: Tier,
        page: u32,
        pages: u32,
    },
    /// The tier no longer holds these pages (eviction, invalidation, a smaller
    /// caching space): the FTL drops them, which raises the effective
    /// over-provisioning.
    FlashTrim {
        tier: Tier,
        page: u32,
        pages: u32,
    },
    DiskRead {
        block: u64,
        blocks: u32,
    },
    DiskWrite {
        block: u64,
        blocks: u32,
    },
}

/// Counters a policy keeps; the engine copies them into the result.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PolicyCounters {
    /// Host blocks read / written.
    pub read_blocks: u64,
    pub write_blocks: u64,
    /// Host blocks served from each tier (index = tier): read hits, write hits.
    pub read_hits: Vec<u64>,
    pub write_hits: Vec<u64>,
    /// Blocks moved from SLC to TLC (HySSC).
    pub migrations: u64,
    /// Dirty blocks written back to disk.
    pub destages: u64,
    /// Blocks sent straight to disk by the sequential-run detector.
    pub bypassed: u64,
}

/// A flash cache policy. `access` appends to `fg` the operations the host I/O
/// waits for, in the order they must happen, and to `bg` the ones that run
/// behind it (destaging, migration, asynchronous fills). The vectors are the
/// engine's and reused, so a policy allocates nothing per I/O.
pub trait CachePolicy: Send {
    fn access(&mut self, io: &BlockIo, fg: &mut Vec<DeviceOp>, bg: &mut Vec<DeviceOp>);
    fn counters(&self) -> &PolicyCounters;
    /// Number of flash tiers.
    fn tiers(&self) -> usize;
    /// Called by the engine at simulated time `t` with the first flash tier's
    /// operation counts so far (OP-FCL re-partitions here and measures what
    /// garbage collection really costs); returns the current caching share u
    /// and read share r when the policy has them, for the partition-over-time
    /// series.
    fn tick(
        &mut self,
        _t: f64,
        _flash: &FlashCounts,
        _bg: &mut Vec<DeviceOp>,
    ) -> Option<(f64, f64)> {
        None
    }
}
