//! An indexed binary min-heap over item ids with u64 keys: O(log n) insert,
//! remove and re-key of any item, no allocation once grown. Used for the
//! cached intervals (largest first, keys stored complemented) and for the
//! dynamic-LFU victim choice.

const ABSENT: u32 = u32::MAX;

#[derive(Default)]
pub struct IndexedHeap {
    heap: Vec<(u64, u32)>,
    pos: Vec<u32>,
}

impl IndexedHeap {
    pub fn clear(&mut self) {
        for &(_, id) in &self.heap {
            self.pos[id as usize] = ABSENT;
        }
        self.heap.clear();
    }

    pub fn len(&self) -> usize {
        self.heap.len()
    }

    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    pub fn contains(&self, id: u32) -> bool {
        (id as usize) < self.pos.len() && self.pos[id as usize] != ABSENT
    }

    pub fn peek(&self) -> Option<(u64, u32)> {
        self.heap.first().copied()
    }

    /// Entry at heap position `i` (for ordered traversal without popping).
    pub fn at(&self, i: usize) -> (u64, u32) {
        self.heap[i]
    }

    pub fn insert(&mut self, id: u32, key: u64) {
        if id as usize >= self.pos.len() {
            self.pos.resize(id as usize + 1, ABSENT);
        }
        debug_assert!(self.pos[id as usize] == ABSENT);
        self.heap.push((key, id));
        let i = self.heap.len() - 1;
        self.pos[id as usize] = i as u32;
        self.sift_up(i);
    }

    pub fn remove(&mut self, id: u32) {
        let i = self.pos[id as usize] as usize;
        let last = self.heap.len() - 1;
        self.swap(i, last);
        self.heap.pop();
        self.pos[id as usize] = ABSENT;
        if i < self.heap.len() {
            self.sift_down(i);
            self.sift_up(i);
        }
    }

    pub fn update(&mut self, id: u32, key: u64) {
        let i = self.pos[id as usize] as usize;
        let old = self.heap[i].0;
        self.heap[i].0 = key;
        if key < old {
            self.sift_up(i);
        } else {
            self.sift_down(i);
        }
    }

    // Inlined into the sift loops: an out-of-line call per level was a
    // visible share of the interval-cache runs in wasm.
    #[inline(always)]
    fn swap(&mut self, a: usize, b: usize) {
        self.heap.swap(a, b);
        self.pos[self.heap[a].1 as usize] = a as u32;
        self.pos[self.heap[b].1 as usize] = b as u32;
    }

    fn sift_up(&mut self, mut i: usize) {
        while i > 0 {
            let p = (i - 1) / 2;
            if self.heap[i].0 < self.heap[p].0 {
                self.swap(i, p);
                i = p;
            } else {
                break;
            }
        }
    }

    fn sift_down(&mut self, mut i: usize) {
        let n = self.heap.len();
        loop {
            let l = 2 * i + 1;
            if l >= n {
                break;
            }
            let r = l + 1;
            let c = if r < n && self.heap[r].0 < self.heap[l].0 {
                r
            } else {
                l
            };
            if self.heap[c].0 < self.heap[i].0 {
                self.swap(c, i);
                i = c;
            } else {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pops_in_key_order_after_updates() {
        let mut h = IndexedHeap::default();
        for (id, k) in [(0, 50), (1, 10), (2, 40), (3, 30), (4, 20)] {
            h.insert(id, k);
        }
        h.update(2, 5);
        h.remove(1);
        let mut out = vec![];
        while let Some((k, id)) = h.peek() {
            out.push((k, id));
            h.remove(id);
        }
        assert_eq!(out, vec![(5, 2), (20, 4), (30, 3), (50, 0)]);
        assert!(!h.contains(3));
    }
}
