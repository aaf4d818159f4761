//! `tierplan block run` and `tierplan bench-block`: the block-cache engine
//! (model §13) from the shell. A trace is read from its path in chunks, as
//! the browser's worker reads a dropped file, so memory stays bounded.

use std::io::Read;
use std::process::ExitCode;
use std::time::Instant;
use tierplan_core::block::job::{BlockJob, TraceFed};
use tierplan_core::block::BlockResult;
use tierplan_core::progress::{Progress, SteppedJob};
use tierplan_core::scenario::block::{BlockWorkload, ReplacementOrder};
use tierplan_core::Scenario;

/// Bytes read from a trace file per chunk.
const CHUNK: usize = 1 << 20;
/// Host I/Os simulated (or profiled) per step.
const STEP: u64 = 1 << 16;

/// Drive a job fed by a trace (a block study, a miss-ratio curve) to the
/// end, feeding it `trace` when it asks for bytes.
pub fn drive<J>(job: &mut J, mut trace: Option<&mut dyn Read>) -> std::io::Result<()>
where
    J: SteppedJob<Progress = Progress> + TraceFed,
{
    let mut buf = vec![0u8; CHUNK];
    loop {
        let p = job.advance(STEP);
        if p.done {
            return Ok(());
        }
        if job.needs_input() {
            match trace.as_deref_mut() {
                Some(r) => {
                    let n = r.read(&mut buf)?;
                    if n == 0 {
                        job.end_trace();
                    } else {
                        job.feed_trace(&buf[..n]);
                    }
                }
                None => job.end_trace(),
            }
        }
    }
}

pub fn run(s: Scenario, file: &str, trace: Option<&str>, table: bool) -> ExitCode {
    let is_trace = matches!(
        s.block.as_ref().map(|b| &b.workload),
        Some(BlockWorkload::Trace(_))
    );
    match (is_trace, trace) {
        (true, None) => {
            eprintln!("tierplan: {file} replays a block trace (block.workload.kind = \"trace\"): give its path with --trace FILE");
            return ExitCode::from(2);
        }
        (false, Some(_)) => {
            eprintln!("tierplan: {file} has a synthetic block workload; --trace needs block.workload.kind = \"trace\" with the trace's format");
            return ExitCode::from(2);
        }
        _ => {}
    }
    let mut job = match BlockJob::new(&s) {
        Ok(j) => j,
        Err(errs) => return crate::invalid(file, &errs),
    };
    let result = match trace {
        Some(path) => {
            let mut f = match std::fs::File::open(path) {
                Ok(f) => f,
                Err(e) => {
                    eprintln!("tierplan: cannot read {path}: {e}");
                    return ExitCode::from(2);
                }
            };
            drive(&mut job, Some(&mut f))
        }
        None => drive(&mut job, None),
    };
    if let Err(e) = result {
        eprintln!("tierplan: reading the trace failed: {e}");
        return ExitCode::from(2);
    }
    let errors = job.trace_errors();
    let r = job.result();
    if r.bad_lines > 0 {
        eprintln!(
            "tierplan: {} bad trace line{} skipped; the first:",
            r.bad_lines,
            if r.bad_lines == 1 { "" } else { "s" }
        );
        for e in &errors {
            eprintln!("  line {}: {}", e.line, e.message);
        }
    }
    if table {
        print!("{}", result_table(&r));
    } else {
        println!(
            "{}",
            serde_json::to_string_pretty(&r).expect("serialisable")
        );
    }
    ExitCode::SUCCESS
}

fn pct(x: f64) -> String {
    format!("{:.1} %", x * 100.0)
}

/// One line per cache, then one per flash tier.
pub fn result_table(r: &BlockResult) -> String {
    // The single-technology caches' order, when it is not the studies' LRU.
    let order = r
        .caches
        .iter()
        .find_map(|c| c.replacement)
        .filter(|o| *o != ReplacementOrder::Lru)
        .map_or(String::new(), |o| {
            format!("; SLC, MLC and TLC replace in {o:?} order")
        });
    let mut out = format!(
        "{} host I/Os over {:.1} s{}{order}\n{:<8} {:>16} {:>16} {:>8} {:>9} {:>10} {:>10} {:>7}\n",
        r.ios,
        r.span_s,
        if r.bad_lines > 0 {
            format!(", {} bad lines skipped", r.bad_lines)
        } else {
            String::new()
        },
        "cache",
        "mean ms",
        "p99 ms",
        "hit",
        "bypassed",
        "migrated",
        "destaged",
        "disk",
    );
    for c in &r.caches {
        out += &format!(
            "{:<8} {:>9.3} ±{:<6.3} {:>9.3} ±{:<6.3} {:>8} {:>9} {:>10} {:>10} {:>7}\n",
            format!("{:?}", c.cache),
            c.mean_response_ms.mean,
            c.mean_response_ms.ci95,
            c.p99_response_ms.mean,
            c.p99_response_ms.ci95,
            pct(c.hit_ratio.mean),
            c.bypassed,
            c.migrations,
            c.destages,
            pct(c.disk_utilisation.mean),
        );
    }
    out += &format!(
        "\n{:<8} {:<5} {:>7} {:>9} {:>9} {:>12} {:>6} {:>10} {:>12}\n",
        "cache", "tier", "GB", "read hit", "write hit", "pages", "WA", "erases", "lifetime d"
    );
    for c in &r.caches {
        for t in &c.tiers {
            out += &format!(
                "{:<8} {:<5} {:>7.1} {:>9} {:>9} {:>12} {:>6.2} {:>10} {:>12}\n",
                format!("{:?}", c.cache),
                t.cell,
                t.capacity_gb,
                pct(t.read_hit_ratio.mean),
                pct(t.write_hit_ratio.mean),
                t.host_pages_written,
                t.write_amplification,
                t.erases,
                t.lifetime_days
                    .map_or("—".to_string(), |d| format!("{d:.0}")),
            );
        }
    }
    out + &fcl_tables(r)
}

/// The FAST'12 parts: cost against u (simulated beside analytic C_H(u)),
/// and each FAST'12 layer's partition over time.
fn fcl_tables(r: &BlockResult) -> String {
    let mut out = String::new();
    if !r.cost_vs_u.is_empty() {
        out += &format!(
            "\nFAST'12 cost per host I/O against u (FP-FCL)\n{:>5} {:>20} {:>14}\n",
            "u", "simulated µs", "analytic µs"
        );
        for c in &r.cost_vs_u {
            out += &format!(
                "{:>5.2} {:>11.0} ±{:<7.0} {:>14.0}\n",
                c.u, c.simulated_us.mean, c.simulated_us.ci95, c.analytic_us
            );
        }
    }
    for c in r.caches.iter().filter(|c| !c.partition.is_empty()) {
        let points: Vec<String> = c
            .partition
            .iter()
            .map(|p| format!("{:.0} s: u {:.2} r {:.2}", p.t_s, p.u, p.r))
            .collect();
        out += &format!("\n{:?} partition: {}\n", c.cache, points.join("; "));
    }
    out
}

/// A synthetic preset with the cache it is meant for, only its length changed.
fn bench_scenario(preset: &str, ios: f64, trace: bool) -> Scenario {
    use tierplan_core::scenario::block::{BlockSpec, BlockTraceFormat, BlockTraceRef};
    let p = tierplan_core::block::sampling::presets::block_preset(preset).expect("block preset");
    let mut w = p.workload;
    w.duration_s = ios / w.iops;
    let workload = if trace {
        BlockWorkload::Trace(BlockTraceRef {
            name: "bench.csv".into(),
            format: BlockTraceFormat::Plain,
        })
    } else {
        BlockWorkload::Synthetic(w)
    };
    Scenario {
        server: None,
        block: Some(BlockSpec {
            workload,
            cache_gb: p.cache_gb,
            replications: 1,
            ..Default::default()
        }),
        ..tierplan_core::scenario::presets::default_scenario()
    }
}

/// `ios` I/Os of a preset as a plain CSV block trace, in memory.
fn bench_trace(preset: &str, ios: f64) -> Vec<u8> {
    use tierplan_core::block::sampling::{BlockSource, BLOCK_BYTES};
    let s = bench_scenario(preset, ios, false);
    let Some(BlockWorkload::Synthetic(w)) = s.block.map(|b| b.workload) else {
        unreachable!("synthetic")
    };
    let mut src = tierplan_core::block::sampling::synthetic::SyntheticBlocks::new(&w, 1);
    let mut out = Vec::with_capacity((ios as usize) * 32);
    while let Some(io) = src.next_io() {
        out.extend_from_slice(
            format!(
                "{:.6},{},{},{}\n",
                io.t,
                if io.write { "W" } else { "R" },
                io.block * BLOCK_BYTES,
                io.blocks as u64 * BLOCK_BYTES
            )
            .as_bytes(),
        );
    }
    out
}

/// Host I/Os per second with SLC, MLC, TLC and HySSC in lockstep (the
/// Exchange preset at its scaled 0.5 GB cache; natively the caches share the
/// batches over the cores), and the time to replay a 1 M-request
/// plain CSV trace (parsing included); best of `rounds`.
pub fn bench(rounds: u32, n: f64, trace_requests: f64) {
    let preset = "exchange";
    let mut best = f64::INFINITY;
    let mut ios = 0;
    for _ in 0..rounds.max(1) {
        let mut job = BlockJob::new(&bench_scenario(preset, n, false)).expect("valid");
        let t0 = Instant::now();
        drive(&mut job, None).expect("no trace");
        best = best.min(t0.elapsed().as_secs_f64());
        ios = job.result().ios;
    }
    println!(
        "synthetic {preset}: {ios} host I/Os × 4 caches in {best:.3} s = {:.0} host I/Os/s ({:.0} cache-I/Os/s)",
        ios as f64 / best,
        4.0 * ios as f64 / best
    );
    let trace = bench_trace(preset, trace_requests);
    use tierplan_core::scenario::block::BlockCacheKind;
    let all = tierplan_core::scenario::block::BlockSpec::default().caches;
    for caches in [all, vec![BlockCacheKind::Slc]] {
        let mut best = f64::INFINITY;
        let mut r = None;
        for _ in 0..rounds.max(1) {
            let mut s = bench_scenario(preset, 0.0, true);
            if let Some(b) = s.block.as_mut() {
                b.caches = caches.clone();
            }
            let mut job = BlockJob::new(&s).expect("valid");
            let t0 = Instant::now();
            drive(&mut job, Some(&mut &trace[..])).expect("in memory");
            best = best.min(t0.elapsed().as_secs_f64());
            r = Some(job.result());
        }
        let r = r.expect("ran");
        println!(
            "trace replay: {} requests ({:.1} MB of CSV, {} bad lines) × {} cache{} in {best:.3} s = {:.0} requests/s",
            r.ios,
            trace.len() as f64 / 1e6,
            r.bad_lines,
            caches.len(),
            if caches.len() == 1 { "" } else { "s" },
            r.ios as f64 / best
        );
    }
}
