//! Shared by the optimiser's tests: the cheapest configuration among
//! simulated candidates, found by looking at every one of them.

use std::collections::HashMap;
use tierplan_scenario::Architecture;
use tierplan_stream::results::RunResult;
use tierplan_studies::optimize::{Counts, MaxCounts};

/// The cheapest candidate of `arch` (by `cost`) whose result `ok` accepts,
/// ties broken as the optimiser documents (cost, then disks, file cache,
/// interval cache).
pub fn cheapest_by(
    sims: &HashMap<(Architecture, Counts), RunResult>,
    arch: Architecture,
    ok: impl Fn(&RunResult) -> bool,
    cost: impl Fn(Counts) -> f64,
) -> Option<Counts> {
    let mut feasible: Vec<(f64, Counts)> = sims
        .iter()
        .filter(|((a, _), r)| *a == arch && ok(r))
        .map(|((_, c), _)| (cost(*c), *c))
        .collect();
    feasible.sort_by(|x, y| {
        x.0.total_cmp(&y.0)
            .then(x.1.disk.cmp(&y.1.disk))
            .then(x.1.file_cache.cmp(&y.1.file_cache))
            .then(x.1.interval_cache.cmp(&y.1.interval_cache))
    });
    feasible.first().map(|x| x.1)
}

/// Every configuration of `arch` the brute force simulates: disks from
/// `min_disk` to the cap, and each cache tier the architecture has from 0
/// to its cap (0 for a tier it lacks).
pub fn every_count(arch: Architecture, m: MaxCounts, min_disk: u32) -> Vec<Counts> {
    let ic = if arch.interval_cache_kind().is_some() {
        m.interval_cache.unwrap()
    } else {
        0
    };
    let fc = if arch.has_file_cache() {
        m.file_cache.unwrap()
    } else {
        0
    };
    let mut out = Vec::new();
    for disk in min_disk..=m.disk.unwrap() {
        for interval_cache in 0..=ic {
            for file_cache in 0..=fc {
                out.push(Counts {
                    disk,
                    interval_cache,
                    file_cache,
                });
            }
        }
    }
    out
}
