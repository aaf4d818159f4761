//! Random variates from a seeded xoshiro256++ stream. Only IEEE arithmetic
//! and `libm` are used so a seed gives bit-identical runs natively and in
//! WebAssembly (std's `ln` may differ by an ulp between the two).

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

#[derive(Clone)]
pub struct SimRng(Xoshiro256PlusPlus);

impl SimRng {
    pub fn new(seed: u64) -> Self {
        SimRng(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// Uniform on [0, 1) with 53 random bits.
    #[inline]
    pub fn uniform(&mut self) -> f64 {
        // The 53-bit value converts exactly, signed or unsigned. (The signed
        // cast was meant to spare V8's branchy `f64.convert_i64_u`, but LLVM
        // sees the value is non-negative and emits the unsigned one anyway.)
        ((self.0.next_u64() >> 11) as i64) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Exponential with the given rate, by inversion.
    #[inline]
    pub fn exp(&mut self, rate: f64) -> f64 {
        unit_exp(self.uniform()) / rate
    }
}

/// The unit exponential of a uniform u on [0, 1), by inversion.
#[inline(always)]
pub fn unit_exp(u: f64) -> f64 {
    -libm::log1p(-u)
}

/// SplitMix64's finaliser: spreads integers (block numbers, say) evenly over
/// u64, for hashing and spatial sampling.
pub fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
