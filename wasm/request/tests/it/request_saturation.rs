//! Early stop of saturated replications (`request.run.stop_when_saturated`,
//! `saturation.rs`): the rule on synthetic counters, and stopped against
//! full-length runs of the figure's five series at rates where each is
//! saturated — the full-length run is above the bound too, the stopped
//! lower bound is at most the full-length miss ratio — and points that miss
//! nothing never stop (and give the same result as without the flag).

use crate::request_support;

use proptest::prelude::*;
use request_support::*;
use tierplan_kit::progress::SteppedJob;
use tierplan_request::figure::{point_scenario, FigureSeries, FigureSettings};
use tierplan_request::saturation::{saturated, CHECKPOINTS, GROWTH_WINDOW, MIN_LOWER_BOUND};
use tierplan_request::{RequestJob, RequestResult};
use tierplan_scenario::Scenario;

#[test]
fn the_rule_on_synthetic_counters() {
    let growing: Vec<u32> = (0..=GROWTH_WINDOW as u32).map(|k| 10 + 7 * k).collect();
    // Growing backlog and a tenth of the period's requests certainly missed.
    assert_eq!(saturated(&growing, 100, 1000), Some(0.1));
    assert_eq!(saturated(&growing, 999, 1000), Some(0.999));
    // One miss short of the bound: run on.
    assert_eq!(saturated(&growing, 99, 1000), None);
    // No miss: never, whatever the backlog does.
    assert_eq!(saturated(&growing, 0, 1000), None);
    // A backlog that held still once in the window: not growing.
    let mut flat = growing.clone();
    let last = flat.len() - 1;
    flat[last] = flat[last - 1];
    assert_eq!(saturated(&flat, 900, 1000), None);
    // Only the window counts: an old dip does not matter.
    let mut longer = vec![50, 3];
    longer.extend(&growing);
    assert_eq!(saturated(&longer, 500, 1000), Some(0.5));
    // Too few checkpoints to see the window, or a period without requests.
    assert_eq!(saturated(&growing[1..], 900, 1000), None);
    assert_eq!(saturated(&growing, 0, 0), None);
}

proptest! {
    #[test]
    fn the_rule_fires_only_on_growth_and_a_bound_it_reports(
        backlog in prop::collection::vec(0u32..60, 0..20),
        period in 1u64..100_000,
        share in 0.0f64..1.0,
    ) {
        let misses = (period as f64 * share) as u64;
        match saturated(&backlog, misses, period) {
            Some(lower) => {
                // The bound is the certain misses over all the period's
                // requests, at least the stated share, and the window grew.
                prop_assert_eq!(lower, misses as f64 / period as f64);
                prop_assert!(lower >= MIN_LOWER_BOUND);
                prop_assert!(misses > 0);
                let w = &backlog[backlog.len() - GROWTH_WINDOW - 1..];
                prop_assert!(w.windows(2).all(|p| p[1] > p[0]));
                // More certain misses keep it saturated.
                prop_assert!(saturated(&backlog, (misses + 1).min(period), period).is_some());
            }
            None => {
                let grew = backlog.len() > GROWTH_WINDOW
                    && backlog[backlog.len() - GROWTH_WINDOW - 1..]
                        .windows(2)
                        .all(|p| p[1] > p[0]);
                prop_assert!(!grew || (misses as f64) < MIN_LOWER_BOUND * period as f64);
            }
        }
    }
}

fn run(s: &Scenario) -> RequestResult {
    RequestJob::new(s.clone())
        .expect("valid")
        .run_to_end(1 << 22)
}

fn with_flag(s: &Scenario, on: bool) -> Scenario {
    let mut s = s.clone();
    req(&mut s).run.stop_when_saturated = on;
    s
}

/// The figure's point (one replication of `hours`, the warm ring warmed
/// as long as it measures) with and without the early stop.
fn point(series: FigureSeries, rate: f64, hours: f64) -> (Scenario, Scenario) {
    let f = FigureSettings {
        from_rate: rate,
        to_rate: rate,
        points: 1,
        replications: 1,
        duration_h: hours,
        warmup_h: hours,
    };
    let base = preset("nossdav12-hdd-only");
    let s = point_scenario(&base, series, rate, &f).expect("request section");
    assert!(
        req(&mut s.clone()).run.stop_when_saturated,
        "the figure sets it"
    );
    (with_flag(&s, false), s)
}

/// Series and three rates where each is saturated on the study's preset
/// (HDD only meets 0 % to 19 requests/s, the block cache to 15, the ring
/// cold to 19 and warm to 21, the static object cache beyond 40).
const SATURATED: [(FigureSeries, [f64; 3]); 5] = [
    (FigureSeries::Hdd, [21.0, 23.0, 25.0]),
    (FigureSeries::Block, [21.0, 23.0, 25.0]),
    (FigureSeries::RingCold, [21.0, 23.0, 25.0]),
    (FigureSeries::RingWarm, [23.0, 24.0, 25.0]),
    (
        FigureSeries::Object,
        [OBJECT_RATES[0], OBJECT_RATES[1], OBJECT_RATES[2]],
    ),
];
const OBJECT_RATES: [f64; 3] = [50.0, 60.0, 70.0];
const HOURS: f64 = 0.5;

#[test]
fn stopped_runs_bound_the_full_length_miss_ratio_from_below() {
    eprintln!("series      rate   full    stopped at  lower bound");
    for (series, rates) in SATURATED {
        for rate in rates {
            let (full_s, stop_s) = point(series, rate, HOURS);
            let full = run(&full_s);
            let stopped = run(&stop_s);
            let (f, s) = (&full.replications[0], &stopped.replications[0]);
            let sat = s
                .saturated
                .unwrap_or_else(|| panic!("{series:?} at {rate}: saturated, so it stops"));
            eprintln!(
                "{:<10} {rate:5} {:7.4} {:8.0} s {:10.4}",
                series.id(),
                f.miss_ratio,
                sat.stopped_at_s,
                sat.miss_ratio_lower
            );
            assert!(f.saturated.is_none(), "without the flag it runs to the end");
            assert!(
                f.miss_ratio >= MIN_LOWER_BOUND,
                "{series:?} at {rate}: the full-length run is above the bound too ({})",
                f.miss_ratio
            );
            assert!(
                sat.miss_ratio_lower <= f.miss_ratio,
                "{series:?} at {rate}: lower bound {} above the full run's {}",
                sat.miss_ratio_lower,
                f.miss_ratio
            );
            assert!(sat.miss_ratio_lower >= MIN_LOWER_BOUND);
            assert_eq!(
                s.miss_ratio, sat.miss_ratio_lower,
                "the figure sees the bound"
            );
            assert!(sat.stopped_at_s > 0.0 && sat.stopped_at_s < HOURS * 3600.0);
            // Stopped at a checkpoint of the measured period.
            let every = HOURS * 3600.0 / CHECKPOINTS as f64;
            let k = sat.stopped_at_s / every;
            assert!((k - k.round()).abs() < 1e-6, "{k}");
        }
    }
}

#[test]
fn points_that_meet_their_deadlines_never_stop() {
    for (series, rate) in [
        (FigureSeries::Hdd, 10.0),
        (FigureSeries::Hdd, 19.0),
        (FigureSeries::Block, 10.0),
        (FigureSeries::RingCold, 16.0),
        (FigureSeries::RingWarm, 20.0),
        (FigureSeries::Object, 25.0),
    ] {
        let (full_s, stop_s) = point(series, rate, HOURS);
        let full = run(&full_s);
        let watched = run(&stop_s);
        assert_eq!(
            full.miss_ratio.max, 0.0,
            "{series:?} at {rate} misses nothing"
        );
        assert!(watched.replications.iter().all(|r| r.saturated.is_none()));
        // The checkpoints only look: the same run, bit for bit.
        let key = |r: &RequestResult| serde_json::to_string(r).expect("serialisable");
        assert_eq!(key(&full), key(&watched), "{series:?} at {rate}");
    }
}

#[test]
fn the_flag_round_trips_and_older_scenarios_load_without_it() {
    let (_, s) = point(FigureSeries::Block, 20.0, HOURS);
    let json = serde_json::to_string(&s).expect("serialisable");
    assert!(json.contains("\"stop_when_saturated\":true"));
    let back: Scenario = serde_json::from_str(&json).expect("loads");
    assert_eq!(back, s);
    assert!(tierplan_scenario::validate::problems(&back).is_empty());
    // A scenario saved before the flag existed: off.
    let old = json.replace(",\"stop_when_saturated\":true", "");
    assert_ne!(old, json);
    let back: Scenario = serde_json::from_str(&old).expect("loads");
    assert!(!back.request.expect("request").run.stop_when_saturated);
}
