//! Table-free Zipf sampling over millions of items, and a bijection that
//! scatters popularity ranks over an address space.
//!
//! A block footprint of tens of GB is millions of 4 KB blocks; an alias or
//! CDF table per block would cost tens of MB, so ranks are drawn by
//! rejection-inversion (Hörmann & Derflinger, "Rejection-inversion to
//! generate variates from monotone discrete distributions", 1996), which
//! needs O(1) memory and a constant expected number of uniforms per draw.

use tierplan_kit::sampling::rng::SimRng;

/// Zipf over ranks 1..=n: P(k) ∝ k^-s, for any s ≥ 0 (s = 0 is uniform).
#[derive(Debug, Clone)]
pub struct ZipfRanks {
    n: u64,
    s: f64,
    h_integral_x1: f64,
    h_integral_n: f64,
    threshold: f64,
}

/// log1p(x)/x, continuous at 0.
fn helper1(x: f64) -> f64 {
    if x.abs() > 1e-8 {
        libm::log1p(x) / x
    } else {
        1.0 - x * (0.5 - x * (1.0 / 3.0 - 0.25 * x))
    }
}

/// expm1(x)/x, continuous at 0.
fn helper2(x: f64) -> f64 {
    if x.abs() > 1e-8 {
        libm::expm1(x) / x
    } else {
        1.0 + x * 0.5 * (1.0 + x * (1.0 / 3.0) * (1.0 + 0.25 * x))
    }
}

impl ZipfRanks {
    pub fn new(n: u64, s: f64) -> Self {
        assert!(n >= 1 && s >= 0.0 && s.is_finite());
        let mut z = ZipfRanks {
            n,
            s,
            h_integral_x1: 0.0,
            h_integral_n: 0.0,
            threshold: 0.0,
        };
        z.h_integral_x1 = z.h_integral(1.5) - 1.0;
        z.h_integral_n = z.h_integral(n as f64 + 0.5);
        z.threshold = 2.0 - z.h_integral_inverse(z.h_integral(2.5) - z.h(2.0));
        z
    }

    /// h(x) = x^-s, the density the discrete weights are compared against.
    fn h(&self, x: f64) -> f64 {
        libm::exp(-self.s * libm::log(x))
    }

    /// An antiderivative of h: (x^(1-s) - 1)/(1-s), or ln x at s = 1.
    fn h_integral(&self, x: f64) -> f64 {
        let log_x = libm::log(x);
        helper2((1.0 - self.s) * log_x) * log_x
    }

    fn h_integral_inverse(&self, x: f64) -> f64 {
        let t = (x * (1.0 - self.s)).max(-1.0);
        libm::exp(helper1(t) * x)
    }

    /// A rank in 1..=n.
    pub fn sample(&self, rng: &mut SimRng) -> u64 {
        loop {
            let u = self.h_integral_n + rng.uniform() * (self.h_integral_x1 - self.h_integral_n);
            let x = self.h_integral_inverse(u);
            let k = (x + 0.5).floor().clamp(1.0, self.n as f64);
            if k - x <= self.threshold || u >= self.h_integral(k + 0.5) - self.h(k) {
                return k as u64;
            }
        }
    }
}

/// A bijection on 0..n that scatters consecutive ranks over the range, so the
/// hottest items are not neighbours (which a sequential detector or a
/// page-sized flash unit would otherwise see as one hot region). It permutes
/// the enclosing power of two by odd multiplications and xor-shifts (each a
/// bijection modulo 2^bits) and cycle-walks values ≥ n back into range; as
/// the power of two is < 2n, a walk takes under two steps on average.
#[derive(Debug, Clone)]
pub struct ScatterMap {
    n: u64,
    bits: u32,
    mask: u64,
}

impl ScatterMap {
    pub fn new(n: u64) -> Self {
        assert!(n >= 1);
        let bits = (64 - (n - 1).leading_zeros()).max(1);
        let mask = if bits >= 64 {
            u64::MAX
        } else {
            (1u64 << bits) - 1
        };
        ScatterMap { n, bits, mask }
    }

    fn permute_pow2(&self, mut x: u64) -> u64 {
        let shift = self.bits.div_ceil(2);
        x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15) & self.mask;
        x ^= x >> shift;
        x = x.wrapping_mul(0xD6E8_FEB8_6659_FD93) & self.mask;
        x ^= x >> shift;
        x
    }

    /// The position of item `i` (0-based), in 0..n.
    pub fn map(&self, i: u64) -> u64 {
        debug_assert!(i < self.n);
        let mut x = self.permute_pow2(i);
        while x >= self.n {
            x = self.permute_pow2(x);
        }
        x
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scatter_is_a_bijection() {
        for n in [1u64, 2, 3, 7, 8, 9, 1000, 4097] {
            let m = ScatterMap::new(n);
            let mut seen = vec![false; n as usize];
            for i in 0..n {
                let j = m.map(i) as usize;
                assert!(!seen[j], "n={n}: {j} hit twice");
                seen[j] = true;
            }
        }
    }

    #[test]
    fn zipf_stays_in_range_and_rank_one_is_most_likely() {
        let z = ZipfRanks::new(50, 1.2);
        let mut rng = SimRng::new(3);
        let mut counts = [0u32; 51];
        for _ in 0..50_000 {
            let k = z.sample(&mut rng);
            assert!((1..=50).contains(&k));
            counts[k as usize] += 1;
        }
        assert!(counts[1] > counts[2] && counts[2] > counts[10]);
    }
}
