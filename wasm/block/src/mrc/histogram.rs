//! A histogram of stack distances, exact for distances below 2^20 blocks
//! (4 GB of 4 KB blocks) and in buckets of relative width 1/4096 above, so
//! its memory stays bounded (about 10 MB) however large the footprint.

const EXACT: u64 = 1 << 20;
/// Buckets per power of two above `EXACT`.
const SUB: u64 = 4096;
const SUB_BITS: u32 = 12;

#[derive(Clone)]
pub struct Histogram {
    counts: Vec<f64>,
}

impl Default for Histogram {
    fn default() -> Self {
        Self::new()
    }
}

/// Index of a distance's bucket, and the bucket's [start, end) in blocks.
fn bucket(d: u64) -> usize {
    if d < EXACT {
        return d as usize;
    }
    let k = 63 - d.leading_zeros(); // 2^k ≤ d < 2^(k+1), k ≥ 20
    let width_bits = k - SUB_BITS;
    let sub = (d - (1u64 << k)) >> width_bits;
    (EXACT + (k as u64 - 20) * SUB + sub) as usize
}

fn bounds(i: usize) -> (u64, u64) {
    let i = i as u64;
    if i < EXACT {
        return (i, i + 1);
    }
    let j = i - EXACT;
    let k = 20 + j / SUB;
    let width = 1u64 << (k - SUB_BITS as u64);
    let start = (1u64 << k) + (j % SUB) * width;
    (start, start + width)
}

impl Histogram {
    pub fn new() -> Histogram {
        Histogram { counts: Vec::new() }
    }

    pub fn add(&mut self, distance: u64, weight: f64) {
        let i = bucket(distance);
        if i >= self.counts.len() {
            self.counts.resize(i + 1, 0.0);
        }
        self.counts[i] += weight;
    }

    pub fn scale(&mut self, factor: f64) {
        self.counts.iter_mut().for_each(|c| *c *= factor);
    }

    /// Weight of distances below `size` (the hits of an LRU cache of `size`
    /// blocks); a size inside a bucket takes the bucket's share pro rata.
    pub fn below(&self, size: u64) -> f64 {
        let mut sum = 0.0;
        for (i, &c) in self.counts.iter().enumerate() {
            let (a, b) = bounds(i);
            if b <= size {
                sum += c;
            } else {
                if a < size {
                    sum += c * (size - a) as f64 / (b - a) as f64;
                }
                break;
            }
        }
        sum
    }

    /// Every `size` at once (sorted ascending), in one pass.
    pub fn below_each(&self, sizes: &[u64]) -> Vec<f64> {
        let mut out = Vec::with_capacity(sizes.len());
        let mut i = 0;
        let mut sum = 0.0;
        for &size in sizes {
            while i < self.counts.len() && bounds(i).1 <= size {
                sum += self.counts[i];
                i += 1;
            }
            let part = if i < self.counts.len() {
                let (a, b) = bounds(i);
                if a < size {
                    self.counts[i] * (size - a) as f64 / (b - a) as f64
                } else {
                    0.0
                }
            } else {
                0.0
            };
            out.push(sum + part);
        }
        out
    }

    /// Largest distance recorded + 1 (0 when empty).
    pub fn span(&self) -> u64 {
        self.counts
            .iter()
            .rposition(|&c| c > 0.0)
            .map_or(0, |i| bounds(i).1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_tile_the_distances() {
        let mut prev_end = 0;
        for i in 0..(EXACT as usize + 3 * SUB as usize) {
            let (a, b) = bounds(i);
            assert_eq!(a, prev_end, "bucket {i}");
            assert!(b > a);
            assert_eq!(bucket(a), i);
            assert_eq!(bucket(b - 1), i);
            prev_end = b;
        }
        // Relative width 1/4096 above the exact range.
        let (a, b) = bounds(bucket(5_000_000));
        assert!(((b - a) as f64) / (a as f64) <= 1.0 / 4096.0);
    }

    #[test]
    fn below_counts_exactly_in_the_exact_range() {
        let mut h = Histogram::new();
        for d in [0, 0, 3, 7, 7, 7, 100] {
            h.add(d, 1.0);
        }
        assert_eq!(h.below(0), 0.0);
        assert_eq!(h.below(1), 2.0);
        assert_eq!(h.below(4), 3.0);
        assert_eq!(h.below(8), 6.0);
        assert_eq!(h.below(1000), 7.0);
        assert_eq!(
            h.below_each(&[0, 1, 4, 8, 1000]),
            vec![0.0, 2.0, 3.0, 6.0, 7.0]
        );
        assert_eq!(h.span(), 101);
    }
}
