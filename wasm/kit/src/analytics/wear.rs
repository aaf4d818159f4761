//! SSD lifetime and write amplification (model §8).

/// T = C × 1024 × N / (W × WA × 3600) hours.
pub fn lifetime_hours(capacity_gb: f64, pe_cycles: u32, write_mbps: f64, wa: f64) -> f64 {
    capacity_gb * 1024.0 * pe_cycles as f64 / (write_mbps * wa * 3600.0)
}

/// Principal branch W0 of the Lambert W function for x ≥ −1/e, by Halley's
/// iteration from a branch-point series (near −1/e) or log start.
pub fn lambert_w0(x: f64) -> f64 {
    let e_inv = -libm::exp(-1.0);
    if x.is_nan() || x < e_inv {
        return f64::NAN;
    }
    if x == 0.0 {
        return 0.0;
    }
    let mut w = if x < -0.25 {
        let p = libm::sqrt(2.0 * (1.0 + std::f64::consts::E * x));
        -1.0 + p - p * p / 3.0 + 11.0 / 72.0 * p * p * p
    } else if x < 3.0 {
        libm::log1p(x) * 0.8
    } else {
        let l = libm::log(x);
        l - libm::log(l)
    };
    for _ in 0..64 {
        let ew = libm::exp(w);
        let f = w * ew - x;
        let wp1 = w + 1.0;
        if wp1.abs() < 1e-300 {
            break;
        }
        let dw = f / (ew * wp1 - (w + 2.0) * f / (2.0 * wp1));
        w -= dw;
        if dw.abs() <= 1e-15 * (1.0 + w.abs()) {
            break;
        }
    }
    w
}

/// Greedy-GC write amplification of small random writes with spare factor
/// ρ: WA = α / (α + W0(−α·e^(−α))), α = 1 + ρ.
pub fn write_amplification(spare: f64) -> f64 {
    let a = 1.0 + spare;
    a / (a + lambert_w0(-a * libm::exp(-a)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lifetime_check_value() {
        let t = lifetime_hours(128.0, 10_000, 100.0, 1.0);
        assert_eq!(t.round(), 3641.0);
        assert_eq!((t / 24.0).round(), 152.0);
    }

    #[test]
    fn wa_check_values() {
        for (rho, wa) in [(0.07, 7.82), (0.28, 2.48), (0.5, 1.72), (1.0, 1.26)] {
            let got = write_amplification(rho);
            assert!((got - wa).abs() < 0.006, "ρ={rho}: {got} vs {wa}");
        }
    }

    #[test]
    fn lambert_identity() {
        for x in [-0.36, -0.2, -0.01, 0.5, 1.0, 10.0, 1e6] {
            let w = lambert_w0(x);
            assert!((w * w.exp() - x).abs() < 1e-10 * (1.0 + x.abs()), "x={x}");
        }
    }
}
