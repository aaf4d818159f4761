//! `max` and `min` of two `f64`s, returning exactly what `f64::max` and
//! `f64::min` return, in a form WebAssembly runs inline.
//!
//! Rust's `f64::max` ignores a NaN operand; WebAssembly's `f64.max`
//! propagates it, so for wasm32 the compiler cannot use the instruction and
//! calls a software `fmax` instead. The engines take the later of two
//! times on every page a flash read touches and on every device event: in
//! the browser those calls were 12 % of the NOSSDAV'12 object series' time
//! (the SSD's per-page read loop 10 %), with nothing to match them natively
//! (docs/engines/request-notebook.md, 2026-11-29). Written as a comparison
//! and a select, the same choice compiles to a few inline instructions on
//! both targets.

/// The larger of `a` and `b`; the other when one is NaN (as `f64::max`).
#[inline(always)]
pub fn max(a: f64, b: f64) -> f64 {
    if b.is_nan() || a >= b {
        a
    } else {
        b
    }
}

/// The smaller of `a` and `b`; the other when one is NaN (as `f64::min`).
#[inline(always)]
pub fn min(a: f64, b: f64) -> f64 {
    if b.is_nan() || a <= b {
        a
    } else {
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Equal to the standard library's on ordinary values, infinities and
    /// NaN on either side (the bits, so a NaN is compared as a NaN).
    #[test]
    fn max_and_min_are_the_standard_librarys() {
        let values = [
            0.0,
            1.0,
            -1.0,
            2.5e-9,
            1e300,
            -7.25,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            f64::MIN_POSITIVE,
        ];
        for &a in &values {
            for &b in &values {
                let same =
                    |x: f64, y: f64| x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan());
                assert!(same(max(a, b), a.max(b)), "max({a}, {b})");
                assert!(same(min(a, b), a.min(b)), "min({a}, {b})");
            }
        }
    }
}
