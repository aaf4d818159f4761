//! flashcache-like set-associative block cache (model §11): block b belongs
//! to set (b / ways) mod sets, so a set covers one contiguous extent of
//! `ways` disk blocks; FIFO takes the slot after the set's pointer, LRU the
//! slot used longest ago (each set's ways in a `kit::LruOrder`, the core's one
//! recency list), SIEVE and S3-FIFO the way the set's `kit::slot_order`
//! gives up (the block engine's orders, one per set). Membership is one bit
//! per library block, so a lookup is O(1) whatever the cache size.

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
            self.tag[base..base + self.ways as usize]
                .iter()
                .position(|&t| t == b)
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
