//! Walker/Vose alias table: O(1) sampling of a rank from the Zipf weights.
//! Built once per scenario and reused by every replication.

use super::rng::SimRng;

#[derive(Clone, PartialEq)]
pub struct AliasTable {
    prob: Vec<f64>,
    alias: Vec<u32>,
}

impl AliasTable {
    pub fn new(weights: &[f64]) -> Self {
        let n = weights.len();
        let total: f64 = weights.iter().sum();
        let mut prob: Vec<f64> = weights.iter().map(|w| w * n as f64 / total).collect();
        let mut alias: Vec<u32> = (0..n as u32).collect();
        let mut small: Vec<u32> = Vec::new();
        let mut large: Vec<u32> = Vec::new();
        for (i, &p) in prob.iter().enumerate() {
            if p < 1.0 {
                small.push(i as u32)
            } else {
                large.push(i as u32)
            }
        }
        while let (Some(&s), Some(&l)) = (small.last(), large.last()) {
            small.pop();
            alias[s as usize] = l;
            prob[l as usize] -= 1.0 - prob[s as usize];
            if prob[l as usize] < 1.0 {
                large.pop();
                small.push(l);
            }
        }
        // Leftovers are 1 up to rounding.
        for i in small.into_iter().chain(large) {
            prob[i as usize] = 1.0;
        }
        AliasTable { prob, alias }
    }

    #[inline]
    pub fn sample(&self, rng: &mut SimRng) -> u32 {
        self.pick(rng.uniform())
    }

    /// The rank for a uniform u on [0, 1) (what `sample` does with its draw).
    #[inline]
    pub fn pick(&self, u: f64) -> u32 {
        let n = self.prob.len();
        let u = u * n as f64;
        let i = (u as usize).min(n - 1);
        let frac = u - i as f64;
        if frac < self.prob[i] {
            i as u32
        } else {
            self.alias[i]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frequencies_match_weights() {
        let w = [5.0, 1.0, 3.0, 1.0];
        let t = AliasTable::new(&w);
        let mut rng = SimRng::new(7);
        let mut c = [0u32; 4];
        let n = 400_000;
        for _ in 0..n {
            c[t.sample(&mut rng) as usize] += 1;
        }
        for i in 0..4 {
            let expect = w[i] / 10.0;
            let got = c[i] as f64 / n as f64;
            assert!((got - expect).abs() < 0.004, "{i}: {got} vs {expect}");
        }
    }
}
