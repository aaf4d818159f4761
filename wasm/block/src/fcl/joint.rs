//! Where OP-FCL's reads would hit with separate read and write lists. A
//! read hits the read list when its distance in the read stack is within
//! the read list's size, or the write list when its distance in the write
//! stack is within that one's — reads of recently written blocks are served
//! by the write list. The two events overlap, so the hit ratio at (R, W)
//! needs their joint distribution: a histogram over (read distance, write
//! distance) in log-spaced buckets, both up to the cache's physical size.

use super::{CURVE_BUCKETS, TRACKER_LIMIT};
use crate::stack_distance::StackDistance;

/// What OP-FCL measures of its two lists: the read and the write stack
/// (reads also keep written blocks hot in the write stack, as they do in
/// the write list) and the joint distances of every tracked read.
pub struct ListCurves {
    reads: StackDistance,
    writes: StackDistance,
    joint: JointReads,
}

impl ListCurves {
    /// Curves for lists of up to `physical_pages` blocks.
    pub fn new(physical_pages: u32) -> ListCurves {
        let n = physical_pages as usize;
        let stack = || StackDistance::sampled(n, CURVE_BUCKETS, TRACKER_LIMIT);
        ListCurves {
            reads: stack(),
            writes: stack(),
            joint: JointReads::new(n),
        }
    }

    /// One access to `block`.
    pub fn observe(&mut self, block: u64, write: bool) {
        if write {
            self.writes.access(block, true);
        } else if self.reads.tracks(block) {
            let read_d = self.reads.access(block, false);
            self.joint.add(read_d, self.writes.touch(block));
        }
    }

    /// Older accesses weigh less: every count times `factor`.
    pub fn decay(&mut self, factor: f64) {
        self.reads.decay(factor);
        self.writes.decay(factor);
        self.joint.decay(factor);
    }

    /// Measured write share of the accesses; None before any.
    pub fn write_share(&self) -> Option<f64> {
        let (nr, nw) = (self.reads.counts().0, self.writes.counts().1);
        (nr + nw > 0.0).then(|| nw / (nr + nw))
    }

    /// (read, write) hit ratios with read and write lists of these sizes.
    pub fn hits(&self, read_list: f64, write_list: f64) -> (f64, f64) {
        (
            self.joint.hit(read_list, write_list),
            self.writes.write_hit_at(write_list),
        )
    }
}

/// Log-spaced buckets per axis (ratio of about 1.25 per bucket at 2¹⁶
/// blocks); the last bucket of each axis is "not within the cache".
const BUCKETS: usize = 48;

pub struct JointReads {
    /// Upper edge of each finite bucket, blocks (edges[0] = 1).
    edges: [f64; BUCKETS],
    /// Counts by [read bucket][write bucket], BUCKETS + 1 each (last: none).
    counts: Vec<f64>,
    total: f64,
}

impl JointReads {
    /// Buckets up to `max_blocks` (the largest list either stack measures).
    pub fn new(max_blocks: usize) -> JointReads {
        let top = (max_blocks.max(2)) as f64;
        let mut edges = [0.0; BUCKETS];
        for (i, e) in edges.iter_mut().enumerate() {
            *e = top.powf((i + 1) as f64 / BUCKETS as f64);
        }
        JointReads {
            edges,
            counts: vec![0.0; (BUCKETS + 1) * (BUCKETS + 1)],
            total: 0.0,
        }
    }

    fn bucket(&self, d: Option<usize>) -> usize {
        match d {
            // A distance d hits every LRU list of more than d blocks.
            Some(d) => self.edges.partition_point(|&e| e < (d + 1) as f64),
            None => BUCKETS,
        }
    }

    /// One read, with its distances in the read and the write stack.
    pub fn add(&mut self, read_d: Option<usize>, write_d: Option<usize>) {
        let (i, j) = (self.bucket(read_d), self.bucket(write_d));
        self.counts[i * (BUCKETS + 1) + j] += 1.0;
        self.total += 1.0;
    }

    pub fn decay(&mut self, factor: f64) {
        self.counts.iter_mut().for_each(|c| *c *= factor);
        self.total *= factor;
    }

    /// Share of bucket `i` a list of `size` blocks covers (distances spread
    /// evenly within a bucket).
    fn covered(&self, i: usize, size: f64) -> f64 {
        if i == BUCKETS {
            return 0.0;
        }
        let lo = if i == 0 { 0.0 } else { self.edges[i - 1] };
        let hi = self.edges[i];
        ((size - lo) / (hi - lo)).clamp(0.0, 1.0)
    }

    /// Read hit ratio with a read list of `r_size` and a write list of
    /// `w_size` blocks: P(read distance < R or write distance < W).
    pub fn hit(&self, r_size: f64, w_size: f64) -> f64 {
        if self.total <= 0.0 {
            return 0.0;
        }
        let fr: Vec<f64> = (0..=BUCKETS).map(|i| self.covered(i, r_size)).collect();
        let fw: Vec<f64> = (0..=BUCKETS).map(|j| self.covered(j, w_size)).collect();
        let mut hits = 0.0;
        for (i, row) in self.counts.chunks_exact(BUCKETS + 1).enumerate() {
            for (j, &c) in row.iter().enumerate() {
                if c > 0.0 {
                    hits += c * (1.0 - (1.0 - fr[i]) * (1.0 - fw[j]));
                }
            }
        }
        (hits / self.total).clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_read_hits_either_list_once() {
        let mut j = JointReads::new(1 << 16);
        // Within both lists, within the read list only, within neither.
        j.add(Some(10), Some(10));
        j.add(Some(10), None);
        j.add(None, Some(5000));
        j.add(None, None);
        assert_eq!(j.hit(0.0, 0.0), 0.0);
        assert!((j.hit(1e5, 1e5) - 0.75).abs() < 1e-12);
        assert!((j.hit(1e5, 0.0) - 0.5).abs() < 1e-12);
        assert!((j.hit(0.0, 1e5) - 0.5).abs() < 1e-12);
        // Hits only grow with either list.
        let mut last = 0.0;
        for s in [1.0, 8.0, 20.0, 100.0, 6000.0] {
            let h = j.hit(s, s);
            assert!(h >= last);
            last = h;
        }
    }
}
