//! Invariants checked after every event (debug mode of the engine), and
//! determinism: same scenario and seed → identical results.

use tierplan_scenario::presets::{scenario_preset, scenario_presets};
use tierplan_scenario::Scenario;
use tierplan_scenario::*;
use tierplan_stream::results::RunResult;
use tierplan_stream::{run, Job};

fn short(mut s: Scenario) -> Scenario {
    s.run.duration_h = 2.5;
    s.run.replications = 2;
    // The published servers offer up to tens of thousands of concurrent streams: a
    // fiftieth of that runs the same tiers and server through every check
    // in seconds instead of minutes (the egress then never binds; the
    // egress's own tests make it bind).
    if s.server.is_some() {
        s.workload.arrival_rate /= 50.0;
    }
    s
}

/// Every preset, plus the policy variants, under every-event checks.
fn variants() -> Vec<(String, Scenario)> {
    let mut out = Vec::new();
    for p in scenario_presets() {
        let base = short(scenario_preset(&p.id).unwrap());
        out.push((p.id.clone(), base.clone()));
        let mut g = base.clone();
        g.policy.interval = IntervalPolicy::Greedy;
        out.push((format!("{} greedy", p.id), g));
        let mut d = base.clone();
        d.policy.lfu = LfuPolicy::Dynamic;
        d.policy.lfu_window_h = 1.0;
        d.workload.churn = Some(Churn {
            period_h: 0.5,
            new_titles: 15,
        });
        out.push((format!("{} dynamic+churn", p.id), d.clone()));
        d.policy.lfu_start = LfuStart::Cold;
        out.push((format!("{} dynamic cold", p.id), d));
        let mut m = base.clone();
        m.workload.classes = vec![
            VideoClass {
                share: 0.5,
                length_min: 30.0,
                bitrate_kbps: 245.0,
            },
            VideoClass {
                share: 0.3,
                length_min: 90.0,
                bitrate_kbps: 500.0,
            },
            VideoClass {
                share: 0.2,
                length_min: 10.0,
                bitrate_kbps: 100.0,
            },
        ];
        m.run.warmup_h = 0.5;
        // Two more disks, where the chassis (if any) has bays for them.
        if m.server.is_none() {
            m.tiers.disk.count += 2;
        }
        out.push((format!("{} three classes", p.id), m));
    }
    // A high-end SSD whose reads slow down while it fills files.
    let mut c = short(scenario_preset("mmsys11-cost-ssd").unwrap());
    c.tiers.file_cache = Some(TierSpec {
        device: "ssd_c".into(),
        count: 3,
    });
    c.policy.lfu = LfuPolicy::Dynamic;
    c.workload.churn = Some(Churn {
        period_h: 0.25,
        new_titles: 30,
    });
    out.push(("ssd_c interference".into(), c));
    out
}

fn run_checked(s: &Scenario, chunk: u64) -> RunResult {
    let mut job = Job::new(s.clone()).unwrap_or_else(|e| panic!("{e:?}"));
    job.check_invariants(true);
    let mut last = 0.0;
    loop {
        let p = job.step(chunk);
        assert!(p.fraction >= last && p.fraction <= 1.0);
        last = p.fraction;
        if p.done {
            break;
        }
    }
    job.result().unwrap()
}

#[test]
fn invariants_hold_on_every_event() {
    for (name, s) in variants() {
        let r = run_checked(&s, 1 << 20);
        for rep in &r.replications {
            assert!(rep.rejections <= rep.arrivals, "{name}");
            for t in &rep.tiers {
                assert!(
                    t.util_peak <= 1.0 + 1e-12,
                    "{name}: {:?} peak {}",
                    t.role,
                    t.util_peak
                );
                assert!(t.util_mean <= t.util_peak + 1e-12, "{name}");
            }
            assert!((0.0..=1.0).contains(&rep.hit_ratio), "{name}");
        }
    }
}

#[test]
fn same_seed_same_result_and_chunking_does_not_matter() {
    for (name, s) in variants().into_iter().step_by(3) {
        let a = serde_json::to_string(&run(&s).unwrap()).unwrap();
        let b = serde_json::to_string(&run(&s).unwrap()).unwrap();
        assert_eq!(a, b, "{name}: not deterministic");
        // Stepping in small chunks (as the Web Worker does) changes nothing.
        let c = serde_json::to_string(&run_checked(&s, 997)).unwrap();
        assert_eq!(a, c, "{name}: chunking changed the result");
    }
}

#[test]
fn different_seeds_differ() {
    let s = short(scenario_preset("mmsys11-cost-dram").unwrap());
    let mut t = s.clone();
    t.run.seed += 100;
    let a = run(&s).unwrap();
    let b = run(&t).unwrap();
    assert_ne!(a.summary.avg_streams.mean, b.summary.avg_streams.mean);
    assert_ne!(a.replications[0].arrivals, b.replications[0].arrivals);
    // Replication k uses seed + k.
    assert_eq!(a.replications[1].seed, s.run.seed + 1);
}

#[test]
fn timeseries_has_one_sample_per_minute() {
    let mut s = short(scenario_preset("mmsys11-cost-dram").unwrap());
    s.run.timeseries = true;
    let r = run(&s).unwrap();
    let ts = r.timeseries.unwrap();
    assert_eq!(ts.interval_s, 60.0);
    assert_eq!(ts.t_s.len(), 151);
    for i in 0..ts.t_s.len() {
        let sum = ts.disk[i] + ts.file_cache[i] + ts.buffered[i];
        assert!((ts.total[i] - sum).abs() < 1e-9);
    }
    // The system starts empty and fills up.
    assert_eq!(ts.total[0], 0.0);
    assert!(ts.total[150] > 2000.0);
}

/// today-plan small: dynamic warm-started LFU (a 24 h request history
/// before t = 0) on one flash drive in front of the disks.
fn warm_lfu(disks: u32) -> Scenario {
    let mut s = scenario_preset("today-plan").unwrap();
    s.workload.videos = 2_000;
    s.workload.arrival_rate = 1.5;
    s.run.duration_h = 2.0;
    s.run.warmup_h = 0.5;
    s.run.replications = 2;
    s.tiers.disk.count = disks;
    assert_eq!(s.policy.lfu_start, LfuStart::Warm);
    s
}

/// The warm-start history a run draws is kept and copied into the next
/// run of the same arrivals: a run that finds it kept (here after a run
/// with other disks) gives the result of one that draws its own (a fresh
/// thread keeps nothing), bit for bit.
#[test]
fn a_kept_warm_history_gives_the_drawn_histories_result() {
    let fresh = |s: Scenario| {
        std::thread::spawn(move || serde_json::to_string(&run(&s).unwrap()).unwrap())
            .join()
            .unwrap()
    };
    tierplan_stream::forget_histories();
    assert_eq!(tierplan_stream::forget_histories(), 0);
    let first = serde_json::to_string(&run(&warm_lfu(3)).unwrap()).unwrap();
    assert_eq!(first, fresh(warm_lfu(3)));
    let kept = serde_json::to_string(&run(&warm_lfu(5)).unwrap()).unwrap();
    assert_eq!(kept, fresh(warm_lfu(5)));
    assert_ne!(kept, first);
    // Another seed or rate is another history.
    let mut other = warm_lfu(5);
    other.workload.arrival_rate = 1.25;
    assert_eq!(
        serde_json::to_string(&run(&other).unwrap()).unwrap(),
        fresh(other)
    );
    // Two replications of two arrival rates.
    assert_eq!(tierplan_stream::forget_histories(), 4);
}

/// `run.halt_above_peak_utilisation`: a run halts at the first instant a
/// tier's peak is above the limit — so a limit just under the busiest
/// replication's peak halts it (fewer events, a replication whose peak is
/// over the limit, `halted` said), and a limit at that peak changes nothing
/// at all.
#[test]
fn a_run_halts_once_a_tier_peaks_above_its_ceiling() {
    let s = warm_lfu(2);
    let full = run(&s).unwrap();
    assert!(!full.halted);
    let worst = full
        .replications
        .iter()
        .flat_map(|r| r.tiers.iter().map(|t| t.util_peak))
        .fold(0.0, f64::max);
    assert!(worst > 0.1, "{worst}");
    let mut at = s.clone();
    at.run.halt_above_peak_utilisation = Some(worst);
    assert_eq!(run(&at).unwrap(), full);
    let mut under = s.clone();
    under.run.halt_above_peak_utilisation = Some(worst * (1.0 - 1e-9));
    let h = run(&under).unwrap();
    assert!(h.halted && h.replications.last().unwrap().halted);
    assert!(h.events < full.events);
    let last = h.replications.last().unwrap();
    assert!(last
        .tiers
        .iter()
        .any(|t| t.util_peak > worst * (1.0 - 1e-9)));
    // The replications before the halted one ran in full.
    let k = h.replications.len() - 1;
    assert_eq!(h.replications[..k], full.replications[..k]);
}
