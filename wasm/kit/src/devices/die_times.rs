//! When each die of an SSD is next free, and which die a program goes to
//! (model §11, "Timelines"). A drive of today has 128–512 dies; when every
//! die is backlogged (a write-heavy phase) the die a program goes to is the
//! first in turn of the earliest to free up, and finding it by a scan of
//! every die made a saturated run of the 61.44 TB drive spend most of its
//! time in that scan. From [`BLOCKS_FROM`] dies on, the dies are grouped in
//! blocks of [`BLOCK`] with each block's earliest time kept: a pick then
//! looks at the blocks' minima and one block's dies. A block's minimum is
//! recomputed only when a pick needs it after the die that held it moved
//! (most moves are of the die just picked), so keeping it costs a program
//! next to nothing when the next die in turn is free, the usual case.

/// Dies in a block.
pub const BLOCK: usize = 32;
/// Dies from which the blocks' minima are kept (below it one scan is
/// cheaper).
pub const BLOCKS_FROM: usize = 64;

#[derive(Clone)]
pub struct DieTimes {
    free: Vec<f64>,
    /// Each block's earliest time (NaN skipped; +∞ when none), valid
    /// unless the block is marked stale. Empty below `BLOCKS_FROM`.
    block_min: Vec<f64>,
    stale: Vec<bool>,
    /// When the last die frees up (0 when none has work; NaN skipped), kept
    /// as the times move: a write asks for it and a scan of 512 dies per
    /// write was most of the 61.44 TB drive's cost in `tierplan bench-ssd`.
    latest: f64,
}

impl DieTimes {
    pub fn new(n: usize) -> DieTimes {
        let blocks = if n >= BLOCKS_FROM {
            n.div_ceil(BLOCK)
        } else {
            0
        };
        DieTimes {
            free: vec![0.0; n],
            block_min: vec![0.0; blocks],
            stale: vec![false; blocks],
            latest: 0.0,
        }
    }

    pub fn len(&self) -> usize {
        self.free.len()
    }

    pub fn is_empty(&self) -> bool {
        self.free.is_empty()
    }

    pub fn as_slice(&self) -> &[f64] {
        &self.free
    }

    #[inline]
    pub fn get(&self, u: usize) -> f64 {
        self.free[u]
    }

    #[inline]
    pub fn set(&mut self, u: usize, t: f64) {
        let old = self.free[u];
        self.free[u] = t;
        if t > self.latest {
            self.latest = t;
        } else if old == self.latest && (t < old || t.is_nan()) {
            // The die that held the latest time moved earlier (or to NaN):
            // rare, as a die's timeline only grows between resets.
            self.latest = scan_latest(&self.free);
        }
        if !self.block_min.is_empty() {
            let b = u / BLOCK;
            if t < self.block_min[b] {
                self.block_min[b] = t;
            } else if old <= self.block_min[b] {
                // The die that may have held the minimum moved.
                self.stale[b] = true;
            }
        }
    }

    pub fn fill(&mut self, t: f64) {
        self.free.iter_mut().for_each(|x| *x = t);
        self.stale.iter_mut().for_each(|x| *x = true);
        self.latest = scan_latest(&self.free);
    }

    /// When the last die frees up (0 when none has work; NaN skipped).
    #[inline]
    pub fn latest(&self) -> f64 {
        self.latest
    }

    /// The die a program ready at `ready` goes to: the first in turn from
    /// `next` that is free by then, else the first in turn of those that
    /// free up earliest; `next` when every time is NaN or infinite
    /// (`pick_unit`'s answer, found through the blocks' minima).
    #[inline]
    pub fn pick(&mut self, next: usize, ready: f64) -> usize {
        self.pick_earliest(next, ready).0
    }

    /// `pick`'s die and, when it had to look past `next`, the earliest time
    /// of all dies (NaN skipped; −∞ when it did not look: `next` was free
    /// by `ready`). A caller that moves dies only later can keep that time
    /// as a floor under every die's time (see `Ssd`'s runs of units).
    #[inline]
    pub fn pick_earliest(&mut self, next: usize, ready: f64) -> (usize, f64) {
        if self.block_min.is_empty() {
            return pick_unit_earliest(&self.free, next, ready);
        }
        if self.free[next] <= ready {
            return (next, f64::NEG_INFINITY);
        }
        self.refresh();
        let mut earliest = f64::INFINITY;
        for &m in &self.block_min {
            if m < earliest {
                earliest = m;
            }
        }
        // Nothing is earlier than `earliest`, so "at or before it" is "at it".
        let by = if earliest <= ready {
            ready
        } else if earliest < f64::INFINITY {
            earliest
        } else {
            return (next, earliest);
        };
        let u = self
            .first_by(next, by)
            .or_else(|| self.first_by(0, by))
            .unwrap_or(next);
        (u, earliest)
    }

    /// Recompute the minima of the blocks whose minimum may have moved.
    fn refresh(&mut self) {
        for (b, stale) in self.stale.iter_mut().enumerate() {
            if *stale {
                *stale = false;
                let lo = b * BLOCK;
                let hi = (lo + BLOCK).min(self.free.len());
                let mut m = f64::INFINITY;
                for &f in &self.free[lo..hi] {
                    if f < m {
                        m = f;
                    }
                }
                self.block_min[b] = m;
            }
        }
    }

    /// The first die from `from` on whose time is at or before `by`: the
    /// rest of `from`'s block, then the first later block whose minimum
    /// is (it holds one; a block that holds one has its minimum there).
    fn first_by(&self, from: usize, by: f64) -> Option<usize> {
        let n = self.free.len();
        let b0 = from / BLOCK;
        let end = ((b0 + 1) * BLOCK).min(n);
        if let Some(k) = self.free[from..end].iter().position(|&f| f <= by) {
            return Some(from + k);
        }
        let b = (b0 + 1..self.block_min.len()).find(|&b| self.block_min[b] <= by)?;
        let lo = b * BLOCK;
        let hi = (lo + BLOCK).min(n);
        self.free[lo..hi]
            .iter()
            .position(|&f| f <= by)
            .map(|k| lo + k)
    }
}

/// The latest of `free` and 0, NaN skipped.
fn scan_latest(free: &[f64]) -> f64 {
    free.iter().copied().fold(0.0, f64::max)
}

/// The die a program ready at `ready` goes to: the first in turn from
/// `next` that is free by then (usually `next` itself: it has had longest
/// to finish, and then nothing else is looked at, so the cost does not grow
/// with the number of dies — 512 on the largest QLC drive — while they keep
/// up), else the first in turn of those that free up earliest; `next` when
/// every time is NaN or infinite (a degenerate drive: a `<` comparison
/// skips NaN). Past `next`, the earliest time over all dies comes first
/// (branch-free, in four interleaved minima), then one scan in turn for the first die free by `ready`
/// or, when none is, at that earliest time: the die a single scan keeping
/// the strictly earliest would pick, without that scan's unpredictable
/// branch at every die (a third of `program_unit`'s samples natively).
pub fn pick_unit(free: &[f64], next: usize, ready: f64) -> usize {
    pick_unit_earliest(free, next, ready).0
}

/// `pick_unit`'s die, and the earliest time it found (−∞ when `next` was
/// free by `ready` and it looked no further).
#[inline]
pub fn pick_unit_earliest(free: &[f64], next: usize, ready: f64) -> (usize, f64) {
    if free[next] <= ready {
        return (next, f64::NEG_INFINITY);
    }
    // Four running minima (four short chains instead of one long one),
    // then the least of them: the same value in any order.
    let mut lanes = [f64::INFINITY; 4];
    let mut fours = free.chunks_exact(4);
    for four in &mut fours {
        for (e, &f) in lanes.iter_mut().zip(four) {
            if f < *e {
                *e = f;
            }
        }
    }
    for &f in fours.remainder() {
        if f < lanes[0] {
            lanes[0] = f;
        }
    }
    let mut earliest = f64::INFINITY;
    for e in lanes {
        if e < earliest {
            earliest = e;
        }
    }
    let found = if earliest <= ready {
        first_in_turn(free, next, |f| f <= ready)
    } else if earliest < f64::INFINITY {
        first_in_turn(free, next, |f| f == earliest)
    } else {
        None
    };
    (found.unwrap_or(next), earliest)
}

/// The first die in turn from `next` (then wrapping to 0) whose time passes `want`.
#[inline(always)]
fn first_in_turn(free: &[f64], next: usize, want: impl Fn(f64) -> bool) -> Option<usize> {
    let (before, from) = free.split_at(next);
    from.iter()
        .position(|&f| want(f))
        .map(|k| next + k)
        .or_else(|| before.iter().position(|&f| want(f)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sampling::rng::SimRng;

    /// `pick_unit` picks the die a single scan in turn from `next` does
    /// (the first free by `ready`, else the first strictly earliest), with
    /// ties, NaN and infinite times.
    #[test]
    fn pick_unit_equals_one_scan_in_turn() {
        let scan = |free: &[f64], next: usize, ready: f64| {
            let n = free.len();
            let mut unit = next;
            let mut earliest = f64::INFINITY;
            for u in (next..n).chain(0..next) {
                if free[u] <= ready {
                    return u;
                }
                if free[u] < earliest {
                    earliest = free[u];
                    unit = u;
                }
            }
            unit
        };
        let mut rng = SimRng::new(5);
        let values = [0.0, 0.5, 1.0, 1.0, 2.0, 3.5, f64::INFINITY, f64::NAN];
        for n in [1usize, 2, 3, 10, 17] {
            for _ in 0..2000 {
                let free: Vec<f64> = (0..n)
                    .map(|_| values[(rng.uniform() * values.len() as f64) as usize])
                    .collect();
                let next = (rng.uniform() * n as f64) as usize;
                for ready in [-1.0, 0.0, 0.7, 1.0, 2.5, 10.0, f64::INFINITY, f64::NAN] {
                    assert_eq!(
                        pick_unit(&free, next, ready),
                        scan(&free, next, ready),
                        "{free:?} next {next} ready {ready}"
                    );
                }
            }
        }
    }

    /// The blocks' pick is the scan's, die for die, as the times change one
    /// die at a time (as programs and reads move them), with ties, NaN and
    /// infinite times, on both sides of `BLOCKS_FROM`; the latest time kept
    /// is the scan's, bit for bit.
    #[test]
    fn the_blocks_pick_the_die_the_scan_picks() {
        let mut rng = SimRng::new(9);
        let values = [0.0, 0.5, 1.0, 1.0, 2.0, 3.5, f64::INFINITY, f64::NAN];
        for n in [1usize, 2, 10, 63, 64, 100, 512] {
            let mut d = DieTimes::new(n);
            assert_eq!(!d.block_min.is_empty(), n >= BLOCKS_FROM);
            for step in 0..4000 {
                if step % 1000 == 0 {
                    d.fill(if step == 2000 { 1.0 } else { 0.0 });
                }
                let u = (rng.uniform() * n as f64) as usize;
                // Mostly later times (a die's timeline only grows between
                // resets), now and then any of the awkward values.
                let t = if rng.uniform() < 0.8 {
                    d.get(u) + rng.uniform() * 3.0
                } else {
                    values[(rng.uniform() * values.len() as f64) as usize]
                };
                d.set(u, t);
                assert_eq!(
                    d.latest().to_bits(),
                    scan_latest(d.as_slice()).to_bits(),
                    "latest: n {n} step {step}"
                );
                let next = (rng.uniform() * n as f64) as usize;
                for ready in [-1.0, 0.0, 0.7, 1.0, 2.5, 10.0, 1e4, f64::INFINITY, f64::NAN] {
                    assert_eq!(
                        d.pick(next, ready),
                        pick_unit(d.as_slice(), next, ready),
                        "n {n} step {step} next {next} ready {ready}"
                    );
                }
            }
        }
    }
}
