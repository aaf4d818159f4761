//! The figure's vouched-for 0 % (`FigurePointNow::zero_vouched_by`) against
//! the truth: on the study's preset, every point the rule gives fewer
//! replications than the others — one, or none at all for a rate below a
//! 0 % one — is run to all of its replications, and none of them misses.
//!
//! The cold block cache is not here: its knee is soft (at 16 requests/s the
//! first replication misses nothing and the later ones do), so the rule
//! vouches for none of its rates, at the study's settings or in quarter-hour
//! runs (`tierplan http-figure --series block`: every rate below 19 run to
//! all three replications), on the per-page reference as on the scalable
//! model (docs/model.md §11). A check of its vouched-for points would check
//! nothing, for the price of the whole series.

use crate::request_support;

use request_support::*;
use tierplan_kit::progress::SteppedJob;
use tierplan_request::figure::{
    figure_step, point_scenario, FigureRunDone, FigureSeries, FigureSettings,
};
use tierplan_request::RequestJob;

/// The figure of `series` run to the end through `figure_step`; then each
/// vouched-for point re-run with all its replications. At least
/// `at_least` points are vouched for, `never_run` of them with no run.
fn check(series: FigureSeries, f: &FigureSettings, at_least: usize, never_run: usize) {
    let base = preset("nossdav12-hdd-only");
    let mut done: Vec<FigureRunDone> = Vec::new();
    let last = loop {
        let step = figure_step(&base, f, &[series], &done).expect("valid");
        if step.next.is_empty() {
            break step;
        }
        for run in &step.next {
            let r = RequestJob::new(run.scenario.clone())
                .expect("valid")
                .run_to_end(1 << 22);
            done.push(FigureRunDone {
                series,
                rate: run.rate,
                replication: run.replication,
                outcome: r.replications[0].clone(),
            });
        }
    };
    let vouched: Vec<_> = last
        .points
        .iter()
        .filter(|p| p.zero_vouched_by.is_some())
        .collect();
    assert!(
        vouched.len() >= at_least,
        "{series:?}: {} vouched-for points",
        vouched.len()
    );
    let spared = vouched.iter().filter(|p| p.replications == 0).count();
    assert!(spared >= never_run, "{series:?}: {spared} points never run");
    for p in vouched {
        let by = p.zero_vouched_by.expect("vouched");
        assert!(by > p.rate && p.miss_ratio.max == 0.0 && !p.provisional);
        assert_eq!(p.miss_ratio.n, p.replications);
        assert!(p.replications < f.replications);
        let voucher = last.points.iter().find(|q| q.rate == by).expect("voucher");
        assert_eq!(voucher.replications, f.replications);
        assert_eq!(voucher.miss_ratio.max, 0.0);
        let whole = point_scenario(&base, series, p.rate, f).expect("request");
        let r = RequestJob::new(whole).expect("valid").run_to_end(1 << 22);
        assert_eq!(r.replications.len() as u32, f.replications);
        for (k, rep) in r.replications.iter().enumerate() {
            assert_eq!(
                rep.miss_ratio, 0.0,
                "{series:?} at {} requests/s, replication {k}: {} of {} missed",
                p.rate, rep.misses, rep.requests
            );
        }
    }
}

/// HDD only at the study's settings (25 rates, 3 × 1 h): its 0 % below
/// 19 requests/s, vouched for by 19.
#[test]
fn hdd_only_every_spared_replication_misses_nothing() {
    check(FigureSeries::Hdd, &FigureSettings::default(), 17, 11);
}

/// The flash caches, quarter-hour runs to keep the test short.
#[test]
fn flash_caches_every_spared_replication_misses_nothing() {
    let f = FigureSettings {
        duration_h: 0.25,
        ..FigureSettings::default()
    };
    check(FigureSeries::RingCold, &f, 10, 8);
    check(FigureSeries::Object, &f, 10, 8);
}

/// The warm ring cache (a warm-up in every run), quarter-hour runs.
#[test]
fn warm_ring_every_spared_replication_misses_nothing() {
    let f = FigureSettings {
        duration_h: 0.25,
        warmup_h: 0.25,
        ..FigureSettings::default()
    };
    check(FigureSeries::RingWarm, &f, 10, 8);
}
