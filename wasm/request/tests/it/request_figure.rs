//! The miss-ratio figure (`request::figure`): its plan, and the work a
//! thread shares between the figure's runs (the last simulation, reset in
//! place; the libraries drawn per seed) changing no result.

use crate::request_support;

use request_support::*;
use tierplan_kit::progress::SteppedJob;
use tierplan_request::figure::{
    figure_plan, figure_rates, point_scenario, FigureSeries, FigureSettings,
};
use tierplan_request::{RequestJob, RequestResult};

fn run(s: &tierplan_scenario::Scenario) -> RequestResult {
    RequestJob::new(s.clone())
        .expect("valid")
        .run_to_end(1 << 22)
}

/// Runs in a thread of their own: nothing pooled from another test.
fn fresh_thread<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| scope.spawn(f).join().expect("no panic"))
}

fn short() -> FigureSettings {
    FigureSettings {
        from_rate: 4.0,
        to_rate: 12.0,
        points: 3,
        replications: 2,
        duration_h: 0.02,
        warmup_h: 0.02,
    }
}

#[test]
fn a_reused_simulation_gives_what_a_fresh_one_does() {
    let base = preset("nossdav12-hdd-only");
    let f = short();
    for series in FigureSeries::ALL {
        let a = point_scenario(&base, series, 12.0, &f).expect("request");
        let b = point_scenario(&base, series, 4.0, &f).expect("request");
        // Each alone, in a fresh thread.
        let alone_a = fresh_thread(|| run(&a));
        let alone_b = fresh_thread(|| run(&b));
        // One after the other in one thread: the second resets the first's
        // simulation (same shape) and reuses its libraries; then the first
        // again, after another shape ran in between.
        let (then_b, again_a) = fresh_thread(|| {
            let _ = run(&a);
            let then_b = run(&b);
            let other = point_scenario(&base, FigureSeries::Hdd, 8.0, &f).expect("request");
            let _ = run(&other);
            (then_b, run(&a))
        });
        let key = |r: &RequestResult| serde_json::to_string(r).expect("serialisable");
        assert_eq!(
            key(&alone_b),
            key(&then_b),
            "{series:?} after a run of the same shape"
        );
        assert_eq!(
            key(&alone_a),
            key(&again_a),
            "{series:?} after another shape"
        );
    }
}

#[test]
fn the_plan_runs_each_rate_of_each_series_once_longest_first() {
    let base = preset("nossdav12-hdd-only");
    let f = short();
    let plan = figure_plan(&base, &f, &FigureSeries::ALL).expect("valid settings");
    assert_eq!(plan.len(), 3 * 5);
    assert_eq!(figure_rates(&f), vec![4.0, 8.0, 12.0]);
    for w in plan.windows(2) {
        assert!(w[0].cost >= w[1].cost);
    }
    // Runs this short are mostly their fixed part: the warm ring cache's
    // (its warm-up) is the largest.
    assert_eq!(
        (plan[0].series, plan[0].rate),
        (FigureSeries::RingWarm, 12.0)
    );
    for p in &plan {
        let r = req(&mut p.scenario.clone()).clone();
        assert_eq!(r.workload.rate, p.rate);
        assert_eq!(r.run.replications, 2);
        assert!(
            RequestJob::new(p.scenario.clone()).is_ok(),
            "{:?} at {}",
            p.series,
            p.rate
        );
    }
    // A scenario without a request section, and bad settings, are named.
    let mut none = base.clone();
    none.request = None;
    assert_eq!(
        figure_plan(&none, &f, &FigureSeries::ALL).unwrap_err()[0].0,
        "request"
    );
    let bad = FigureSettings {
        replications: 0,
        ..f
    };
    assert_eq!(
        figure_plan(&base, &bad, &FigureSeries::ALL).unwrap_err()[0].0,
        "replications"
    );
}
