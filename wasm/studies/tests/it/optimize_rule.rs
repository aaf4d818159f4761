//! The optimiser's rule (model §10) against brute force: a target above 0
//! decided as the planner decides it (replications added until the 95 %
//! interval clears the target, "cannot decide" at the cap a fail), and a
//! peak-utilisation ceiling on every tier.

use crate::brute;

use std::collections::HashMap;
use tierplan_scenario::presets::scenario_preset;
use tierplan_scenario::*;
use tierplan_stream::results::{RunResult, TargetVerdict, PEAK_UTILISATION_WARNING};
use tierplan_stream::run;
use tierplan_studies::optimize::*;

/// The MMSys'11 cost setup at a quarter of its load for an hour: A ≈ 900
/// streams, a 146 GB disk carries 292, two hold the library.
fn small() -> Scenario {
    let mut s = scenario_preset("mmsys11-cost-hdd").unwrap();
    s.workload.arrival_rate = 0.25;
    s.run.duration_h = 1.0;
    s.run.replications = 3;
    s
}

const ARCHS: [Architecture; 3] = [
    Architecture::HddOnly,
    Architecture::DramIcHdd,
    Architecture::SsdLfuHdd,
];

fn spec(target: f64, cap: Option<u32>, ceiling: Option<f64>) -> OptimizeSpec {
    OptimizeSpec {
        architectures: ARCHS.to_vec(),
        target,
        criterion: Criterion::Simulated,
        max_counts: MaxCounts {
            disk: Some(5),
            interval_cache: Some(3),
            file_cache: Some(3),
        },
        tco: None,
        max_replications: cap,
        max_peak_utilisation: ceiling,
    }
}

fn configure(s: &Scenario, arch: Architecture, c: Counts) -> Scenario {
    let mut s = s.clone();
    s.architecture = arch;
    s.tiers.disk.count = c.disk;
    s.tiers.interval_cache.as_mut().unwrap().count = if arch == Architecture::DramIcHdd {
        c.interval_cache
    } else {
        0
    };
    s.tiers.file_cache.as_mut().unwrap().count = if arch == Architecture::SsdLfuHdd {
        c.file_cache
    } else {
        0
    };
    s
}

/// Every configuration of the space, each run as the planner runs a
/// scenario with that target and cap (independently of the search).
fn brute_force(s: &Scenario, sp: &OptimizeSpec) -> HashMap<(Architecture, Counts), RunResult> {
    let mut out = HashMap::new();
    for arch in ARCHS {
        for c in brute::every_count(arch, sp.max_counts, 2) {
            let mut x = configure(s, arch, c);
            x.run.replications = sp.max_replications.unwrap_or(DEFAULT_MAX_REPLICATIONS);
            x.run.target_rejection = Some(sp.target);
            out.insert((arch, c), run(&x).unwrap());
        }
    }
    out
}

/// Every tier at or under the ceiling in every replication.
fn under(r: &RunResult, ceiling: f64) -> bool {
    r.replications
        .iter()
        .all(|x| x.tiers.iter().all(|t| t.util_peak <= ceiling))
}

fn passes(r: &RunResult, ceiling: f64) -> bool {
    r.decision.as_ref().unwrap().verdict == TargetVerdict::Meets && under(r, ceiling)
}

fn cheapest(
    s: &Scenario,
    sims: &HashMap<(Architecture, Counts), RunResult>,
    arch: Architecture,
    ceiling: f64,
) -> Option<Counts> {
    brute::cheapest_by(
        sims,
        arch,
        |r| passes(r, ceiling),
        |c| configure(s, arch, c).capital_cost(),
    )
}

#[test]
fn a_target_is_decided_by_the_interval_and_the_ceiling_rejects_busy_tiers() {
    let s = small();
    let target = 0.01;
    let sims = brute_force(&s, &spec(target, None, None));
    let mut over_ceiling = 0;
    for (ceiling, given) in [(1.0, Some(1.0)), (PEAK_UTILISATION_WARNING, None)] {
        let sp = spec(target, None, given);
        let r = optimize(&s, &sp).unwrap();
        assert!(r.done);
        // The replications the rule ran match the regenerated arrivals: the
        // trace bound stays on.
        assert!(r.pruning_active, "{:?}", r.notes);
        assert_eq!(r.max_replications, DEFAULT_MAX_REPLICATIONS);
        assert_eq!(r.max_peak_utilisation, ceiling);
        for a in &r.architectures {
            let want = cheapest(&s, &sims, a.architecture, ceiling);
            let got = a.best.as_ref().map(|b| b.counts);
            eprintln!(
                "ceiling {ceiling}: {:?} optimum {got:?}, {} simulated, {} pruned, {} over the ceiling, {} undecided",
                a.architecture, a.simulated, a.pruned, a.over_ceiling, a.undecided
            );
            assert_eq!(got, want, "ceiling {ceiling}, {:?}", a.architecture);
            over_ceiling += a.over_ceiling;
            // The optimum's row: N, the verdict, an interval below the
            // target, the tiers under the ceiling — all as its own run.
            let m = a.best.as_ref().unwrap().measurement.as_ref().unwrap();
            let own = &sims[&(a.architecture, got.unwrap())];
            assert_eq!(m.replications as usize, own.replications.len());
            assert!((3..=DEFAULT_MAX_REPLICATIONS).contains(&m.replications));
            assert_eq!(m.verdict, Some(TargetVerdict::Meets));
            assert_eq!(m.rejection_probability, own.summary.rejection_probability);
            assert!(m.rejection_probability.mean + m.rejection_probability.ci95 < target);
            assert_eq!(m.peak_utilisation.len(), own.tiers.len());
            assert!(m.peak_utilisation.iter().all(|t| t.worst <= ceiling));
            // … so the Planner, warning on the mean at its threshold, has nothing to say.
            if ceiling < 1.0 {
                assert!(own.warnings.iter().all(|w| !w.contains("peak utilisation")));
            }
        }
        // Every simulated configuration that fails says why; the ones above
        // the ceiling name it.
        for e in &r.evaluated {
            let own = &sims[&(e.architecture, e.counts)];
            assert_eq!(e.feasible, passes(own, ceiling), "{e:?}");
            assert_eq!(e.replications as usize, own.replications.len());
            match &e.reason {
                None => assert!(e.feasible),
                Some(why) => {
                    assert_eq!(why.contains("ceiling"), !under(own, ceiling), "{why}");
                }
            }
        }
        // Soundness of the trace bound (its sequential form, the tiers at
        // the ceiling's bandwidth) on EVERY configuration: what it excludes
        // cannot pass.
        let mut search = Search::new(s.clone(), sp.clone()).unwrap();
        let mut excluded = 0;
        for ((arch, c), own) in &sims {
            if !search.passes_necessary_conditions(*arch, *c) {
                excluded += 1;
                assert!(!passes(own, ceiling), "{arch:?} {c:?} excluded but passes");
            }
        }
        assert!(excluded > 0);
    }
    // The default ceiling did real work on this space.
    assert!(over_ceiling > 0);
}

#[test]
fn cannot_decide_at_the_cap_is_a_fail() {
    // A target set to the three-replication mean of 3 HDDs: with a cap of
    // 3 that interval holds it, so the configuration cannot be decided.
    let s = small();
    let c3 = Counts {
        disk: 3,
        interval_cache: 0,
        file_cache: 0,
    };
    let mut x = configure(&s, Architecture::HddOnly, c3);
    x.run.replications = 3;
    let plain = run(&x).unwrap();
    let target = plain.summary.rejection_probability.mean;
    assert!(target > 0.0 && plain.summary.rejection_probability.ci95 > 0.0);
    let mut sp = spec(target, Some(3), Some(1.0));
    sp.architectures = vec![Architecture::HddOnly];
    let r = optimize(&s, &sp).unwrap();
    let a = &r.architectures[0];
    let e = r
        .evaluated
        .iter()
        .find(|e| e.counts == c3)
        .expect("3 HDDs simulated");
    assert!(!e.feasible);
    assert_eq!(e.replications, 3);
    assert!(
        e.reason
            .as_deref()
            .unwrap()
            .contains("cannot decide in 3 replications"),
        "{e:?}"
    );
    assert!(a.undecided >= 1);
    assert!(a.best.as_ref().unwrap().counts.disk > 3);
}

#[test]
fn the_cap_and_the_ceiling_are_checked_with_their_paths() {
    let s = small();
    for (cap, ceiling, path) in [
        (Some(2), None, "optimize.max_replications"),
        (Some(101), None, "optimize.max_replications"),
        (None, Some(0.0), "optimize.max_peak_utilisation"),
        (None, Some(1.2), "optimize.max_peak_utilisation"),
        (None, Some(f64::NAN), "optimize.max_peak_utilisation"),
    ] {
        let errs = Search::new(s.clone(), spec(0.01, cap, ceiling))
            .err()
            .unwrap();
        let e = errs
            .iter()
            .find(|e| e.path == path)
            .unwrap_or_else(|| panic!("{path}: {errs:?}"));
        assert!(e.message.contains("out of range"), "{}", e.message);
    }
    let errs = Search::new(s.clone(), spec(0.01, None, Some(1.2)))
        .err()
        .unwrap();
    assert!(
        errs[0].message.contains("120 %") && errs[0].message.contains("100 %"),
        "{errs:?}"
    );
    // Absent fields take the defaults: the cap, and the planner's warning threshold.
    let sp = parse_spec(r#"{"architectures": ["hdd_only"], "target": 0.01}"#).unwrap();
    assert_eq!((sp.max_replications, sp.max_peak_utilisation), (None, None));
    let r = Search::new(s, sp).unwrap().result();
    assert_eq!(r.max_replications, DEFAULT_MAX_REPLICATIONS);
    assert_eq!(r.max_peak_utilisation, PEAK_UTILISATION_WARNING);
}
