//! flashcache-like set-associative block cache (model §11): block b belongs
//! to set (b / ways) mod sets, so a set covers one contiguous extent of
//! `ways` disk blocks; FIFO takes the slot after the set's pointer, LRU the
//! slot used longest ago. Membership is one bit per library block, so a
//! lookup is O(1) whatever the cache size.

use tierplan_scenario::request::SetReplacement;

const EMPTY: u32 = u32::MAX;

pub struct BlockCache {
    pub block_bytes: u64,
    ways: u32,
    sets: u32,
    lru: bool,
    cached: Vec<u64>,
    /// Block held by each slot (set × ways + way).
    tag: Vec<u32>,
    fifo: Vec<u32>,
    /// LRU only: last use of each slot and the way of each cached block.
    stamp: Vec<u64>,
    way_of: Vec<u16>,
    clock: u64,
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
        let n = sets as usize * ways as usize;
        BlockCache {
            block_bytes,
            ways,
            sets,
            lru,
            cached: vec![0; blocks.div_ceil(64)],
            tag: vec![EMPTY; n],
            fifo: vec![0; sets as usize],
            stamp: if lru { vec![0; n] } else { Vec::new() },
            way_of: if lru { vec![0; blocks] } else { Vec::new() },
            clock: 0,
        }
    }

    pub fn reset(&mut self) {
        self.cached.iter_mut().for_each(|x| *x = 0);
        self.tag.iter_mut().for_each(|x| *x = EMPTY);
        self.fifo.iter_mut().for_each(|x| *x = 0);
        self.stamp.iter_mut().for_each(|x| *x = 0);
        self.clock = 0;
    }

    fn set_of(&self, b: u32) -> u32 {
        (b / self.ways) % self.sets
    }

    pub fn contains(&self, b: u32) -> bool {
        self.cached[(b / 64) as usize] >> (b % 64) & 1 == 1
    }

    /// Flash byte address of a cached block: the slot that holds it (FIFO
    /// finds it by probing its set, as flashcache does).
    pub fn addr_of(&self, b: u32) -> u64 {
        let set = self.set_of(b) as usize;
        let base = set * self.ways as usize;
        let way = if self.lru {
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
            if slot < self.tag.len()
                && self.tag[slot] == b
                && slot / self.ways as usize == self.set_of(b) as usize
            {
                return slot as u64 * self.block_bytes;
            }
        }
        self.addr_of(b)
    }

    /// A hit: LRU refreshes the block's slot.
    pub fn hit(&mut self, b: u32) {
        if self.lru {
            self.clock += 1;
            let slot =
                self.set_of(b) as usize * self.ways as usize + self.way_of[b as usize] as usize;
            self.stamp[slot] = self.clock;
        }
    }

    /// Insert a missing block; returns its slot.
    pub fn insert(&mut self, b: u32) -> u64 {
        let set = self.set_of(b) as usize;
        let base = set * self.ways as usize;
        let way = if self.lru {
            let mut best = 0;
            for w in 1..self.ways as usize {
                if self.stamp[base + w] < self.stamp[base + best] {
                    best = w;
                }
            }
            best
        } else {
            let w = self.fifo[set] as usize;
            self.fifo[set] = (w as u32 + 1) % self.ways;
            w
        };
        let slot = base + way;
        let old = self.tag[slot];
        if old != EMPTY {
            self.cached[(old / 64) as usize] &= !(1u64 << (old % 64));
        }
        self.tag[slot] = b;
        self.cached[(b / 64) as usize] |= 1u64 << (b % 64);
        if self.lru {
            self.clock += 1;
            self.stamp[slot] = self.clock;
            self.way_of[b as usize] = way as u16;
        }
        slot as u64
    }
}
