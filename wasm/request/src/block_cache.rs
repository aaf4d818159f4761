//! flashcache-like set-associative block cache (model §11): block b belongs
//! to set (b / ways) mod sets, so a set covers one contiguous extent of
//! `ways` disk blocks; FIFO takes the slot after the set's pointer, LRU the
//! slot used longest ago (each set's ways in a `kit::LruOrder`, the core's one
//! recency list), SIEVE and S3-FIFO the way the set's `kit::slot_order`
//! gives up (the block engine's orders, one per set). Membership is one bit
//! per library block, so a lookup is O(1) whatever the cache size. Runs of
//! consecutive blocks are inserted per set (`insert_run`) and read back per
//! span of consecutive slots (`slot_span`), the same result as block by
//! block with less work per block.

use tierplan_kit::lru_order::LruOrder;
use tierplan_kit::slot_order::{slot_order, ReplacementOrder, SlotOrder};
use tierplan_scenario::request::SetReplacement;

const EMPTY: u32 = u32::MAX;

pub struct BlockCache {
    pub block_bytes: u64,
    ways: u32,
    /// log2(ways) when `ways` is a power of two (the set is then a shift
    /// away), else `u32::MAX`.
    ways_shift: u32,
    sets: u32,
    lru: bool,
    cached: Vec<u64>,
    /// Block held by each slot (set × ways + way).
    tag: Vec<u32>,
    /// FIFO: each set's pointer; SIEVE, S3-FIFO: each set's ways filled so far.
    fifo: Vec<u32>,
    /// LRU only: each set's ways by recency.
    recency: Vec<LruOrder>,
    /// SIEVE, S3-FIFO only: each set's replacement order over its ways.
    orders: Vec<Box<dyn SlotOrder>>,
    /// All but FIFO: the way of each cached block.
    way_of: Vec<u16>,
}

impl BlockCache {
    pub fn new(
        cache_bytes: u64,
        block_bytes: u64,
        ways: u32,
        policy: SetReplacement,
        library_bytes: u64,
    ) -> BlockCache {
        let slots = (cache_bytes / block_bytes).max(ways as u64);
        let sets = (slots / ways as u64).max(1) as u32;
        let blocks = library_bytes.div_ceil(block_bytes) as usize;
        let lru = policy == SetReplacement::Lru;
        let order = match policy {
            SetReplacement::Sieve => Some(ReplacementOrder::Sieve),
            SetReplacement::S3Fifo => Some(ReplacementOrder::S3Fifo),
            SetReplacement::Fifo | SetReplacement::Lru => None,
        };
        let n = sets as usize * ways as usize;
        BlockCache {
            block_bytes,
            ways,
            ways_shift: if ways.is_power_of_two() {
                ways.trailing_zeros()
            } else {
                u32::MAX
            },
            sets,
            lru,
            cached: vec![0; blocks.div_ceil(64)],
            tag: vec![EMPTY; n],
            fifo: vec![0; sets as usize],
            recency: if lru {
                (0..sets).map(|_| fresh_order(ways)).collect()
            } else {
                Vec::new()
            },
            orders: order.map_or_else(Vec::new, |o| {
                (0..sets).map(|_| slot_order(o, ways)).collect()
            }),
            way_of: if lru || order.is_some() {
                vec![0; blocks]
            } else {
                Vec::new()
            },
        }
    }

    pub fn reset(&mut self) {
        self.cached.iter_mut().for_each(|x| *x = 0);
        self.tag.iter_mut().for_each(|x| *x = EMPTY);
        self.fifo.iter_mut().for_each(|x| *x = 0);
        let ways = self.ways;
        self.recency.iter_mut().for_each(|o| *o = fresh_order(ways));
        self.orders.iter_mut().for_each(|o| o.clear());
    }

    fn set_of(&self, b: u32) -> u32 {
        let extent = if self.ways_shift != u32::MAX {
            b >> self.ways_shift
        } else {
            b / self.ways
        };
        extent % self.sets
    }

    pub fn contains(&self, b: u32) -> bool {
        self.cached[(b / 64) as usize] >> (b % 64) & 1 == 1
    }

    /// The last block of the run from `b` to at most `last` whose blocks
    /// are all in the cache or all out of it, as `b` is: a word of the
    /// membership bits at a time.
    pub fn run_end(&self, b: u32, last: u32) -> u32 {
        let flip = if self.contains(b) { !0u64 } else { 0 };
        let mut p = b;
        while p < last {
            // The bits from block p + 1 on, a set bit where membership
            // differs from b's.
            let next = p + 1;
            let shift = next % 64;
            let differs = (self.cached[(next / 64) as usize] ^ flip) >> shift;
            let same = differs.trailing_zeros().min(64 - shift);
            if same < 64 - shift {
                return (p + same).min(last);
            }
            p = p.saturating_add(same);
        }
        last.max(b)
    }

    /// Flash byte address of a cached block: the slot that holds it (FIFO
    /// finds it by probing its set, as flashcache does).
    pub fn addr_of(&self, b: u32) -> u64 {
        let set = self.set_of(b) as usize;
        let base = set * self.ways as usize;
        let way = if !self.way_of.is_empty() {
            self.way_of[b as usize] as usize
        } else {
            first_of(&self.tag[base..base + self.ways as usize], b)
                .expect("a cached block has a slot")
        };
        (base + way) as u64 * self.block_bytes
    }

    /// Like `addr_of`, first trying the slot after `prev` (the address of
    /// the block before `b`): FIFO fills a run of blocks into consecutive
    /// slots, so a run read back is found without probing its set.
    pub fn addr_after(&self, b: u32, prev: Option<u64>) -> u64 {
        if let Some(a) = prev {
            let slot = (a / self.block_bytes) as usize + 1;
            // A block is only ever put in its own set, so a slot that
            // holds it is in the right set.
            if slot < self.tag.len() && self.tag[slot] == b {
                return slot as u64 * self.block_bytes;
            }
        }
        self.addr_of(b)
    }

    /// A hit: LRU refreshes the block's slot, SIEVE and S3-FIFO note it.
    pub fn hit(&mut self, b: u32) {
        if self.lru {
            let set = self.set_of(b) as usize;
            self.recency[set].move_to_front(self.way_of[b as usize] as u32);
        } else if !self.orders.is_empty() {
            let set = self.set_of(b) as usize;
            self.orders[set].hit(self.way_of[b as usize] as u32);
        }
    }

    /// Hits on blocks `b0..=b1`, in order (FIFO notes none).
    pub fn hit_run(&mut self, b0: u32, b1: u32) {
        if self.lru || !self.orders.is_empty() {
            (b0..=b1).for_each(|k| self.hit(k));
        }
    }

    /// Insert a missing block; returns its slot.
    pub fn insert(&mut self, b: u32) -> u64 {
        let set = self.set_of(b) as usize;
        let base = set * self.ways as usize;
        let way = if self.lru {
            self.recency[set].least_recent().expect("a set has ways") as usize
        } else if !self.orders.is_empty() {
            // Empty ways are taken lowest first; a full set asks its order.
            let filled = self.fifo[set];
            if filled < self.ways {
                self.fifo[set] = filled + 1;
                filled as usize
            } else {
                let tag = &self.tag[base..base + self.ways as usize];
                self.orders[set].evict(b as u64, &|w| tag[w as usize] as u64) as usize
            }
        } else {
            let w = self.fifo[set];
            self.fifo[set] = if w + 1 == self.ways { 0 } else { w + 1 };
            w as usize
        };
        let slot = base + way;
        let old = self.tag[slot];
        if old != EMPTY {
            self.cached[(old / 64) as usize] &= !(1u64 << (old % 64));
        }
        self.tag[slot] = b;
        self.cached[(b / 64) as usize] |= 1u64 << (b % 64);
        if self.lru {
            self.recency[set].move_to_front(way as u32);
        } else if !self.orders.is_empty() {
            self.orders[set].admit(way as u32, b as u64);
        }
        if !self.way_of.is_empty() {
            self.way_of[b as usize] = way as u16;
        }
        slot as u64
    }

    /// Insert the missing blocks `b0..=b1` in order, as `insert` would one
    /// by one, appending their slots to `runs` as runs of consecutive slots
    /// (a slot that follows the last run's end extends it). FIFO puts a
    /// run's blocks of one set in the set's next ways, so each set's share
    /// is written at once: its tags as a slice, its membership bits a word
    /// at a time. The other policies keep the block-by-block path.
    pub fn insert_run(&mut self, b0: u32, b1: u32, runs: &mut Vec<(u64, u64)>) {
        let mut k = b0;
        while k <= b1 {
            let e = if self.lru || !self.orders.is_empty() {
                k
            } else {
                // The last block of k's extent (the blocks of one set).
                let extent_end = (k as u64 / self.ways as u64 + 1) * self.ways as u64 - 1;
                extent_end.min(b1 as u64) as u32
            };
            if e == k {
                push_slot(runs, self.insert(k), 1);
            } else {
                self.insert_fifo_span(k, e, runs);
            }
            if e == u32::MAX {
                break;
            }
            k = e + 1;
        }
    }

    /// FIFO: blocks `k..=e` of one set into the set's next ways, the same
    /// slots, tags and bits as one at a time. One at a time, each way's old
    /// block loses its bit just before the new one gains its own; here all
    /// old bits go first, then all new ones. That only differs when a way
    /// taken holds a block of `k..=e` itself (a tag left behind by a block
    /// inserted twice) and takes its new block after that block was
    /// inserted: then the bit ends cleared, and is cleared again here.
    fn insert_fifo_span(&mut self, k: u32, e: u32, runs: &mut Vec<(u64, u64)>) {
        let ways = self.ways as usize;
        let n = (e - k + 1) as usize;
        let set = self.set_of(k) as usize;
        let base = set * ways;
        let w = self.fifo[set] as usize;
        let first = n.min(ways - w);
        let parts = [(base + w, first), (base, n - first)];
        let span = e - k;
        let mut inside = false;
        for &(at, len) in &parts {
            // The old blocks a way held were mostly inserted together, so
            // they run on consecutively: each run's bits cleared a word at a
            // time (the clears all come before the sets, in any order).
            let old = &self.tag[at..at + len];
            let mut i = 0;
            while i < old.len() {
                let a = old[i];
                let run = consecutive_from(&old[i..]);
                if a != EMPTY {
                    let z = a + (run - 1) as u32;
                    clear_bits(&mut self.cached, a, z);
                    inside |= a <= e && z >= k;
                } else {
                    inside |= e == EMPTY;
                }
                i += run;
            }
        }
        // The blocks whose bit one at a time would clear last (rare).
        let mut late = Vec::new();
        if inside {
            let slots = parts.iter().flat_map(|&(at, len)| at..at + len);
            for (p, s) in slots.enumerate() {
                let old = self.tag[s];
                if old.wrapping_sub(k) <= span && p > (old - k) as usize {
                    late.push(old);
                }
            }
        }
        let mut next = k;
        for &(at, len) in &parts {
            if len == 0 {
                continue;
            }
            for (t, b) in self.tag[at..at + len].iter_mut().zip(next..) {
                *t = b;
            }
            next += len as u32;
            push_slot(runs, at as u64, len as u64);
        }
        set_bits(&mut self.cached, k, e);
        for old in late {
            self.cached[(old / 64) as usize] &= !(1u64 << (old % 64));
        }
        self.fifo[set] = ((w + n) % ways) as u32;
    }

    /// The slot of hit block `b` given the slot of the block before it
    /// (as `addr_after`, in slots), and how many of the blocks after `b`, up
    /// to `last`, sit in the slots right after it.
    pub fn slot_span(&self, b: u32, last: u32, prev: Option<u64>) -> (u64, u32) {
        let slot =
            (self.addr_after(b, prev.map(|s| s * self.block_bytes)) / self.block_bytes) as usize;
        let room = (self.tag.len() - 1 - slot).min((last - b) as usize);
        let more = self.tag[slot + 1..=slot + room]
            .iter()
            .zip(b + 1..)
            .take_while(|&(&t, k)| t == k)
            .count();
        (slot as u64, more as u32)
    }
}

/// The first index of `b` in `tags`: 16 tags at a time, compared without a
/// branch per tag (which the compiler turns into vector compares), and only
/// the group that holds it searched in order.
fn first_of(tags: &[u32], b: u32) -> Option<usize> {
    let groups = tags.chunks_exact(16);
    let rest = groups.remainder();
    for (g, group) in groups.enumerate() {
        if group.iter().fold(false, |any, &t| any | (t == b)) {
            return group.iter().position(|&t| t == b).map(|i| g * 16 + i);
        }
    }
    let done = tags.len() - rest.len();
    rest.iter().position(|&t| t == b).map(|i| done + i)
}

/// Append `n` slots from `slot` to `runs`, extending the last run when
/// they follow it.
fn push_slot(runs: &mut Vec<(u64, u64)>, slot: u64, n: u64) {
    match runs.last_mut() {
        Some((a, m)) if *a + *m == slot => *m += n,
        _ => runs.push((slot, n)),
    }
}

/// Set bits `lo..=hi` of a bit set, a word at a time.
fn set_bits(bits: &mut [u64], lo: u32, hi: u32) {
    let (w0, w1, head, tail) = word_span(lo, hi);
    if w0 == w1 {
        bits[w0] |= head & tail;
        return;
    }
    bits[w0] |= head;
    bits[w0 + 1..w1].iter_mut().for_each(|x| *x = !0);
    bits[w1] |= tail;
}

/// Clear bits `lo..=hi`, a word at a time.
fn clear_bits(bits: &mut [u64], lo: u32, hi: u32) {
    let (w0, w1, head, tail) = word_span(lo, hi);
    if w0 == w1 {
        bits[w0] &= !(head & tail);
        return;
    }
    bits[w0] &= !head;
    bits[w0 + 1..w1].iter_mut().for_each(|x| *x = 0);
    bits[w1] &= !tail;
}

/// The words bits `lo..=hi` fall in, first and last, and the masks of
/// their bits in those two words.
fn word_span(lo: u32, hi: u32) -> (usize, usize, u64, u64) {
    (
        (lo / 64) as usize,
        (hi / 64) as usize,
        !0u64 << (lo % 64),
        !0u64 >> (63 - hi % 64),
    )
}

/// How many tags from the first on run on by one (at least one; an empty
/// way is a run of its own length, as empty ways follow each other). The
/// tags are compared 16 at a time without a branch per tag (vector
/// compares), then one at a time only in the group where the run ends: a
/// cold cache's sets are mostly empty ways, and a FIFO span's old blocks
/// run on for tens of ways, which one compare and branch per tag spent
/// a sixth of the request engine's time on.
fn consecutive_from(tags: &[u32]) -> usize {
    let a = tags[0];
    // Whether tag `t`, `j` places after the first, continues the run: an
    // empty way after an empty one, else the first's block plus `j` (which
    // is never the empty mark).
    let runs_on = |j: usize, t: u32| {
        if a == EMPTY {
            t == EMPTY
        } else {
            t == a.wrapping_add(j as u32) && t != EMPTY
        }
    };
    let mut n = 1;
    for group in tags[1..].chunks(16) {
        let all = group
            .iter()
            .enumerate()
            .fold(true, |ok, (i, &t)| ok & runs_on(n + i, t));
        if !all {
            return n + group
                .iter()
                .enumerate()
                .take_while(|&(i, &t)| runs_on(n + i, t))
                .count();
        }
        n += group.len();
    }
    n
}

/// A set's ways before any use: the empty ways are taken lowest first.
fn fresh_order(ways: u32) -> LruOrder {
    let mut o = LruOrder::new();
    (0..ways).for_each(|w| o.push_front(w));
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cache of `sets` × `ways` 4 KB slots over a library of `blocks`.
    fn small(ways: u32, sets: u32, blocks: u32, policy: SetReplacement) -> BlockCache {
        BlockCache::new(
            (ways * sets) as u64 * 4096,
            4096,
            ways,
            policy,
            blocks as u64 * 4096,
        )
    }

    /// The next of a 64-bit linear congruential sequence.
    fn next(x: &mut u64) -> u64 {
        *x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *x
    }

    /// LRU sets against a plain replay: each set a list, most recent first.
    #[test]
    fn lru_sets_equal_a_plain_replay() {
        let (ways, sets, blocks) = (4u32, 8u32, 400u32);
        let mut c = small(ways, sets, blocks, SetReplacement::Lru);
        let mut lists: Vec<Vec<u32>> = vec![Vec::new(); sets as usize];
        let mut x = 11u64;
        for i in 0..20_000 {
            if i == 10_000 {
                c.reset();
                lists.iter_mut().for_each(Vec::clear);
            }
            // Skewed towards low blocks, so sets see both hits and misses.
            let b = ((next(&mut x) >> 33) % blocks as u64) as u32 / if i % 3 == 0 { 4 } else { 1 };
            let list = &mut lists[((b / ways) % sets) as usize];
            let hit = list.contains(&b);
            assert_eq!(c.contains(b), hit, "access {i} of block {b}");
            if hit {
                list.retain(|&y| y != b);
                c.hit(b);
            } else {
                if list.len() == ways as usize {
                    list.pop();
                }
                c.insert(b);
            }
            list.insert(0, b);
        }
        for b in 0..blocks {
            let set = &lists[((b / ways) % sets) as usize];
            assert_eq!(c.contains(b), set.contains(&b), "block {b} at the end");
        }
    }

    /// `insert_run` leaves every slot, membership bit and set pointer as
    /// inserting the blocks one by one does, and lists the same slot runs:
    /// runs across set boundaries and longer than a set, runs over blocks
    /// already cached (a tag left twice, whose bit FIFO clears last), every
    /// policy, with powers of two and other numbers of ways. The hit
    /// path's `slot_span` finds the slots `addr_after` does block by block.
    #[test]
    fn insert_run_equals_block_by_block() {
        let policies = [
            SetReplacement::Fifo,
            SetReplacement::Lru,
            SetReplacement::Sieve,
            SetReplacement::S3Fifo,
        ];
        for policy in policies {
            for ways in [8u32, 6, 40] {
                let (sets, blocks) = (4u32, 300u32);
                let mut batch = small(ways, sets, blocks, policy);
                let mut one = small(ways, sets, blocks, policy);
                let mut x = 7u64 + ways as u64;
                let (mut got, mut want) = (Vec::new(), Vec::new());
                for i in 0..4000 {
                    let b0 = ((next(&mut x) >> 33) % blocks as u64) as u32;
                    let b1 = (b0 + ((x >> 17) % 30) as u32).min(blocks - 1);
                    // Mostly misses, as the engine inserts; one in five
                    // runs as it comes, cached blocks and all.
                    let e = if i % 5 == 0 { b1 } else { one.run_end(b0, b1) };
                    if one.contains(b0) && i % 5 != 0 {
                        let mut prev = None;
                        let mut k = b0;
                        while k <= e {
                            let (slot, more) = batch.slot_span(k, e, prev);
                            for j in k..=k + more {
                                let a = one.addr_after(j, prev.map(|s| s * 4096));
                                assert_eq!(
                                    a / 4096,
                                    slot + (j - k) as u64,
                                    "access {i}: block {j}"
                                );
                                prev = Some(a / 4096);
                            }
                            k += more + 1;
                            // The span is as long as it can be.
                            let after = slot + more as u64 + 1;
                            let tag = batch.tag.get(after as usize);
                            assert!(k > e || tag != Some(&k), "access {i}: block {k}");
                        }
                        continue;
                    }
                    got.clear();
                    want.clear();
                    batch.insert_run(b0, e, &mut got);
                    for k in b0..=e {
                        push_slot(&mut want, one.insert(k), 1);
                    }
                    let at = format!("{policy:?}, {ways} ways, access {i}: {b0}..={e}");
                    assert_eq!(got, want, "{at}");
                    assert_eq!(batch.tag, one.tag, "{at}");
                    assert_eq!(batch.cached, one.cached, "{at}");
                    assert_eq!(batch.fifo, one.fifo, "{at}");
                    assert_eq!(batch.way_of, one.way_of, "{at}");
                }
            }
        }
    }

    /// `clear_bits` clears what one bit at a time does, within a word and
    /// across several; `consecutive_from` ends a run at a gap, at a step
    /// back, at an empty way, and runs empty ways together.
    #[test]
    fn consecutive_runs_equal_a_tag_by_tag_count() {
        // The run a tag at a time, as the 16-at-a-time count must give it.
        fn plain(tags: &[u32]) -> usize {
            let a = tags[0];
            1 + tags[1..]
                .iter()
                .enumerate()
                .take_while(|&(j, &t)| {
                    if a == EMPTY {
                        t == EMPTY
                    } else {
                        t == a.wrapping_add(j as u32 + 1) && t != EMPTY
                    }
                })
                .count()
        }
        let mut x = 7u64;
        let mut next = || {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (x >> 33) as u32
        };
        for _ in 0..2000 {
            // Runs of empty ways and of consecutive blocks, of lengths
            // around the groups of 16, then a break of either kind.
            let mut tags = Vec::new();
            while tags.len() < 80 {
                let len = 1 + next() as usize % 40;
                if next() % 3 == 0 {
                    tags.extend(std::iter::repeat_n(EMPTY, len));
                } else {
                    let a = if next() % 5 == 0 {
                        EMPTY - 3
                    } else {
                        next() % 1000
                    };
                    tags.extend((0..len as u32).map(|j| a.wrapping_add(j)));
                }
            }
            for from in 0..tags.len() {
                assert_eq!(
                    consecutive_from(&tags[from..]),
                    plain(&tags[from..]),
                    "{:?}",
                    &tags[from..]
                );
            }
        }
    }

    #[test]
    fn clear_bits_and_runs_equal_one_at_a_time() {
        for (lo, hi) in [
            (0u32, 0u32),
            (3, 60),
            (63, 64),
            (5, 200),
            (64, 127),
            (70, 255),
        ] {
            let mut words = vec![!0u64; 4];
            let mut one = words.clone();
            clear_bits(&mut words, lo, hi);
            for b in lo..=hi {
                one[(b / 64) as usize] &= !(1u64 << (b % 64));
            }
            assert_eq!(words, one, "{lo}..={hi}");
        }
        assert_eq!(consecutive_from(&[7, 8, 9, 11]), 3);
        assert_eq!(consecutive_from(&[7, 6]), 1);
        assert_eq!(consecutive_from(&[7, 8, EMPTY]), 2);
        assert_eq!(consecutive_from(&[EMPTY, EMPTY, 3]), 2);
        assert_eq!(consecutive_from(&[EMPTY - 1, EMPTY]), 1);
    }

    /// `first_of` finds the first of equal tags, as a search in order does,
    /// in every group of 16 and in the remainder.
    #[test]
    fn first_of_equals_a_search_in_order() {
        let mut x = 3u64;
        for len in [1usize, 15, 16, 17, 40, 512] {
            for _ in 0..200 {
                let tags: Vec<u32> = (0..len).map(|_| (next(&mut x) >> 60) as u32).collect();
                for b in 0..17 {
                    let want = tags.iter().position(|&t| t == b);
                    assert_eq!(first_of(&tags, b), want, "{tags:?} for {b}");
                }
            }
        }
    }

    /// `run_end` ends each run where a block-by-block walk does, across
    /// word boundaries; FIFO slots are found by `addr_after` and `addr_of`
    /// alike, with a power-of-two and another number of ways.
    #[test]
    fn runs_and_slots_equal_a_plain_walk() {
        for ways in [4u32, 6] {
            let (sets, blocks) = (8u32, 700u32);
            let mut c = small(ways, sets, blocks, SetReplacement::Fifo);
            let mut x = 5u64;
            for i in 0..3000 {
                let b = ((next(&mut x) >> 33) % blocks as u64) as u32;
                let last = (b + ((x >> 20) % 200) as u32).min(blocks - 1);
                let mut e = b;
                while e < last && c.contains(e + 1) == c.contains(b) {
                    e += 1;
                }
                assert_eq!(c.run_end(b, last), e, "access {i}: run from {b} to {last}");
                let mut prev = None;
                for k in b..=e {
                    if c.contains(k) {
                        let a = c.addr_after(k, prev);
                        assert_eq!(a, c.addr_of(k));
                        assert_eq!(c.tag[(a / 4096) as usize], k);
                        prev = Some(a);
                    } else {
                        prev = Some(c.insert(k) * 4096);
                    }
                }
            }
        }
    }
}
