//! The stream engine refuses what validation refuses; no input panics,
//! hangs or allocates without bound (field-named messages:
//! scenario/tests/it/validation.rs).

use proptest::prelude::*;
use tierplan_scenario::presets::default_scenario;
use tierplan_scenario::validate::{expected_events, parse_scenario, problems};
use tierplan_scenario::*;
use tierplan_stream::Job;

#[test]
fn huge_runs_are_refused_with_an_estimate() {
    let mut s = default_scenario();
    s.workload.arrival_rate = 900.0;
    s.workload.classes[0].length_min = 1.0;
    s.run.duration_h = 8000.0;
    s.run.replications = 100;
    s.tiers.disk.count = 10_000;
    let errs = problems(&s);
    let e = errs.iter().find(|e| e.path == "run").expect("budget error");
    assert!(e.message.contains("events"), "{}", e.message);
    assert!(expected_events(&s) > 1e9);
    assert!(Job::new(s).is_err());
}

/// Mostly sensible values from `good`, sometimes anything at all.
fn mostly(good: std::ops::Range<f64>) -> impl Strategy<Value = f64> {
    prop_oneof![4 => good, 1 => arb_f64()]
}

fn arb_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        -10.0..2000.0f64,
        Just(0.0),
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(-0.0),
        0.0..1.0f64,
        1e-9..1e9f64,
    ]
}

prop_compose! {
    fn arb_scenario()(
        videos in 0u32..400,
        share in prop_oneof![4 => Just(1.0), 1 => arb_f64()],
        length in mostly(1.0..120.0),
        bitrate in mostly(50.0..2000.0),
        theta in any::<bool>(),
        zipf in mostly(0.0..1.0),
        rate in mostly(0.001..0.3),
        churn in proptest::option::of((mostly(0.1..5.0), 0u32..300)),
        duration in mostly(0.1..3.0),
        warmup in prop_oneof![3 => Just(0.0), 1 => arb_f64()],
        reps in 0u32..4,
        arch in 0usize..6,
        disk in prop_oneof![4 => 4u32..40, 1 => 0u32..4],
        ic in 0u32..8,
        fc in 0u32..8,
        lfu_dynamic in any::<bool>(),
        greedy in any::<bool>(),
        capacity in mostly(1.0..500.0),
        bw in mostly(10.0..1000.0),
        window in mostly(0.1..48.0),
    ) -> Scenario {
        let mut s = default_scenario();
        s.workload.videos = videos;
        s.workload.classes = vec![VideoClass { share, length_min: length, bitrate_kbps: bitrate }];
        s.workload.popularity = Popularity {
            convention: if theta { ZipfConvention::Theta } else { ZipfConvention::Exponent },
            value: zipf,
        };
        s.workload.arrival_rate = rate;
        s.workload.churn = churn.map(|(p, k)| Churn { period_h: p, new_titles: k });
        s.run.duration_h = duration;
        s.run.warmup_h = warmup;
        s.run.replications = reps;
        s.architecture = Architecture::ALL[arch];
        s.tiers.disk.count = disk;
        s.tiers.interval_cache = Some(TierSpec {
            device: if matches!(s.architecture, Architecture::SsdIcHdd | Architecture::SlcIcTlcLfuHdd) { "slc_fusionio".into() } else { "ddr3_1gb".into() },
            count: ic,
        });
        s.tiers.file_cache.as_mut().unwrap().count = fc;
        s.policy.lfu = if lfu_dynamic { LfuPolicy::Dynamic } else { LfuPolicy::Static };
        s.policy.interval = if greedy { IntervalPolicy::Greedy } else { IntervalPolicy::Replacement };
        s.policy.lfu_window_h = window;
        let ssd = s.devices.iter_mut().find(|d| d.id == "ssd_a").unwrap();
        ssd.capacity_gb = capacity;
        ssd.read_mbps = Some(bw);
        s
    }
}

/// Validation never panics; a valid scenario runs to completion with
/// invariants checked on every event (small runs only, to stay fast).
#[test]
fn random_scenarios_never_panic() {
    use proptest::test_runner::{Config, TestRunner};
    let mut runner = TestRunner::new(Config {
        cases: 800,
        ..Config::default()
    });
    let ran = std::cell::Cell::new(0u32);
    let invalid = std::cell::Cell::new(0u32);
    runner
        .run(&arb_scenario(), |s| {
            let errs = problems(&s);
            for e in &errs {
                prop_assert!(!e.path.is_empty() && !e.message.is_empty());
            }
            if !errs.is_empty() {
                invalid.set(invalid.get() + 1);
                prop_assert!(Job::new(s.clone()).is_err());
            }
            // Through JSON (where non-finite numbers become null) the
            // parser gives a verdict too, never a panic.
            if let Ok(json) = serde_json::to_string(&s) {
                let parsed = parse_scenario(&json);
                if errs.is_empty() {
                    prop_assert!(parsed.is_ok());
                }
            }
            if errs.is_empty() && expected_events(&s) < 300_000.0 {
                let mut job = Job::new(s).unwrap();
                job.check_invariants(true);
                while !job.step(50_000).done {}
                let r = job.result().unwrap();
                prop_assert!((0.0..=1.0).contains(&r.summary.rejection_probability.mean));
                ran.set(ran.get() + 1);
            }
            Ok(())
        })
        .unwrap();
    eprintln!(
        "{} simulated, {} rejected by validation",
        ran.get(),
        invalid.get()
    );
    assert!(
        ran.get() >= 20,
        "only {} random scenarios were valid and ran",
        ran.get()
    );
    assert!(invalid.get() >= 40);
}
