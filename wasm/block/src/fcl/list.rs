//! An LRU list of cached 4 KB blocks whose capacity can change (OP-FCL
//! resizes its read and write lists every period). Each entry remembers the
//! flash page it lives on and whether it is dirty; the recency order is the
//! core's one LRU list (`tierplan_kit::lru_order`).

use crate::stack_distance::BlockHashMap;
use tierplan_kit::lru_order::LruOrder;

#[derive(Debug, Clone, Copy)]
struct Entry {
    block: u64,
    page: u32,
    dirty: bool,
}

/// A block leaving the list: where it was and whether it must be destaged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Evicted {
    pub block: u64,
    pub page: u32,
    pub dirty: bool,
}

pub struct FclList {
    pub cap: u32,
    map: BlockHashMap<u32>,
    entries: Vec<Entry>,
    spare: Vec<u32>,
    order: LruOrder,
}

impl FclList {
    pub fn new(cap: u32) -> FclList {
        FclList {
            cap,
            map: BlockHashMap::default(),
            entries: Vec::new(),
            spare: Vec::new(),
            order: LruOrder::new(),
        }
    }

    pub fn len(&self) -> u32 {
        self.map.len() as u32
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    pub fn contains(&self, block: u64) -> bool {
        self.map.contains_key(&block)
    }

    /// Mark `block` most recently used (and dirty if `dirty`): its page, or
    /// None when the list does not hold it.
    pub fn touch(&mut self, block: u64, dirty: bool) -> Option<u32> {
        let i = *self.map.get(&block)?;
        self.order.move_to_front(i);
        let e = &mut self.entries[i as usize];
        e.dirty |= dirty;
        Some(e.page)
    }

    /// Add `block` at the front (the caller made room).
    pub fn push(&mut self, block: u64, page: u32, dirty: bool) {
        let entry = Entry { block, page, dirty };
        let i = match self.spare.pop() {
            Some(i) => {
                self.entries[i as usize] = entry;
                i
            }
            None => {
                self.entries.push(entry);
                (self.entries.len() - 1) as u32
            }
        };
        self.order.push_front(i);
        self.map.insert(block, i);
    }

    /// Take `block` out of the list.
    pub fn remove(&mut self, block: u64) -> Option<Evicted> {
        let i = self.map.remove(&block)?;
        self.order.unlink(i);
        self.spare.push(i);
        let e = self.entries[i as usize];
        Some(Evicted {
            block: e.block,
            page: e.page,
            dirty: e.dirty,
        })
    }

    /// Take the least recently used block out.
    pub fn pop_lru(&mut self) -> Option<Evicted> {
        let t = self.order.least_recent()?;
        let b = self.entries[t as usize].block;
        self.remove(b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lru_order_and_resize() {
        let mut l = FclList::new(3);
        for b in 0..3 {
            l.push(b, b as u32 + 10, b == 1);
        }
        assert_eq!(l.touch(0, false), Some(10));
        assert_eq!(l.pop_lru().unwrap().block, 1);
        assert!(l.pop_lru().map(|e| (e.block, e.dirty)) == Some((2, false)));
        assert_eq!(l.len(), 1);
        assert_eq!(l.touch(7, true), None);
        assert_eq!(l.remove(0).unwrap().page, 10);
        assert!(l.is_empty() && l.pop_lru().is_none());
    }
}
