//! Write amplification of uniform random writes measured on the per-page
//! reference FTL (`devices::Ftl`, the SSD models' own), to check the
//! Lambert-W formula of model §8 and to draw the WA-versus-spare-factor
//! chart.
//!
//! Model: one unit of `blocks` erase blocks of `pages_per_block` pages. The
//! host sees L = floor(physical pages / (1 + ρ)) logical pages, first
//! written once in order, then overwritten one page at a time, uniformly at
//! random. Writes append to one open block; when it is full the next free
//! block is opened. When that leaves no free block, garbage collection
//! picks the closed block with the fewest valid pages (greedy), copies its
//! valid pages into the open block and erases it. WA = flash page programs
//! (host + copies) / host page writes (the FTL's `Wear`), counted after a
//! warm-up.

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

use super::wear::write_amplification;
use crate::devices::Ftl;

/// Simulator settings.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct GcSimConfig {
    /// Physical erase blocks N (≥ 4).
    pub blocks: u32,
    /// Pages per block N_p (≥ 2).
    pub pages_per_block: u32,
    /// Spare factor ρ = (physical − logical) / logical, > 0.
    pub spare_factor: f64,
    /// Random overwrites before counting starts, in multiples of the
    /// logical page count.
    pub warmup_passes: f64,
    /// Random overwrites counted, in multiples of the logical page count.
    pub measured_passes: f64,
    pub seed: u64,
}

impl GcSimConfig {
    /// A size that runs in well under a second in a debug build: 512 blocks
    /// of 64 pages, 4 passes of warm-up, 6 measured.
    pub fn small(spare_factor: f64, seed: u64) -> Self {
        GcSimConfig {
            blocks: 512,
            pages_per_block: 64,
            spare_factor,
            warmup_passes: 4.0,
            measured_passes: 6.0,
            seed,
        }
    }
}

/// What one simulation measured.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GcSimResult {
    pub physical_pages: u64,
    pub logical_pages: u64,
    /// Host page writes counted (after warm-up).
    pub host_writes: u64,
    /// Flash page programs in the same period: host writes + GC copies.
    pub flash_writes: u64,
    /// Block erases in the same period.
    pub erases: u64,
    /// flash_writes / host_writes.
    pub write_amplification: f64,
}

/// Uniform integer in 0..n (multiply-high; the bias is below 2^−32 for the
/// sizes used here).
fn below(rng: &mut Xoshiro256PlusPlus, n: u32) -> u32 {
    ((rng.next_u64() as u128 * n as u128) >> 64) as u32
}

/// Run the simulator. Errors describe settings it cannot run.
pub fn simulate_greedy_gc(cfg: &GcSimConfig) -> Result<GcSimResult, String> {
    if cfg.blocks < 4 {
        return Err("blocks must be ≥ 4".into());
    }
    if cfg.pages_per_block < 2 {
        return Err("pages_per_block must be ≥ 2".into());
    }
    if !(cfg.spare_factor.is_finite() && cfg.spare_factor > 0.0) {
        return Err("spare_factor must be > 0".into());
    }
    for (name, v) in [
        ("warmup_passes", cfg.warmup_passes),
        ("measured_passes", cfg.measured_passes),
    ] {
        if !(v.is_finite() && v >= 0.0) {
            return Err(format!("{name} must be ≥ 0"));
        }
    }
    let physical = cfg.blocks as u64 * cfg.pages_per_block as u64;
    if physical >= u32::MAX as u64 {
        return Err("too many pages".into());
    }
    let logical = libm::floor(physical as f64 / (1.0 + cfg.spare_factor)) as u64;
    // Greedy GC needs an invalid page somewhere outside the open block and
    // the one spare free block.
    if logical == 0 || logical > (cfg.blocks as u64 - 2) * cfg.pages_per_block as u64 - 1 {
        return Err("spare factor too small for this many blocks".into());
    }
    let logical32 = logical as u32;
    // One clean block kept (reserve 1), GC one victim at a time.
    let mut flash = Ftl::new(1, cfg.pages_per_block, cfg.blocks, logical32);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(cfg.seed);

    for lpn in 0..logical32 {
        flash.write(lpn);
    }
    let warmup = libm::round(cfg.warmup_passes * logical as f64) as u64;
    for _ in 0..warmup {
        let lpn = below(&mut rng, logical32);
        flash.write(lpn);
    }
    flash.reset_counters();
    let measured = libm::round(cfg.measured_passes * logical as f64) as u64;
    for _ in 0..measured {
        let lpn = below(&mut rng, logical32);
        flash.write(lpn);
    }
    let flash_writes = flash.wear.nand_pages;
    Ok(GcSimResult {
        physical_pages: physical,
        logical_pages: logical,
        host_writes: measured,
        flash_writes,
        erases: flash.wear.erases,
        write_amplification: if measured == 0 {
            f64::NAN
        } else {
            flash_writes as f64 / measured as f64
        },
    })
}

/// (ρ, WA from the Lambert-W formula, WA simulated) for each ρ, each run
/// with `base` settings but that spare factor. ρ values the simulator
/// cannot run give NaN in the last column.
pub fn wa_comparison(rhos: &[f64], base: &GcSimConfig) -> Vec<(f64, f64, f64)> {
    rhos.iter()
        .map(|&rho| {
            let cfg = GcSimConfig {
                spare_factor: rho,
                ..base.clone()
            };
            let sim = simulate_greedy_gc(&cfg)
                .map(|r| r.write_amplification)
                .unwrap_or(f64::NAN);
            (rho, write_amplification(rho), sim)
        })
        .collect()
}

/// (ρ, WA) from the Lambert-W formula, for the WA-versus-ρ chart.
pub fn wa_curve(rhos: &[f64]) -> Vec<(f64, f64)> {
    rhos.iter().map(|&r| (r, write_amplification(r))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sim_matches_formula_within_ten_percent() {
        for (rho, seed) in [(0.28, 1), (0.5, 2), (1.0, 3)] {
            let r = simulate_greedy_gc(&GcSimConfig::small(rho, seed)).unwrap();
            let f = write_amplification(rho);
            let rel = (r.write_amplification - f).abs() / f;
            assert!(
                rel < 0.10,
                "ρ={rho}: sim {} formula {f}",
                r.write_amplification
            );
        }
    }

    #[test]
    fn deterministic_for_a_seed() {
        let cfg = GcSimConfig::small(0.5, 42);
        let a = simulate_greedy_gc(&cfg).unwrap();
        let b = simulate_greedy_gc(&cfg).unwrap();
        assert_eq!(a, b);
        let c = simulate_greedy_gc(&GcSimConfig::small(0.5, 43)).unwrap();
        assert_ne!(a.flash_writes, c.flash_writes);
    }

    #[test]
    fn accounting_is_consistent() {
        let cfg = GcSimConfig::small(0.5, 7);
        let r = simulate_greedy_gc(&cfg).unwrap();
        assert_eq!(r.physical_pages, 512 * 64);
        assert_eq!(r.logical_pages, (512 * 64) as u64 * 2 / 3);
        assert_eq!(r.host_writes, (6.0 * r.logical_pages as f64).round() as u64);
        assert!(r.flash_writes >= r.host_writes);
        // Every erase frees one block worth of page slots that were all
        // programmed: over the run, programs ≈ erases · N_p (± the blocks
        // in flight at the start and the end).
        let slack = 2 * 512 * 64;
        assert!((r.flash_writes as i64 - r.erases as i64 * 64).unsigned_abs() <= slack);
    }

    #[test]
    fn more_spare_means_less_amplification() {
        let was: Vec<f64> = [0.1, 0.28, 0.5, 1.0]
            .iter()
            .map(|&rho| {
                simulate_greedy_gc(&GcSimConfig::small(rho, 11))
                    .unwrap()
                    .write_amplification
            })
            .collect();
        assert!(was.windows(2).all(|w| w[1] < w[0]), "{was:?}");
    }

    #[test]
    fn rejects_unrunnable_settings() {
        let ok = GcSimConfig::small(0.5, 1);
        assert!(simulate_greedy_gc(&GcSimConfig {
            blocks: 3,
            ..ok.clone()
        })
        .is_err());
        assert!(simulate_greedy_gc(&GcSimConfig {
            spare_factor: 0.0,
            ..ok.clone()
        })
        .is_err());
        // Too little spare for two reserved blocks out of 8.
        assert!(simulate_greedy_gc(&GcSimConfig {
            blocks: 8,
            spare_factor: 0.01,
            ..ok.clone()
        })
        .is_err());
        assert!(simulate_greedy_gc(&GcSimConfig {
            pages_per_block: 1,
            ..ok
        })
        .is_err());
    }

    #[test]
    fn comparison_and_curve_series() {
        let base = GcSimConfig {
            blocks: 64,
            pages_per_block: 16,
            warmup_passes: 1.0,
            measured_passes: 1.0,
            ..GcSimConfig::small(0.5, 5)
        };
        let s = wa_comparison(&[0.28, 1.0], &base);
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].0, 0.28);
        assert!((s[0].1 - 2.48).abs() < 0.006);
        assert!(s[0].2 > 1.0);
        let c = wa_curve(&[0.07, 0.28, 0.5, 1.0]);
        let expect = [7.82, 2.48, 1.72, 1.26];
        for ((rho, wa), (r0, e)) in c.iter().zip([0.07, 0.28, 0.5, 1.0].iter().zip(expect)) {
            assert_eq!(rho, r0);
            assert!((wa - e).abs() < 0.006, "{rho}: {wa}");
        }
    }
}
