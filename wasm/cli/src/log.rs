//! `tierplan log …`: fit, replay and generate request logs (model §14).

use clap::{Subcommand, ValueEnum};
use std::io::{Read, Write};
use std::process::ExitCode;
use tierplan_core::logs::generate::{generate, GenerateSpec};
use tierplan_core::logs::replay_search::{replay_optimize_on, ReplayStudy};
use tierplan_core::logs::scenario::{fitted_scenario, replay_job};
use tierplan_core::logs::{self, ColumnMap, LogFormat, LogParser, TimeFormat};
use tierplan_core::progress::SteppedJob;
use tierplan_core::scenario::presets::scenario_preset;
use tierplan_core::Scenario;

#[derive(Clone, Copy, ValueEnum)]
pub enum FormatArg {
    Csv,
    Tsv,
    JsonLines,
    /// Aggregated counts: kind,key,count (see the README's SQL).
    Counts,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum TimeArg {
    EpochS,
    EpochMs,
    Iso8601,
}

#[derive(clap::Args)]
pub struct MapArgs {
    /// The file's format; default: detected from its first lines.
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// Columns as name=COLUMN pairs (names: timestamp, title, bytes,
    /// seconds, bitrate, length; COLUMN a header name or 1-based number),
    /// e.g. --map timestamp=ts,title=video_id. Unnamed fields keep the guess.
    #[arg(long, value_delimiter = ',')]
    map: Vec<String>,
    /// Timestamp format; default: detected.
    #[arg(long, value_enum)]
    time: Option<TimeArg>,
    /// Whether the first line is a header (CSV/TSV); default: detected.
    #[arg(long)]
    header: Option<bool>,
}

#[derive(Subcommand)]
pub enum LogCmd {
    /// Fit a log (or aggregated counts): Zipf exponent with its 95 % interval
    /// in both conventions, hourly profile and peak hour, new titles per
    /// day, goodness of fit. Prints JSON.
    Fit {
        /// Log file (`-` reads standard input).
        file: String,
        #[command(flatten)]
        map: MapArgs,
        /// Print, instead, this base scenario with the fitted workload
        /// (a file `tierplan run` reads).
        #[arg(long)]
        scenario: Option<String>,
        /// Print, instead, the aggregated counts (kind,key,count) of the log.
        #[arg(long)]
        aggregate: bool,
    },
    /// Replay a log exactly (its own times and titles) through the
    /// stream-level engine with the scenario's devices and policies.
    Replay {
        file: String,
        scenario: String,
        #[command(flatten)]
        map: MapArgs,
        /// Cut the log into this many consecutive windows, one replication each.
        #[arg(long, default_value_t = 1)]
        windows: u32,
        /// Instead of one replay, find per architecture the cheapest device
        /// counts that meet the target on the replayed log (OptimizeResult JSON).
        #[arg(long)]
        optimize: bool,
        /// Optimiser spec JSON file (with --optimize); default: HDD only,
        /// DRAM + HDD and SSD + HDD, target 0.
        #[arg(long)]
        spec: Option<String>,
        /// Threads replaying candidates (with --optimize; default 1), all
        /// on the one parsed log. The result is the same on any number,
        /// byte for byte: the extra threads replay the candidates the search
        /// would ask for next, and only those it does ask for count.
        #[arg(long)]
        threads: Option<usize>,
    },
    /// How much cache for the catalog: the share of requests a file-level
    /// cache of N titles serves, for static LFU (the N most requested), LRU
    /// over titles (aggregated counts have no order: LFU only) and the fitted
    /// Zipf model. CSV titles,static_lfu,lru,zipf (and windowed_lfu with
    /// --window-h; and the shares in bytes, *_bytes, when the log gives
    /// every title a size: a bytes column, or bitrate and length), or JSON.
    Curve {
        file: String,
        #[command(flatten)]
        map: MapArgs,
        /// Cache sizes in titles, comma-separated (default: a log grid).
        #[arg(long, value_delimiter = ',')]
        titles: Vec<u64>,
        /// Add windowed LFU (model §7 dynamic LFU): request counts over a
        /// sliding window of this many hours (raw logs only).
        #[arg(long)]
        window_h: Option<f64>,
        #[arg(long)]
        json: bool,
    },
    /// Write a synthetic log from a scenario's workload (Zipf titles,
    /// Poisson arrivals with its hourly profile, churn).
    Generate {
        /// Preset id (default: diurnal-evening-peak) …
        #[arg(long)]
        preset: Option<String>,
        /// … or a scenario file.
        #[arg(long)]
        scenario: Option<String>,
        #[arg(long, default_value_t = 7.0)]
        days: f64,
        /// Override the mean arrival rate, requests/s.
        #[arg(long)]
        rate: Option<f64>,
        /// Override the library size.
        #[arg(long)]
        videos: Option<u32>,
        /// New titles per day (churn), overriding the scenario's.
        #[arg(long)]
        churn: Option<u32>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, value_enum, default_value = "csv")]
        format: FormatArg,
        #[arg(long, value_enum, default_value = "iso8601")]
        time: TimeArg,
        /// First day, YYYY-MM-DD (midnight UTC).
        #[arg(long, default_value = "2024-03-01")]
        start: String,
    },
}

fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("tierplan: {msg}");
    ExitCode::from(2)
}

fn open(file: &str) -> Result<Box<dyn Read>, String> {
    if file == "-" {
        Ok(Box::new(std::io::stdin()))
    } else {
        std::fs::File::open(file)
            .map(|f| Box::new(f) as Box<dyn Read>)
            .map_err(|e| format!("cannot read {file}: {e}"))
    }
}

fn format_of(f: FormatArg) -> LogFormat {
    match f {
        FormatArg::Csv => LogFormat::Csv,
        FormatArg::Tsv => LogFormat::Tsv,
        FormatArg::JsonLines => LogFormat::JsonLines,
        FormatArg::Counts => LogFormat::Counts,
    }
}

fn time_of(t: TimeArg) -> TimeFormat {
    match t {
        TimeArg::EpochS => TimeFormat::EpochS,
        TimeArg::EpochMs => TimeFormat::EpochMs,
        TimeArg::Iso8601 => TimeFormat::Iso8601,
    }
}

/// The mapping: the detector's guess from the first 64 KB, then the flags.
fn mapping(head: &[u8], a: &MapArgs) -> Result<ColumnMap, String> {
    let det = logs::detect(head);
    let mut m = match (det.map, a.format.map(format_of)) {
        (_, Some(LogFormat::Counts)) => ColumnMap::counts(),
        (Some(m), _) => m,
        (None, _) if !a.map.is_empty() => ColumnMap::blank(det.format, false),
        (None, _) => {
            return Err(format!(
                "cannot guess the columns ({}); give --map timestamp=…,title=…",
                det.notes.join("; ")
            ))
        }
    };
    if let Some(f) = a.format {
        m.format = format_of(f);
    }
    if let Some(t) = a.time {
        m.time_format = time_of(t);
    }
    if let Some(h) = a.header {
        m.header = h;
    }
    for pair in &a.map {
        let (k, v) = pair
            .split_once('=')
            .ok_or_else(|| format!("--map {pair:?}: expected name=COLUMN"))?;
        let v = v.to_string();
        match k.trim() {
            "timestamp" => m.timestamp = v,
            "title" => m.title = v,
            "bytes" => m.bytes = Some(v),
            "seconds" => m.seconds = Some(v),
            "bitrate" => m.bitrate_kbps = Some(v),
            "length" => m.length_s = Some(v),
            other => {
                return Err(format!(
                    "--map: unknown field {other:?} (timestamp, title, bytes, seconds, bitrate, length)"
                ))
            }
        }
    }
    Ok(m)
}

/// Stream a file through the parser in 1 MB reads.
fn parse_file(file: &str, a: &MapArgs, keep_trace: bool) -> Result<LogParser, String> {
    let mut r = open(file)?;
    let mut buf = vec![0u8; 1 << 20];
    let mut head = Vec::new();
    // Fill the detector's sample first.
    while head.len() < 65_536 {
        let n = r
            .read(&mut buf)
            .map_err(|e| format!("reading {file}: {e}"))?;
        if n == 0 {
            break;
        }
        head.extend_from_slice(&buf[..n]);
    }
    let map = mapping(&head, a)?;
    let mut p = LogParser::new(map, keep_trace)?;
    p.feed(&head);
    loop {
        let n = r
            .read(&mut buf)
            .map_err(|e| format!("reading {file}: {e}"))?;
        if n == 0 {
            break;
        }
        p.feed(&buf[..n]);
    }
    p.finish();
    if let Some(e) = &p.tally.mapping_error {
        return Err(e.clone());
    }
    let pr = p.progress();
    if pr.bad > 0 {
        eprintln!(
            "tierplan: {file}: {} bad line(s) skipped; the first:",
            pr.bad
        );
        for b in pr.bad_lines.iter().take(5) {
            eprintln!("  line {}: {} ({})", b.line, b.message, b.text);
        }
    }
    Ok(p)
}

/// Problems of a fit or replay (the log's, the scenario's or the spec's),
/// each with its path.
fn refused(what: &str, errs: &[tierplan_core::FieldError]) -> ExitCode {
    eprintln!("tierplan: cannot {what}:");
    for e in errs {
        eprintln!("  {e}");
    }
    ExitCode::from(2)
}

fn print_json<T: serde::Serialize>(v: &T) {
    println!("{}", serde_json::to_string_pretty(v).expect("serialisable"));
}

pub fn run(cmd: LogCmd, load: &dyn Fn(&str) -> Result<Scenario, ExitCode>) -> ExitCode {
    match cmd {
        LogCmd::Curve {
            file,
            map,
            titles,
            window_h,
            json,
        } => {
            if titles.contains(&0) {
                return fail("--titles: a cache of 0 titles: sizes must be at least 1");
            }
            if let Some(w) = window_h {
                if let Err(e) = logs::curves::check_window_h(w) {
                    return fail(format!("--{}", e.replace('_', "-")));
                }
            }
            let p = match parse_file(&file, &map, true) {
                Ok(p) => p,
                Err(e) => return fail(e),
            };
            let c = logs::curves::title_curves(
                &p.tally,
                p.trace.as_deref().filter(|o| !o.is_empty()),
                &titles,
                window_h,
            );
            if json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&c).expect("serialisable")
                );
            } else {
                let windowed = window_h.is_some();
                let bytes = c.mean_request_bytes.is_some();
                println!(
                    "titles,static_lfu,lru,zipf{}{}",
                    if windowed { ",windowed_lfu" } else { "" },
                    match (bytes, windowed) {
                        (false, _) => "",
                        (true, false) => ",static_lfu_bytes,lru_bytes",
                        (true, true) => ",static_lfu_bytes,lru_bytes,windowed_lfu_bytes",
                    }
                );
                let opt = |v: Option<f64>| v.map_or(String::new(), |v| v.to_string());
                for pt in &c.points {
                    let mut row = format!(
                        "{},{},{},{}",
                        pt.titles,
                        pt.static_lfu,
                        opt(pt.lru),
                        pt.zipf
                    );
                    if windowed {
                        row.push(',');
                        row.push_str(&opt(pt.windowed_lfu));
                    }
                    if bytes {
                        let mut cols = vec![pt.static_lfu_bytes, pt.lru_bytes];
                        if windowed {
                            cols.push(pt.windowed_lfu_bytes);
                        }
                        for v in cols {
                            row.push(',');
                            row.push_str(&opt(v));
                        }
                    }
                    println!("{row}");
                }
            }
            ExitCode::SUCCESS
        }
        LogCmd::Fit {
            file,
            map,
            scenario,
            aggregate,
        } => {
            let p = match parse_file(&file, &map, false) {
                Ok(p) => p,
                Err(e) => return fail(e),
            };
            if aggregate {
                print!("{}", p.tally.to_counts_csv());
                return ExitCode::SUCCESS;
            }
            let fit = logs::fit(&p.tally);
            if let Some(base_name) = scenario {
                let base = match load(&base_name) {
                    Ok(s) => s,
                    Err(c) => return c,
                };
                return match fitted_scenario(&base, &fit) {
                    Ok(s) => {
                        print_json(&s);
                        ExitCode::SUCCESS
                    }
                    Err(errs) => refused(&format!("fit {file} into {base_name}"), &errs),
                };
            }
            print_json(&serde_json::json!({
                "map": p.map(),
                "parse": p.progress(),
                "fit": fit,
            }));
            ExitCode::SUCCESS
        }
        LogCmd::Replay {
            file,
            scenario,
            map,
            windows,
            optimize,
            spec,
            threads,
        } => {
            if threads.is_some() && !optimize {
                return fail("--threads: only with --optimize (one replay runs on one thread)");
            }
            let base = match load(&scenario) {
                Ok(s) => s,
                Err(c) => return c,
            };
            let p = match parse_file(&file, &map, true) {
                Ok(p) => p,
                Err(e) => return fail(e),
            };
            let trace = p.trace.as_deref().unwrap_or(&[]);
            if optimize {
                let text = match spec.as_deref().map(std::fs::read_to_string) {
                    None => crate::DEFAULT_SPEC.to_string(),
                    Some(Ok(t)) => t,
                    Some(Err(e)) => return fail(format!("cannot read the spec: {e}")),
                };
                let spec = match tierplan_core::optimize::parse_spec(&text) {
                    Ok(s) => s,
                    Err(errs) => return refused("read the optimiser spec", &errs),
                };
                let mut study = match ReplayStudy::new(&base, &p.tally, trace, windows, spec) {
                    Ok(s) => s,
                    Err(errs) => {
                        return refused(&format!("optimise on the replay of {file}"), &errs)
                    }
                };
                // The shared driver of farmed studies, as `optimize` and `sweep`.
                let threads = threads.unwrap_or(1);
                return match replay_optimize_on(
                    &mut study,
                    threads,
                    |_: &_| {},
                    &Default::default(),
                ) {
                    Ok(r) => {
                        print_json(&r);
                        ExitCode::SUCCESS
                    }
                    Err(errs) => refused(&format!("replay {file}"), &errs),
                };
            }
            match replay_job(&base, &p.tally, trace, windows) {
                Ok(mut job) => {
                    print_json(&job.run_to_end(1 << 22));
                    ExitCode::SUCCESS
                }
                Err(errs) => refused(&format!("replay {file} on {scenario}"), &errs),
            }
        }
        LogCmd::Generate {
            preset,
            scenario,
            days,
            rate,
            videos,
            churn,
            seed,
            format,
            time,
            start,
        } => {
            let mut s = match (preset, scenario) {
                (Some(_), Some(_)) => return fail("give --preset or --scenario, not both"),
                (_, Some(f)) => match load(&f) {
                    Ok(s) => s,
                    Err(c) => return c,
                },
                (p, None) => {
                    let id = p.unwrap_or_else(|| "diurnal-evening-peak".into());
                    match scenario_preset(&id) {
                        Some(s) => s,
                        None => return fail(format!("no preset named {id:?}")),
                    }
                }
            };
            if let Some(r) = rate {
                s.workload.arrival_rate = r;
            }
            if let Some(v) = videos {
                s.workload.videos = v;
            }
            if let Some(k) = churn {
                s.workload.churn = (k > 0).then_some(tierplan_core::scenario::Churn {
                    period_h: 24.0,
                    new_titles: k,
                });
            }
            // Only the workload matters here (the devices need not hold it).
            let mut errs = tierplan_core::problems(&s);
            errs.retain(|e| e.path.starts_with("workload"));
            if !errs.is_empty() {
                return refused("generate a log from this workload", &errs);
            }
            if !(days > 0.0 && days <= 3650.0) {
                return fail(format!(
                    "--days {days}: must be more than 0 and at most 3650"
                ));
            }
            let start = match logs::time::parse(&start, TimeFormat::Iso8601) {
                Ok(s) => s.t,
                Err(e) => return fail(format!("--start: {e}")),
            };
            if matches!(format, FormatArg::Counts) {
                return fail(
                    "--format counts: generate a log, then `tierplan log fit --aggregate`",
                );
            }
            let out = std::io::stdout();
            let mut out = std::io::BufWriter::new(out.lock());
            let spec = GenerateSpec {
                workload: &s.workload,
                days,
                seed,
                start,
                format: format_of(format),
                time_format: time_of(time),
            };
            match generate(&spec, &mut out).and_then(|n| out.flush().map(|_| n)) {
                Ok(n) => {
                    eprintln!("tierplan log generate: {n} requests");
                    ExitCode::SUCCESS
                }
                Err(e) => fail(format!("writing the log: {e}")),
            }
        }
    }
}
