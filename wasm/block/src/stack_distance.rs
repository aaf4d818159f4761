//! Hit-ratio curves of an LRU cache for every cache size at once, from
//! Mattson stack distances (model §13; feeds the §9 cost model).
//!
//! The stack distance of an access is the number of distinct other blocks
//! touched since the previous access to the same block; an LRU cache of `c`
//! blocks hits exactly when that distance is below `c`. `LruStack` is the
//! one stack of the crate (the FAST'12 curves here and the miss-ratio curves
//! of `mrc` both use it): each block's last access carries a stamp; a
//! Fenwick tree over the stamps counts the live (latest) stamps after a
//! given one in O(log n). Stamps run in a window at least twice the blocks
//! on the stack and are renumbered when the window is used up, so
//! renumbering is amortised O(1) per access; blocks can be taken off the
//! stack (sampling drops them, a bounded tracker forgets the oldest).
//!
//! `StackDistance` turns the stack into hit-ratio curves. Its memory is
//! bounded: at most `max_blocks` blocks are tracked; the one accessed
//! longest ago is forgotten first, which only affects distances ≥
//! `max_blocks`, i.e. caches larger than the tracker was built for. For
//! caches of millions of blocks, `sampled` keeps the tracker small by
//! spatial sampling (as in SHARDS, Waldspurger et al., FAST'15): only blocks
//! whose hash falls in 1 of every k buckets are tracked, and their distances
//! are scaled by k. That is exact for k = 1 and an estimate otherwise.
//!
//! Reads and writes get separate histograms of the same stack, so one
//! tracker over a mixed stream gives H_R and H_W of a single unified LRU
//! (FP-FCL); two trackers over the read and the write stream give the split
//! curves of separate read and write lists (RW/OP-FCL). `decay` ages the
//! histograms so OP-FCL's curves follow the recent periods.

use crate::fenwick::Fenwick;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use tierplan_kit::analytics::cost_model::HitCurves;

const NONE: u64 = u64::MAX;

/// A multiplicative hasher for block numbers (the default SipHash is several
/// times slower and its DoS resistance buys nothing here).
#[derive(Default)]
pub struct BlockHasher(u64);

impl Hasher for BlockHasher {
    fn finish(&self) -> u64 {
        let h = self.0.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^ (h >> 29)
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.0 = (self.0 << 8) | *b as u64;
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

pub type BlockHashMap<V> = HashMap<u64, V, BuildHasherDefault<BlockHasher>>;

/// A hash for sampling, independent of the map's.
fn sample_hash(block: u64) -> u64 {
    let mut h = block ^ 0x5851_F42D_4C95_7F2D;
    h = (h ^ (h >> 33)).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    h ^ (h >> 33)
}

/// An LRU stack that reports each access's stack distance (Mattson et al.,
/// 1970), see the module's comment.
pub struct LruStack {
    stamp_of: BlockHashMap<u64>,
    block_at: Vec<u64>,
    marks: Fenwick,
    next: usize,
    live: usize,
}

impl Default for LruStack {
    fn default() -> Self {
        Self::new()
    }
}

impl LruStack {
    pub fn new() -> LruStack {
        let cap = 1 << 12;
        LruStack {
            stamp_of: BlockHashMap::default(),
            block_at: vec![NONE; cap],
            marks: Fenwick::new(cap),
            next: 0,
            live: 0,
        }
    }

    /// Blocks on the stack.
    pub fn len(&self) -> usize {
        self.live
    }

    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// Move `block` to the top; its distance before the move (None on its
    /// first access).
    pub fn access(&mut self, block: u64) -> Option<u64> {
        let d = match self.stamp_of.get(&block).copied() {
            Some(s) => {
                let s = s as usize;
                // Live stamps after s: distinct blocks touched since.
                let after = self.live as i64 - self.marks.prefix(s);
                self.marks.add(s, -1);
                self.block_at[s] = NONE;
                self.live -= 1;
                Some(after as u64)
            }
            None => None,
        };
        self.push(block);
        d
    }

    /// Whether `block` is on the stack.
    pub fn contains(&self, block: u64) -> bool {
        self.stamp_of.contains_key(&block)
    }

    /// Take the block accessed longest ago off the stack (a bounded tracker
    /// forgets it); the stack must not be empty.
    pub fn remove_oldest(&mut self) {
        let oldest = self.block_at[self.marks.find(1)];
        self.remove(oldest);
    }

    /// Take `block` off the stack (sampling dropped it).
    pub fn remove(&mut self, block: u64) {
        if let Some(s) = self.stamp_of.remove(&block) {
            let s = s as usize;
            self.marks.add(s, -1);
            self.block_at[s] = NONE;
            self.live -= 1;
        }
    }

    fn push(&mut self, block: u64) {
        if self.next == self.block_at.len() {
            self.renumber();
        }
        let s = self.next;
        self.next += 1;
        self.block_at[s] = block;
        self.marks.add(s, 1);
        self.stamp_of.insert(block, s as u64);
        self.live += 1;
    }

    /// Renumber the live stamps 0.. in order, into a window at least twice
    /// the live count (so the next renumbering is far off).
    fn renumber(&mut self) {
        let cap = if self.live * 2 <= self.block_at.len() {
            self.block_at.len()
        } else {
            self.block_at.len() * 2
        };
        let mut at = vec![NONE; cap];
        let mut marks = Fenwick::new(cap);
        let mut k = 0;
        for &b in &self.block_at[..self.next] {
            if b != NONE {
                at[k] = b;
                marks.add(k, 1);
                self.stamp_of.insert(b, k as u64);
                k += 1;
            }
        }
        self.block_at = at;
        self.marks = marks;
        self.next = k;
    }
}

/// Read and write stack-distance histograms of one LRU stack: hit ratios
/// of an LRU cache at every size up to `max_blocks`.
pub struct StackDistance {
    /// Largest cache size measured, blocks.
    max_blocks: usize,
    /// Blocks tracked (max_blocks / sample).
    tracked: usize,
    /// One block in `sample` (by hash) is tracked.
    sample: u64,
    /// Distance histogram bucket width, blocks.
    width: usize,
    stack: LruStack,
    read_hist: Vec<f64>,
    write_hist: Vec<f64>,
    reads: f64,
    writes: f64,
}

impl StackDistance {
    /// Tracks up to `max_blocks` distinct blocks (≥ 1) with histograms of at
    /// most `buckets` buckets (width 1 when `buckets ≥ max_blocks`: exact).
    pub fn new(max_blocks: usize, buckets: usize) -> StackDistance {
        Self::sampled(max_blocks, buckets, max_blocks)
    }

    /// Like `new`, but tracks at most about `limit` blocks by sampling one
    /// block in k = ⌈max_blocks / limit⌉.
    pub fn sampled(max_blocks: usize, buckets: usize, limit: usize) -> StackDistance {
        let max_blocks = max_blocks.max(1);
        let sample = max_blocks.div_ceil(limit.max(1)).max(1);
        let tracked = max_blocks.div_ceil(sample);
        let width = max_blocks.div_ceil(buckets.max(1));
        let n_buckets = max_blocks.div_ceil(width);
        StackDistance {
            max_blocks,
            tracked,
            sample: sample as u64,
            width,
            stack: LruStack::new(),
            read_hist: vec![0.0; n_buckets],
            write_hist: vec![0.0; n_buckets],
            reads: 0.0,
            writes: 0.0,
        }
    }

    pub fn max_blocks(&self) -> usize {
        self.max_blocks
    }

    /// Whether `block` is one the tracker follows (all of them unless it
    /// samples).
    pub fn tracks(&self, block: u64) -> bool {
        self.sample == 1 || sample_hash(block).is_multiple_of(self.sample)
    }

    /// Record an access; returns its stack distance (None: first access or
    /// beyond the tracked range).
    pub fn access(&mut self, block: u64, write: bool) -> Option<usize> {
        if !self.tracks(block) {
            return None;
        }
        let dist = self.stack.access(block).map(|d| self.scaled(d));
        if self.stack.len() > self.tracked {
            self.stack.remove_oldest();
        }
        let (hist, count) = if write {
            (&mut self.write_hist, &mut self.writes)
        } else {
            (&mut self.read_hist, &mut self.reads)
        };
        *count += 1.0;
        if let Some(d) = dist.filter(|&d| d < self.max_blocks) {
            hist[d / self.width] += 1.0;
        }
        dist
    }

    /// Move `block` to the top if it is tracked, without counting an
    /// access; returns its stack distance before the move (None: not
    /// tracked). OP-FCL's write stack uses it for reads, which keep a block
    /// of the write list hot without writing it.
    pub fn touch(&mut self, block: u64) -> Option<usize> {
        if !self.tracks(block) || !self.stack.contains(block) {
            return None;
        }
        self.stack.access(block).map(|d| self.scaled(d))
    }

    /// A distance among the tracked blocks, in blocks of the whole stream.
    fn scaled(&self, d: u64) -> usize {
        d as usize * self.sample as usize
    }

    /// Multiply every histogram count by `factor` (0–1): older accesses
    /// weigh less in the curves.
    pub fn decay(&mut self, factor: f64) {
        self.read_hist.iter_mut().for_each(|x| *x *= factor);
        self.write_hist.iter_mut().for_each(|x| *x *= factor);
        self.reads *= factor;
        self.writes *= factor;
    }

    fn hit(&self, hist: &[f64], total: f64, size: f64) -> f64 {
        if total <= 0.0 || size.is_nan() || size <= 0.0 {
            return 0.0;
        }
        let size = size.min(self.max_blocks as f64);
        let w = self.width as f64;
        let full = (size / w).floor() as usize;
        let mut hits: f64 = hist[..full.min(hist.len())].iter().sum();
        if full < hist.len() {
            // Within a bucket, distances are taken as evenly spread.
            hits += hist[full] * (size - full as f64 * w) / w;
        }
        (hits / total).clamp(0.0, 1.0)
    }

    /// Read hit ratio of an LRU cache of `size` blocks.
    pub fn read_hit_at(&self, size: f64) -> f64 {
        self.hit(&self.read_hist, self.reads, size)
    }

    /// Write hit ratio of an LRU cache of `size` blocks.
    pub fn write_hit_at(&self, size: f64) -> f64 {
        self.hit(&self.write_hist, self.writes, size)
    }

    /// Reads and writes counted (after decay, weighted).
    pub fn counts(&self) -> (f64, f64) {
        (self.reads, self.writes)
    }
}

/// §9 hit curves of one unified LRU over `blocks` blocks of flash: a cache
/// of caching share u holds u·blocks; r does not matter.
pub struct UnifiedCurves<'a> {
    pub stack: &'a StackDistance,
    pub blocks: f64,
}

impl HitCurves for UnifiedCurves<'_> {
    fn read_hit(&self, u: f64, _r: f64) -> f64 {
        self.stack.read_hit_at(u * self.blocks)
    }
    fn write_hit(&self, u: f64, _r: f64) -> f64 {
        self.stack.write_hit_at(u * self.blocks)
    }
}

/// §9 hit curves of separate read and write lists: the read list holds
/// u·r·blocks, the write list u·(1 − r)·blocks.
pub struct SplitCurves<'a> {
    pub reads: &'a StackDistance,
    pub writes: &'a StackDistance,
    pub blocks: f64,
}

impl HitCurves for SplitCurves<'_> {
    fn read_hit(&self, u: f64, r: f64) -> f64 {
        self.reads.read_hit_at(u * r * self.blocks)
    }
    fn write_hit(&self, u: f64, r: f64) -> f64 {
        self.writes.write_hit_at(u * (1.0 - r) * self.blocks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tierplan_kit::sampling::rng::SimRng;

    /// Plain LRU replay: hits of reads and writes at `size`.
    fn lru_replay(trace: &[(u64, bool)], size: usize) -> (u64, u64) {
        let mut stack: Vec<u64> = Vec::new();
        let (mut rh, mut wh) = (0, 0);
        for &(b, w) in trace {
            if let Some(i) = stack.iter().position(|&x| x == b) {
                stack.remove(i);
                if w {
                    wh += 1
                } else {
                    rh += 1
                }
            } else if stack.len() == size {
                stack.pop();
            }
            stack.insert(0, b);
        }
        (rh, wh)
    }

    fn trace(n: usize, blocks: u64, seed: u64) -> Vec<(u64, bool)> {
        let mut rng = SimRng::new(seed);
        (0..n)
            .map(|_| {
                let x = rng.uniform();
                // Skewed: squares crowd toward small block numbers.
                ((x * x * blocks as f64) as u64, rng.uniform() < 0.3)
            })
            .collect()
    }

    #[test]
    fn equals_lru_replays_at_every_size() {
        let t = trace(6000, 400, 7);
        // Small tracker window: compaction runs many times.
        let mut sd = StackDistance::new(400, 400);
        t.iter().for_each(|&(b, w)| {
            sd.access(b, w);
        });
        let (reads, writes) = sd.counts();
        for size in [1usize, 2, 5, 17, 64, 150, 399, 400] {
            let (rh, wh) = lru_replay(&t, size);
            assert_eq!(
                (sd.read_hit_at(size as f64) * reads).round() as u64,
                rh,
                "reads at {size}"
            );
            assert_eq!(
                (sd.write_hit_at(size as f64) * writes).round() as u64,
                wh,
                "writes at {size}"
            );
        }
    }

    #[test]
    fn bounded_tracker_is_exact_below_its_size() {
        let t = trace(5000, 2000, 3);
        let mut sd = StackDistance::new(100, 100);
        t.iter().for_each(|&(b, w)| {
            sd.access(b, w);
        });
        assert!(sd.stack.len() <= 100);
        let (reads, _) = sd.counts();
        for size in [10usize, 50, 100] {
            let (rh, _) = lru_replay(&t, size);
            assert_eq!((sd.read_hit_at(size as f64) * reads).round() as u64, rh);
        }
        // Beyond the tracked size the curve stays flat.
        assert_eq!(sd.read_hit_at(500.0), sd.read_hit_at(100.0));
    }

    #[test]
    fn sampled_tracker_estimates_the_curve() {
        // Sampling needs many blocks to average over: 40 000 here, 1 in 10
        // tracked.
        let t = trace(300_000, 40_000, 5);
        let mut exact = StackDistance::new(40_000, 400);
        let mut sampled = StackDistance::sampled(40_000, 400, 4000);
        assert_eq!(sampled.sample, 10);
        for &(b, w) in &t {
            exact.access(b, w);
            sampled.access(b, w);
        }
        assert!(sampled.stack.len() <= 4000);
        for size in [2000.0, 10_000.0, 30_000.0] {
            let (e, s) = (exact.read_hit_at(size), sampled.read_hit_at(size));
            assert!((e - s).abs() < 0.03, "{size}: {e} vs {s}");
        }
    }

    #[test]
    fn coarse_buckets_interpolate_between_exact_points() {
        let t = trace(4000, 300, 11);
        let mut exact = StackDistance::new(300, 300);
        let mut coarse = StackDistance::new(300, 30);
        for &(b, w) in &t {
            exact.access(b, w);
            coarse.access(b, w);
        }
        for size in [10.0, 100.0, 300.0] {
            assert!((exact.read_hit_at(size) - coarse.read_hit_at(size)).abs() < 1e-12);
        }
        let mid = coarse.read_hit_at(105.0);
        assert!(mid >= exact.read_hit_at(100.0) && mid <= exact.read_hit_at(110.0));
    }

    #[test]
    fn decay_weighs_recent_accesses_more() {
        let mut sd = StackDistance::new(10, 10);
        // Period 1: every read misses (cycling 0..20 overflows any size).
        for i in 0..200u64 {
            sd.access(i % 20, false);
        }
        assert_eq!(sd.read_hit_at(10.0), 0.0);
        sd.decay(0.0);
        // Period 2: the same block again and again hits at size 1.
        for _ in 0..100 {
            sd.access(5, false);
        }
        assert!((sd.read_hit_at(1.0) - 0.99).abs() < 1e-12);
    }

    #[test]
    fn curves_scale_sizes_by_u_and_r() {
        let mut r = StackDistance::new(100, 100);
        let mut w = StackDistance::new(100, 100);
        for i in 0..1000u64 {
            r.access(i % 40, false);
            w.access(i % 10, true);
        }
        let split = SplitCurves {
            reads: &r,
            writes: &w,
            blocks: 100.0,
        };
        // Read list 0.5·0.8·100 = 40 blocks holds the 40-block cycle.
        assert!(split.read_hit(0.5, 0.8) > 0.95);
        assert_eq!(split.read_hit(0.5, 0.7), 0.0);
        assert!(split.write_hit(0.5, 0.8) > 0.98);
        let uni = UnifiedCurves {
            stack: &r,
            blocks: 100.0,
        };
        assert_eq!(uni.read_hit(0.4, 0.0), r.read_hit_at(40.0));
    }

    /// Distances against a plain list (the textbook stack).
    #[test]
    fn distances_equal_a_plain_stack() {
        let mut s = LruStack::new();
        let mut list: Vec<u64> = Vec::new();
        let mut x = 7u64;
        for i in 0..20_000u64 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let b = (x >> 33) % if i % 3 == 0 { 50 } else { 3000 };
            if i % 97 == 0 {
                s.remove(b);
                list.retain(|&y| y != b);
                continue;
            }
            let want = list.iter().position(|&y| y == b).map(|p| p as u64);
            if let Some(p) = want {
                list.remove(p as usize);
            }
            list.insert(0, b);
            assert_eq!(s.access(b), want, "access {i} of block {b}");
            assert_eq!(s.len(), list.len());
        }
    }
}
