//! An LRU list of cached 4 KB blocks whose capacity can change (OP-FCL
//! resizes its read and write lists every period). Each entry remembers the
//! flash page it lives on and whether it is dirty.

use crate::stack_distance::BlockHashMap;

const NIL: u32 = u32::MAX;

#[derive(Debug, Clone, Copy)]
struct Node {
    block: u64,
    page: u32,
    dirty: bool,
    prev: u32,
    next: u32,
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
    nodes: Vec<Node>,
    spare: Vec<u32>,
    head: u32,
    tail: u32,
}

impl FclList {
    pub fn new(cap: u32) -> FclList {
        FclList {
            cap,
            map: BlockHashMap::default(),
            nodes: Vec::new(),
            spare: Vec::new(),
            head: NIL,
            tail: NIL,
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

    fn unlink(&mut self, i: u32) {
        let Node { prev, next, .. } = self.nodes[i as usize];
        if prev == NIL {
            self.head = next;
        } else {
            self.nodes[prev as usize].next = next;
        }
        if next == NIL {
            self.tail = prev;
        } else {
            self.nodes[next as usize].prev = prev;
        }
    }

    fn link_front(&mut self, i: u32) {
        self.nodes[i as usize].prev = NIL;
        self.nodes[i as usize].next = self.head;
        if self.head != NIL {
            self.nodes[self.head as usize].prev = i;
        }
        self.head = i;
        if self.tail == NIL {
            self.tail = i;
        }
    }

    /// Mark `block` most recently used (and dirty if `dirty`): its page, or
    /// None when the list does not hold it.
    pub fn touch(&mut self, block: u64, dirty: bool) -> Option<u32> {
        let i = *self.map.get(&block)?;
        self.unlink(i);
        self.link_front(i);
        let n = &mut self.nodes[i as usize];
        n.dirty |= dirty;
        Some(n.page)
    }

    /// Add `block` at the front (the caller made room).
    pub fn push(&mut self, block: u64, page: u32, dirty: bool) {
        let node = Node {
            block,
            page,
            dirty,
            prev: NIL,
            next: NIL,
        };
        let i = match self.spare.pop() {
            Some(i) => {
                self.nodes[i as usize] = node;
                i
            }
            None => {
                self.nodes.push(node);
                (self.nodes.len() - 1) as u32
            }
        };
        self.link_front(i);
        self.map.insert(block, i);
    }

    /// Take `block` out of the list.
    pub fn remove(&mut self, block: u64) -> Option<Evicted> {
        let i = self.map.remove(&block)?;
        self.unlink(i);
        self.spare.push(i);
        let n = self.nodes[i as usize];
        Some(Evicted {
            block: n.block,
            page: n.page,
            dirty: n.dirty,
        })
    }

    /// Take the least recently used block out.
    pub fn pop_lru(&mut self) -> Option<Evicted> {
        if self.tail == NIL {
            return None;
        }
        let b = self.nodes[self.tail as usize].block;
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
