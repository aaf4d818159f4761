//! A RAM cache (OS page cache, or ARC approximated by LRU) over dense keys
//! with a byte capacity and no service time. Nodes live in one slab linked
//! by index; the key → node table is a flat array, so a lookup, a hit and an
//! insertion cost no allocation once the slab has grown to its working size.

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy)]
struct Node {
    key: u32,
    bytes: u32,
    /// A caller's mark carried with the entry (the ring cache marks
    /// prefetched chunks and chunks already fed to flash).
    flag: u8,
    prev: u32,
    next: u32,
}

pub struct LruCache {
    capacity: u64,
    used: u64,
    node_of: Vec<u32>,
    nodes: Vec<Node>,
    free: Vec<u32>,
    /// Most recently used.
    head: u32,
    /// Least recently used: the eviction end.
    tail: u32,
}

impl LruCache {
    pub fn new(keys: usize, capacity_bytes: u64) -> LruCache {
        LruCache {
            capacity: capacity_bytes,
            used: 0,
            node_of: vec![NONE; keys],
            nodes: Vec::new(),
            free: Vec::new(),
            head: NONE,
            tail: NONE,
        }
    }

    pub fn reset(&mut self) {
        for n in &self.nodes {
            self.node_of[n.key as usize] = NONE;
        }
        self.nodes.clear();
        self.free.clear();
        self.used = 0;
        self.head = NONE;
        self.tail = NONE;
    }

    pub fn capacity(&self) -> u64 {
        self.capacity
    }

    pub fn used(&self) -> u64 {
        self.used
    }

    pub fn contains(&self, key: u32) -> bool {
        self.node_of[key as usize] != NONE
    }

    fn unlink(&mut self, i: u32) {
        let Node { prev, next, .. } = self.nodes[i as usize];
        if prev == NONE {
            self.head = next
        } else {
            self.nodes[prev as usize].next = next
        }
        if next == NONE {
            self.tail = prev
        } else {
            self.nodes[next as usize].prev = prev
        }
    }

    fn push_front(&mut self, i: u32) {
        self.nodes[i as usize].prev = NONE;
        self.nodes[i as usize].next = self.head;
        if self.head != NONE {
            self.nodes[self.head as usize].prev = i;
        }
        self.head = i;
        if self.tail == NONE {
            self.tail = i;
        }
    }

    /// A lookup: on a hit the entry becomes most recent; returns its flag.
    pub fn touch(&mut self, key: u32) -> Option<u8> {
        let i = self.node_of[key as usize];
        if i == NONE {
            return None;
        }
        if self.head != i {
            self.unlink(i);
            self.push_front(i);
        }
        Some(self.nodes[i as usize].flag)
    }

    fn evict_tail(&mut self) {
        let t = self.tail;
        self.unlink(t);
        let n = self.nodes[t as usize];
        self.node_of[n.key as usize] = NONE;
        self.used -= n.bytes as u64;
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
        let node = Node {
            key,
            bytes,
            flag,
            prev: NONE,
            next: NONE,
        };
        let i = match self.free.pop() {
            Some(i) => {
                self.nodes[i as usize] = node;
                i
            }
            None => {
                self.nodes.push(node);
                (self.nodes.len() - 1) as u32
            }
        };
        self.node_of[key as usize] = i;
        self.used += bytes as u64;
        self.push_front(i);
    }

    pub fn set_flag(&mut self, key: u32, flag: u8) {
        let i = self.node_of[key as usize];
        if i != NONE {
            self.nodes[i as usize].flag = flag;
        }
    }

    /// Walk from the eviction end towards the most recent entry, calling
    /// `visit(key, bytes, flag)` until it returns false.
    pub fn walk_from_tail(&self, mut visit: impl FnMut(u32, u32, u8) -> bool) {
        let mut i = self.tail;
        while i != NONE {
            let n = self.nodes[i as usize];
            if !visit(n.key, n.bytes, n.flag) {
                break;
            }
            i = n.prev;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evicts_least_recent_first() {
        let mut c = LruCache::new(10, 30);
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
