//! An SSD's write-back buffer: the programs it holds until their flash unit
//! finishes them. Each unit finishes its programs in the order it was given
//! them, so the buffer keeps one queue per unit and the earliest program is
//! at the front of one of them — a merge of a few short queues instead of a
//! heap over every buffered program (a large write buffers hundreds). The
//! fronts sit in a small tournament tree, so finding the earliest after a
//! pop replays the popped unit's path (4 comparisons for 10 units) instead of
//! scanning every front: a write drains one program per map unit it wrote.

use crate::float;
use std::collections::VecDeque;

#[derive(Clone)]
pub struct WriteBuffer {
    /// Finish times of each unit's buffered programs, earliest first.
    queues: Vec<VecDeque<f64>>,
    /// Each queue's front (infinity when empty), padded with infinity to a
    /// power of two.
    front: Vec<f64>,
    /// Tournament tree over `front`: node i (from 1) holds the unit with the
    /// earliest front below it, the lower-numbered unit on a tie; the leaves
    /// are at `leaves + unit`.
    tree: Vec<u32>,
    leaves: usize,
    len: usize,
    /// Scratch for `latest` (kept to reuse its allocation).
    scratch: Vec<(i64, u32, u32)>,
}

impl WriteBuffer {
    pub fn new(units: usize) -> WriteBuffer {
        let leaves = units.max(1).next_power_of_two();
        let mut b = WriteBuffer {
            queues: vec![VecDeque::new(); units],
            front: vec![f64::INFINITY; leaves],
            tree: vec![0; 2 * leaves],
            leaves,
            len: 0,
            scratch: Vec::new(),
        };
        b.rebuild();
        b
    }

    fn rebuild(&mut self) {
        for u in 0..self.leaves {
            self.tree[self.leaves + u] = u as u32;
        }
        for i in (1..self.leaves).rev() {
            self.tree[i] = self.winner(i);
        }
    }

    /// The winner at internal node `i`: the right child only if strictly
    /// earlier (so ties go to the lower unit, as a scan in order would).
    #[inline(always)]
    fn winner(&self, i: usize) -> u32 {
        let (l, r) = (self.tree[2 * i], self.tree[2 * i + 1]);
        if self.front[r as usize] < self.front[l as usize] {
            r
        } else {
            l
        }
    }

    /// Replay the matches on the path from `unit`'s leaf to the root.
    #[inline(always)]
    fn update(&mut self, unit: usize) {
        let mut i = (self.leaves + unit) / 2;
        while i >= 1 {
            self.tree[i] = self.winner(i);
            i /= 2;
        }
    }

    pub fn clear(&mut self) {
        self.queues.iter_mut().for_each(VecDeque::clear);
        self.front.iter_mut().for_each(|f| *f = f64::INFINITY);
        self.len = 0;
        self.rebuild();
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Buffer a program of `unit` finishing at `finish`. A unit's clock only
    /// moves forward, so this is no earlier than its programs already
    /// buffered (a degenerate drive whose times overflow to infinity or NaN
    /// is still served, in some order, without a panic).
    #[inline(always)]
    pub fn push(&mut self, unit: usize, finish: f64) {
        let q = &mut self.queues[unit];
        q.push_back(finish);
        self.len += 1;
        if q.len() == 1 {
            self.front[unit] = finish;
            self.update(unit);
        }
    }

    /// The earliest finish time buffered, and its unit.
    #[inline]
    pub fn earliest(&self) -> Option<(usize, f64)> {
        if self.len == 0 {
            return None;
        }
        let mut best = self.tree[1] as usize;
        if best >= self.queues.len() || self.queues[best].is_empty() {
            // Only when times are NaN (a degenerate drive): the first queue
            // that holds anything, so that popping it always makes progress.
            best = self.queues.iter().position(|q| !q.is_empty())?;
        }
        Some((best, self.front[best]))
    }

    /// Make room: drop the earliest programs until at most `room` are left
    /// and every program finished by then, i.e. by `t` or by the last one
    /// dropped, whichever is later — that time is returned. Popping one
    /// program at a time in finish order, as long as the buffer is over
    /// `room` or the next finishes by the time reached, drops the same set,
    /// and that is what this does when few are over `room`. The set depends
    /// only on the time reached, the later of `t` and the (len − room)-th
    /// earliest finish, which is also the (room + 1)-th latest: when many
    /// are over (a large write), it is found from the back of the queues in
    /// room + 1 steps instead. Then, since programs finish in order on each
    /// unit, every one finished by that time is a front of its unit's queue:
    /// they go unit by unit, with one replay of the tree per unit.
    pub fn drain(&mut self, t: f64, room: usize) -> f64 {
        let mut t = t;
        if self.len > room && self.len - room > room + 1 {
            t = float::max(t, self.latest(room + 1));
        } else {
            while self.len > room {
                let Some((u, finish)) = self.earliest() else {
                    break;
                };
                t = float::max(t, finish);
                self.pop(u);
            }
        }
        for u in 0..self.queues.len() {
            if self.front[u] <= t {
                let q = &mut self.queues[u];
                let n = q.partition_point(|&f| f <= t);
                q.drain(..n);
                self.len -= n;
                self.front[u] = q.front().copied().unwrap_or(f64::INFINITY);
                self.update(u);
            }
        }
        // Only NaN times (a degenerate drive) can leave it over `room` here.
        while self.len > room {
            let Some((u, _)) = self.earliest() else {
                break;
            };
            self.pop(u);
        }
        t
    }

    /// The `k`-th latest finish time buffered (1 ≤ k ≤ len): a merge from
    /// the back of each unit's queue, the latest back first. Equal times
    /// may come in any order, the value is the same; the order is the
    /// total order of `f64`, so NaN times (a degenerate drive) still end it.
    fn latest(&mut self, k: usize) -> f64 {
        let key = |f: f64| {
            let b = f.to_bits() as i64;
            b ^ (((b >> 63) as u64) >> 1) as i64
        };
        let mut backs = std::mem::take(&mut self.scratch);
        backs.clear();
        for (u, q) in self.queues.iter().enumerate() {
            if let Some(&f) = q.back() {
                backs.push((key(f), u as u32, q.len() as u32 - 1));
            }
        }
        let mut heap = std::collections::BinaryHeap::from(backs);
        let mut last = f64::NAN;
        for _ in 0..k {
            // The latest is replaced by the one before it on its unit in
            // place (one sift instead of a pop's and a push's): the heap
            // gives up the same entries in the same order (they are
            // distinct, so the largest left is always one entry).
            let Some(mut top) = heap.peek_mut() else {
                break;
            };
            let (_, u, i) = *top;
            let q = &self.queues[u as usize];
            last = q[i as usize];
            if i > 0 {
                *top = (key(q[i as usize - 1]), u, i - 1);
            } else {
                std::collections::binary_heap::PeekMut::pop(top);
            }
        }
        self.scratch = heap.into_vec();
        last
    }

    /// Drop the front program of `unit`.
    #[inline]
    pub fn pop(&mut self, unit: usize) {
        let q = &mut self.queues[unit];
        if q.pop_front().is_some() {
            self.len -= 1;
            self.front[unit] = q.front().copied().unwrap_or(f64::INFINITY);
            self.update(unit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    /// NaN times (a degenerate drive) still drain: each pop removes one.
    #[test]
    fn nan_times_drain() {
        let mut b = WriteBuffer::new(3);
        b.push(1, f64::NAN);
        b.push(2, f64::NAN);
        b.push(2, 1.0);
        let mut popped = 0;
        while let Some((u, _)) = b.earliest() {
            b.pop(u);
            popped += 1;
            assert!(popped <= 3, "every pop removes a program");
        }
        assert_eq!(popped, 3);
    }

    /// `drain` drops the programs, and returns the time, that popping the
    /// earliest one at a time does (over room, or finished by the time
    /// reached), with distinct times and with ties.
    #[test]
    fn drain_equals_popping_one_at_a_time() {
        for units in [1, 3, 10] {
            for ties in [false, true] {
                let mut rng = crate::sampling::rng::SimRng::new(11);
                let mut a = WriteBuffer::new(units);
                let mut clock = vec![0.0f64; units];
                for step in 0..400 {
                    for _ in 0..(rng.uniform() * 12.0) as usize {
                        let u = (rng.uniform() * units as f64) as usize;
                        let d = rng.uniform();
                        clock[u] += if ties { libm::floor(d * 4.0) * 0.25 } else { d };
                        a.push(u, clock[u]);
                    }
                    let mut b = a.clone();
                    let t0 = step as f64 * 0.4 * rng.uniform();
                    let room = (rng.uniform() * 8.0) as usize;
                    let mut t = t0;
                    while let Some((u, f)) = b.earliest() {
                        if f > t && b.len() <= room {
                            break;
                        }
                        t = t.max(f);
                        b.pop(u);
                    }
                    assert_eq!(a.drain(t0, room).to_bits(), t.to_bits());
                    assert_eq!(a.len(), b.len());
                    assert_eq!(a.front, b.front);
                    assert_eq!(a.tree, b.tree);
                    assert!(a.queues.iter().zip(&b.queues).all(|(x, y)| x == y));
                }
            }
        }
    }

    /// The merge pops finish times in the order a heap over all of them does,
    /// with distinct times and with many ties (quarter steps, some zero).
    #[test]
    fn pops_in_finish_order_like_a_heap() {
        for units in [1, 3, 4, 10] {
            pops_like_a_heap(units, false);
            pops_like_a_heap(units, true);
        }
    }

    fn pops_like_a_heap(units: usize, ties: bool) {
        let mut rng = crate::sampling::rng::SimRng::new(7);
        let mut b = WriteBuffer::new(units);
        let mut heap = BinaryHeap::new();
        let mut clock = vec![0.0f64; units];
        for _ in 0..500 {
            let u = (rng.uniform() * units as f64) as usize;
            let step = rng.uniform();
            clock[u] += if ties {
                libm::floor(step * 4.0) * 0.25
            } else {
                step
            };
            b.push(u, clock[u]);
            heap.push(Reverse(clock[u].to_bits()));
            if rng.uniform() < 0.4 {
                let (u, f) = b.earliest().unwrap();
                let Reverse(h) = heap.pop().unwrap();
                assert_eq!(f.to_bits(), h);
                b.pop(u);
            }
        }
        while let Some((u, f)) = b.earliest() {
            assert_eq!(f.to_bits(), heap.pop().unwrap().0);
            b.pop(u);
        }
        assert!(heap.is_empty() && b.is_empty());
    }
}
