//! Bad input gets field-named messages, all at once; no input panics,
//! hangs or allocates without bound.

use proptest::prelude::*;
use tierplan_core::scenario::presets::{default_scenario, scenario_preset};
use tierplan_core::scenario::validate::expected_events;
use tierplan_core::scenario::*;
use tierplan_core::{parse_scenario, read_scenario, validate, Job};

fn paths(errs: &[tierplan_core::FieldError]) -> Vec<&str> {
    errs.iter().map(|e| e.path.as_str()).collect()
}

#[test]
fn every_problem_is_reported_with_its_path_and_range() {
    let mut s = default_scenario();
    s.workload.arrival_rate = -1.0;
    s.workload.classes[0].bitrate_kbps = 0.0;
    s.run.replications = 0;
    s.devices[0].price = f64::NAN;
    s.tiers.file_cache.as_mut().unwrap().device = "nope".into();
    let errs = validate(&s);
    let p = paths(&errs);
    for want in [
        "workload.arrival_rate",
        "workload.classes[0].bitrate_kbps",
        "run.replications",
        "devices[0].price",
        "tiers.file_cache.device",
    ] {
        assert!(p.contains(&want), "missing {want} in {p:?}");
    }
    let rate = errs
        .iter()
        .find(|e| e.path == "workload.arrival_rate")
        .unwrap();
    assert_eq!(
        rate.message,
        "-1 is out of range: must be 0 < value ≤ 1000 requests/s"
    );
    let dev = errs
        .iter()
        .find(|e| e.path == "tiers.file_cache.device")
        .unwrap();
    assert!(
        dev.message
            .contains("\"nope\" is not in the device catalog"),
        "{}",
        dev.message
    );
}

#[test]
fn cost_model_inputs_are_checked_with_their_paths() {
    use tierplan_core::analytics::cost_model::CostModelSpec;
    use tierplan_core::scenario::validate::validate_cost_model;
    let mut s = scenario_preset("fast12-overprovisioning").unwrap();
    assert!(validate(&s).is_empty());
    assert_eq!(s.cost_model, Some(CostModelSpec::fast12_example()));
    let cm = s.cost_model.as_mut().unwrap();
    cm.params.io_w = 1.5;
    cm.params.page_kb = 0.0;
    cm.params.c_e_us = f64::INFINITY;
    cm.workload.read_blocks = 0;
    cm.workload.write_exponent = 6.0;
    cm.cache_gb = -4.0;
    cm.u_steps = 1;
    cm.r_steps = 401;
    let errs = validate(&s);
    let want = [
        (
            "cost_model.params.page_kb",
            "0 is out of range: must be 0 < value ≤ 1024 KB",
        ),
        (
            "cost_model.params.c_e_us",
            "infinity is out of range: must be 0 ≤ value ≤ 1000000 µs",
        ),
        (
            "cost_model.params.io_w",
            "1.5 is out of range: must be 0 ≤ value ≤ 1",
        ),
        (
            "cost_model.workload.read_blocks",
            "0 is out of range: must be an integer from 1 to 10000000",
        ),
        (
            "cost_model.workload.write_exponent",
            "6 is out of range: must be 0 ≤ value ≤ 5",
        ),
        (
            "cost_model.cache_gb",
            "-4 is out of range: must be 0 < value ≤ 1048576 GB",
        ),
        (
            "cost_model.u_steps",
            "1 is out of range: must be an integer from 2 to 400",
        ),
        (
            "cost_model.r_steps",
            "401 is out of range: must be an integer from 1 to 400",
        ),
    ];
    for (path, message) in want {
        let e = errs
            .iter()
            .find(|e| e.path == path)
            .unwrap_or_else(|| panic!("no error at {path}: {errs:?}"));
        assert_eq!(e.message, message, "{path}");
    }
    assert_eq!(errs.len(), want.len(), "{errs:?}");
    // The same checks stand alone for the cost-model panel and the CLI.
    assert_eq!(validate_cost_model(s.cost_model.as_ref().unwrap()), errs);
    assert!(validate_cost_model(&CostModelSpec::fast12_example()).is_empty());
    // With a valid write share, the read share must be its complement.
    let mut m = CostModelSpec::fast12_example();
    m.params.io_w = 0.1;
    let errs = validate_cost_model(&m);
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].path, "cost_model.params.io_r");
    assert_eq!(
        errs[0].message,
        "0.98 is not 1 − io_w = 0.9: reads and writes are the only I/Os"
    );
}

#[test]
fn structural_errors_name_the_field() {
    let mut v: serde_json::Value = serde_json::to_value(default_scenario()).unwrap();
    v["workload"]["videos"] = serde_json::json!("many");
    let errs = parse_scenario(&v.to_string()).unwrap_err();
    assert_eq!(errs[0].path, "workload.videos");
    assert!(
        errs[0].message.contains("invalid type"),
        "{}",
        errs[0].message
    );

    let mut v: serde_json::Value = serde_json::to_value(default_scenario()).unwrap();
    v["run"]["speed"] = serde_json::json!(3);
    let errs = parse_scenario(&v.to_string()).unwrap_err();
    assert_eq!(errs[0].path, "run.speed");
    assert!(errs[0].message.contains("unknown field `speed`"));

    let errs = parse_scenario("{\"version\": 1").unwrap_err();
    assert_eq!(errs.len(), 1);
    assert!(parse_scenario("").is_err());
    assert!(parse_scenario("[]").is_err());
}

#[test]
fn read_scenario_leaves_ranges_to_validate() {
    // A range problem: read as written (the app shows it beside the field).
    let mut s = default_scenario();
    s.workload.arrival_rate = -1.0;
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(read_scenario(&json).unwrap(), s);
    assert_eq!(
        paths(&parse_scenario(&json).unwrap_err()),
        ["workload.arrival_rate"]
    );
    // A structural problem: the same path-named error as parse_scenario.
    let mut v: serde_json::Value = serde_json::to_value(default_scenario()).unwrap();
    v["workload"]["videos"] = serde_json::json!("many");
    let text = v.to_string();
    assert_eq!(
        read_scenario(&text).unwrap_err(),
        parse_scenario(&text).unwrap_err()
    );
}

#[test]
fn architecture_needs_its_tiers_of_the_right_kind() {
    let mut s = scenario_preset("mmsys11-cost-dram").unwrap();
    s.tiers.interval_cache = None;
    assert_eq!(paths(&validate(&s)), vec!["tiers.interval_cache"]);
    let mut s = scenario_preset("mmsys11-cost-dram").unwrap();
    s.tiers.interval_cache = Some(TierSpec {
        device: "ssd_a".into(),
        count: 1,
    });
    let errs = validate(&s);
    assert_eq!(paths(&errs), vec!["tiers.interval_cache.device"]);
    assert!(
        errs[0].message.contains("needs kind \"dram\""),
        "{}",
        errs[0].message
    );
    let mut s = default_scenario();
    s.version = 99;
    assert_eq!(paths(&validate(&s)), vec!["version"]);
}

#[test]
fn huge_runs_are_refused_with_an_estimate() {
    let mut s = default_scenario();
    s.workload.arrival_rate = 900.0;
    s.workload.classes[0].length_min = 1.0;
    s.run.duration_h = 8000.0;
    s.run.replications = 100;
    s.tiers.disk.count = 10_000;
    let errs = validate(&s);
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
            let errs = validate(&s);
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
