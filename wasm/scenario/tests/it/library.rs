//! The library size (`Workload::library_mb`), the one formula the app, the
//! validator and the optimiser use, pinned against hand values and against
//! the titles the engine actually builds.

use tierplan_scenario::presets::default_scenario;
use tierplan_scenario::{VideoClass, Workload};

fn workload(videos: u32, classes: &[(f64, f64, f64)]) -> Workload {
    let mut w = default_scenario().workload;
    w.videos = videos;
    w.classes = classes
        .iter()
        .map(|&(share, length_min, bitrate_kbps)| VideoClass {
            share,
            length_min,
            bitrate_kbps,
        })
        .collect();
    w
}

#[test]
fn one_hour_at_245_kbps_is_861_mb_a_title() {
    // Model §2: 245 KB/s × 3600 s = 882 000 KB = 861.328125 MB.
    let w = workload(300, &[(1.0, 60.0, 245.0)]);
    assert_eq!(w.library_mb(), 300.0 * 861.328125);
}

#[test]
fn a_mix_is_the_titles_the_engine_builds_to_within_a_title_per_class() {
    let classes = [(0.25, 120.0, 500.0), (0.75, 30.0, 245.0)];
    let w = workload(1001, &classes);
    // Hand value: 1001 × (0.25 × 7200 × 500 + 0.75 × 1800 × 245) KB / 1024.
    let hand = 1001.0 * (0.25 * 7200.0 * 500.0 + 0.75 * 1800.0 * 245.0) / 1024.0;
    assert!((w.library_mb() - hand).abs() < 1e-6 * hand);
    // The engine's whole titles (class_of_ranks): within one title per class.
    let built: f64 = w
        .class_of_ranks()
        .iter()
        .map(|&c| {
            let (_, len, kbps) = classes[c as usize];
            len * 60.0 * kbps / 1024.0
        })
        .sum();
    let largest_title = 7200.0 * 500.0 / 1024.0;
    assert!((w.library_mb() - built).abs() <= 2.0 * largest_title);
}

#[test]
fn shares_off_their_sum_count_as_weights() {
    // Shares that sum to 0.5 (the validator names them) quote the mix's
    // library, not half of it: the same as the shares scaled to sum to 1.
    let half = workload(400, &[(0.125, 60.0, 245.0), (0.375, 90.0, 600.0)]);
    let whole = workload(400, &[(0.25, 60.0, 245.0), (0.75, 90.0, 600.0)]);
    assert!((half.library_mb() - whole.library_mb()).abs() < 1e-9 * whole.library_mb());
    assert!(workload(5, &[(0.0, 60.0, 245.0)]).library_mb().is_nan());
}
