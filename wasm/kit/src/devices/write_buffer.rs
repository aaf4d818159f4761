//! An SSD's write-back buffer: the programs it holds until their flash unit
//! finishes them. Each unit finishes its programs in the order it was given
//! them, so the buffer keeps one queue per unit and the earliest program is
//! at the front of one of them — a merge of a few short queues instead of a
//! heap over every buffered program (a large write buffers hundreds).

use std::collections::VecDeque;

#[derive(Clone)]
pub struct WriteBuffer {
    /// Finish times of each unit's buffered programs, earliest first.
    queues: Vec<VecDeque<f64>>,
    /// Each queue's front (infinity when empty), side by side: finding the
    /// earliest scans one short array.
    front: Vec<f64>,
    len: usize,
}

impl WriteBuffer {
    pub fn new(units: usize) -> WriteBuffer {
        WriteBuffer {
            queues: vec![VecDeque::new(); units],
            front: vec![f64::INFINITY; units],
            len: 0,
        }
    }

    pub fn clear(&mut self) {
        self.queues.iter_mut().for_each(VecDeque::clear);
        self.front.iter_mut().for_each(|f| *f = f64::INFINITY);
        self.len = 0;
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
    pub fn push(&mut self, unit: usize, finish: f64) {
        let q = &mut self.queues[unit];
        if q.is_empty() {
            self.front[unit] = finish;
        }
        q.push_back(finish);
        self.len += 1;
    }

    /// The earliest finish time buffered, and its unit.
    pub fn earliest(&self) -> Option<(usize, f64)> {
        if self.len == 0 {
            return None;
        }
        let mut best = 0;
        for (u, &f) in self.front.iter().enumerate().skip(1) {
            if f < self.front[best] {
                best = u;
            }
        }
        if self.queues[best].is_empty() {
            // Only when times are NaN (a degenerate drive): the first queue
            // that holds anything, so that popping it always makes progress.
            best = self.queues.iter().position(|q| !q.is_empty())?;
        }
        Some((best, self.front[best]))
    }

    /// Drop the front program of `unit`.
    pub fn pop(&mut self, unit: usize) {
        let q = &mut self.queues[unit];
        if q.pop_front().is_some() {
            self.len -= 1;
            self.front[unit] = q.front().copied().unwrap_or(f64::INFINITY);
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

    /// The merge pops finish times in the order a heap over all of them does.
    #[test]
    fn pops_in_finish_order_like_a_heap() {
        let mut rng = crate::sampling::rng::SimRng::new(7);
        let mut b = WriteBuffer::new(4);
        let mut heap = BinaryHeap::new();
        let mut clock = [0.0f64; 4];
        for _ in 0..500 {
            let u = (rng.uniform() * 4.0) as usize;
            clock[u] += rng.uniform();
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
