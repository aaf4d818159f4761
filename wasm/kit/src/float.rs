//! `max` and `min` of two `f64`s, returning exactly what `f64::max` and
//! `f64::min` return, and `floor`, in forms WebAssembly runs inline.
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

/// The largest whole number not above `x` (as `libm::floor`; floor is
/// exact, so every correct implementation gives the same bits). In
/// WebAssembly this is the `f64.floor` instruction, where `libm::floor` is a
/// software routine (libm takes the instruction only with a nightly
/// feature); natively it stays `libm::floor`, inline, where the standard
/// library's would be a call to the C library on x86-64's baseline.
#[inline(always)]
pub fn floor(x: f64) -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        x.floor()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        libm::floor(x)
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

    /// The same bits as the standard library's floor (what wasm32 runs) on
    /// the values the carries take, halves, huge values, signed zeros,
    /// infinities and NaN.
    #[test]
    fn floor_is_the_standard_librarys() {
        let values = [
            0.0,
            -0.0,
            0.999_999_999_999_9,
            1.0,
            1.5,
            -1.5,
            -0.25,
            4503599627370495.5,
            1e300,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            f64::MIN_POSITIVE,
        ];
        for &x in &values {
            let (got, want) = (floor(x), x.floor());
            assert!(
                got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
                "floor({x})"
            );
        }
    }
}
