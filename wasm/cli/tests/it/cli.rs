//! The `tierplan` command: results on stdout, field-named errors on stderr
//! with exit code 2.

use crate::support;

use support::tierplan;

fn preset(name: &str) -> serde_json::Value {
    let out = tierplan(&["preset", name], None);
    assert!(out.status.success());
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn presets_list_and_print() {
    let out = tierplan(&["presets"], None);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("mmsys11-cost-ssd"));
    let out = tierplan(&["preset", "nope"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("known: mmsys11-cost-hdd"));
}

#[test]
fn run_prints_json_and_csv() {
    let mut s = preset("mmsys11-cost-dram");
    s["run"]["duration_h"] = 1.0.into();
    s["run"]["replications"] = 2.into();
    let json = s.to_string();
    let out = tierplan(&["run", "-"], Some(&json));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["replications"].as_array().unwrap().len(), 2);
    assert!(r["summary"]["buffered_streams"]["mean"].as_f64().unwrap() > 0.0);
    let out = tierplan(&["run", "-", "--format", "csv", "--check"], Some(&json));
    let csv = String::from_utf8(out.stdout).unwrap();
    assert!(csv.starts_with("replication,seed,arrivals"));
    assert_eq!(csv.lines().count(), 1 + 2 + 2);
}

#[test]
fn invalid_input_names_fields_and_exits_2() {
    let mut s = preset("mmsys11-cost-ssd");
    s["workload"]["arrival_rate"] = (-3.0).into();
    s["run"]["replications"] = 0.into();
    let out = tierplan(&["run", "-"], Some(&s.to_string()));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("2 problems"), "{err}");
    assert!(
        err.contains("workload.arrival_rate: -3 is out of range"),
        "{err}"
    );
    assert!(err.contains("run.replications: 0 is out of range"), "{err}");
    assert!(out.stdout.is_empty());

    let out = tierplan(&["run", "-"], Some("{not json"));
    assert_eq!(out.status.code(), Some(2));
    let out = tierplan(&["run", "/no/such/file.json"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
}

#[test]
fn sweep_runs_each_value() {
    let mut s = preset("mmsys11-fig11-ssd");
    s["run"]["duration_h"] = 2.0.into();
    s["run"]["replications"] = 2.into();
    let dir = std::env::temp_dir().join(format!("tierplan-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("s.json");
    std::fs::write(&file, s.to_string()).unwrap();
    let f = file.to_str().unwrap();
    let out = tierplan(
        &[
            "sweep",
            f,
            "--param",
            "workload.arrival_rate",
            "--values",
            "0.05,0.1,0.4",
        ],
        None,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pts: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(pts.len(), 3);
    let rej: Vec<f64> = pts
        .iter()
        .map(|p| p["rejection_probability"]["mean"].as_f64().unwrap())
        .collect();
    assert!(rej[2] > rej[0]);
    // Counts are integers; the sweep keeps them so.
    let out = tierplan(
        &[
            "sweep",
            f,
            "--param",
            "tiers.file_cache.count",
            "--values",
            "0,2",
            "--format",
            "csv",
        ],
        None,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 3);
    // Bad paths and out-of-range values are named.
    let out = tierplan(
        &["sweep", f, "--param", "workload.nope", "--values", "1"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("workload.nope: does not exist"));
    let out = tierplan(
        &[
            "sweep",
            f,
            "--param",
            "workload.arrival_rate",
            "--values",
            "5000",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("with workload.arrival_rate = 5000"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn optimize_prints_the_result_and_names_bad_spec_fields() {
    let dir = std::env::temp_dir().join(format!("tierplan-cli-opt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let scenario = dir.join("s.json");
    std::fs::write(&scenario, preset("mmsys11-cost-hdd").to_string()).unwrap();
    let spec = dir.join("spec.json");
    std::fs::write(
        &spec,
        r#"{"architectures": ["hdd_only", "ssd_lfu_hdd"], "criterion": "study_capacity"}"#,
    )
    .unwrap();
    let out = tierplan(
        &[
            "optimize",
            scenario.to_str().unwrap(),
            "--spec",
            spec.to_str().unwrap(),
        ],
        None,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["done"], true);
    assert_eq!(r["architectures"][0]["best"]["counts"]["disk"], 13);
    assert_eq!(r["architectures"][1]["best"]["counts"]["file_cache"], 5);
    assert_eq!(r["architectures"][1]["best"]["counts"]["disk"], 2);

    std::fs::write(&spec, r#"{"architectures": ["hdd_only"], "target": "x"}"#).unwrap();
    let out = tierplan(
        &[
            "optimize",
            scenario.to_str().unwrap(),
            "--spec",
            spec.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("optimize.target"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn cost_model_prints_the_optimum_and_names_bad_fields() {
    let s = preset("fast12-overprovisioning");
    let out = tierplan(&["cost-model", "-"], Some(&s.to_string()));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["optimum"]["u"], 0.92);
    assert!((v["partition"]["caching_gb"].as_f64().unwrap() - 3.68).abs() < 1e-9);
    assert_eq!(v["write_share_sweep"].as_array().unwrap().len(), 9);
    assert!(v.get("grid").is_none());

    // A scenario without its own cost model gets the FAST'12 example; --grid adds the heatmap.
    let plain = preset("mmsys11-cost-ssd");
    assert!(plain["cost_model"].is_null());
    let out = tierplan(&["cost-model", "-", "--grid"], Some(&plain.to_string()));
    let w: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(w["optimum"], v["optimum"]);
    assert_eq!(w["grid"]["u"].as_array().unwrap().len(), 99);

    let mut bad = s.clone();
    bad["cost_model"]["cache_gb"] = serde_json::json!(0);
    bad["cost_model"]["workload"]["read_exponent"] = serde_json::json!(-1);
    let out = tierplan(&["cost-model", "-"], Some(&bad.to_string()));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cost_model.cache_gb: 0 is out of range: must be 0 < value ≤ 1048576 GiB"),
        "{err}"
    );
    assert!(
        err.contains("cost_model.workload.read_exponent: -1 is out of range"),
        "{err}"
    );
}

#[test]
fn reproduce_prints_the_claims_table() {
    let out = tierplan(&["reproduce", "--time", "--threads", "2"], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The rows of this binary, kept beside it: the browser's Run all is
    // compared with them (scripts/native-cli.mjs, nativeReproduceJson)
    // without a second minute of the same simulations.
    std::fs::write(
        format!("{}.reproduce.json", env!("CARGO_BIN_EXE_tierplan")),
        &out.stdout,
    )
    .expect("the target directory is writable");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("simulations in"), "{stderr}");
    assert!(stderr.contains("on 2 thread(s)"), "{stderr}");
    let plan = tierplan_core::reproduce::reproduction();
    // Each simulation's own time, one line each.
    assert_eq!(
        stderr.lines().filter(|l| l.contains(" s  ")).count(),
        plan.scenarios.len() + plan.request_scenarios.len(),
        "{stderr}"
    );
    let rows: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(rows.len(), plan.claims.len());
    let row = |id: &str| rows.iter().find(|r| r["id"] == id).unwrap().clone();
    // A closed form, a simulation that reproduces, one that does not, and
    // a claim outside the model.
    assert_eq!(
        row("mmsys11-streams-647")["outcome"]["verdict"],
        "reproduced"
    );
    assert_eq!(
        row("mmsys11-streams-647")["outcome"]["ours"]["value"],
        647.0
    );
    // The request-level rows run natively too: HDD only is the calibrated
    // one; flashcache collapses below 1 request/s cold and warm on the
    // characterised X25-M, whose Table 1 figures are met.
    assert_eq!(
        row("nossdav12-hdd-rate")["outcome"]["verdict"],
        "reproduced"
    );
    let fc = row("nossdav12-flashcache-rate");
    assert_eq!(fc["outcome"]["verdict"], "reproduced");
    assert_eq!(
        fc["outcome"]["ours"]["text"],
        "< 1 req/s (cold); < 1 req/s (warm)"
    );
    for id in [
        "nossdav12-x25m-rand-read",
        "nossdav12-x25m-rand-write",
        "x25m-datasheet-seq-read",
        "x25m-datasheet-seq-write",
        "nossdav12-ocz-rand-read",
        "nossdav12-ocz-rand-write",
    ] {
        let v = row(id)["outcome"]["verdict"].clone();
        assert!(v == "reproduced" || v == "close", "{id}: {v}");
    }
    let hit = row("mmsys11-fig11-flash-hit");
    assert_eq!(hit["outcome"]["verdict"], "reproduced");
    assert!(hit["outcome"]["ours"]["ci95"].as_f64().unwrap() > 0.0);
    assert_eq!(hit["scenarios"], serde_json::json!(["fig11-ssd"]));
    let dram = row("mmsys11-cost-dram-cheapest");
    assert_eq!(dram["outcome"]["verdict"], "differs");
    assert_eq!(dram["outcome"]["ours"]["text"], "14 DRAM + 9 HDDs ($1,942)");
    assert!(dram["outcome"]["note"]
        .as_str()
        .unwrap()
        .contains("$264 less"));
    assert_eq!(
        row("hyssc-response-time")["outcome"]["verdict"],
        "reproduced"
    );
    assert_eq!(row("fast12-write-mix")["outcome"]["verdict"], "differs");
    // Nothing is left pending natively.
    assert!(rows.iter().all(|r| r["outcome"]["verdict"] != "pending"));

    // The CSV of the same rows (`--format csv` prints exactly this; running
    // every simulation a second time for it would double the test's minute).
    let typed: Vec<tierplan_core::reproduce::ReproductionRow> =
        serde_json::from_value(serde_json::Value::Array(rows.clone())).unwrap();
    let csv = tierplan_core::reproduce::table_csv(&typed);
    assert!(csv.starts_with("id,study,section,claim,published,ours,"));
    // One line per claim (no field holds a newline).
    assert_eq!(csv.lines().count(), 1 + plan.claims.len());
    assert!(csv.contains("\nmmsys11-fig9-buffered,MMSys'11,§6,"));

    // A few claims alone: their rows as in the whole table, from only the
    // simulations they read.
    let ids = [
        "mmsys11-streams-647",
        "nossdav12-hdd-rate",
        "mmsys11-fig11-flash-hit",
    ];
    let out = tierplan(&["reproduce", "--time", "--claims", &ids.join(",")], None);
    assert!(out.status.success());
    let some: Vec<serde_json::Value> = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(some, ids.map(row).to_vec());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("1 simulations in") && stderr.contains("with 2 request-level"),
        "{stderr}"
    );
    let out = tierplan(&["reproduce", "--claims", "no-such-claim"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no claim is called \"no-such-claim\""));
}

#[test]
fn characterize_names_unknown_devices_and_prints_csv() {
    let out = tierplan(&["characterize", "no-such-drive"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("known: "));
    let out = tierplan(&["characterize", "x25m", "--queue-depths", "0"], None);
    assert_ne!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("characterize.queue_depths"));
    // A disk: no preconditioning, so it is quick.
    let out = tierplan(
        &[
            "characterize",
            "hdd7200",
            "--format",
            "csv",
            "--queue-depths",
            "1",
            "--seconds",
            "1",
        ],
        None,
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.starts_with("pattern,state,queue_depth,mbps,iops,mean_ms,p99_ms,p999_ms,max_ms,wa,published_mbps,published_iops,published_source\n"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 1 + 5, "{text}");
}

#[test]
fn characterize_table_puts_the_published_figures_beside_their_tests() {
    // The X25-M's timings on 128 MB (from a scenario file), so it runs in a moment.
    let mut s = preset("nossdav12-flashcache-cold");
    for d in s["devices"].as_array_mut().unwrap() {
        if d["id"] == "x25m" {
            d["capacity_gb"] = serde_json::json!(0.125);
        }
    }
    s["request"]["cache"]["flash_gb"] = serde_json::json!(0.1);
    let dir = std::env::temp_dir().join(format!("tierplan-cli-char-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("s.json");
    std::fs::write(&file, s.to_string()).unwrap();
    let args = [
        "characterize",
        "x25m",
        "--scenario",
        file.to_str().unwrap(),
        "--queue-depths",
        "1",
        "--seconds",
        "0.2",
        "--precondition-passes",
        "1.5",
        "--seed",
        "4",
    ];
    let out = tierplan(&args, None);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = |pattern: &str, state: &str| {
        text.lines()
            .find(|l| l.starts_with(pattern) && l.split_whitespace().nth(1) == Some(state))
            .unwrap_or_else(|| panic!("no {pattern} {state} line in\n{text}"))
            .to_string()
    };
    assert!(
        line("rand_write_4k", "steady").ends_with("3.25 MB/s (NOSSDAV'12 Table 1)"),
        "{text}"
    );
    assert!(
        line("seq_read_128k", "fresh").ends_with("250 MB/s (Intel X25-M datasheet)"),
        "{text}"
    );
    assert!(
        !line("rand_write_4k", "fresh").contains("NOSSDAV"),
        "{text}"
    );
    // The JSON of the same spec is what the app's table shows (an e2e test compares them).
    let mut json_args = args.to_vec();
    json_args.extend(["--format", "json"]);
    let out = tierplan(&json_args, None);
    let c: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(c["rows"].as_array().unwrap().len(), 5 * 2);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn devices_lists_every_catalog_device_with_its_sources() {
    let out = tierplan(&["devices"], None);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for id in [
        "hdd15k",
        "x25m",
        "ocz_core_v2",
        "hdd7200",
        "exos_x24",
        "pm9a3_7t68",
        "p5336_61t44",
        "ddr5_64gb",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(id)),
            "{id} missing:\n{text}"
        );
    }
    assert!(text.contains("source/assumption: "));
    let out = tierplan(&["devices", "--format", "json"], None);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let devices = v.as_array().unwrap();
    assert!(devices
        .iter()
        .all(|d| d["id"].is_string() && d["kind"].is_string() && d["price"].is_number()));
    let ids: std::collections::BTreeSet<&str> =
        devices.iter().map(|d| d["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), devices.len(), "ids are unique");
}

/// The optimiser chooses the counts: a scenario whose own disk count is
/// invalid is still searched (stdin, `-`), and its optimum holds the library.
#[test]
fn optimize_searches_a_scenario_with_invalid_counts() {
    let preset = tierplan(&["preset", "today-plan"], None);
    let mut s: serde_json::Value = serde_json::from_slice(&preset.stdout).unwrap();
    s["tiers"]["disk"]["count"] = serde_json::json!(0);
    let text = s.to_string();
    // `run` refuses it, naming the field …
    let out = tierplan(&["run", "-"], Some(&text));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("tiers.disk.count"));
    // … `optimize` answers.
    let out = tierplan(&["optimize", "-"], Some(&text));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for a in r["architectures"].as_array().unwrap() {
        assert!(a["best"]["counts"]["disk"].as_u64().unwrap() >= 1, "{a}");
    }
}

/// `tierplan log curve`: the sample log's title-level curves, static LFU at
/// least as good as LRU at every size and all three rising; a size of 0 named.
#[test]
fn log_curve_prints_the_title_level_curves() {
    let sample = concat!(env!("CARGO_MANIFEST_DIR"), "/../../public/sample-log.csv");
    let out = tierplan(&["log", "curve", sample, "--titles", "1,5,20,100"], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    // The sample's bitrate and length columns give every title a size: the
    // byte shares follow.
    assert_eq!(
        lines.next().unwrap(),
        "titles,static_lfu,lru,zipf,static_lfu_bytes,lru_bytes"
    );
    let rows: Vec<Vec<f64>> = lines
        .map(|l| l.split(',').map(|x| x.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), 4);
    for w in rows.windows(2) {
        assert!((1..4).all(|k| w[1][k] >= w[0][k]), "{w:?}");
    }
    assert!(
        rows.iter().all(|r| r[1] >= r[2]),
        "static LFU ≥ LRU: {rows:?}"
    );
    let out = tierplan(&["log", "curve", sample, "--titles", "0"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--titles"));
    // Windowed LFU: a fifth column, a share at every size and LRU's when
    // every title fits (only first requests miss); a bad window named.
    let out = tierplan(
        &[
            "log",
            "curve",
            sample,
            "--titles",
            "5,20,319",
            "--window-h",
            "24",
        ],
        None,
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "titles,static_lfu,lru,zipf,windowed_lfu,static_lfu_bytes,lru_bytes,windowed_lfu_bytes"
    );
    let rows: Vec<Vec<f64>> = lines
        .map(|l| l.split(',').map(|x| x.parse().unwrap()).collect())
        .collect();
    assert!(rows.iter().all(|r| r[4] > 0.0 && r[4] < 1.0), "{rows:?}");
    assert_eq!(
        rows[2][4], rows[2][2],
        "every title cached: LRU = windowed LFU"
    );
    // With bitrate and length mapped every request has a size; the sample's
    // titles all have the same, so the byte shares are the request shares.
    let out = tierplan(
        &[
            "log",
            "curve",
            sample,
            "--titles",
            "5,20",
            "--window-h",
            "24",
            "--map",
            "bitrate=bitrate_kbps,length=length_s",
        ],
        None,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "titles,static_lfu,lru,zipf,windowed_lfu,static_lfu_bytes,lru_bytes,windowed_lfu_bytes"
    );
    for l in lines {
        let r: Vec<f64> = l.split(',').map(|x| x.parse().unwrap()).collect();
        for (req, byte) in [(1, 5), (2, 6), (4, 7)] {
            assert!((r[req] - r[byte]).abs() < 1e-12, "{l}");
        }
    }
    let out = tierplan(&["log", "curve", sample, "--window-h", "0"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--window-h"));
}
