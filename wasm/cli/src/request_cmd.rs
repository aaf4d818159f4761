//! `tierplan` commands of the request-level engine (model §11): running a
//! scenario with a `request` section, the highest-rate search, the I/O
//! stream export and the engine's benchmark.

use std::process::ExitCode;
use std::time::Instant;
use tierplan_core::progress::SteppedJob;
use tierplan_core::request::{export_io, MaxRateJob, RequestJob, RequestResult};
use tierplan_core::scenario::presets::request_preset;
use tierplan_core::stats::Estimate;
use tierplan_core::Scenario;

fn row(out: &mut String, name: &str, e: &Estimate) {
    out.push_str(&format!("{name},{},{}\n", e.mean, e.ci95));
}

/// Metric, mean and 95 % CI half-width, one per line.
pub fn result_csv(r: &RequestResult) -> String {
    let mut out = String::from("metric,mean,ci95\n");
    row(&mut out, "miss_ratio", &r.miss_ratio);
    row(&mut out, "response_mean_s", &r.response_mean_s);
    row(&mut out, "response_p50_s", &r.response_p50_s);
    row(&mut out, "response_p95_s", &r.response_p95_s);
    row(&mut out, "response_p99_s", &r.response_p99_s);
    row(&mut out, "ram_hit_ratio", &r.ram_hit_ratio);
    row(&mut out, "flash_hit_ratio", &r.flash_hit_ratio);
    row(&mut out, "disk_share", &r.disk_share);
    if let Some(b) = &r.block_hit_ratio {
        row(&mut out, "block_hit_ratio", b);
    }
    for d in &r.devices {
        row(&mut out, &format!("{}_utilisation", d.name), &d.utilisation);
    }
    if let Some(f) = &r.flash {
        row(&mut out, "flash_host_gb", &f.host_gb);
        row(&mut out, "flash_nand_gb", &f.nand_gb);
        row(
            &mut out,
            "flash_write_amplification",
            &f.write_amplification,
        );
        if let Some(l) = &f.lifetime_days {
            row(&mut out, "flash_lifetime_days", l);
        }
    }
    out
}

/// Run a request-level scenario; optionally write its I/O stream as CSV.
pub fn run(s: Scenario, csv: bool, export: Option<&str>, rows: u64) -> ExitCode {
    if let Some(path) = export {
        let text = match export_io(&s, rows) {
            Ok(text) => text,
            Err(errs) => return crate::invalid("the scenario", &errs),
        };
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("tierplan: cannot write {path}: {e}");
            return ExitCode::from(2);
        }
    }
    let mut job = match RequestJob::new(s) {
        Ok(j) => j,
        Err(errs) => return crate::invalid("the scenario", &errs),
    };
    let r = job.run_to_end(1 << 22);
    if csv {
        print!("{}", result_csv(&r));
    } else {
        println!(
            "{}",
            serde_json::to_string_pretty(&r).expect("serialisable")
        );
    }
    ExitCode::SUCCESS
}

/// The highest rate meeting `request.search.miss_target`, as JSON.
pub fn max_rate(s: Scenario, time: bool) -> ExitCode {
    let t = Instant::now();
    let mut job = match MaxRateJob::new(s) {
        Ok(j) => j,
        Err(errs) => return crate::invalid("the scenario", &errs),
    };
    while !job.step(1 << 22).done {}
    if time {
        eprintln!("max-rate: {:.2} s", t.elapsed().as_secs_f64());
    }
    let result = match job.result() {
        Ok(r) => r,
        Err(errs) => return crate::invalid("the scenario", &errs),
    };
    println!(
        "{}",
        serde_json::to_string_pretty(&result).expect("serialisable")
    );
    ExitCode::SUCCESS
}

/// One hour of HDD only at 20 requests/s with 128 KB chunks (≈ 1.4 M I/Os),
/// best of `rounds`: I/Os per second natively.
pub fn bench(rounds: u32, hours: f64) -> ExitCode {
    let mut s = request_preset("nossdav12-hdd-only").expect("preset");
    let r = s.request.as_mut().expect("request");
    r.workload.rate = 20.0;
    r.chunk_kb = 128.0;
    r.run.replications = 1;
    r.run.duration_h = hours;
    let mut best = f64::INFINITY;
    let mut ios = 0;
    for _ in 0..rounds.max(1) {
        let t = Instant::now();
        let mut job = match RequestJob::new(s.clone()) {
            Ok(j) => j,
            Err(errs) => {
                return crate::invalid(&format!("the benchmark at --hours {hours}"), &errs)
            }
        };
        while !job.step(1 << 22).done {}
        let el = t.elapsed().as_secs_f64();
        ios = job.progress().events;
        best = best.min(el);
    }
    println!(
        "{{\"events\": {ios}, \"best_s\": {best:.4}, \"events_per_s\": {:.0}}}",
        ios as f64 / best
    );
    ExitCode::SUCCESS
}
