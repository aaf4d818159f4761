//! A device's waiting line and its accounting: busy time, the integral of
//! the number of I/Os in the system (for Little's law) and a per-second
//! utilisation series.

use std::collections::VecDeque;

/// Waiting I/Os by slab index: one FIFO, or reads before writes when reads
/// are prioritised. The deques keep their capacity, so a steady state
/// allocates nothing.
pub struct IoQueue {
    read_priority: bool,
    reads: VecDeque<u32>,
    writes: VecDeque<u32>,
}

impl IoQueue {
    pub fn new(read_priority: bool) -> IoQueue {
        IoQueue {
            read_priority,
            reads: VecDeque::with_capacity(64),
            writes: VecDeque::with_capacity(64),
        }
    }

    pub fn clear(&mut self) {
        self.reads.clear();
        self.writes.clear();
    }

    pub fn len(&self) -> usize {
        self.reads.len() + self.writes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn push(&mut self, io: u32, is_write: bool) {
        if self.read_priority && is_write {
            self.writes.push_back(io)
        } else {
            self.reads.push_back(io)
        }
    }

    /// The I/O a new one of this kind would queue behind (the block layer
    /// merges a request into it when their ranges touch).
    pub fn last(&self, is_write: bool) -> Option<u32> {
        if self.read_priority && is_write {
            self.writes.back().copied()
        } else {
            self.reads.back().copied()
        }
    }

    /// Whether any write waits (only tracked separately with read priority).
    pub fn has_writes(&self) -> bool {
        !self.writes.is_empty()
    }

    pub fn pop(&mut self) -> Option<u32> {
        self.reads.pop_front().or_else(|| self.writes.pop_front())
    }

    /// Remove and return the I/O chosen by `pick` among the FIFO line's
    /// entries (SCAN picks by address).
    pub fn take_by(&mut self, pick: impl Fn(&VecDeque<u32>) -> usize) -> Option<u32> {
        if self.reads.is_empty() {
            return self.writes.pop_front();
        }
        let i = pick(&self.reads);
        self.reads.remove(i)
    }
}

/// Time-average accounting of one device over the measured period.
#[derive(Debug, Clone)]
pub struct QueueStats {
    /// Start of the measured period.
    pub origin: f64,
    pub busy_s: f64,
    /// ∫ (I/Os waiting or in service) dt.
    pub area: f64,
    last_t: f64,
    pub in_system: u32,
    pub arrivals: u64,
    pub completions: u64,
    /// Σ (completion − arrival) over completions.
    pub sojourn_s: f64,
    pub bytes: u64,
    /// Busy seconds in each second of the measured period.
    pub per_second: Vec<f64>,
}

impl QueueStats {
    pub fn new(seconds: usize) -> QueueStats {
        QueueStats {
            origin: 0.0,
            busy_s: 0.0,
            area: 0.0,
            last_t: 0.0,
            in_system: 0,
            arrivals: 0,
            completions: 0,
            sojourn_s: 0.0,
            bytes: 0,
            per_second: vec![0.0; seconds],
        }
    }

    /// Restart the measurement at `t`, keeping the I/Os in the system.
    pub fn restart(&mut self, t: f64) {
        self.origin = t;
        self.last_t = t;
        self.busy_s = 0.0;
        self.area = 0.0;
        self.arrivals = 0;
        self.completions = 0;
        self.sojourn_s = 0.0;
        self.bytes = 0;
        self.per_second.iter_mut().for_each(|x| *x = 0.0);
    }

    /// Full reset for a new replication.
    pub fn reset(&mut self) {
        self.in_system = 0;
        self.restart(0.0);
    }

    fn advance(&mut self, t: f64) {
        if t > self.last_t {
            self.area += self.in_system as f64 * (t - self.last_t);
            self.last_t = t;
        }
    }

    pub fn arrive(&mut self, t: f64) {
        self.advance(t);
        self.in_system += 1;
        if t >= self.origin {
            self.arrivals += 1;
        }
    }

    pub fn depart(&mut self, t: f64, arrived: f64, bytes: u64) {
        self.advance(t);
        self.in_system -= 1;
        if arrived >= self.origin {
            self.completions += 1;
            self.sojourn_s += t - arrived;
            self.bytes += bytes;
        }
    }

    /// Record service over [start, end), clipped to the measured period.
    pub fn busy(&mut self, start: f64, end: f64) {
        let s = start.max(self.origin);
        if end <= s {
            return;
        }
        self.busy_s += end - s;
        let n = self.per_second.len();
        let mut a = s - self.origin;
        let b = end - self.origin;
        while a < b {
            let i = a as usize;
            if i >= n {
                break;
            }
            let edge = (i + 1) as f64;
            let e = b.min(edge);
            self.per_second[i] += e - a;
            a = e;
        }
    }

    /// Close the books at `t` (the end of the run).
    pub fn finish(&mut self, t: f64) {
        self.advance(t);
    }
}
