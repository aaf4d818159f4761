//! `tierplan block-trace generate|check`: traces in every format round-trip
//! through the checker, bad lines are reported by line number, and the
//! committed sample is exactly what the README's command writes.

use crate::support;

use support::tierplan;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `key: value` from the checker's report.
fn field(report: &str, key: &str) -> String {
    report
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{key}: ")))
        .unwrap_or_else(|| panic!("no {key} in {report}"))
        .to_string()
}

fn tmp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tierplan-block-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name).to_string_lossy().into_owned()
}

#[test]
fn generated_traces_check_clean_in_every_format() {
    for format in ["msr", "spc", "plain"] {
        let path = tmp(&format!("search.{format}"));
        let out = tierplan(
            &[
                "block-trace",
                "generate",
                "--preset",
                "search-engine",
                "--format",
                format,
                "--ios",
                "5000",
                "--seed",
                "7",
                "-o",
                &path,
            ],
            None,
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(text(&out.stderr).contains("wrote 5000 I/Os"));
        // Detected format, no --format.
        let out = tierplan(&["block-trace", "check", &path], None);
        assert!(out.status.success(), "{format}: {}", text(&out.stdout));
        let r = text(&out.stdout);
        assert_eq!(field(&r, "format"), format);
        assert_eq!(field(&r, "ios"), "5000");
        assert_eq!(field(&r, "bad_lines"), "0");
        // The preset's 99 % reads, within sampling noise of 5000 draws.
        let share: f64 = field(&r, "read_share").parse().unwrap();
        assert!((share - 0.99).abs() < 0.01, "{format}: {share}");
        // 8 KB I/Os survive the byte/sector conversions of each format.
        assert_eq!(field(&r, "mean_io_kb"), "8.00", "{format}");
        let footprint: u64 = field(&r, "footprint_blocks")
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(footprint > 1000 && footprint <= 10_000, "{footprint}");
    }
}

#[test]
fn same_seed_same_file_and_scenario_source_works() {
    // Any full scenario with a synthetic `block` section.
    let base = tierplan(&["preset", "nossdav12-hdd-only"], None);
    let mut spec: serde_json::Value = serde_json::from_slice(&base.stdout).unwrap();
    spec["block"] = serde_json::json!({
        "workload": {"kind": "synthetic", "read_share": 0.5, "footprint_gb": 1.0,
                     "iops": 100.0, "duration_s": 10.0},
        "seed": 3
    });
    let spec = spec.to_string();
    let scen = tmp("scenario.json");
    std::fs::write(&scen, spec).unwrap();
    let args = [
        "block-trace",
        "generate",
        "--scenario",
        &scen,
        "--format",
        "plain",
        "-o",
        "-",
    ];
    let (a, b) = (tierplan(&args, None), tierplan(&args, None));
    assert!(a.status.success(), "{}", text(&a.stderr));
    assert_eq!(a.stdout, b.stdout);
    // Poisson at 100/s for 10 s: about 1000 I/Os (±5 σ).
    let n = text(&a.stdout)
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("time"))
        .count();
    assert!((840..=1160).contains(&n), "{n}");
}

#[test]
fn bad_lines_are_listed_with_line_numbers_and_exit_1() {
    let csv = "128166372000000000,h,0,Read,4096,4096,10\n\
               128166372000010000,h,0,Fetch,8192,4096,10\n\
               128166372000020000,h,0,Write,notanumber,4096,10\n\
               128166372000030000,h,0,Write,8192,4096,10\n";
    let out = tierplan(&["block-trace", "check", "-", "--format", "msr"], Some(csv));
    assert_eq!(out.status.code(), Some(1));
    let r = text(&out.stdout);
    assert_eq!(field(&r, "ios"), "2");
    assert_eq!(field(&r, "bad_lines"), "2");
    assert!(r.contains("line 2:"), "{r}");
    assert!(r.contains("line 3:"), "{r}");
    assert!(r.contains("Type") && r.contains("Offset"), "{r}");
}

#[test]
fn unreadable_or_unknown_input_fails_clearly() {
    let out = tierplan(&["block-trace", "check", "/nonexistent/trace.csv"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read /nonexistent/trace.csv"));

    let out = tierplan(&["block-trace", "check", "-"], Some("hello\nworld\n"));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--format"),
        "{}",
        text(&out.stderr)
    );

    let out = tierplan(
        &[
            "block-trace",
            "generate",
            "--preset",
            "nope",
            "--format",
            "msr",
            "-o",
            "-",
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    let e = text(&out.stderr);
    assert!(
        e.contains("\"nope\"") && e.contains("financial") && e.contains("home"),
        "{e}"
    );
}

#[test]
fn committed_sample_is_what_the_readme_command_writes() {
    let out = tierplan(
        &[
            "block-trace",
            "generate",
            "--preset",
            "exchange",
            "--format",
            "msr",
            "--ios",
            "3000",
            "--seed",
            "1",
            "-o",
            "-",
        ],
        None,
    );
    assert!(out.status.success());
    let sample = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../public/sample-block-trace.csv"
    ))
    .unwrap();
    assert!(
        out.stdout == sample,
        "public/sample-block-trace.csv is stale; regenerate it"
    );
}

/// `tierplan mrc`: the sample trace's LRU curve as CSV with the documented
/// columns, rising with the size; FIFO at the same sizes; bad options named.
#[test]
fn mrc_prints_the_curve_and_names_bad_options() {
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../public/sample-block-trace.csv"
    );
    let out = tierplan(&["mrc", sample, "--sizes", "16,256,4096,64MB"], None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "size_blocks,size_bytes,hit_ratio,byte_hit_ratio,read_byte_hit_ratio,write_byte_hit_ratio,error"
    );
    let rows: Vec<Vec<String>> = lines
        .map(|l| l.split(',').map(String::from).collect())
        .collect();
    assert_eq!(
        rows.iter().map(|r| r[0].as_str()).collect::<Vec<_>>(),
        ["16", "256", "4096", "16384"]
    );
    let hits: Vec<f64> = rows.iter().map(|r| r[3].parse().unwrap()).collect();
    assert!(
        hits.windows(2).all(|w| w[0] <= w[1]) && hits[0] < hits[3],
        "{hits:?}"
    );
    let out = tierplan(
        &[
            "mrc", sample, "--policy", "fifo", "--sizes", "16,256", "--out", "json",
        ],
        None,
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["policy"], "fifo");
    assert_eq!(v["points"].as_array().unwrap().len(), 2);
    for (args, want) in [
        (vec!["--sample", "2"], "mrc.sample"),
        (vec!["--sizes", "10,zero"], "--sizes: item 2"),
        (
            vec!["--policy", "fifo", "--sample-size", "100"],
            "mrc.sample_size",
        ),
        (vec!["--working-set", "0", "--out", "json"], "--working-set"),
        (vec!["--working-set", "60"], "--working-set"),
    ] {
        let mut a = vec!["mrc", sample];
        a.extend(args);
        let out = tierplan(&a, None);
        assert_eq!(out.status.code(), Some(2));
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(want),
            "{want}"
        );
    }
}

/// `tierplan mrc --working-set`: the sample trace's distinct blocks per
/// window of trace time; the windows' I/Os add up to the trace's, none holds
/// more blocks than the whole footprint, and one window as long as the trace
/// holds exactly the footprint.
#[test]
fn mrc_reports_the_working_set_over_time() {
    let sample = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../public/sample-block-trace.csv"
    );
    let run = |w: &str| -> serde_json::Value {
        let out = tierplan(&["mrc", sample, "--out", "json", "--working-set", w], None);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let v = run("1");
    let ws = v["working_set"].as_array().unwrap();
    assert!(ws.len() > 1, "{} windows", ws.len());
    let ios: u64 = ws.iter().map(|w| w["ios"].as_u64().unwrap()).sum();
    assert_eq!(ios, v["ios"].as_u64().unwrap());
    let footprint = v["distinct_blocks"].as_f64().unwrap() as u64;
    assert!(ws
        .iter()
        .all(|w| w["distinct_blocks"].as_u64().unwrap() <= footprint));
    let whole = run("1e9");
    let ws = whole["working_set"].as_array().unwrap();
    assert_eq!(ws.len(), 1);
    assert_eq!(ws[0]["distinct_blocks"].as_u64().unwrap(), footprint);
}
