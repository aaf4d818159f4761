//! The optimiser over a replayed log as a farmed study: whatever drives it
//! (the stepped job of the app's log worker, the shared driver on one or
//! three threads, reports in reverse order), its answer is the sequential
//! search's, byte for byte — the search asked one candidate at a time, each
//! replayed and reported before the next, as it ran before it was farmed.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use tierplan_kit::farm::{farm, FarmedStudy};
use tierplan_kit::progress::try_run_to_end;
use tierplan_scenario::presets::scenario_preset;
use tierplan_scenario::Scenario;
use tierplan_stream::results::RunResult;
use tierplan_stream::{Job, Trace};
use tierplan_studies::logs::generate::{generate, GenerateSpec};
use tierplan_studies::logs::replay_search::{
    replay_optimize_on, ReplaySearch, ReplayStudy, NOT_PRUNED,
};
use tierplan_studies::logs::scenario::replay_parts;
use tierplan_studies::logs::{self, LogFormat, LogParser, TimeFormat};
use tierplan_studies::optimize::{parse_spec, Candidate, OptimizeSpec, Search};

/// Three architectures, each with a few candidates before its optimum, so
/// that look-ahead has candidates to replay that the answer never uses.
const SPEC: &str = r#"{"architectures": ["hdd_only", "dram_ic_hdd", "ssd_lfu_hdd"],
    "max_counts": {"disk": 10, "interval_cache": 2, "file_cache": 2},
    "max_peak_utilisation": 1}"#;

struct Setup {
    base: Scenario,
    parsed: LogParser,
    spec: OptimizeSpec,
}

impl Setup {
    fn new() -> Setup {
        let mut base = scenario_preset("mmsys11-fig11-ssd").unwrap();
        base.workload.arrival_rate = 0.3;
        base.run.duration_h = 2.0;
        let mut log = Vec::new();
        generate(
            &GenerateSpec {
                workload: &base.workload,
                days: 4.0 * 2.0 / 24.0,
                seed: 29,
                start: 1_709_251_200.0,
                format: LogFormat::Csv,
                time_format: TimeFormat::EpochMs,
            },
            &mut log,
        )
        .unwrap();
        let map = logs::detect(&log[..2000]).map.unwrap();
        Setup {
            base,
            parsed: logs::parse_all(&log, map, true).unwrap(),
            spec: parse_spec(SPEC).unwrap(),
        }
    }

    fn trace(&self) -> &[(f64, u32)] {
        self.parsed.trace.as_deref().unwrap()
    }

    fn study(&self) -> ReplayStudy {
        ReplayStudy::new(
            &self.base,
            &self.parsed.tally,
            self.trace(),
            4,
            self.spec.clone(),
        )
        .unwrap()
    }

    /// The sequential search on the bare `Search`, as `ReplaySearch` ran
    /// before it was a farmed study: the reference every driver must give.
    fn sequential(&self) -> String {
        let (s, t) = replay_parts(&self.base, &self.parsed.tally, self.trace(), 4).unwrap();
        let t = Arc::new(t);
        let mut search = Search::new(s, self.spec.clone()).unwrap();
        search.without_pruning(NOT_PRUNED);
        while let Some(c) = search.next_batch(1).pop() {
            let mut job = Job::replay(c.scenario, t.clone()).unwrap();
            while !job.step(1 << 20).done {}
            search.report(c.id, &job.result().unwrap()).unwrap();
        }
        assert!(search.is_done());
        serde_json::to_string(&search.result()).unwrap()
    }
}

fn replay_on(c: &Candidate, trace: &Arc<Trace>) -> RunResult {
    let mut job = Job::replay(c.scenario.clone(), trace.clone()).unwrap();
    while !job.step(1 << 20).done {}
    job.result().unwrap()
}

fn replay(c: &Candidate, study: &ReplayStudy) -> RunResult {
    replay_on(c, &study.trace())
}

#[test]
fn every_driver_gives_the_sequential_answer() {
    let setup = Setup::new();
    let want = setup.sequential();
    // The reference does search: several candidates, one feasible each.
    let r: tierplan_studies::optimize::OptimizeResult = serde_json::from_str(&want).unwrap();
    assert!(r.simulations >= 6, "{} simulations", r.simulations);
    assert!(r.architectures.iter().all(|a| a.best.is_some()), "{want}");

    // The stepped job of the app's log worker, in small steps.
    let mut stepped = ReplaySearch::new(
        &setup.base,
        &setup.parsed.tally,
        setup.trace(),
        4,
        setup.spec.clone(),
    )
    .unwrap();
    let got = try_run_to_end(&mut stepped, 7_000).unwrap();
    assert_eq!(serde_json::to_string(&got).unwrap(), want, "stepped");

    // The shared driver on one and on three threads.
    for threads in [1, 3] {
        let mut study = setup.study();
        let mut seen = 0;
        let got = replay_optimize_on(
            &mut study,
            threads,
            |s: &ReplayStudy| {
                assert!(s.cost().fraction() <= 1.0);
                seen += 1;
            },
            &Default::default(),
        )
        .unwrap();
        assert!(seen as u32 >= r.simulations, "{threads} threads");
        assert_eq!(
            serde_json::to_string(&got).unwrap(),
            want,
            "{threads} threads"
        );
    }

    // Three threads at uneven paces, so that reports come out of order and
    // threads replay guesses while the search waits (replays this short
    // could otherwise all run on the first thread before the others start).
    let mut study = setup.study();
    let trace = study.trace();
    let replays = AtomicUsize::new(0);
    farm(
        &mut study,
        3,
        |c: &Candidate| {
            let n = replays.fetch_add(1, Ordering::Relaxed) as u64;
            std::thread::sleep(std::time::Duration::from_micros((n * 1_237) % 5_000));
            Ok::<_, ()>(replay_on(c, &trace))
        },
        |_: &ReplayStudy| {},
        &Default::default(),
    )
    .unwrap();
    assert_eq!(
        serde_json::to_string(&study.answer()).unwrap(),
        want,
        "three threads at uneven paces"
    );
}

#[test]
fn reports_in_reverse_give_the_sequential_answer_and_bad_ids_are_refused() {
    let setup = Setup::new();
    let want = setup.sequential();
    let mut study = setup.study();
    let any = {
        let c = study.next_batch(1).pop().unwrap();
        let r = replay(&c, &study);
        study.report(c.id, &r).unwrap();
        r
    };
    assert!(study.report(0, &any).is_err(), "reported twice");
    assert!(study.report(999, &any).is_err(), "never handed out");
    let mut handed = 1;
    loop {
        // Four replays asked for before any is reported (three of them
        // guesses ahead of the search), then reported last first.
        let mut batch = Vec::new();
        for _ in 0..4 {
            batch.extend(study.next_batch(1));
        }
        if batch.is_empty() {
            break;
        }
        handed += batch.len();
        for c in batch.iter().rev() {
            study.report(c.id, &replay(c, &study)).unwrap();
        }
    }
    assert!(study.is_done());
    assert_eq!(study.cost().left, 0.0);
    let got = study.answer();
    // Guesses were replayed that the answer does not count …
    assert!(handed > got.simulations as usize, "{handed} handed out");
    // … and the answer is the sequential one.
    assert_eq!(serde_json::to_string(&got).unwrap(), want);
    assert!(
        study.report(handed as u32, &any).is_err(),
        "never handed out"
    );
}
