//! `tierplan`: run scenario JSON files natively — for batch sweeps, for
//! benchmarks, and for checking the browser's results against native ones.

mod block_cmd;
mod block_trace;
mod characterize_cmd;
mod devices_cmd;
mod figure_cmd;
mod log;
mod mrc_cmd;
mod reproduce_cmd;
mod request_cmd;
mod threads;

use clap::{Parser, Subcommand, ValueEnum};
use std::io::Read;
use std::process::ExitCode;
use std::time::Instant;
use tierplan_core::analytics::cost_model::CostModelSearch;
use tierplan_core::characterize::CharacterizeSpec;
use tierplan_core::optimize::drive::drive_natively;
use tierplan_core::progress::SteppedJob;
use tierplan_core::scenario::presets::{all_presets, any_preset, scenario_preset};
use tierplan_core::{parse_scenario, FieldError, Job, RunResult};

#[derive(Parser)]
#[command(
    name = "tierplan",
    version,
    about = "Video-on-demand storage hierarchy simulator"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Json,
    Csv,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum BlockFormat {
    Json,
    Table,
}

/// Block-cache runs (model §13).
#[derive(Subcommand)]
enum BlockCmd {
    /// Run a scenario with a `block` section: every cache of
    /// `block.caches` on the same I/Os; prints the BlockResult.
    Run {
        file: String,
        /// The block trace to replay, when `block.workload.kind` is "trace".
        #[arg(long, value_name = "FILE")]
        trace: Option<String>,
        #[arg(long, value_enum, default_value = "json")]
        format: BlockFormat,
    },
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Engine {
    Auto,
    Stream,
    Request,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run a scenario file (`-` reads standard input) and print its results.
    Run {
        file: String,
        #[arg(long, value_enum, default_value = "json")]
        format: Format,
        /// Check bandwidth, buffer and stream invariants after every event (slow).
        #[arg(long)]
        check: bool,
        /// Which engine: a scenario with a `request` section runs the
        /// request-level engine unless `stream` is asked for.
        #[arg(long, value_enum, default_value = "auto")]
        engine: Engine,
        /// Request-level only: write replication 0's I/O stream to FILE as
        /// CSV (time_s, op, device, address, size).
        #[arg(long, value_name = "FILE")]
        export_io: Option<String>,
        /// Most rows the export writes.
        #[arg(long, default_value_t = 5_000_000)]
        export_rows: u64,
    },
    /// The HTTP tab's miss-ratio figure (NOSSDAV'12) of a request-level
    /// scenario: per series (HDD only, block cache cold, ring cache cold and
    /// warm, object cache) and rate, the segment miss ratio; the same runs
    /// as the app, pass by pass (a first coarse picture, then where the
    /// curves bend, the remaining rates, the replications), each pass's
    /// runs on threads, longest first.
    HttpFigure {
        file: String,
        #[arg(long = "from", default_value_t = 1.0)]
        from_rate: f64,
        #[arg(long = "to", default_value_t = 25.0)]
        to_rate: f64,
        /// Rates from --from to --to, evenly spaced (1 to 100).
        #[arg(long, default_value_t = 25)]
        points: u32,
        #[arg(long, default_value_t = 3)]
        replications: u32,
        /// Measured hours of each run.
        #[arg(long, default_value_t = 1.0)]
        hours: f64,
        /// Warm-up hours of the warm ring cache.
        #[arg(long, default_value_t = 1.0)]
        warmup_hours: f64,
        /// Series, comma-separated.
        #[arg(
            long,
            value_delimiter = ',',
            default_value = "hdd,block,ring-cold,ring-warm,object"
        )]
        series: Vec<String>,
        /// Threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        #[arg(long, value_enum, default_value = "csv")]
        format: figure_cmd::FigureFormat,
        /// Print the wall time and each policy's CPU time to standard error.
        #[arg(long)]
        time: bool,
        /// Print each pass as it completes (`# pass N: name, runs, wall
        /// time`, then the points so far as CSV with a leading `pass`
        /// column), then the finished figure as without it.
        #[arg(long)]
        progressive: bool,
    },
    /// The highest request rate of a request-level scenario whose segment
    /// miss ratio meets `request.search.miss_target`; prints the
    /// MaxRateResult as JSON.
    MaxRate {
        file: String,
        /// Print the wall-clock time of the search to standard error.
        #[arg(long)]
        time: bool,
    },
    /// Measure the request-level engine: one hour of HDD only at 20
    /// requests/s with 128 KB chunks; prints events per second.
    BenchRequest {
        /// Rounds; the best is reported.
        #[arg(long, default_value_t = 3)]
        rounds: u32,
        /// Simulated hours (the benchmark's smoke run takes a sliver).
        #[arg(long, default_value_t = 1.0)]
        hours: f64,
    },
    /// Measure the SSD models: 4 KB random writes at queue depth 1 on the
    /// X25-M (scalable and reference) and the 61.44 TB QLC drive, each laid
    /// out in steady state; prints flash operations per second.
    BenchSsd {
        /// Rounds; the best is reported.
        #[arg(long, default_value_t = 3)]
        rounds: u32,
        /// Writes per round.
        #[arg(long, default_value_t = 200_000)]
        ios: u64,
    },
    /// Microbenchmarks of a catalog device's model: 4 KB random and 128 KB
    /// sequential reads and writes and a 70/30 mix, at each queue depth,
    /// fresh and in steady state (SSDs); MB/s, IOPS, latency and WA.
    Characterize {
        /// Device id (e.g. x25m, ocz_core_v2, hdd15k).
        device: String,
        /// Take the device from this scenario's catalog instead of the built-in ones.
        #[arg(long, value_name = "FILE")]
        scenario: Option<String>,
        #[arg(long, value_enum, default_value = "table")]
        format: characterize_cmd::CharFormat,
        /// Queue depths, comma-separated.
        #[arg(long, value_delimiter = ',', default_value = "1,4,32,128")]
        queue_depths: Vec<u32>,
        /// Simulated seconds of each measured test (a test also stops after
        /// 50 000 I/Os).
        #[arg(long, default_value_t = 60.0)]
        seconds: f64,
        /// Steady state: the logical space written this many times first (0 to 10).
        #[arg(long, default_value_t = 2.0)]
        precondition_passes: f64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The SSD model: scalable (per-die timelines, analytic GC) or the
        /// per-page reference (small drives only).
        #[arg(long, value_enum, default_value = "scalable")]
        model: characterize_cmd::ModelArg,
    },
    /// List the whole built-in device catalog: id, kind, capacity,
    /// bandwidths, price, endurance, and each device's sources and assumptions.
    Devices {
        #[arg(long, value_enum, default_value = "table")]
        format: devices_cmd::DevicesFormat,
    },
    /// List the built-in scenario presets.
    Presets,
    /// Print a preset scenario as JSON.
    Preset { name: String },
    /// Run a scenario once per value of one numeric field.
    Sweep {
        file: String,
        /// Field path, e.g. workload.arrival_rate, tiers.disk.count,
        /// workload.classes[0].length_min, devices[2].price
        #[arg(long)]
        param: String,
        /// Comma-separated values, e.g. 0.1,0.2,0.4
        #[arg(long, value_delimiter = ',', num_args = 1..)]
        values: Vec<f64>,
        #[arg(long, value_enum, default_value = "json")]
        format: Format,
        /// Threads running the points' replications (default 1); the
        /// points are the same on any number.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Find, per architecture, the cheapest device counts meeting a
    /// rejection target (model §10) and print the OptimizeResult as JSON.
    Optimize {
        file: String,
        /// Optimiser spec JSON file; default: HDD only, DRAM + HDD and
        /// SSD + HDD, target 0, simulated criterion, derived maxima, no TCO.
        #[arg(long)]
        spec: Option<String>,
        /// Print the wall-clock time of the search to standard error.
        #[arg(long)]
        time: bool,
        /// Size for the busiest hour of the workload's rate profile (its
        /// rate held constant); the hour is printed to standard error.
        #[arg(long)]
        peak_hour: bool,
        /// Plan a fleet (model §10b): servers × chassis × devices per
        /// server within bays and slots, on the scenario's chassis or every
        /// chassis preset. Prints the FleetResult as JSON and a summary of
        /// each architecture's plan to standard error. Implied by a
        /// scenario with a `server` section.
        #[arg(long)]
        fleet: bool,
        /// How the fleet's load balancer routes (implies --fleet):
        /// `any_server` (each server sees 1/N of the arrivals and holds
        /// every title) or `by_title` (each title on its servers, the
        /// hottest server sized); default: as the scenario's fleet says.
        #[arg(long, value_parser = ["any_server", "by_title"])]
        routing: Option<String>,
        /// Threads simulating candidates (default 1). The optimum is the
        /// same on any number; with more, the search may simulate a few
        /// candidates a sequential one would have skipped, so its counts
        /// of simulations can differ.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Hit ratio against cache size in one pass over a block trace (model
    /// §13): LRU exact (Mattson) or sampled (SHARDS), or FIFO at a grid of
    /// sizes; by I/Os (exact runs) and by bytes, reads and writes apart.
    Mrc {
        #[command(flatten)]
        args: mrc_cmd::MrcArgs,
    },
    /// Block traces (model §13): generate one from a synthetic workload, or
    /// check a trace file.
    BlockTrace {
        #[command(subcommand)]
        cmd: block_trace::BlockTraceCmd,
    },
    /// Request logs: fit, replay exactly, or generate (model §14).
    Log {
        #[command(subcommand)]
        cmd: log::LogCmd,
    },
    /// The flash cache's hybrid cost model (model §9) of a scenario: its
    /// `cost_model`, or the FAST'12 example when it has none. Prints the
    /// optimum (u, r), the partition and the optimum per write share as
    /// JSON; `--grid` adds the whole C_H(u, r) grid.
    CostModel {
        file: String,
        #[arg(long)]
        grid: bool,
    },
    /// Re-run every published claim of the source studies (model §12) with
    /// the studies' parameters and print claim, published value, ours, the
    /// difference and the verdict — the table of the app's "Study claims" tab.
    Reproduce {
        #[arg(long, value_enum, default_value = "json")]
        format: Format,
        /// Print the wall-clock time of the simulations, and each one's, to standard error.
        #[arg(long)]
        time: bool,
        /// Threads (default: one per core).
        #[arg(long)]
        threads: Option<usize>,
        /// Only these claims (ids, comma-separated) and the simulations
        /// they need; default every claim.
        #[arg(long, value_delimiter = ',')]
        claims: Vec<String>,
    },
    /// Block-cache runs (model §13): `tierplan block run SCENARIO.json`.
    Block {
        #[command(subcommand)]
        cmd: BlockCmd,
    },
    /// Measure the block-cache engine: host I/Os per second on a synthetic
    /// preset with SLC, MLC, TLC and HySSC in lockstep, and the time to
    /// replay a 1 M-request block trace.
    BenchBlock {
        /// Rounds; the best is reported.
        #[arg(long, default_value_t = 3)]
        rounds: u32,
        /// Host I/Os of the synthetic run.
        #[arg(long, default_value_t = 300_000)]
        ios: u32,
        /// Requests in the replayed trace.
        #[arg(long, default_value_t = 1_000_000)]
        trace_requests: u32,
    },
    /// Measure events per second on the study's λ = 1/s, 10 h workload.
    Bench {
        /// Replications per architecture.
        #[arg(long, default_value_t = 20)]
        replications: u32,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.cmd {
        Cmd::Run {
            file,
            format,
            check,
            engine,
            export_io,
            export_rows,
        } => match load_scenario(&file) {
            Ok(s)
                if engine == Engine::Request || (engine == Engine::Auto && s.request.is_some()) =>
            {
                request_cmd::run(
                    s,
                    matches!(format, Format::Csv),
                    export_io.as_deref(),
                    export_rows,
                )
            }
            Ok(s) => {
                let mut job = match Job::new(s) {
                    Ok(job) => job,
                    Err(errs) => return invalid("the scenario", &errs),
                };
                job.check_invariants(check);
                let r = job.run_to_end(1 << 22);
                match format {
                    Format::Json => println!(
                        "{}",
                        serde_json::to_string_pretty(&r).expect("serialisable")
                    ),
                    Format::Csv => print!("{}", run_csv(&r)),
                }
                ExitCode::SUCCESS
            }
            Err(code) => code,
        },
        Cmd::Presets => {
            for p in all_presets() {
                println!("{:<24} {}  [{}]", p.id, p.title, p.source);
            }
            ExitCode::SUCCESS
        }
        Cmd::HttpFigure {
            file,
            from_rate,
            to_rate,
            points,
            replications,
            hours,
            warmup_hours,
            series,
            threads,
            format,
            time,
            progressive,
        } => match load_scenario(&file) {
            Ok(s) => figure_cmd::run(
                s,
                figure_cmd::FigureArgs {
                    settings: tierplan_core::request::figure::FigureSettings {
                        from_rate,
                        to_rate,
                        points,
                        replications,
                        duration_h: hours,
                        warmup_h: warmup_hours,
                    },
                    series,
                    threads: threads.unwrap_or_else(threads::default_threads),
                    format,
                    time,
                    progressive,
                },
            ),
            Err(code) => code,
        },
        Cmd::MaxRate { file, time } => match load_scenario(&file) {
            Ok(s) => request_cmd::max_rate(s, time),
            Err(code) => code,
        },
        Cmd::Characterize {
            device,
            scenario,
            format,
            queue_depths,
            seconds,
            precondition_passes,
            seed,
            model,
        } => {
            let s = match scenario.as_deref().map(load_scenario) {
                Some(Ok(s)) => Some(s),
                Some(Err(code)) => return code,
                None => None,
            };
            characterize_cmd::run(
                &device,
                s.as_ref(),
                format,
                CharacterizeSpec {
                    queue_depths,
                    seconds,
                    precondition_passes,
                    seed,
                    model: model.kind(),
                },
            )
        }
        Cmd::Devices { format } => devices_cmd::run(format),
        Cmd::BenchRequest { rounds, hours } => request_cmd::bench(rounds, hours),
        Cmd::BenchSsd { rounds, ios } => {
            characterize_cmd::bench_ssd(rounds, ios);
            ExitCode::SUCCESS
        }
        Cmd::Preset { name } => match any_preset(&name) {
            Some(s) => {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&s).expect("serialisable")
                );
                ExitCode::SUCCESS
            }
            None => {
                let known: Vec<String> = all_presets().into_iter().map(|p| p.id).collect();
                eprintln!(
                    "tierplan: no preset named \"{name}\"; known: {}",
                    known.join(", ")
                );
                ExitCode::from(2)
            }
        },
        Cmd::Sweep {
            file,
            param,
            values,
            format,
            threads,
        } => match read_scenario(&file) {
            // The sweep's study by the shared driver of farmed studies.
            Ok(json) => match tierplan_core::sweep::sweep_on(
                &json,
                &param,
                &values,
                threads,
                |_: &_| {},
                &Default::default(),
            ) {
                Ok(points) => {
                    match format {
                        Format::Json => println!(
                            "{}",
                            serde_json::to_string_pretty(&points).expect("serialisable")
                        ),
                        Format::Csv => print!("{}", tierplan_core::sweep::csv(&param, &points)),
                    }
                    ExitCode::SUCCESS
                }
                Err(errs) => invalid(&file, &errs),
            },
            Err(e) => {
                eprintln!("tierplan: cannot read {file}: {e}");
                ExitCode::from(2)
            }
        },
        Cmd::Optimize {
            file,
            spec,
            time,
            peak_hour,
            fleet,
            routing,
            threads,
        } => optimize_cmd(
            &file,
            spec.as_deref(),
            time,
            peak_hour,
            fleet,
            routing.as_deref(),
            threads,
        ),
        Cmd::Mrc { args } => mrc_cmd::run(args),
        Cmd::BlockTrace { cmd } => block_trace::run(cmd, &load_scenario),
        Cmd::Log { cmd } => log::run(cmd, &load_scenario),
        Cmd::CostModel { file, grid } => cost_model_cmd(&file, grid),
        Cmd::Reproduce {
            format,
            time,
            threads,
            claims,
        } => reproduce_cmd::run(
            format,
            threads.unwrap_or_else(threads::default_threads),
            time,
            &claims,
        ),
        Cmd::Block {
            cmd:
                BlockCmd::Run {
                    file,
                    trace,
                    format,
                },
        } => match load_scenario(&file) {
            Ok(s) => block_cmd::run(s, &file, trace.as_deref(), format == BlockFormat::Table),
            Err(code) => code,
        },
        Cmd::BenchBlock {
            rounds,
            ios,
            trace_requests,
        } => {
            block_cmd::bench(rounds, ios as f64, trace_requests as f64);
            ExitCode::SUCCESS
        }
        Cmd::Bench { replications } => {
            bench(replications);
            ExitCode::SUCCESS
        }
    }
}

pub(crate) const DEFAULT_SPEC: &str =
    r#"{"architectures": ["hdd_only", "dram_ic_hdd", "ssd_lfu_hdd"]}"#;

fn optimize_cmd(
    file: &str,
    spec_file: Option<&str>,
    time: bool,
    peak_hour: bool,
    fleet: bool,
    routing: Option<&str>,
    threads: usize,
) -> ExitCode {
    // The search chooses the counts, so it checks the scenario itself
    // (everything but the counts); the peak hour needs a valid profile first.
    let loaded = if peak_hour {
        load_scenario(file)
    } else {
        load_unchecked(file)
    };
    let mut scenario = match loaded {
        Ok(s) => s,
        Err(code) => return code,
    };
    if peak_hour {
        match tierplan_core::logs::scenario::peak_hour_scenario(&scenario) {
            Some((peak, hour)) => {
                eprintln!(
                    "tierplan optimize: sizing for the peak hour {hour:02}:00–{:02}:00 at {:.4} requests/s",
                    (hour + 1) % 24,
                    peak.workload.arrival_rate
                );
                scenario = peak;
            }
            None => {
                eprintln!("tierplan: {file} has no workload.rate_profile: --peak-hour needs one");
                return ExitCode::from(2);
            }
        }
    }
    let spec_text = match spec_file {
        Some(f) => match std::fs::read_to_string(f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("tierplan: cannot read {f}: {e}");
                return ExitCode::from(2);
            }
        },
        None => DEFAULT_SPEC.to_string(),
    };
    let spec_name = spec_file.unwrap_or("the default spec");
    let spec = match tierplan_core::optimize::parse_spec(&spec_text) {
        Ok(s) => s,
        Err(errs) => return invalid(spec_name, &errs),
    };
    let t0 = Instant::now();
    if fleet || routing.is_some() || scenario.server.is_some() {
        use tierplan_core::optimize::fleet::FleetRequest;
        use tierplan_core::scenario::server::Routing;
        let request = FleetRequest {
            // clap allows only these two.
            routing: routing.map(|r| {
                if r == "by_title" {
                    Routing::ByTitle
                } else {
                    Routing::AnyServer
                }
            }),
            ..FleetRequest::default()
        };
        return fleet_cmd(
            &scenario,
            &spec,
            &request,
            file,
            spec_name,
            time.then_some(t0),
            threads,
        );
    }
    // The shared driver of farmed studies, as Python's optimize.
    let optimum = tierplan_core::optimize::Search::new(scenario, spec).and_then(|mut search| {
        drive_natively(&mut search, threads, |_: &_| {}, &Default::default())?;
        Ok(search.result())
    });
    match optimum {
        Ok(r) => {
            if time {
                eprintln!(
                    "tierplan optimize: {:.3} s, {} simulations, {} pruned",
                    t0.elapsed().as_secs_f64(),
                    r.simulations,
                    r.pruned
                );
            }
            println!(
                "{}",
                serde_json::to_string_pretty(&r).expect("serialisable")
            );
            ExitCode::SUCCESS
        }
        Err(errs) => invalid(&format!("{file} with {spec_name}"), &errs),
    }
}

/// `tierplan optimize --fleet`: the FleetResult as JSON, each plan in a
/// line on standard error.
fn fleet_cmd(
    scenario: &tierplan_core::Scenario,
    spec: &tierplan_core::optimize::OptimizeSpec,
    request: &tierplan_core::optimize::fleet::FleetRequest,
    file: &str,
    spec_name: &str,
    t0: Option<Instant>,
    threads: usize,
) -> ExitCode {
    use tierplan_core::optimize::fleet::FleetSearch;
    let plans = FleetSearch::with_request(scenario.clone(), spec.clone(), request).and_then(
        |mut search| {
            drive_natively(&mut search, threads, |_: &_| {}, &Default::default())?;
            search.result()
        },
    );
    match plans {
        Ok(r) => {
            if let Some(t0) = t0 {
                eprintln!(
                    "tierplan optimize --fleet: {:.3} s, {} server counts × chassis × architectures worked, {} skipped by the capital bound, {} simulations",
                    t0.elapsed().as_secs_f64(),
                    r.tried.len(),
                    r.pruned,
                    r.simulations
                );
            }
            eprintln!(
                "the workload needs {:.1} Gb/s of egress; {}",
                r.egress_needed_gbps, r.space
            );
            for p in &r.plans {
                eprintln!(
                    "{}: {} servers of {}{} with {} each, limited by {} ({:.0} %), egress {:.0} Gb/s per server (peak {:.0} %), bays {:.0} % full, ${:.0} capital{}, {} rack units, {:.3} streams/$",
                    p.label,
                    p.servers,
                    p.chassis_name,
                    p.simulated.as_ref().map_or(String::new(), |w| format!(
                        ", routed by title, the hottest server simulated (server {}: {:.2} % of the arrivals, {} titles)",
                        w.server,
                        w.share * 100.0,
                        w.titles
                    )),
                    p.devices_text,
                    p.binding_label,
                    p.binding_utilisation * 100.0,
                    p.egress_gbps,
                    p.egress_peak * 100.0,
                    p.bays_used * 100.0,
                    p.capital,
                    p.tco.map_or(String::new(), |t| format!(", ${t:.0} TCO")),
                    p.rack_units,
                    p.streams_per_dollar
                );
            }
            if r.plans.is_empty() {
                eprintln!("no chassis and server count met the target: see \"tried\"");
            }
            println!(
                "{}",
                serde_json::to_string_pretty(&r).expect("serialisable")
            );
            ExitCode::SUCCESS
        }
        Err(errs) => invalid(&format!("{file} with {spec_name}"), &errs),
    }
}

fn cost_model_cmd(file: &str, grid: bool) -> ExitCode {
    use tierplan_core::analytics::cost_model::CostModelSpec;
    let scenario = match load_scenario(file) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let spec = scenario
        .cost_model
        .unwrap_or_else(CostModelSpec::fast12_example);
    let report = spec.report();
    let mut out = serde_json::json!({
        "spec": spec,
        "cache_blocks": report.cache_blocks,
        "optimum": report.grid.optimum,
        "partition": report.partition,
        "write_share_sweep": spec.write_share_sweep(),
    });
    if grid {
        out["grid"] = serde_json::to_value(&report.grid).expect("serialisable");
    }
    println!(
        "{}",
        serde_json::to_string_pretty(&out).expect("serialisable")
    );
    ExitCode::SUCCESS
}

/// Read and validate a scenario file; on failure the message is already on
/// standard error and the exit code is returned.
fn load_scenario(file: &str) -> Result<tierplan_core::Scenario, ExitCode> {
    let json = read_scenario(file).map_err(|e| {
        eprintln!("tierplan: cannot read {file}: {e}");
        ExitCode::from(2)
    })?;
    parse_scenario(&json).map_err(|errs| invalid(file, &errs))
}

/// A scenario read but not validated, for a command that validates what it
/// uses itself (the optimiser ignores the counts it is about to choose).
fn load_unchecked(file: &str) -> Result<tierplan_core::Scenario, ExitCode> {
    let json = read_scenario(file).map_err(|e| {
        eprintln!("tierplan: cannot read {file}: {e}");
        ExitCode::from(2)
    })?;
    tierplan_core::read_scenario(&json).map_err(|errs| invalid(file, &errs))
}

fn read_scenario(file: &str) -> std::io::Result<String> {
    if file == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s)?;
        Ok(s)
    } else {
        std::fs::read_to_string(file)
    }
}

fn invalid(file: &str, errs: &[FieldError]) -> ExitCode {
    eprintln!(
        "tierplan: {file} is not a valid scenario ({} problem{}):",
        errs.len(),
        if errs.len() == 1 { "" } else { "s" }
    );
    for e in errs {
        eprintln!("  {e}");
    }
    ExitCode::from(2)
}

fn run_csv(r: &RunResult) -> String {
    let mut out = String::from(
        "replication,seed,arrivals,rejections,rejection_probability,avg_streams,buffered_streams,hit_ratio,peak_streams,streams_per_dollar\n",
    );
    for (k, x) in r.replications.iter().enumerate() {
        out += &format!(
            "{k},{},{},{},{},{},{},{},{},{}\n",
            x.seed,
            x.arrivals,
            x.rejections,
            x.rejection_probability,
            x.avg_streams,
            x.buffered_streams,
            x.hit_ratio,
            x.peak_streams,
            x.streams_per_dollar
        );
    }
    let s = &r.summary;
    for (label, f) in [("mean", 0), ("ci95", 1)] {
        let g = |e: &tierplan_core::stats::Estimate| if f == 0 { e.mean } else { e.ci95 };
        out += &format!(
            "{label},,{},{},{},{},{},{},{},{}\n",
            g(&s.arrivals),
            g(&s.rejections),
            g(&s.rejection_probability),
            g(&s.avg_streams),
            g(&s.buffered_streams),
            g(&s.hit_ratio),
            g(&s.peak_streams),
            g(&s.streams_per_dollar)
        );
    }
    out
}

/// Time this thread has spent on a CPU (Linux: the first field of
/// /proc/thread-self/schedstat, in ns); None elsewhere. On a shared machine
/// it is a steadier measure of the core's speed than the wall clock.
fn thread_cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn bench(replications: u32) {
    println!("tierplan bench: λ = 1/s, 10 h, 300 videos of 60 min at 245 KB/s, {replications} replications each, one core");
    for id in ["mmsys11-cost-hdd", "mmsys11-cost-dram", "mmsys11-cost-ssd"] {
        let mut s = scenario_preset(id).expect("preset");
        s.run.replications = replications;
        let mut job = Job::new(s.clone()).expect("valid preset");
        let t0 = Instant::now();
        let cpu0 = thread_cpu_seconds();
        while !job.step(u64::MAX).done {}
        let secs = t0.elapsed().as_secs_f64();
        let cpu = thread_cpu_seconds().zip(cpu0).map(|(b, a)| b - a);
        let r = job.result().expect("done");
        println!(
            "{:<34} {:>10} events in {:>7.3} s = {:>6.2} M events/s ({:.2} ms per replication){}",
            s.architecture.label(),
            r.events,
            secs,
            r.events as f64 / secs / 1e6,
            secs * 1e3 / replications as f64,
            cpu.map_or(String::new(), |c| format!(
                "; on-CPU {:.2} M events/s",
                r.events as f64 / c / 1e6
            ))
        );
    }
}
