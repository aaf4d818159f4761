//! Zipf-like popularity over ranks 1..N (model §3).

/// p_i ∝ i^(−s) for i = 1..n, normalised. `libm::pow` keeps the values
/// bit-identical natively and in WebAssembly.
pub fn zipf_probabilities(n: u32, exponent: f64) -> Vec<f64> {
    let mut p: Vec<f64> = (1..=n).map(|i| libm::pow(i as f64, -exponent)).collect();
    let sum: f64 = p.iter().sum();
    for x in &mut p {
        *x /= sum;
    }
    p
}

/// Share of requests drawn by the k most popular of n videos.
pub fn zipf_top_k_mass(n: u32, exponent: f64, k: u32) -> f64 {
    let k = k.min(n);
    let p = zipf_probabilities(n, exponent);
    p[..k as usize].iter().sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn theta_0271_top_56_of_300() {
        // θ = 0.271 is exponent 1 − θ = 0.729 (model §3). The study quotes
        // 55.4 %; the exact sum is 55.535 %, so the quoted figure is within
        // rounding of a slightly different normalisation — accept ±0.2 points.
        let m = zipf_top_k_mass(300, 1.0 - 0.271, 56);
        assert!((m - 0.554).abs() < 0.002, "{m}");
        assert!((m - 0.55535).abs() < 0.00001, "{m}");
    }

    #[test]
    fn uniform_when_exponent_zero() {
        assert!((zipf_top_k_mass(100, 0.0, 25) - 0.25).abs() < 1e-12);
    }
}
