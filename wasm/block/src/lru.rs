//! The bookkeeping every block cache policy shares: a fixed number of 4 KB
//! slots, a map from disk block to slot, and a replacement order over the
//! occupied slots (`crate::slot_order`: LRU, the core's one LRU list, for
//! the studies; SIEVE or S3-FIFO on request). Slot `s` is what the policy
//! hands the engine as the flash address, so a slot lives at the same
//! logical flash page for as long as it holds a block. Arrays grow only
//! while the cache first fills (at most doubling a handful of times) and
//! are reused afterwards: a warm LRU cache allocates nothing per I/O.

use crate::slot_order::{LruSlots, SlotOrder};

const NONE: u32 = u32::MAX;

/// Open-addressing map from block number to slot (linear probing, deletion
/// by backward shift so no tombstones build up). Each entry keeps its key
/// beside the slot, so a probe touches one cache line.
struct BlockMap {
    table: Vec<(u64, u32)>,
    mask: usize,
    len: usize,
}

const EMPTY: (u64, u32) = (0, NONE);

fn hash(block: u64) -> usize {
    // A 64-bit multiplicative mix (the Fibonacci constant); block numbers of
    // sequential runs spread over the table.
    let h = block.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h ^ (h >> 29)) as usize
}

impl BlockMap {
    fn new() -> BlockMap {
        BlockMap {
            table: vec![EMPTY; 1024],
            mask: 1023,
            len: 0,
        }
    }

    fn clear(&mut self) {
        self.table.iter_mut().for_each(|x| *x = EMPTY);
        self.len = 0;
    }

    fn get(&self, block: u64) -> Option<u32> {
        let mut i = hash(block) & self.mask;
        loop {
            let (k, s) = self.table[i];
            if s == NONE {
                return None;
            }
            if k == block {
                return Some(s);
            }
            i = (i + 1) & self.mask;
        }
    }

    fn place(&mut self, block: u64, slot: u32) {
        let mut i = hash(block) & self.mask;
        while self.table[i].1 != NONE {
            i = (i + 1) & self.mask;
        }
        self.table[i] = (block, slot);
    }

    fn insert(&mut self, block: u64, slot: u32) {
        if (self.len + 1) * 2 > self.table.len() {
            let old = std::mem::take(&mut self.table);
            self.table = vec![EMPTY; old.len() * 2];
            self.mask = self.table.len() - 1;
            for (k, s) in old.into_iter().filter(|e| e.1 != NONE) {
                self.place(k, s);
            }
        }
        self.place(block, slot);
        self.len += 1;
    }

    fn remove(&mut self, block: u64) {
        let mut i = hash(block) & self.mask;
        loop {
            let (k, s) = self.table[i];
            if s == NONE {
                return;
            }
            if k == block {
                break;
            }
            i = (i + 1) & self.mask;
        }
        // Backward-shift deletion: pull later entries of the probe run into
        // the hole when their home position allows it.
        let mut hole = i;
        let mut j = i;
        loop {
            j = (j + 1) & self.mask;
            let e = self.table[j];
            if e.1 == NONE {
                break;
            }
            let home = hash(e.0) & self.mask;
            let dist_j = j.wrapping_sub(home) & self.mask;
            let dist_hole = hole.wrapping_sub(home) & self.mask;
            if dist_hole <= dist_j {
                self.table[hole] = e;
                hole = j;
            }
        }
        self.table[hole] = EMPTY;
        self.len -= 1;
    }
}

/// Per-slot flags.
pub const DIRTY: u8 = 1;
/// The block was read while it sat in this list (HySSC's migration rule).
pub const REREAD: u8 = 2;
/// Set on every occupied slot (so a freed slot reads as empty).
pub const LIVE: u8 = 4;

/// A fixed-capacity cache of 4 KB blocks in slots, with the replacement
/// order `O` (crate::slot_order) deciding which block a full cache gives up.
pub struct SlotCache<O: SlotOrder> {
    capacity: u32,
    keys: Vec<u64>,
    flags: Vec<u8>,
    map: BlockMap,
    order: O,
    len: u32,
    /// Slots freed by `remove`, reused before fresh ones.
    free: Vec<u32>,
}

/// The studies' LRU list of slots (the core's one LRU order).
pub type SlotLru = SlotCache<LruSlots>;

impl SlotLru {
    pub fn new(capacity: u32) -> SlotLru {
        SlotCache::with_order(capacity, LruSlots::default())
    }

    /// The least recently used slot, if any.
    pub fn lru(&self) -> Option<u32> {
        self.order.least_recent()
    }

    /// Give the LRU slot to `block` (the list is full): see `replace_victim`.
    pub fn replace_lru(&mut self, block: u64, flags: u8) -> (u32, u64, u8) {
        self.replace_victim(block, flags)
    }
}

impl<O: SlotOrder> SlotCache<O> {
    pub fn with_order(capacity: u32, order: O) -> SlotCache<O> {
        SlotCache {
            capacity,
            keys: Vec::new(),
            flags: Vec::new(),
            map: BlockMap::new(),
            order,
            len: 0,
            free: Vec::new(),
        }
    }

    pub fn capacity(&self) -> u32 {
        self.capacity
    }

    pub fn len(&self) -> u32 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn is_full(&self) -> bool {
        self.len >= self.capacity
    }

    pub fn clear(&mut self) {
        self.keys.clear();
        self.flags.clear();
        self.map.clear();
        self.free.clear();
        self.order.clear();
        self.len = 0;
    }

    pub fn get(&self, block: u64) -> Option<u32> {
        self.map.get(block)
    }

    pub fn block_of(&self, slot: u32) -> u64 {
        self.keys[slot as usize]
    }

    pub fn flags(&self, slot: u32) -> u8 {
        self.flags[slot as usize]
    }

    /// Whether `slot` holds a block.
    pub fn occupied(&self, slot: u32) -> bool {
        self.flags.get(slot as usize).is_some_and(|f| f & LIVE != 0)
    }

    pub fn set_flag(&mut self, slot: u32, f: u8) {
        self.flags[slot as usize] |= f;
    }

    /// A hit on `slot` (LRU: it becomes the most recently used).
    pub fn touch(&mut self, slot: u32) {
        self.order.hit(slot);
    }

    /// Drop `slot`'s block; the slot is free for reuse.
    pub fn remove(&mut self, slot: u32) {
        self.map.remove(self.keys[slot as usize]);
        self.order.remove(slot);
        self.flags[slot as usize] = 0;
        self.len -= 1;
        self.free.push(slot);
    }

    /// Put `block` (not cached) in a cache with room and return its slot.
    pub fn insert(&mut self, block: u64, flags: u8) -> u32 {
        debug_assert!(!self.is_full() && self.get(block).is_none());
        let s = match self.free.pop() {
            Some(s) => s,
            None => {
                let s = self.keys.len() as u32;
                self.keys.push(0);
                self.flags.push(0);
                s
            }
        };
        self.keys[s as usize] = block;
        self.flags[s as usize] = flags | LIVE;
        self.map.insert(block, s);
        self.order.admit(s, block);
        self.len += 1;
        s
    }

    /// Give the slot the order chooses to `block` (the cache is full):
    /// returns the slot and the evicted block's number and flags. The slot
    /// keeps its flash page.
    pub fn replace_victim(&mut self, block: u64, flags: u8) -> (u32, u64, u8) {
        let keys = &self.keys;
        let s = self.order.evict(block, &|slot| keys[slot as usize]);
        let (old, old_flags) = (self.keys[s as usize], self.flags[s as usize]);
        self.map.remove(old);
        self.keys[s as usize] = block;
        self.flags[s as usize] = flags | LIVE;
        self.map.insert(block, s);
        self.order.admit(s, block);
        (s, old, old_flags)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Random inserts, lookups and removals agree with a std HashMap.
    #[test]
    fn map_matches_hashmap() {
        let mut lru = SlotLru::new(5000);
        let mut truth: HashMap<u64, u32> = HashMap::new();
        let mut x: u64 = 7;
        for _ in 0..200_000 {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let b = (x >> 33) % 20_000;
            match lru.get(b) {
                Some(s) => {
                    assert_eq!(truth.get(&b), Some(&s));
                    if x & 1 == 0 {
                        lru.remove(s);
                        truth.remove(&b);
                    } else {
                        lru.touch(s);
                    }
                }
                None => {
                    assert!(!truth.contains_key(&b));
                    if lru.is_full() {
                        let (s, old, _) = lru.replace_lru(b, 0);
                        assert_eq!(truth.remove(&old), Some(s));
                        truth.insert(b, s);
                    } else {
                        let s = lru.insert(b, 0);
                        truth.insert(b, s);
                    }
                }
            }
            assert_eq!(lru.len() as usize, truth.len());
        }
    }
}
