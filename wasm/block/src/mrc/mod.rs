//! Miss-ratio curves (hit ratio against cache size) of a block workload in
//! one pass (model §13): how big must a cache be for a given hit ratio.
//!
//! - LRU, exact: Mattson's stack distances ([`LruStack`](crate::stack_distance::LruStack)) give every
//!   cache size at once, by blocks (bytes) and by I/Os (an I/O hits when all
//!   its blocks do), reads and writes apart.
//! - LRU, sampled: spatially hashed sampling (SHARDS, Waldspurger et al.,
//!   FAST'15). A block is followed when its hash falls below a threshold,
//!   i.e. with rate R; its distances, measured among followed blocks, scale
//!   by 1/R. A fixed rate, or a fixed number of followed blocks (the rate
//!   drops as the footprint grows, and the histograms are rescaled to it).
//!   Two independent halves of the sample give the stated error.
//! - FIFO: mini-simulations (Waldspurger et al., ATC'17): one FIFO cache per
//!   size of a grid, each scaled by R, over the same sample.
//!
//! Every cache here allocates on reads and writes alike (as libCacheSim's
//! profilers do). I/O-level curves need every block of an I/O, so they are
//! given by exact runs only.

pub mod histogram;
pub mod job;
pub mod working_set;

use crate::sampling::{BlockIo, BLOCK_BYTES};
use crate::stack_distance::LruStack;
use histogram::Histogram;
use serde::{Deserialize, Serialize};
use std::collections::{BinaryHeap, VecDeque};
use tierplan_kit::sampling::rng::splitmix64;

use crate::stack_distance::BlockHashMap;

/// Hash values run over 2^24 sampling buckets.
const MODULUS: u64 = 1 << 24;

/// The smallest sampled cache a sampled LRU curve reports (in followed blocks).
pub const MIN_SAMPLED_BLOCKS: f64 = 1000.0;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum MrcPolicy {
    Lru,
    Fifo,
    /// flashcache's layout: block b in set (b / ways) mod sets, FIFO in
    /// each set of [`SET_WAYS`] blocks.
    SetAssoc,
}

/// Blocks per set of the set-associative cache (flashcache's default 512
/// blocks of 4 KB: a 2 MB extent per set).
pub const SET_WAYS: usize = 512;

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Sampling {
    Exact,
    /// Follow blocks at this rate (0 < R ≤ 1).
    Rate(f64),
    /// Follow at most this many blocks (LRU only).
    Size(usize),
}

/// One point of a curve.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MrcPoint {
    pub size_blocks: u64,
    pub size_bytes: u64,
    /// Share of I/Os whose every block hits (exact runs only).
    pub hit_ratio: Option<f64>,
    /// Share of block accesses (bytes) that hit.
    pub byte_hit_ratio: f64,
    pub read_byte_hit_ratio: Option<f64>,
    pub write_byte_hit_ratio: Option<f64>,
    /// Stated error of `byte_hit_ratio` (sampled runs only).
    pub error: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MrcResult {
    pub policy: MrcPolicy,
    pub ios: u64,
    pub blocks: u64,
    pub read_blocks: u64,
    pub write_blocks: u64,
    /// Distinct blocks (estimated from the sample when sampling).
    pub distinct_blocks: f64,
    /// The sampling rate at the end (1 when exact).
    pub sample_rate: f64,
    /// Most blocks followed at once (the profiler's memory is about 40 B each).
    pub peak_followed: u64,
    pub points: Vec<MrcPoint>,
    pub note: String,
}

/// A block's sampling bucket (0..2^24) and the bit that picks its half.
fn sample_key(block: u64) -> (u64, bool) {
    let h = splitmix64(block ^ 0x5851_F42D_4C95_7F2D);
    (h >> 40, h & 1 == 1)
}

/// An LRU stack with its histograms: blocks by read/write, I/Os by read/write.
struct Side {
    stack: LruStack,
    reads: Histogram,
    writes: Histogram,
    /// Accesses counted (weights, in the current sample's units).
    read_weight: f64,
    write_weight: f64,
}

impl Side {
    fn new() -> Side {
        Side {
            stack: LruStack::new(),
            reads: Histogram::new(),
            writes: Histogram::new(),
            read_weight: 0.0,
            write_weight: 0.0,
        }
    }

    /// One followed block access; its estimated distance (None: cold).
    fn access(&mut self, block: u64, write: bool, rate: f64) -> Option<u64> {
        let d = self
            .stack
            .access(block)
            .map(|d| (d as f64 / rate).round() as u64);
        let (h, w) = if write {
            (&mut self.writes, &mut self.write_weight)
        } else {
            (&mut self.reads, &mut self.read_weight)
        };
        *w += 1.0;
        if let Some(d) = d {
            h.add(d, 1.0);
        }
        d
    }

    fn rescale(&mut self, f: f64) {
        self.reads.scale(f);
        self.writes.scale(f);
        self.read_weight *= f;
        self.write_weight *= f;
    }

    /// Hit ratios at `sizes`, all, reads, writes. `expected` is the count
    /// of read and of write accesses a sample at this side's rate should
    /// hold (every access × rate): the sample's surplus or shortfall of
    /// accesses, mostly hot blocks that fell in or out of it, is taken off
    /// or added to the hits at distance 0 (SHARDS_adj), which removes most
    /// of the bias a Zipf workload gives a spatial sample.
    fn ratios(&self, sizes: &[u64], expected: (f64, f64)) -> Vec<(f64, Option<f64>, Option<f64>)> {
        let r = self.reads.below_each(sizes);
        let w = self.writes.below_each(sizes);
        let (er, ew) = expected;
        let (dr, dw) = (er - self.read_weight, ew - self.write_weight);
        sizes
            .iter()
            .enumerate()
            .map(|(i, _)| {
                let hr = (r[i] + dr).clamp(0.0, er.max(0.0));
                let hw = (w[i] + dw).clamp(0.0, ew.max(0.0));
                let share = |hits: f64, n: f64| (n > 0.0).then(|| hits / n);
                (
                    share(hr + hw, er + ew).unwrap_or(0.0),
                    share(hr, er),
                    share(hw, ew),
                )
            })
            .collect()
    }
}

/// A FIFO cache of a fixed number of blocks: one set of `capacity` ways,
/// or flashcache's sets of `ways` blocks, each filled round robin.
struct Fifo {
    ways: usize,
    sets: usize,
    /// The rings of the sets touched so far, grown as they fill: a size of
    /// up to 10¹⁵ blocks (`--sizes`) has 2·10¹² sets, so a ring per set made
    /// up front would be terabytes; this way memory grows with the blocks
    /// the trace touches, never with the cache's size.
    rings: BlockHashMap<VecDeque<u64>>,
    present: BlockHashMap<()>,
    hits: [f64; 2],
    io_hits: [u64; 2],
}

impl Fifo {
    fn new(capacity: usize, set_ways: Option<usize>) -> Fifo {
        let capacity = capacity.max(1);
        let (ways, sets) = match set_ways {
            Some(w) => (w.min(capacity), (capacity / w.min(capacity)).max(1)),
            None => (capacity, 1),
        };
        Fifo {
            ways,
            sets,
            rings: BlockHashMap::default(),
            present: BlockHashMap::default(),
            hits: [0.0; 2],
            io_hits: [0; 2],
        }
    }

    fn len(&self) -> usize {
        self.present.len()
    }

    fn access(&mut self, block: u64) -> bool {
        if self.present.contains_key(&block) {
            return true;
        }
        let set = (block / self.ways as u64) % self.sets as u64;
        let ring = self.rings.entry(set).or_default();
        if ring.len() == self.ways {
            if let Some(old) = ring.pop_front() {
                self.present.remove(&old);
            }
        }
        ring.push_back(block);
        self.present.insert(block, ());
        false
    }
}

/// The streaming profiler: feed I/Os in trace order, then [`Profiler::finish`].
pub struct Profiler {
    policy: MrcPolicy,
    sampling: Sampling,
    /// Blocks whose bucket is below this are followed.
    threshold: u64,
    main: Side,
    /// Two disjoint halves of the sample, for the stated error (sampled LRU).
    halves: Option<[Side; 2]>,
    /// Followed blocks by bucket, largest first (fixed-size sampling).
    followed: BinaryHeap<(u64, u64)>,
    fifo: Vec<Fifo>,
    fifo_sizes: Vec<u64>,
    /// Per I/O (exact runs): its largest block distance, by read/write.
    io_reads: Histogram,
    io_writes: Histogram,
    ios: [u64; 2],
    blocks: [u64; 2],
    peak: usize,
}

/// Why a specification cannot be profiled.
pub fn check_spec(policy: MrcPolicy, sampling: Sampling, sizes: &[u64]) -> Result<(), String> {
    match sampling {
        Sampling::Rate(r) if !(r.is_finite() && r > 0.0 && r <= 1.0) => {
            return Err(format!(
                "mrc.sample: {r} is out of range: must be 0 < rate ≤ 1"
            ));
        }
        Sampling::Size(n) if n < 16 => {
            return Err(format!(
                "mrc.sample_size: {n} is out of range: must be at least 16 blocks"
            ));
        }
        Sampling::Size(_) if policy == MrcPolicy::Fifo => {
            return Err(
                "mrc.sample_size: FIFO mini-simulations need a fixed rate (--sample RATE)".into(),
            );
        }
        _ => {}
    }
    if sizes.contains(&0) {
        return Err("mrc.sizes: a cache size of 0 blocks: sizes must be at least 1".into());
    }
    if policy != MrcPolicy::Lru && sizes.len() > 256 {
        return Err(format!(
            "mrc.sizes: {} sizes: FIFO simulates one cache per size, at most 256",
            sizes.len()
        ));
    }
    Ok(())
}

/// Powers of two from 16 blocks (64 KB) to 2^24 (64 GB): FIFO's default grid.
pub fn default_fifo_sizes() -> Vec<u64> {
    (4..=24).map(|k| 1u64 << k).collect()
}

impl Profiler {
    /// `sizes` (blocks) are FIFO's grid (default [`default_fifo_sizes`]) and
    /// LRU's reported points (default: a log grid up to the largest distance).
    pub fn new(policy: MrcPolicy, sampling: Sampling, sizes: &[u64]) -> Result<Profiler, String> {
        check_spec(policy, sampling, sizes)?;
        let rate = match sampling {
            Sampling::Exact | Sampling::Size(_) => 1.0,
            Sampling::Rate(r) => r,
        };
        let mut fifo_sizes: Vec<u64> = if sizes.is_empty() {
            default_fifo_sizes()
        } else {
            sizes.to_vec()
        };
        fifo_sizes.sort_unstable();
        fifo_sizes.dedup();
        let fifo = if policy != MrcPolicy::Lru {
            let ways = (policy == MrcPolicy::SetAssoc).then_some(SET_WAYS);
            fifo_sizes
                .iter()
                .map(|&s| Fifo::new((s as f64 * rate).round() as usize, ways))
                .collect()
        } else {
            Vec::new()
        };
        let sampled = !matches!(sampling, Sampling::Exact);
        Ok(Profiler {
            policy,
            sampling,
            threshold: (rate * MODULUS as f64).round().max(1.0) as u64,
            main: Side::new(),
            halves: (sampled && policy == MrcPolicy::Lru).then(|| [Side::new(), Side::new()]),
            followed: BinaryHeap::new(),
            fifo,
            fifo_sizes,
            io_reads: Histogram::new(),
            io_writes: Histogram::new(),
            ios: [0; 2],
            blocks: [0; 2],
            peak: 0,
        })
    }

    fn rate(&self) -> f64 {
        self.threshold as f64 / MODULUS as f64
    }

    pub fn push(&mut self, io: &BlockIo) {
        let w = io.write as usize;
        self.ios[w] += 1;
        self.blocks[w] += io.blocks as u64;
        let exact = matches!(self.sampling, Sampling::Exact);
        let mut worst: Option<u64> = Some(0);
        let mut fifo_all = [true; 256];
        for k in 0..io.blocks as u64 {
            let block = io.block + k;
            let (bucket, half) = sample_key(block);
            if bucket >= self.threshold {
                continue;
            }
            let rate = self.rate();
            match self.policy {
                MrcPolicy::Lru => {
                    let d = self.main.access(block, io.write, rate);
                    worst = match (worst, d) {
                        (Some(a), Some(b)) => Some(a.max(b)),
                        _ => None,
                    };
                    if let Some(h) = self.halves.as_mut() {
                        h[half as usize].access(block, io.write, rate / 2.0);
                    }
                    if let Sampling::Size(limit) = self.sampling {
                        if d.is_none() {
                            self.followed.push((bucket, block));
                            if self.main.stack.len() > limit {
                                self.lower_threshold(limit);
                            }
                        }
                    }
                }
                MrcPolicy::Fifo | MrcPolicy::SetAssoc => {
                    for (i, f) in self.fifo.iter_mut().enumerate() {
                        let hit = f.access(block);
                        if hit {
                            f.hits[w] += 1.0;
                        }
                        fifo_all[i] &= hit;
                    }
                    let m = &mut self.main;
                    if io.write {
                        m.write_weight += 1.0;
                    } else {
                        m.read_weight += 1.0;
                    }
                }
            }
        }
        let followed = self.main.stack.len() + self.fifo.iter().map(Fifo::len).sum::<usize>();
        self.peak = self.peak.max(followed);
        if exact {
            match self.policy {
                MrcPolicy::Lru => {
                    if let Some(d) = worst {
                        let h = if io.write {
                            &mut self.io_writes
                        } else {
                            &mut self.io_reads
                        };
                        h.add(d, 1.0);
                    }
                }
                MrcPolicy::Fifo | MrcPolicy::SetAssoc => {
                    for (i, f) in self.fifo.iter_mut().enumerate() {
                        if fifo_all[i] {
                            f.io_hits[w] += 1;
                        }
                    }
                }
            }
        }
    }

    /// Fixed-size sampling: drop the followed blocks of the largest buckets
    /// until `limit` remain, lowering the rate, and rescale what was counted
    /// at the old rate to the new one (SHARDS_fixed-size).
    fn lower_threshold(&mut self, limit: usize) {
        let old = self.rate();
        while self.main.stack.len() > limit {
            let Some(&(bucket, _)) = self.followed.peek() else {
                break;
            };
            self.threshold = bucket;
            while let Some(&(b, block)) = self.followed.peek() {
                if b < self.threshold {
                    break;
                }
                self.followed.pop();
                self.main.stack.remove(block);
                if let Some(h) = self.halves.as_mut() {
                    h[0].stack.remove(block);
                    h[1].stack.remove(block);
                }
            }
        }
        let f = self.rate() / old;
        self.main.rescale(f);
        if let Some(h) = self.halves.as_mut() {
            h[0].rescale(f);
            h[1].rescale(f);
        }
    }

    /// The curve at `sizes` (blocks; default: a log grid up to the largest
    /// distance seen).
    pub fn finish(&self, sizes: &[u64]) -> MrcResult {
        let rate = self.rate();
        let exact = matches!(self.sampling, Sampling::Exact);
        let mut grid: Vec<u64> = match self.policy {
            MrcPolicy::Fifo | MrcPolicy::SetAssoc => self.fifo_sizes.clone(),
            MrcPolicy::Lru if sizes.is_empty() => {
                log_grid(self.main.reads.span().max(self.main.writes.span()))
            }
            MrcPolicy::Lru => sizes.to_vec(),
        };
        grid.sort_unstable();
        grid.dedup();
        // A sampled LRU curve is only as fine as its sample: below about
        // 1 000 followed blocks a few hot blocks in or out of the sample
        // decide the hit ratio, so those sizes are left out (run exact).
        let min_size = if exact || self.policy != MrcPolicy::Lru {
            1
        } else {
            (MIN_SAMPLED_BLOCKS / rate).ceil() as u64
        };
        let left_out = grid.iter().filter(|&&s| s < min_size).count();
        grid.retain(|&s| s >= min_size);
        let ios = self.ios[0] + self.ios[1];
        let mut points = Vec::with_capacity(grid.len());
        match self.policy {
            MrcPolicy::Lru => {
                let expected = |r: f64| (self.blocks[0] as f64 * r, self.blocks[1] as f64 * r);
                let main = self.main.ratios(&grid, expected(rate));
                let halves = self.halves.as_ref().map(|h| {
                    (
                        h[0].ratios(&grid, expected(rate / 2.0)),
                        h[1].ratios(&grid, expected(rate / 2.0)),
                    )
                });
                // One stated error for the whole curve: the largest gap
                // between the halves' curves (two estimates at rate R/2, whose
                // gap is about twice the full sample's standard error).
                let error = halves.as_ref().map(|(a, b)| {
                    a.iter()
                        .zip(b)
                        .map(|(x, y)| (x.0 - y.0).abs())
                        .fold(0.0, f64::max)
                });
                let io_r = self.io_reads.below_each(&grid);
                let io_w = self.io_writes.below_each(&grid);
                for (i, &size) in grid.iter().enumerate() {
                    points.push(MrcPoint {
                        size_blocks: size,
                        size_bytes: size * BLOCK_BYTES,
                        hit_ratio: (exact && ios > 0).then(|| (io_r[i] + io_w[i]) / ios as f64),
                        byte_hit_ratio: main[i].0,
                        read_byte_hit_ratio: main[i].1,
                        write_byte_hit_ratio: main[i].2,
                        error,
                    });
                }
            }
            MrcPolicy::Fifo | MrcPolicy::SetAssoc => {
                let (rw, ww) = (self.main.read_weight, self.main.write_weight);
                for (f, &size) in self.fifo.iter().zip(&grid) {
                    let share = |h: f64, n: f64| (n > 0.0).then(|| h / n);
                    points.push(MrcPoint {
                        size_blocks: size,
                        size_bytes: size * BLOCK_BYTES,
                        hit_ratio: (exact && ios > 0)
                            .then(|| (f.io_hits[0] + f.io_hits[1]) as f64 / ios as f64),
                        byte_hit_ratio: share(f.hits[0] + f.hits[1], rw + ww).unwrap_or(0.0),
                        read_byte_hit_ratio: share(f.hits[0], rw),
                        write_byte_hit_ratio: share(f.hits[1], ww),
                        error: None,
                    });
                }
            }
        }
        let distinct = match self.policy {
            MrcPolicy::Lru => self.main.stack.len() as f64 / rate,
            MrcPolicy::Fifo | MrcPolicy::SetAssoc => f64::NAN,
        };
        MrcResult {
            policy: self.policy,
            ios,
            blocks: self.blocks[0] + self.blocks[1],
            read_blocks: self.blocks[0],
            write_blocks: self.blocks[1],
            distinct_blocks: if distinct.is_finite() { distinct } else { 0.0 },
            sample_rate: rate,
            peak_followed: self.peak as u64,
            points,
            note: match (self.policy, exact) {
                (MrcPolicy::Lru, true) => "LRU, exact (Mattson stack distances); every cache allocates on reads and writes".into(),
                (MrcPolicy::Lru, false) => format!(
                    "LRU, spatially sampled (SHARDS with its count adjustment) at rate {rate:.4}: block curves only, for caches of at least {min_size} blocks ({left_out} smaller sizes left out: run exact for them); error = the largest gap between two independent half-samples' curves"
                ),
                (MrcPolicy::Fifo, true) => "FIFO, one full simulation per size".into(),
                (MrcPolicy::SetAssoc, true) => format!("set-associative (flashcache: sets of {SET_WAYS} blocks, FIFO in each), one full simulation per size"),
                (MrcPolicy::SetAssoc, false) => format!(
                    "set-associative (flashcache: sets of {SET_WAYS} blocks, FIFO in each), mini-simulations at rate {rate:.4} (the number of sets scaled by the rate): block curves only"
                ),
                (MrcPolicy::Fifo, false) => format!(
                    "FIFO, mini-simulations at rate {rate:.4} (each size scaled by the rate): block curves only"
                ),
            },
        }
    }
}

/// About 12 sizes per power of two from 1 block to `span`.
fn log_grid(span: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let top = span.max(1);
    let mut x = 1.0f64;
    while (x as u64) < top {
        out.push(x.round() as u64);
        x *= 2f64.powf(1.0 / 12.0);
    }
    out.push(top);
    out.dedup();
    out
}

/// The smallest grid size whose hit ratio reaches `target`, if any.
pub fn size_for(points: &[MrcPoint], target: f64) -> Option<u64> {
    points
        .iter()
        .find(|p| p.byte_hit_ratio >= target)
        .map(|p| p.size_blocks)
}

/// Profile a whole stream of I/Os.
pub fn profile(
    ios: impl IntoIterator<Item = BlockIo>,
    policy: MrcPolicy,
    sampling: Sampling,
    sizes: &[u64],
) -> Result<MrcResult, String> {
    let mut p = Profiler::new(policy, sampling, sizes)?;
    for io in ios {
        p.push(&io);
    }
    Ok(p.finish(sizes))
}
