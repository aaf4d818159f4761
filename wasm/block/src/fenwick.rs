//! A Fenwick (binary indexed) tree of marks over stamp positions: the LRU
//! stacks' count of blocks touched since a given access, in O(log n).

/// Fenwick (binary indexed) tree of 0/1 marks over stamp positions.
pub struct Fenwick {
    tree: Vec<i32>,
}

impl Fenwick {
    pub fn new(n: usize) -> Fenwick {
        Fenwick {
            tree: vec![0; n + 1],
        }
    }
    pub fn add(&mut self, i: usize, d: i32) {
        let mut i = i + 1;
        while i < self.tree.len() {
            self.tree[i] += d;
            i += i & i.wrapping_neg();
        }
    }
    /// Marks at positions 0..=i.
    pub fn prefix(&self, i: usize) -> i64 {
        let mut i = i + 1;
        let mut s = 0i64;
        while i > 0 {
            s += self.tree[i] as i64;
            i &= i - 1;
        }
        s
    }
    /// Smallest position with prefix(pos) ≥ k (k ≥ 1, k ≤ total).
    pub fn find(&self, mut k: i64) -> usize {
        let n = self.tree.len() - 1;
        let mut pos = 0usize;
        let mut step = n.next_power_of_two();
        while step > 0 {
            let next = pos + step;
            if next <= n && (self.tree[next] as i64) < k {
                pos = next;
                k -= self.tree[next] as i64;
            }
            step >>= 1;
        }
        pos
    }
}
