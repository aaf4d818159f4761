//! The recency order every LRU list of the core keeps — the RAM cache
//! (`devices::ram`), the request engine's set-associative block cache (one
//! order per set, `tierplan_request::block_cache`), the block caches' slot
//! lists (`tierplan_block::lru`) and the FAST'12 layers' lists
//! (`tierplan_block::fcl::list`): a doubly
//! linked list threaded through slot indexes, so touching, inserting and
//! evicting cost O(1) and no allocation once the slots exist. Each list keeps
//! its own payload (keys, sizes, flags, flash pages) in arrays indexed by the
//! same slot; this type only orders the slots.

/// "No slot": the end of the list.
pub const NIL: u32 = u32::MAX;

#[derive(Debug, Clone)]
pub struct LruOrder {
    /// Towards the most recently used end.
    prev: Vec<u32>,
    /// Towards the least recently used end.
    next: Vec<u32>,
    head: u32,
    tail: u32,
}

impl Default for LruOrder {
    fn default() -> Self {
        Self::new()
    }
}

impl LruOrder {
    pub fn new() -> LruOrder {
        LruOrder {
            prev: Vec::new(),
            next: Vec::new(),
            head: NIL,
            tail: NIL,
        }
    }

    /// Bytes its arrays hold (their capacity).
    pub fn heap_bytes(&self) -> usize {
        (self.prev.capacity() + self.next.capacity()) * std::mem::size_of::<u32>()
    }

    /// Unlink every slot (the arrays keep their memory).
    pub fn clear(&mut self) {
        self.prev.clear();
        self.next.clear();
        self.head = NIL;
        self.tail = NIL;
    }

    /// The most recently used slot.
    pub fn most_recent(&self) -> Option<u32> {
        (self.head != NIL).then_some(self.head)
    }

    /// The least recently used slot: the eviction end.
    pub fn least_recent(&self) -> Option<u32> {
        (self.tail != NIL).then_some(self.tail)
    }

    /// The slot used just after `i` (one step towards the most recent end).
    pub fn newer(&self, i: u32) -> Option<u32> {
        let p = self.prev[i as usize];
        (p != NIL).then_some(p)
    }

    /// Link `i`, which is not in the list, as the most recently used.
    #[inline]
    pub fn push_front(&mut self, i: u32) {
        let u = i as usize;
        if u >= self.prev.len() {
            self.prev.resize(u + 1, NIL);
            self.next.resize(u + 1, NIL);
        }
        self.prev[u] = NIL;
        self.next[u] = self.head;
        if self.head != NIL {
            self.prev[self.head as usize] = i;
        }
        self.head = i;
        if self.tail == NIL {
            self.tail = i;
        }
    }

    /// Take `i` out of the list.
    #[inline]
    pub fn unlink(&mut self, i: u32) {
        let (p, n) = (self.prev[i as usize], self.next[i as usize]);
        if p == NIL {
            self.head = n;
        } else {
            self.next[p as usize] = n;
        }
        if n == NIL {
            self.tail = p;
        } else {
            self.prev[n as usize] = p;
        }
    }

    /// Make `i`, which is in the list, the most recently used.
    #[inline]
    pub fn move_to_front(&mut self, i: u32) {
        if self.head != i {
            self.unlink(i);
            self.push_front(i);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The order from most to least recent, walked both ways.
    fn order(o: &LruOrder) -> Vec<u32> {
        let mut back = Vec::new();
        let mut i = o.least_recent();
        while let Some(s) = i {
            back.push(s);
            i = o.newer(s);
        }
        back.reverse();
        back
    }

    #[test]
    fn agrees_with_a_vec_model() {
        let mut o = LruOrder::new();
        let mut model: Vec<u32> = Vec::new(); // most recent first
        let mut x: u64 = 11;
        for _ in 0..20_000 {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let s = ((x >> 33) % 64) as u32;
            match model.iter().position(|&m| m == s) {
                Some(k) if x & 2 == 0 => {
                    o.unlink(s);
                    model.remove(k);
                }
                Some(k) => {
                    o.move_to_front(s);
                    model.remove(k);
                    model.insert(0, s);
                }
                None => {
                    o.push_front(s);
                    model.insert(0, s);
                }
            }
            assert_eq!(o.most_recent(), model.first().copied());
            assert_eq!(o.least_recent(), model.last().copied());
        }
        assert_eq!(order(&o), model);
        o.clear();
        assert_eq!(o.least_recent(), None);
    }
}
