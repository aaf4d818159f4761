//! Bad input gets field-named messages, all at once (the stream engine's
//! refusals and random scenarios: stream/tests/it/validation.rs).

use tierplan_scenario::presets::{default_scenario, scenario_preset};
use tierplan_scenario::validate::{parse_scenario, problems, read_scenario};
use tierplan_scenario::*;

fn paths(errs: &[tierplan_scenario::validate::FieldError]) -> Vec<&str> {
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
    let errs = problems(&s);
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
    use tierplan_scenario::cost_model::CostModelSpec;
    use tierplan_scenario::validate::validate_cost_model;
    let mut s = scenario_preset("fast12-overprovisioning").unwrap();
    assert!(problems(&s).is_empty());
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
    let errs = problems(&s);
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
            "-4 is out of range: must be 0 < value ≤ 1048576 GiB",
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
    assert_eq!(paths(&problems(&s)), vec!["tiers.interval_cache"]);
    let mut s = scenario_preset("mmsys11-cost-dram").unwrap();
    s.tiers.interval_cache = Some(TierSpec {
        device: "ssd_a".into(),
        count: 1,
    });
    let errs = problems(&s);
    assert_eq!(paths(&errs), vec!["tiers.interval_cache.device"]);
    assert!(
        errs[0].message.contains("needs kind \"dram\""),
        "{}",
        errs[0].message
    );
    let mut s = default_scenario();
    s.version = 99;
    assert_eq!(paths(&problems(&s)), vec!["version"]);
}

#[test]
fn a_halting_ceiling_is_a_fraction_above_0_and_at_most_1() {
    for (x, ok) in [
        (0.0, false),
        (1.5, false),
        (f64::NAN, false),
        (0.9, true),
        (1.0, true),
    ] {
        let mut s = default_scenario();
        s.run.halt_above_peak_utilisation = Some(x);
        let errs = problems(&s);
        let hit = errs
            .iter()
            .find(|e| e.path == "run.halt_above_peak_utilisation");
        assert_eq!(hit.is_none(), ok, "{x}: {errs:?}");
        if let Some(e) = hit {
            assert!(e.message.contains("above 0 and at most 1"), "{}", e.message);
        }
    }
}
