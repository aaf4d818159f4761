//! The figure while you watch (`request::figure::figure_step`): the passes
//! cover the whole figure, refine where the curves bend, follow the same
//! `done` to the same step, and merge single replications into exactly the
//! n-replication run's estimate.

use crate::request_support;

use request_support::*;
use tierplan_kit::progress::SteppedJob;
use tierplan_request::figure::{
    figure_plan, figure_rates, figure_step, point_scenario, FigurePointNow, FigureRun,
    FigureRunDone, FigureSeries, FigureSettings, FigureStep,
};
use tierplan_request::{RequestJob, RequestReplication, Saturation};

/// The study's grid (25 rates, 3 replications); the runs below are made up
/// (no simulation), so its size costs nothing.
fn study() -> FigureSettings {
    FigureSettings::default()
}

/// Where each made-up series starts to miss (requests/s); block misses at
/// every rate and saturates from 5 requests/s.
fn knee(s: FigureSeries) -> f64 {
    match s {
        FigureSeries::Hdd => 19.0,
        FigureSeries::Block => 0.0,
        FigureSeries::RingCold => 16.5,
        FigureSeries::RingWarm => 20.5,
        FigureSeries::Object => 22.5,
    }
}

fn outcome(miss_ratio: f64, saturated: Option<Saturation>) -> RequestReplication {
    RequestReplication {
        seed: 0,
        requests: 1000,
        misses: libm::round(miss_ratio * 1000.0) as u64,
        miss_ratio,
        response_mean_s: 0.0,
        response_p50_s: 0.0,
        response_p95_s: 0.0,
        response_p99_s: 0.0,
        ram_hit_ratio: 0.0,
        flash_hit_ratio: 0.0,
        disk_share: 1.0,
        block_hit_ratio: None,
        ios: 0,
        devices: vec![],
        flash_host_bytes: 0,
        flash_nand_bytes: 0,
        flash_erases: 0,
        saturated,
        nic: None,
    }
}

/// A made-up run: 0 % below the series' knee, then rising; replication 1
/// of the first rate above the knee sees no miss (the replications
/// disagree there); block from 5 requests/s stops saturated at 10 minutes.
fn fake(run: &FigureRun) -> FigureRunDone {
    let k = knee(run.series);
    let mut m = if run.rate < k {
        0.0
    } else {
        ((run.rate - k + 1.0) / 30.0).min(1.0) + 0.001 * run.replication as f64
    };
    if run.rate >= k && run.rate < k + 1.0 && run.replication == 1 {
        m = 0.0;
    }
    let sat = (run.series == FigureSeries::Block && run.rate >= 5.0).then_some(Saturation {
        stopped_at_s: 600.0,
        miss_ratio_lower: m,
    });
    FigureRunDone {
        series: run.series,
        rate: run.rate,
        replication: run.replication,
        outcome: outcome(m, sat),
    }
}

fn key(step: &FigureStep) -> String {
    serde_json::to_string(step).expect("serialisable")
}

/// Every step from nothing to the end, running each pass whole.
fn run_to_end(f: &FigureSettings) -> (Vec<FigureStep>, Vec<FigureRunDone>) {
    run_to_end_with(f, fake)
}

fn run_to_end_with(
    f: &FigureSettings,
    fake: impl Fn(&FigureRun) -> FigureRunDone,
) -> (Vec<FigureStep>, Vec<FigureRunDone>) {
    let base = preset("nossdav12-hdd-only");
    let mut done: Vec<FigureRunDone> = Vec::new();
    let mut steps = Vec::new();
    loop {
        let step = figure_step(&base, f, &FigureSeries::ALL, &done).expect("valid");
        let next: Vec<FigureRunDone> = step.next.iter().map(&fake).collect();
        let end = next.is_empty();
        steps.push(step);
        if end {
            return (steps, done);
        }
        done.extend(next);
    }
}

#[test]
fn the_passes_cover_the_figure_first_coarse_then_where_it_bends() {
    let f = study();
    let rates = figure_rates(&f);
    let (steps, done) = run_to_end(&f);
    let last = steps.last().expect("a step");
    assert_eq!(last.pass_name, "finished");
    assert_eq!(last.cost_left, 0.0);
    assert_eq!(steps.len() as u32, last.pass + 1);
    for (i, s) in steps.iter().enumerate().take(steps.len() - 1) {
        assert_eq!(s.pass, i as u32 + 1);
        assert!(s.next.iter().all(|r| r.pass == s.pass));
        // Longest first (in a replication pass the points at the 0 % line
        // come first, see below).
        if !s.pass_name.starts_with("replication") {
            for w in s.next.windows(2) {
                assert!(w[0].cost >= w[1].cost, "longest first");
            }
        }
    }
    // Pass 1: 6 evenly spaced rates per series (1, 6, 11, 15, 20, 25),
    // both ends, replication 0, and nothing known before it.
    let first = &steps[0];
    assert_eq!(first.pass_name, "first picture");
    assert!(first.points.is_empty());
    for s in FigureSeries::ALL {
        let own: Vec<f64> = first
            .next
            .iter()
            .filter(|r| r.series == s)
            .map(|r| r.rate)
            .collect();
        let mut own = own;
        own.sort_by(f64::total_cmp);
        assert_eq!(own, vec![1.0, 6.0, 11.0, 15.0, 20.0, 25.0], "{s:?}");
        assert!(first.next.iter().all(|r| r.replication == 0));
    }
    // Pass 2 adds the rates between each series' last 0 % rate and first
    // missing one of pass 1 (HDD only: 15 has no miss, 20 misses) …
    let second = &steps[1];
    assert_eq!(second.pass_name, "where the curves bend");
    let hdd: Vec<f64> = {
        let mut v: Vec<f64> = second
            .next
            .iter()
            .filter(|r| r.series == FigureSeries::Hdd)
            .map(|r| r.rate)
            .collect();
        v.sort_by(f64::total_cmp);
        v
    };
    // … and where neighbouring values differ most (20 → 25 here).
    assert_eq!(hdd, vec![16.0, 17.0, 18.0, 19.0, 21.0, 22.0, 23.0, 24.0]);
    // The first picture drew every series (its points are in pass 2's step).
    for s in FigureSeries::ALL {
        assert!(second.points.iter().filter(|p| p.series == s).count() >= 6);
        // Provisional but where a replication saturated (no more to come).
        assert!(second
            .points
            .iter()
            .all(|p| p.provisional == p.saturated.is_none()));
    }
    // At the end: every grid point, with all its replications unless it
    // saturated (then the one that did) or a higher 0 % rate vouches for
    // its 0 % (below the series' last 0 % rate, which has all three): then
    // the one it had in the first two passes, or none — a rate below a
    // 0 % one is not run at all — in order of series and rate.
    assert_eq!(last.points.len(), 5 * rates.len());
    let ran = |p: &FigurePointNow| {
        done.iter()
            .any(|d| d.series == p.series && d.rate == p.rate)
    };
    for p in &last.points {
        assert!(!p.provisional);
        let sat = p.series == FigureSeries::Block && p.rate >= 5.0;
        assert_eq!(p.saturated.is_some(), sat, "{:?} at {}", p.series, p.rate);
        // The last 0 % rate: the highest grid rate below the knee.
        let top = rates
            .iter()
            .copied()
            .filter(|&r| r < knee(p.series))
            .fold(f64::NAN, f64::max);
        let vouched = p.rate < top;
        assert_eq!(
            p.zero_vouched_by,
            vouched.then_some(top),
            "{:?} at {}",
            p.series,
            p.rate
        );
        let expected = match (sat, vouched) {
            (true, _) => 1,
            (false, true) => ran(p) as u32,
            (false, false) => 3,
        };
        assert_eq!(p.replications, expected, "{:?} at {}", p.series, p.rate);
        assert_eq!(p.target_replications, 3);
        assert_eq!(p.miss_ratio.n, p.replications);
    }
    // HDD only (0 % up to 18): the first two passes ran 1, 6, 11, 15 and 16
    // to 24; every other rate lies below a 0 % one and is spared.
    let spared: Vec<f64> = last
        .points
        .iter()
        .filter(|p| p.series == FigureSeries::Hdd && p.replications == 0)
        .map(|p| p.rate)
        .collect();
    assert_eq!(
        spared,
        vec![2.0, 3.0, 4.0, 5.0, 7.0, 8.0, 9.0, 10.0, 12.0, 13.0, 14.0]
    );
    let mut order = last.points.clone();
    order.sort_by(|a, b| {
        let i = |s| FigureSeries::ALL.iter().position(|&x| x == s);
        i(a.series)
            .cmp(&i(b.series))
            .then(a.rate.total_cmp(&b.rate))
    });
    assert_eq!(order, last.points);
    // Each run once.
    let mut ids: Vec<_> = done
        .iter()
        .map(|d| (d.series.id(), (d.rate * 100.0) as u32, d.replication))
        .collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), done.len());
    // The second replications: the points at the 0 % line before the
    // others — HDD only's 18 (its last 0 %) and 19 (its first miss, whose
    // second replication sees none) before its 25 (misses, far from the
    // line) — and none for a 0 % below another 0 % (HDD only's 5).
    let second_reps = steps
        .iter()
        .find(|s| s.pass_name == "replication 2 of 3, the 0 % line first")
        .expect("a replication pass");
    let at = |rate: f64| {
        second_reps
            .next
            .iter()
            .position(|r| r.series == FigureSeries::Hdd && r.rate == rate && r.replication == 1)
    };
    let (r18, r19, r25) = (at(18.0), at(19.0), at(25.0));
    assert!(r18.is_some() && r19.is_some() && r25.is_some());
    assert!(r18 < r25 && r19 < r25);
    assert_eq!(at(5.0), None);
    // A 0 % point's voucher that misses after all: its second replication
    // comes in a pass of the rest (not here: the made-up curves are
    // monotone, so no such pass).
    assert!(steps.iter().all(|s| !s.pass_name.ends_with("the rest")));
}

/// When the last 0 % rate misses in a later replication, it vouches for
/// nothing: the next 0 % rate below it takes all its replications in a
/// later round of the passes of the rest, and it vouches for the rates
/// below it instead (a point is run to its replications, or vouched for by
/// a higher rate that missed nothing in all of its own).
#[test]
fn a_voucher_that_misses_after_all_vouches_for_nothing() {
    let f = study();
    // The object cache's last 0 % rate, 22, misses in its second replication.
    let (steps, _) = run_to_end_with(&f, |run| {
        let mut d = fake(run);
        if run.series == FigureSeries::Object && run.rate == 22.0 && run.replication == 1 {
            d.outcome = outcome(0.01, None);
        }
        d
    });
    assert!(steps
        .iter()
        .any(|s| s.pass_name == "replication 2 of 3, the rest"));
    let last = steps.last().expect("a step");
    let object = |rate: f64| {
        last.points
            .iter()
            .find(|p| p.series == FigureSeries::Object && p.rate == rate)
    };
    let below: Vec<_> = last
        .points
        .iter()
        .filter(|p| p.series == FigureSeries::Object && p.rate < 22.0)
        .collect();
    assert!(!below.is_empty());
    let mut vouchers = Vec::new();
    for p in below {
        assert_eq!(p.miss_ratio.max, 0.0, "object at {}", p.rate);
        match p.zero_vouched_by {
            None => assert_eq!(p.replications, 3, "object at {}", p.rate),
            Some(v) => {
                assert!(
                    v < 22.0 && v > p.rate,
                    "object at {}: vouched by {v}",
                    p.rate
                );
                let voucher = object(v).expect("the voucher is a point");
                assert_eq!(voucher.replications, 3);
                assert_eq!(voucher.miss_ratio.max, 0.0);
                vouchers.push(v);
            }
        }
    }
    // The next 0 % rate below 22 vouches: the rates below were not all run
    // to three replications.
    assert!(!vouchers.is_empty());
    assert_eq!(object(22.0).expect("22").zero_vouched_by, None);
}

/// Every run a step lists `ahead` is listed by a later pass when the passes
/// run one after another; reported done as soon as it is listed ahead (as
/// a worker that would wait runs it), it gives the same figure and the
/// same work done.
fn ahead_runs_are_certain_and_change_nothing(fake: impl Fn(&FigureRun) -> FigureRunDone) {
    let f = study();
    let base = preset("nossdav12-hdd-only");
    let id = |r: &FigureRun| (r.series.id(), (r.rate * 100.0) as u32, r.replication);
    let (steps, _) = run_to_end_with(&f, &fake);
    let mut listed_ahead = 0;
    for (i, s) in steps.iter().enumerate() {
        for r in &s.ahead {
            listed_ahead += 1;
            assert_eq!(r.pass, s.pass);
            assert!(
                !s.next.iter().any(|n| id(n) == id(r)),
                "{:?} ahead and next",
                id(r)
            );
            assert!(
                steps[i + 1..]
                    .iter()
                    .any(|later| later.next.iter().any(|n| id(n) == id(r))),
                "{:?}, ahead in pass {}, is never listed",
                id(r),
                s.pass
            );
        }
    }
    assert!(listed_ahead > 0);
    // Each pass's first runs, then everything listed ahead at once.
    let mut done: Vec<FigureRunDone> = Vec::new();
    let last = loop {
        let step = figure_step(&base, &f, &FigureSeries::ALL, &done).expect("valid");
        if step.next.is_empty() {
            break step;
        }
        let early: Vec<FigureRunDone> = step.ahead.iter().map(&fake).collect();
        let total = step.cost_done + step.cost_left;
        done.extend(step.next.iter().map(&fake));
        // Reported ahead, a run's work moves from left to done.
        let with_early: Vec<FigureRunDone> = done.iter().cloned().chain(early).collect();
        let without = figure_step(&base, &f, &FigureSeries::ALL, &done).expect("valid");
        let with = figure_step(&base, &f, &FigureSeries::ALL, &with_early).expect("valid");
        assert!(with.cost_done >= without.cost_done && with.cost_left <= without.cost_left);
        assert!(total > 0.0);
        done = with_early;
    };
    let plain = steps.last().expect("a step");
    assert!(
        key_points(&last) == key_points(plain),
        "not the same figure"
    );
    assert!((last.cost_done - plain.cost_done).abs() < 1e-9 * plain.cost_done);
}

fn key_points(step: &FigureStep) -> String {
    serde_json::to_string(&step.points).expect("serialisable")
}

#[test]
fn runs_listed_ahead_are_certain_and_change_nothing() {
    ahead_runs_are_certain_and_change_nothing(fake);
    // A voucher that misses after all (passes of the rest).
    ahead_runs_are_certain_and_change_nothing(|run| {
        let mut d = fake(run);
        if run.series == FigureSeries::Object && run.rate == 22.0 && run.replication == 1 {
            d.outcome = outcome(0.01, None);
        }
        d
    });
    // Curves that are not monotone: HDD only misses at 9 requests/s in its
    // first replication, and replications disagree about 0 % at 10 to 12.
    ahead_runs_are_certain_and_change_nothing(|run| {
        let mut d = fake(run);
        if run.series == FigureSeries::Hdd && run.rate == 9.0 && run.replication == 0 {
            d.outcome = outcome(0.02, None);
        }
        if run.series == FigureSeries::Hdd
            && (10.0..=12.0).contains(&run.rate)
            && run.replication == 2
        {
            d.outcome = outcome(0.005, None);
        }
        d
    });
}

#[test]
fn the_same_runs_done_give_the_same_step_in_any_order_and_one_at_a_time() {
    let f = study();
    let base = preset("nossdav12-hdd-only");
    let (steps, done) = run_to_end(&f);
    // Reported one by one in reverse order within each pass, the steps
    // list the pass's remaining runs, in the same order.
    let mut so_far: Vec<FigureRunDone> = Vec::new();
    for s in steps.iter().take(4) {
        let mut pass: Vec<FigureRunDone> = s.next.iter().map(fake).collect();
        pass.reverse();
        while let Some(d) = pass.pop() {
            so_far.push(d);
            let now = figure_step(&base, &f, &FigureSeries::ALL, &so_far).expect("valid");
            if !pass.is_empty() {
                assert_eq!(now.pass, s.pass);
                let left: Vec<_> = s
                    .next
                    .iter()
                    .filter(|r| {
                        !so_far.iter().any(|d| {
                            d.series == r.series
                                && d.rate == r.rate
                                && d.replication == r.replication
                        })
                    })
                    .map(|r| (r.series, r.rate, r.replication, r.cost))
                    .collect();
                let got: Vec<_> = now
                    .next
                    .iter()
                    .map(|r| (r.series, r.rate, r.replication, r.cost))
                    .collect();
                assert_eq!(got, left);
            }
        }
    }
    let mut shuffled = done.clone();
    shuffled.reverse();
    shuffled.rotate_left(7);
    let a = figure_step(&base, &f, &FigureSeries::ALL, &done).expect("valid");
    let b = figure_step(&base, &f, &FigureSeries::ALL, &shuffled).expect("valid");
    assert_eq!(key(&a), key(&b));
}

#[test]
fn cost_counts_what_saturated_runs_spared() {
    let f = study();
    let (steps, _) = run_to_end(&f);
    // Before anything ran, every point may end at 0 % (one run), with
    // misses (three) or saturated (one, at a stop fraction of 1 while
    // nothing has stopped yet), equally likely: 5 of the 9 nominal runs
    // of the three replications.
    let base = preset("nossdav12-hdd-only");
    let plan = figure_plan(&base, &f, &FigureSeries::ALL).expect("valid");
    let total: f64 = plan.iter().map(|p| p.cost).sum();
    assert!((steps[0].cost_left - total * 5.0 / 9.0).abs() < 1e-9 * total);
    assert_eq!(steps[0].cost_done, 0.0);
    // Block saturates from 5 requests/s at a sixth of its hour, and points
    // below a 0 % take one run: the whole figure is well under half its
    // nominal cost.
    let last = steps.last().expect("a step");
    assert!(
        last.cost_done < 0.45 * total,
        "{} of {total}",
        last.cost_done
    );
    for w in steps.windows(2) {
        assert!(w[1].cost_done > w[0].cost_done);
    }
    // From the first picture on, the work left is the work the later
    // passes did, within a quarter.
    for s in &steps[1..steps.len() - 1] {
        let truth = last.cost_done - s.cost_done;
        assert!(
            (s.cost_left / truth - 1.0).abs() < 0.25,
            "pass {} ({}): {} left, truly {truth}",
            s.pass,
            s.pass_name,
            s.cost_left
        );
    }
}

/// `runs_left` is the part of `cost_left` that points already run will
/// take: at most the work left, and for a point with misses exactly the
/// replications its later passes ran (they are certain).
#[test]
fn runs_left_are_the_replications_points_already_run_still_take() {
    let f = study();
    let (steps, done) = run_to_end(&f);
    let mut known_some = false;
    for s in &steps {
        let known: f64 = s.runs_left.iter().map(|r| r.runs as f64 * r.cost).sum();
        assert!(
            known <= s.cost_left * (1.0 + 1e-9) + 1e-9,
            "pass {}",
            s.pass
        );
        for r in &s.runs_left {
            let p = s
                .points
                .iter()
                .find(|p| p.series == r.series && p.rate == r.rate)
                .expect("a point already run");
            assert!(p.replications > 0 && p.replications + r.runs <= f.replications);
            assert!(p.saturated.is_none() && r.runs > 0 && r.cost > 0.0);
            // Runs of the point the figure made after this step.
            let later = done
                .iter()
                .filter(|d| d.series == r.series && d.rate == r.rate)
                .count() as u32
                - p.replications;
            if p.miss_ratio.mean > 0.0 {
                assert_eq!(
                    r.runs, later,
                    "{:?} at {} in pass {}",
                    r.series, r.rate, s.pass
                );
                known_some = true;
            }
        }
    }
    assert!(known_some);
    assert!(steps.last().expect("a step").runs_left.is_empty());
}

#[test]
fn bad_settings_series_and_runs_are_named_as_the_plan_names_them() {
    let base = preset("nossdav12-hdd-only");
    let f = study();
    let bad = FigureSettings {
        points: 0,
        replications: 31,
        ..f
    };
    assert_eq!(
        figure_step(&base, &bad, &FigureSeries::ALL, &[]).unwrap_err(),
        figure_plan(&base, &bad, &FigureSeries::ALL).unwrap_err()
    );
    let mut none = base.clone();
    none.request = None;
    assert_eq!(
        figure_step(&none, &f, &FigureSeries::ALL, &[]).unwrap_err(),
        figure_plan(&none, &f, &FigureSeries::ALL).unwrap_err()
    );
    let step = figure_step(&base, &f, &[FigureSeries::Hdd], &[]).expect("valid");
    let good = fake(&step.next[0]);
    let named = |d: FigureRunDone, series: &[FigureSeries]| {
        figure_step(&base, &f, series, &[d]).unwrap_err()[0].0
    };
    assert_eq!(named(good.clone(), &[FigureSeries::Object]), "done");
    assert_eq!(
        named(
            FigureRunDone {
                rate: 1.5,
                ..good.clone()
            },
            &[FigureSeries::Hdd]
        ),
        "done"
    );
    assert_eq!(
        named(
            FigureRunDone {
                replication: 3,
                ..good.clone()
            },
            &[FigureSeries::Hdd]
        ),
        "done"
    );
    let twice = [good.clone(), good];
    assert_eq!(
        figure_step(&base, &f, &[FigureSeries::Hdd], &twice).unwrap_err()[0].0,
        "done"
    );
    // A run's first replication is checked as the scenario's other fields.
    let mut far = base.clone();
    req(&mut far).run.first_replication = Some(100);
    let errs = tierplan_scenario::validate::problems(&far);
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].path, "request.run.first_replication");
    assert!(errs[0].message.contains("from 0 to 99"));
    // No series: nothing to run, finished at once.
    let empty = figure_step(&base, &f, &[], &[]).expect("valid");
    assert!(empty.next.is_empty() && empty.points.is_empty());
}

/// Short runs of the real engine: one rate, two replications.
fn short() -> FigureSettings {
    FigureSettings {
        from_rate: 8.0,
        to_rate: 8.0,
        points: 1,
        replications: 2,
        duration_h: 0.02,
        warmup_h: 0.02,
    }
}

#[test]
fn single_replications_merge_into_the_n_replication_run_bit_for_bit() {
    let base = preset("nossdav12-hdd-only");
    let f = short();
    // HDD only; the warm ring cache (a warm-up in each replication); the
    // block cache on the study's used X25-M (laid out in steady state once
    // per run, with the scenario's seed).
    let mut steady = preset("nossdav12-flashcache-cold");
    steady.name = "steady".into();
    let cases = [
        (base.clone(), FigureSeries::Hdd),
        (base.clone(), FigureSeries::RingWarm),
        (steady, FigureSeries::Block),
    ];
    for (b, series) in cases {
        let whole = point_scenario(&b, series, 8.0, &f).expect("request");
        let n = RequestJob::new(whole).expect("valid").run_to_end(1 << 22);
        let mut done = Vec::new();
        loop {
            let step = figure_step(&b, &f, &[series], &done).expect("valid");
            if step.next.is_empty() {
                let p = &step.points[0];
                if let Some(bound) = p.saturated {
                    // Stopped as saturated (the figure's runs stop early):
                    // one replication, the n-replication run's first.
                    assert_eq!(p.replications, 1, "{series:?}");
                    let first = &n.replications[0];
                    assert!(first.saturated.is_some(), "{series:?}");
                    assert_eq!(bound, first.miss_ratio, "{series:?}");
                } else {
                    assert_eq!(p.replications, 2);
                    assert_eq!(
                        serde_json::to_string(&p.miss_ratio).expect("json"),
                        serde_json::to_string(&n.miss_ratio).expect("json"),
                        "{series:?}"
                    );
                }
                break;
            }
            for run in &step.next {
                let r = RequestJob::new(run.scenario.clone())
                    .expect("valid")
                    .run_to_end(1 << 22);
                assert_eq!(r.replications.len(), 1);
                let one = r.replications[0].clone();
                assert_eq!(one, n.replications[run.replication as usize], "{series:?}");
                done.push(FigureRunDone {
                    series,
                    rate: run.rate,
                    replication: run.replication,
                    outcome: one,
                });
            }
        }
    }
}

/// The figure as a farmed study (`FigureStudy` through the one protocol):
/// the same made-up runs reported in order (one at a time, as the sequential
/// loop), out of order (batches of 7, the last handed out reported first)
/// and by the shared driver on three threads give the same points, the
/// same passes and the same end as `figure_step` over the whole passes; an
/// id never handed out or reported twice is refused.
#[test]
fn the_figure_study_gives_the_same_figure_whatever_order_its_runs_come_in() {
    use tierplan_kit::farm::{farm, FarmedStudy};
    use tierplan_request::figure::{FigureJob, FigureProgress, FigureStudy};
    let f = study();
    let (steps, _) = run_to_end(&f);
    let want = steps.last().expect("a step");
    let new = || {
        FigureStudy::new(preset("nossdav12-hdd-only"), f, FigureSeries::ALL.to_vec())
            .expect("valid")
    };
    let outcome_of = |j: &FigureJob| fake(&j.run).outcome;

    let mut in_order = new();
    while let Some(j) = in_order.next_batch(1).pop() {
        in_order
            .report(j.id, &outcome_of(&j))
            .expect("handed out once");
        // What a watcher is sent: the step but its runs, counted.
        let (step, seen) = (in_order.step(), FigureProgress::from(in_order.step()));
        assert_eq!(seen.runs_next as usize, step.next.len());
        assert_eq!((seen.pass, &seen.pass_name), (step.pass, &step.pass_name));
        assert_eq!(seen.points, step.points);
        assert_eq!(seen.runs_left, step.runs_left);
        assert_eq!(
            (seen.cost_done, seen.cost_left),
            (step.cost_done, step.cost_left)
        );
    }
    let mut out_of_order = new();
    loop {
        let mut batch = out_of_order.next_batch(7);
        if batch.is_empty() {
            break;
        }
        while let Some(j) = batch.pop() {
            out_of_order
                .report(j.id, &outcome_of(&j))
                .expect("handed out once");
            assert!(
                out_of_order.report(j.id, &outcome_of(&j)).is_err(),
                "reported twice"
            );
        }
    }
    assert!(
        out_of_order.report(1 << 30, &outcome(0.0, None)).is_err(),
        "never handed out"
    );
    let mut farmed = new();
    farm(
        &mut farmed,
        3,
        |j: &FigureJob| Ok::<_, ()>(outcome_of(j)),
        |_: &FigureStudy| {},
        &Default::default(),
    )
    .expect("the figure ends");
    for (name, s) in [
        ("in order", &in_order),
        ("out of order", &out_of_order),
        ("farmed", &farmed),
    ] {
        assert!(s.is_done(), "{name}");
        let got = s.answer();
        assert_eq!(key_points(&got), key_points(want), "{name}");
        assert_eq!(got.pass, want.pass, "{name}");
        assert!(got.next.is_empty(), "{name}");
        assert_eq!(s.cost().left, 0.0, "{name}");
    }
}

/// A point whose first run missed at least the early stop's bound, below a
/// rate of its series that saturated, is expected to end with one more run
/// stopped early (at the stop fraction of the saturated rate above it), not
/// with its missing replications run to the end; it is then no known chain
/// of runs. Below the bound it keeps its missing replications.
#[test]
fn a_point_missing_past_the_bound_below_a_saturated_rate_expects_one_early_stop() {
    // Six rates: the first pass runs them all, so the two runs below are
    // the pass's and count.
    let f = FigureSettings {
        points: 6,
        ..study()
    };
    let base = preset("nossdav12-hdd-only");
    let rates = figure_rates(&f);
    let run = |rate: f64, m: f64, sat: Option<Saturation>| FigureRunDone {
        series: FigureSeries::Block,
        rate,
        replication: 0,
        outcome: outcome(m, sat),
    };
    // Neighbours, so that no rate between them is estimated from them.
    let (lo, hi) = (rates[3], rates[4]);
    let stopped = Saturation {
        stopped_at_s: 900.0,
        miss_ratio_lower: 0.2,
    };
    let step_with = |m: f64| {
        let done = vec![run(lo, m, None), run(hi, 0.2, Some(stopped))];
        figure_step(&base, &f, &FigureSeries::ALL, &done).expect("valid")
    };
    let below = step_with(0.05);
    let past = step_with(0.15);
    let plan = figure_plan(&base, &f, &[FigureSeries::Block]).expect("valid");
    let nominal = |rate: f64| plan.iter().find(|p| p.rate == rate).expect("a point").cost / 3.0;
    let nominal_lo = nominal(lo);
    // The share of its nominal cost the saturated run took (a quarter of
    // its hour, plus the run's fixed part): what it added to the cost done.
    let fraction = (past.cost_done - nominal_lo) / nominal(hi);
    assert!(fraction > 0.25 && fraction < 0.5, "{fraction}");
    let nominal = nominal_lo;
    let gap = below.cost_left - past.cost_left;
    assert!(
        (gap - (2.0 - fraction) * nominal).abs() < 1e-9 * nominal,
        "{gap} against {}",
        (2.0 - fraction) * nominal
    );
    let listed = |s: &FigureStep| s.runs_left.iter().any(|r| r.rate == lo);
    assert!(listed(&below) && !listed(&past));
}
