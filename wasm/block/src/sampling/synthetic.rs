//! The synthetic block workload of model §13, generated one I/O at a time in
//! O(1) memory.
//!
//! The model (each choice stated so the presets' assumptions can refer to it):
//! - Arrivals are a Poisson process at `iops` until `duration_s`.
//! - The footprint (1 GB = 2^30 bytes) is cut into slots of `io_kb`. A random
//!   I/O reads or writes one slot, chosen by Zipf(`zipf_s`) over popularity
//!   ranks; `ScatterMap` places the ranks over the address space so hot slots
//!   are not adjacent.
//! - Sequential runs are back-to-back I/Os of `io_kb` over consecutive blocks,
//!   not interleaved with random I/Os. A run's length in I/Os is geometric on
//!   {1, 2, …} with mean `seq_run_kb / io_kb` (at least 1), so its mean length
//!   is `seq_run_kb`; it starts at a uniformly random block (scans are not
//!   popularity-driven) and is one direction throughout (read with
//!   probability `read_share`). Between runs, each I/O starts a run with the
//!   probability p = q / (q + M(1 − q)) (q = `seq_share`, M = mean run in
//!   I/Os), which makes the long-run share of I/Os inside runs exactly q.
//! - A random I/O is a read with probability `read_share`, independently.

use super::zipf::{ScatterMap, ZipfRanks};
use super::{BlockIo, BlockSource, BLOCK_BYTES};
use tierplan_kit::sampling::rng::SimRng;
use tierplan_scenario::block::SyntheticBlockWorkload;

const GB: f64 = 1024.0 * 1024.0 * 1024.0;

/// Blocks in a footprint of `gb` GB (at least one).
pub fn footprint_blocks(gb: f64) -> u64 {
    ((gb * GB / BLOCK_BYTES as f64).round() as u64).max(1)
}

/// Blocks per random or sequential I/O of `io_kb` KB (at least one).
pub fn io_blocks(io_kb: f64) -> u32 {
    ((io_kb * 1024.0 / BLOCK_BYTES as f64).round() as u32).max(1)
}

/// Mean length of a sequential run in I/Os (at least one).
pub fn mean_run_ios(w: &SyntheticBlockWorkload) -> f64 {
    (w.seq_run_kb / (io_blocks(w.io_kb) as f64 * BLOCK_BYTES as f64 / 1024.0)).max(1.0)
}

/// Generator state; see the module comment for the model.
pub struct SyntheticBlocks {
    rng: SimRng,
    rate: f64,
    duration: f64,
    read_share: f64,
    io_blocks: u32,
    footprint: u64,
    zipf: ZipfRanks,
    scatter: ScatterMap,
    run_start_p: f64,
    /// P(a run continues after each I/O) = 1 − 1/M.
    run_continue_p: f64,
    t: f64,
    /// The active sequential run: next block and direction.
    run: Option<(u64, bool)>,
    ios: u64,
    seq_ios: u64,
}

impl SyntheticBlocks {
    /// The workload must be valid (`validate_block` checks it); degenerate
    /// values are clamped rather than panicking.
    pub fn new(w: &SyntheticBlockWorkload, seed: u64) -> Self {
        let footprint = footprint_blocks(w.footprint_gb.max(0.0));
        let io_blocks = io_blocks(w.io_kb.max(0.0)).min(footprint.min(u32::MAX as u64) as u32);
        let slots = (footprint / io_blocks as u64).max(1);
        let m = mean_run_ios(w);
        let q = w.seq_share.clamp(0.0, 1.0);
        let run_start_p = if q >= 1.0 {
            1.0
        } else {
            q / (q + m * (1.0 - q))
        };
        SyntheticBlocks {
            rng: SimRng::new(seed),
            rate: w.iops.max(1e-9),
            duration: w.duration_s.max(0.0),
            read_share: w.read_share.clamp(0.0, 1.0),
            io_blocks,
            footprint,
            zipf: ZipfRanks::new(slots, w.zipf_s.max(0.0)),
            scatter: ScatterMap::new(slots),
            run_start_p,
            run_continue_p: 1.0 - 1.0 / m,
            t: 0.0,
            run: None,
            ios: 0,
            seq_ios: 0,
        }
    }

    /// The slot (0-based position in units of the I/O size) of popularity
    /// rank `rank` (1 = hottest), so tests can check the Zipf mass.
    pub fn slot_of_rank(&self, rank: u64) -> u64 {
        self.scatter.map(rank - 1)
    }

    /// Blocks per I/O.
    pub fn io_blocks(&self) -> u32 {
        self.io_blocks
    }

    /// I/Os generated so far, and how many of them were in sequential runs.
    pub fn counts(&self) -> (u64, u64) {
        (self.ios, self.seq_ios)
    }

    fn random_io(&mut self) -> (u64, bool) {
        let rank = self.zipf.sample(&mut self.rng);
        let block = self.scatter.map(rank - 1) * self.io_blocks as u64;
        (block, self.rng.uniform() < self.read_share)
    }

    fn sequential_io(&mut self) -> (u64, bool) {
        let (block, read) = match self.run {
            Some(r) => r,
            None => {
                let last_start = self.footprint - self.io_blocks as u64;
                let start = (self.rng.uniform() * (last_start + 1) as f64) as u64;
                (start.min(last_start), self.rng.uniform() < self.read_share)
            }
        };
        let next = block + self.io_blocks as u64;
        let continues = self.rng.uniform() < self.run_continue_p;
        // A run that reaches the end of the footprint ends there.
        self.run =
            (continues && next + self.io_blocks as u64 <= self.footprint).then_some((next, read));
        (block, read)
    }
}

impl BlockSource for SyntheticBlocks {
    fn next_io(&mut self) -> Option<BlockIo> {
        self.t += self.rng.exp(self.rate);
        if self.t >= self.duration {
            self.t = self.duration;
            return None;
        }
        let sequential = self.run.is_some() || self.rng.uniform() < self.run_start_p;
        let (block, read) = if sequential {
            self.seq_ios += 1;
            self.sequential_io()
        } else {
            self.random_io()
        };
        self.ios += 1;
        Some(BlockIo {
            t: self.t,
            block,
            blocks: self.io_blocks,
            write: !read,
        })
    }

    fn done_fraction(&self) -> f64 {
        if self.duration > 0.0 {
            (self.t / self.duration).min(1.0)
        } else {
            1.0
        }
    }
}
