//! The workload's mean length, offered load and Little's law both ways
//! (`Workload::mean_length_s`, `offered_load`, `rate_for_streams`): the one
//! home of these formulas, which the app asks (`workloadFigures`,
//! `rateForStreams`) and the presets and optimiser call. Pinned against hand
//! values, the presets of today's stated stream counts, and the round trip
//! the Scenario tab's "Concurrent streams" field makes.

use tierplan_scenario::presets::{default_scenario, scenario_preset};
use tierplan_scenario::{VideoClass, Workload};

fn workload(arrival_rate: f64, classes: &[(f64, f64)]) -> Workload {
    let mut w = default_scenario().workload;
    w.arrival_rate = arrival_rate;
    w.classes = classes
        .iter()
        .map(|&(share, length_min)| VideoClass {
            share,
            length_min,
            bitrate_kbps: 245.0,
        })
        .collect();
    w
}

#[test]
fn one_hour_videos_at_one_a_second_keep_3600_streams_open() {
    let w = workload(1.0, &[(1.0, 60.0)]);
    assert_eq!(w.mean_length_s(), 3600.0);
    assert_eq!(w.offered_load(), 3600.0);
    // 2 000 streams of an hour: λ = 2000 / 3600 s.
    assert_eq!(w.rate_for_streams(2000.0), 2000.0 / 3600.0);
    let f = w.figures();
    assert_eq!((f.mean_length_s, f.offered_load), (3600.0, 3600.0));
    assert_eq!(f.library_gb, w.library_mb() / 1024.0);
}

#[test]
fn a_mix_weighs_each_length_by_its_share_of_the_shares_sum() {
    // 25 % of 20-minute clips, 75 % of 100-minute films: 80 min on average.
    assert_eq!(
        workload(1.0, &[(0.25, 20.0), (0.75, 100.0)]).mean_length_s(),
        4800.0
    );
    // Shares that do not (yet) sum to 1 count as weights: the same mix.
    assert_eq!(
        workload(1.0, &[(0.125, 20.0), (0.375, 100.0)]).mean_length_s(),
        4800.0
    );
    // No positive share: no mean (NaN, as the library size).
    assert!(workload(1.0, &[]).mean_length_s().is_nan());
    assert!(workload(1.0, &[(0.0, 60.0)]).offered_load().is_nan());
}

#[test]
fn the_presets_of_today_keep_the_streams_they_state() {
    // Their descriptions state 1 000, 5 000 and 3 000 concurrent streams.
    for (id, streams) in [
        ("today-plan", 1_000.0),
        ("today-4k-mix", 5_000.0),
        ("today-abr-ladder", 3_000.0),
    ] {
        let w = scenario_preset(id).unwrap().workload;
        let load = w.offered_load();
        assert!((load - streams).abs() < 1e-9 * streams, "{id}: {load}");
    }
}

#[test]
fn typed_streams_come_back_as_typed_through_the_rate() {
    // The Scenario tab stores λ = rate_for_streams(typed) to 15 significant
    // digits and shows offered_load to 12: within 1e-13 the typed count reads back.
    for typed in [7.0, 1500.0, 2000.0, 12_345.0, 60_000.0, 100_000.0] {
        let mut min = 1.0;
        while min < 333.0 {
            let mut w = workload(1.0, &[(0.3, min), (0.7, 97.0)]);
            w.arrival_rate = w.rate_for_streams(typed);
            let back = w.offered_load();
            assert!(
                (back - typed).abs() <= 1e-13 * typed,
                "{typed} over {min} min: {back}"
            );
            min += 1.37;
        }
    }
}
