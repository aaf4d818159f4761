//! A RAM cache (OS page cache, or ARC approximated by LRU) over dense keys
//! with a byte capacity and no service time. Entries live in one slab
//! ordered by the core's one LRU list (`lru_order`); the key → slot table is
//! a flat array, so a lookup, a hit and an insertion cost no allocation once
//! the slab has grown to its working size.

use crate::lru_order::{LruOrder, NIL};

#[derive(Clone, Copy)]
struct Entry {
    key: u32,
    bytes: u32,
    /// A caller's mark carried with the entry (the ring cache marks
    /// prefetched chunks and chunks already fed to flash).
    flag: u8,
}

pub struct RamCache {
    capacity: u64,
    used: u64,
    slot_of: Vec<u32>,
    entries: Vec<Entry>,
    free: Vec<u32>,
    order: LruOrder,
}

impl RamCache {
    pub fn new(keys: usize, capacity_bytes: u64) -> RamCache {
        RamCache {
            capacity: capacity_bytes,
            used: 0,
            slot_of: vec![NIL; keys],
            entries: Vec::new(),
            free: Vec::new(),
            order: LruOrder::new(),
        }
    }

    pub fn reset(&mut self) {
        for e in &self.entries {
            self.slot_of[e.key as usize] = NIL;
        }
        self.entries.clear();
        self.free.clear();
        self.used = 0;
        self.order.clear();
    }

    pub fn capacity(&self) -> u64 {
        self.capacity
    }

    pub fn used(&self) -> u64 {
        self.used
    }

    pub fn contains(&self, key: u32) -> bool {
        self.slot_of[key as usize] != NIL
    }

    /// A lookup: on a hit the entry becomes most recent; returns its flag.
    pub fn touch(&mut self, key: u32) -> Option<u8> {
        let i = self.slot_of[key as usize];
        if i == NIL {
            return None;
        }
        self.order.move_to_front(i);
        Some(self.entries[i as usize].flag)
    }

    fn evict_tail(&mut self) {
        let Some(t) = self.order.least_recent() else {
            return;
        };
        self.order.unlink(t);
        let e = self.entries[t as usize];
        self.slot_of[e.key as usize] = NIL;
        self.used -= e.bytes as u64;
        self.free.push(t);
    }

    /// Insert (or refresh) an entry as most recent, evicting from the LRU
    /// end until it fits. An entry larger than the whole cache is not kept.
    pub fn insert(&mut self, key: u32, bytes: u32, flag: u8) {
        if self.touch(key).is_some() {
            return;
        }
        if bytes as u64 > self.capacity {
            return;
        }
        while self.used + bytes as u64 > self.capacity {
            self.evict_tail();
        }
        let entry = Entry { key, bytes, flag };
        let i = match self.free.pop() {
            Some(i) => {
                self.entries[i as usize] = entry;
                i
            }
            None => {
                self.entries.push(entry);
                (self.entries.len() - 1) as u32
            }
        };
        self.slot_of[key as usize] = i;
        self.used += bytes as u64;
        self.order.push_front(i);
    }

    pub fn set_flag(&mut self, key: u32, flag: u8) {
        let i = self.slot_of[key as usize];
        if i != NIL {
            self.entries[i as usize].flag = flag;
        }
    }

    /// Walk from the eviction end towards the most recent entry, calling
    /// `visit(key, bytes, flag)` until it returns false.
    pub fn walk_from_tail(&self, mut visit: impl FnMut(u32, u32, u8) -> bool) {
        let mut i = self.order.least_recent();
        while let Some(s) = i {
            let e = self.entries[s as usize];
            if !visit(e.key, e.bytes, e.flag) {
                break;
            }
            i = self.order.newer(s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evicts_least_recent_first() {
        let mut c = RamCache::new(10, 30);
        c.insert(1, 10, 0);
        c.insert(2, 10, 0);
        c.insert(3, 10, 0);
        assert!(c.touch(1).is_some());
        c.insert(4, 10, 0);
        assert!(!c.contains(2));
        assert!(c.contains(1) && c.contains(3) && c.contains(4));
        let mut order = Vec::new();
        c.walk_from_tail(|k, _, _| {
            order.push(k);
            true
        });
        assert_eq!(order, vec![3, 1, 4]);
    }
}
