//! The sweep as a farmed study (`SweepStudy`): its points equal those of
//! the loop `sweep` was before (every point's scenario run whole, in turn,
//! by the stream engine), whether its runs are reported in order, in
//! reverse, or by the shared driver on three threads.

use std::sync::atomic::AtomicBool;

use tierplan_kit::farm::{farm, FarmedStudy};
use tierplan_scenario::presets::scenario_preset;
use tierplan_stream::run;
use tierplan_studies::sweep::{point_scenario, sweep, sweep_on, SweepJob, SweepPoint, SweepStudy};

/// A short SSD + HDD scenario (a few ms a run) with its own seed.
fn base(replications: u32, target: Option<f64>) -> String {
    let mut s = scenario_preset("mmsys11-cost-ssd").unwrap();
    s.run.duration_h = 0.5;
    s.run.warmup_h = 0.1;
    s.run.replications = replications;
    s.run.seed = 4242;
    s.run.target_rejection = target;
    serde_json::to_string(&s).unwrap()
}

/// The reference: the loop `sweep` was, each point's scenario run whole.
fn by_loop(json: &str, path: &str, values: &[f64]) -> Vec<SweepPoint> {
    values
        .iter()
        .map(|&v| SweepPoint::new(v, &run(&point_scenario(json, path, v).unwrap()).unwrap()))
        .collect()
}

/// Equal bit for bit: the same values, printed the same (-0.0 apart from 0.0).
fn text(points: &[SweepPoint]) -> String {
    serde_json::to_string(points).unwrap()
}

#[test]
fn the_farmed_sweep_equals_the_loop_in_order_reversed_and_on_three_threads() {
    let path = "workload.arrival_rate";
    let values = [0.1, 0.25, 0.4];
    // Replications split into runs of their own, and a point with a target
    // (run whole: the target decides where its replications stop).
    for (reps, target) in [(3, None), (1, None), (6, Some(0.5))] {
        let json = base(reps, target);
        let want = text(&by_loop(&json, path, &values));

        assert_eq!(
            text(&sweep(&json, path, &values).unwrap()),
            want,
            "sweep(), {reps} replications"
        );
        let three = sweep_on(
            &json,
            path,
            &values,
            3,
            |_: &SweepStudy| {},
            &AtomicBool::new(false),
        );
        assert_eq!(
            text(&three.unwrap()),
            want,
            "three threads, {reps} replications"
        );

        // Every run handed out at once, reported last first.
        let mut study = SweepStudy::new(&json, path, &values).unwrap();
        let jobs: Vec<SweepJob> = study.next_batch(usize::MAX);
        let runs = if target.is_some() { 1 } else { reps as usize };
        assert_eq!(jobs.len(), values.len() * runs);
        assert!(study.next_batch(1).is_empty(), "everything was handed out");
        for j in jobs.iter().rev() {
            assert!(!study.is_done());
            let r = run(&j.scenario).unwrap();
            study.report(j.id, &r).unwrap();
            assert!(study.report(j.id, &r).is_err(), "reported twice");
        }
        assert!(study.is_done());
        assert_eq!(study.cost().left, 0.0);
        assert_eq!(text(&study.answer()), want, "reversed, {reps} replications");
        assert!(
            study.report(999, &run(&jobs[0].scenario).unwrap()).is_err(),
            "never handed out"
        );
    }
}

#[test]
fn a_point_is_ready_once_its_last_replication_is_in_and_progress_counts_runs() {
    let json = base(2, None);
    let mut study = SweepStudy::new(&json, "tiers.disk.count", &[8.0, 10.0]).unwrap();
    let mut seen = Vec::new();
    farm(
        &mut study,
        1,
        |j: &SweepJob| run(&j.scenario),
        |s: &SweepStudy| seen.push((s.progress().runs_done, s.progress().points_done)),
        &AtomicBool::new(false),
    )
    .unwrap();
    // On one thread in order: replications 0 and 1 of 8 disks, then of 10.
    assert_eq!(seen, [(1, 0), (2, 1), (3, 1), (4, 2)]);
    assert_eq!(
        study.answer().iter().map(|p| p.value).collect::<Vec<_>>(),
        [8.0, 10.0]
    );
}

#[test]
fn a_bad_value_is_named_before_anything_runs() {
    let errs = SweepStudy::new(&base(1, None), "workload.arrival_rate", &[0.1, -2.0])
        .err()
        .unwrap();
    assert_eq!(errs[0].path, "workload.arrival_rate");
    assert!(errs[0].message.contains("-2"), "{}", errs[0].message);
    let errs = SweepStudy::new(&base(1, None), "workload.no_such_field", &[1.0])
        .err()
        .unwrap();
    assert!(
        errs[0].message.contains("does not exist"),
        "{}",
        errs[0].message
    );
    let errs = SweepStudy::new(&base(1, None), "workload.arrival_rate", &[])
        .err()
        .unwrap();
    assert_eq!(errs[0].path, "--values");
}
