//! `tierplan` with request-level scenarios: `run` (JSON, CSV, --export-io),
//! `max-rate`, the request presets, and field-named errors.

use crate::support;

use support::tierplan;

/// The HDD-only preset cut to 0.2 h and one replication.
fn short_hdd() -> serde_json::Value {
    let out = tierplan(&["preset", "nossdav12-hdd-only"], None);
    assert!(out.status.success());
    let mut s: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    s["request"]["run"]["duration_h"] = 0.2.into();
    s["request"]["run"]["replications"] = 2.into();
    s
}

#[test]
fn request_presets_are_listed() {
    let text = String::from_utf8(tierplan(&["presets"], None).stdout).unwrap();
    for id in [
        "nossdav12-hdd-only",
        "nossdav12-flashcache-warm",
        "nossdav12-l2arc-cold",
        "nossdav12-object-static",
    ] {
        assert!(text.contains(id), "{id}");
    }
}

#[test]
fn run_prints_request_results_and_exports_io() {
    let json = short_hdd().to_string();
    let out = tierplan(&["run", "-"], Some(&json));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["replications"].as_array().unwrap().len(), 2);
    assert_eq!(r["miss_ratio"]["mean"].as_f64(), Some(0.0));
    assert_eq!(r["devices"].as_array().unwrap().len(), 2);

    let path = std::env::temp_dir().join(format!("tierplan-io-{}.csv", std::process::id()));
    let p = path.to_str().unwrap();
    let out = tierplan(
        &[
            "run",
            "-",
            "--format",
            "csv",
            "--export-io",
            p,
            "--export-rows",
            "10",
        ],
        Some(&json),
    );
    assert!(out.status.success());
    let csv = String::from_utf8(out.stdout).unwrap();
    assert!(
        csv.starts_with("metric,mean,ci95\nmiss_ratio,0,0\n"),
        "{csv}"
    );
    let io = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).ok();
    assert_eq!(io.lines().count(), 11);
    assert!(io.lines().nth(1).unwrap().contains(",read,hdd"));
}

#[test]
fn max_rate_searches_and_bad_fields_are_named() {
    let mut s = short_hdd();
    s["request"]["run"]["replications"] = 1.into();
    s["request"]["search"]["min_rate"] = 16.0.into();
    s["request"]["search"]["max_rate"] = 24.0.into();
    let out = tierplan(&["max-rate", "-"], Some(&s.to_string()));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let m = r["max_rate"].as_f64().unwrap();
    assert!((16.0..=23.0).contains(&m), "{m}");

    s["request"]["chunk_kb"] = 0.0.into();
    let out = tierplan(&["run", "-"], Some(&s.to_string()));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("request.chunk_kb"));
}
