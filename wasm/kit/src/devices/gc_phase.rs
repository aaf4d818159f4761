//! Where each die of a steady-state SSD starts in its GC cycle, shared by
//! both SSD models (the scalable `steady_gc` and the per-page `ftl`) so the
//! same seed puts their bursts at the same points of a run.

use crate::sampling::rng::SimRng;

/// Where each of `units` dies stands in its GC cycle in a steady-state
/// start: the host writes (of one mapping unit) it takes before its next
/// burst, between 0 and `per_burst` (a burst's worth). Stratified in a
/// seeded order — die k of the order a seeded way into the k-th of `units`
/// equal strata — so a short run sees its expected share of bursts, not a
/// binomial draw of them (model §11, *GC phase*). The scalable model and
/// the per-page reference start from the same phases for the same seed,
/// so their bursts fall at the same points of a run.
pub fn gc_phases(seed: u64, units: usize, per_burst: f64) -> Vec<f64> {
    let mut order: Vec<usize> = (0..units).collect();
    let mut rng = SimRng::new(seed);
    for i in (1..units).rev() {
        let j = (rng.uniform() * (i + 1) as f64) as usize % (i + 1);
        order.swap(i, j);
    }
    let mut phases = vec![0.0; units];
    for (k, &u) in order.iter().enumerate() {
        phases[u] = (k as f64 + rng.uniform()) / units as f64 * per_burst;
    }
    phases
}
