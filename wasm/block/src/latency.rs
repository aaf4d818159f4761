//! Response-time statistics without storing the samples: the mean exactly,
//! quantiles from a histogram with logarithmic bins 1 % wide from 1 µs to
//! 1000 s. A quantile is reported as the geometric middle of its bin, so it
//! is within ±0.5 % of the exact order statistic (times under 1 µs fall in
//! the first bin, over 1000 s in the last).

const MIN_S: f64 = 1e-6;
const RATIO: f64 = 1.01;
/// ln(1000 s / 1 µs) / ln(1.01) ≈ 2083 bins.
const BINS: usize = 2084;

pub struct Latency {
    bins: Vec<u64>,
    pub count: u64,
    pub sum_s: f64,
    /// Responses exactly zero (a run with device times zeroed).
    zeros: u64,
}

impl Default for Latency {
    fn default() -> Self {
        Self::new()
    }
}

impl Latency {
    pub fn new() -> Latency {
        Latency {
            bins: vec![0; BINS],
            count: 0,
            sum_s: 0.0,
            zeros: 0,
        }
    }

    pub fn clear(&mut self) {
        self.bins.iter_mut().for_each(|b| *b = 0);
        self.count = 0;
        self.sum_s = 0.0;
        self.zeros = 0;
    }

    pub fn add(&mut self, s: f64) {
        self.count += 1;
        self.sum_s += s;
        if s <= 0.0 {
            self.zeros += 1;
            return;
        }
        let i = (libm::log(s / MIN_S) / libm::log(RATIO)).max(0.0) as usize;
        self.bins[i.min(BINS - 1)] += 1;
    }

    pub fn mean_s(&self) -> f64 {
        if self.count == 0 {
            f64::NAN
        } else {
            self.sum_s / self.count as f64
        }
    }

    /// The q-quantile (0 < q < 1), s.
    pub fn quantile_s(&self, q: f64) -> f64 {
        if self.count == 0 {
            return f64::NAN;
        }
        let rank = (q * self.count as f64).ceil().max(1.0) as u64;
        if rank <= self.zeros {
            return 0.0;
        }
        let mut seen = self.zeros;
        for (i, &c) in self.bins.iter().enumerate() {
            seen += c;
            if seen >= rank {
                return MIN_S * libm::pow(RATIO, i as f64 + 0.5);
            }
        }
        MIN_S * libm::pow(RATIO, BINS as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against the exact order statistic of 100 000 spread-out samples.
    #[test]
    fn p99_within_half_a_percent() {
        let mut l = Latency::new();
        let mut xs: Vec<f64> = (1..=100_000)
            .map(|i| 1e-4 * libm::exp(i as f64 * 1e-4))
            .collect();
        xs.iter().for_each(|&x| l.add(x));
        xs.sort_by(|a, b| a.partial_cmp(b).unwrap());
        let exact = xs[98_999];
        let got = l.quantile_s(0.99);
        assert!((got / exact - 1.0).abs() < 0.0051, "{got} vs {exact}");
    }
}
