//! Block I/O workloads (model §13): synthetic generators and replayed block
//! traces. Both yield `BlockIo`s in time order for the block-cache engine
//! of this crate, which never needs the whole workload in memory.

/// Every block I/O is aligned to and measured in 4 KB blocks.
pub const BLOCK_BYTES: u64 = 4096;

/// One block I/O.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BlockIo {
    /// Arrival time, seconds from the start of the workload.
    pub t: f64,
    /// First 4 KB block.
    pub block: u64,
    /// Length in 4 KB blocks, ≥ 1.
    pub blocks: u32,
    pub write: bool,
}

/// A time-ordered stream of block I/Os, pulled one at a time.
pub trait BlockSource {
    /// The next I/O, or None at the end.
    fn next_io(&mut self) -> Option<BlockIo>;
    /// How much of the workload has been produced, 0–1 (for progress).
    fn done_fraction(&self) -> f64;
}

pub mod presets;
pub mod synthetic;
pub mod trace;
pub mod zipf;
