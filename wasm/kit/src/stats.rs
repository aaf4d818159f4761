//! Mean and Student-t 95 % confidence intervals over replications.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Estimate {
    pub mean: f64,
    /// Half-width of the 95 % confidence interval (0 with one replication).
    pub ci95: f64,
    pub min: f64,
    pub max: f64,
    pub n: u32,
}

/// Two-sided 95 % quantile t_{0.975, df} of Student's t distribution.
/// Tabulated for df ≤ 30 (exact to 3 decimals); beyond, the Cornish–Fisher
/// expansion around the normal quantile, accurate to 1e-4 there.
pub fn t_975(df: u32) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::NAN,
        1..=30 => TABLE[df as usize - 1],
        _ => {
            let z: f64 = 1.959_963_984_540_054;
            let n = df as f64;
            let z3 = z * z * z;
            let z5 = z3 * z * z;
            let z7 = z5 * z * z;
            z + (z3 + z) / (4.0 * n)
                + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * n * n)
                + (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * n * n * n)
        }
    }
}

pub fn mean_ci95(xs: &[f64]) -> Estimate {
    let n = xs.len();
    if n == 0 {
        return Estimate {
            mean: f64::NAN,
            ci95: f64::NAN,
            min: f64::NAN,
            max: f64::NAN,
            n: 0,
        };
    }
    let mean = xs.iter().sum::<f64>() / n as f64;
    let min = xs.iter().copied().fold(f64::INFINITY, f64::min);
    let max = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let ci95 = if n < 2 {
        0.0
    } else {
        let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1) as f64;
        t_975(n as u32 - 1) * libm::sqrt(var / n as f64)
    };
    Estimate {
        mean,
        ci95,
        min,
        max,
        n: n as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn t_quantiles_match_tables() {
        assert_eq!(t_975(1), 12.706);
        assert!((t_975(40) - 2.021).abs() < 1e-3);
        assert!((t_975(120) - 1.980).abs() < 1e-3);
    }

    #[test]
    fn ci_of_known_sample() {
        let e = mean_ci95(&[1.0, 2.0, 3.0, 4.0, 5.0]);
        assert_eq!(e.mean, 3.0);
        // s = sqrt(2.5); half-width = 2.776 * s / sqrt(5)
        assert!((e.ci95 - 2.776 * (2.5f64).sqrt() / 5f64.sqrt()).abs() < 1e-12);
        assert_eq!(mean_ci95(&[7.0]).ci95, 0.0);
    }
}
