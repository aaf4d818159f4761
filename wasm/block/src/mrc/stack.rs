//! An LRU stack that reports each access's stack distance (Mattson et al.,
//! 1970): the number of distinct other blocks touched since the block's
//! previous access. An LRU cache of `c` blocks hits exactly when the distance
//! is below `c`, so one pass gives every cache size at once.
//!
//! Each block's last access holds a stamp; a Fenwick tree over stamps counts
//! the live stamps after a given one in O(log n). Stamps are renumbered when
//! they run out (amortised O(1) per access). Unlike the OP-FCL tracker
//! (`stack_distance.rs`), blocks can be dropped from the stack, which
//! fixed-size spatial sampling needs when it lowers its rate.

use crate::fenwick::Fenwick;
use crate::stack_distance::BlockHashMap;

const NONE: u64 = u64::MAX;

pub struct LruStack {
    stamp_of: BlockHashMap<u64>,
    block_at: Vec<u64>,
    marks: Fenwick,
    next: usize,
    live: usize,
}

impl Default for LruStack {
    fn default() -> Self {
        Self::new()
    }
}

impl LruStack {
    pub fn new() -> LruStack {
        let cap = 1 << 12;
        LruStack {
            stamp_of: BlockHashMap::default(),
            block_at: vec![NONE; cap],
            marks: Fenwick::new(cap),
            next: 0,
            live: 0,
        }
    }

    /// Blocks on the stack.
    pub fn len(&self) -> usize {
        self.live
    }

    pub fn is_empty(&self) -> bool {
        self.live == 0
    }

    /// Move `block` to the top; its distance before the move (None on its
    /// first access).
    pub fn access(&mut self, block: u64) -> Option<u64> {
        let d = match self.stamp_of.get(&block).copied() {
            Some(s) => {
                let s = s as usize;
                // Live stamps after s: distinct blocks touched since.
                let after = self.live as i64 - self.marks.prefix(s);
                self.marks.add(s, -1);
                self.block_at[s] = NONE;
                self.live -= 1;
                Some(after as u64)
            }
            None => None,
        };
        self.push(block);
        d
    }

    /// Take `block` off the stack (sampling dropped it).
    pub fn remove(&mut self, block: u64) {
        if let Some(s) = self.stamp_of.remove(&block) {
            let s = s as usize;
            self.marks.add(s, -1);
            self.block_at[s] = NONE;
            self.live -= 1;
        }
    }

    fn push(&mut self, block: u64) {
        if self.next == self.block_at.len() {
            self.renumber();
        }
        let s = self.next;
        self.next += 1;
        self.block_at[s] = block;
        self.marks.add(s, 1);
        self.stamp_of.insert(block, s as u64);
        self.live += 1;
    }

    /// Renumber the live stamps 0.. in order, into a window at least twice
    /// the live count (so the next renumbering is far off).
    fn renumber(&mut self) {
        let cap = if self.live * 2 <= self.block_at.len() {
            self.block_at.len()
        } else {
            self.block_at.len() * 2
        };
        let mut at = vec![NONE; cap];
        let mut marks = Fenwick::new(cap);
        let mut k = 0;
        for &b in &self.block_at[..self.next] {
            if b != NONE {
                at[k] = b;
                marks.add(k, 1);
                self.stamp_of.insert(b, k as u64);
                k += 1;
            }
        }
        self.block_at = at;
        self.marks = marks;
        self.next = k;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Distances against a plain list (the textbook stack).
    #[test]
    fn distances_equal_a_plain_stack() {
        let mut s = LruStack::new();
        let mut list: Vec<u64> = Vec::new();
        let mut x = 7u64;
        for i in 0..20_000u64 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let b = (x >> 33) % if i % 3 == 0 { 50 } else { 3000 };
            if i % 97 == 0 {
                s.remove(b);
                list.retain(|&y| y != b);
                continue;
            }
            let want = list.iter().position(|&y| y == b).map(|p| p as u64);
            if let Some(p) = want {
                list.remove(p as usize);
            }
            list.insert(0, b);
            assert_eq!(s.access(b), want, "access {i} of block {b}");
            assert_eq!(s.len(), list.len());
        }
    }
}
