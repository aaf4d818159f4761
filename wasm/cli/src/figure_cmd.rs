//! `tierplan http-figure`: the HTTP tab's miss-ratio figure computed
//! natively — the same schedule of runs (`request::figure::figure_step`:
//! passes of single replications) as the app, each pass's runs on a pool of
//! threads, longest first, so the finished figure equals the app's point by
//! point. With `--progressive` it prints each pass as it completes; with
//! `--time` it reports, per policy, the CPU time its runs took and the wall
//! time of the whole figure (the native side of `npm run bench:http`).

use std::process::ExitCode;
use std::time::Instant;
use tierplan_core::progress::SteppedJob;
use tierplan_core::request::figure::{
    figure_rates, figure_step, point_scenario, settings_errors, FigurePointNow, FigureRunDone,
    FigureSeries, FigureSettings,
};
use tierplan_core::request::RequestJob;
use tierplan_core::scenario::validate::request_section_missing;
use tierplan_core::Scenario;

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum FigureFormat {
    Csv,
    Json,
}

pub struct FigureArgs {
    pub settings: FigureSettings,
    pub series: Vec<String>,
    pub threads: usize,
    pub format: FigureFormat,
    pub time: bool,
    pub progressive: bool,
}

/// A run done, with the CPU time it took.
struct Done {
    run: FigureRunDone,
    cpu_s: f64,
}

const CSV_HEADER: &str = "policy,rate,miss_ratio,ci95,min,max,replications,saturated";

/// A point as a CSV row (`saturated`: the lower bound, or empty).
fn csv_row(p: &FigurePointNow) -> String {
    let m = &p.miss_ratio;
    format!(
        "{},{},{},{},{},{},{},{}",
        p.series.id(),
        p.rate,
        m.mean,
        m.ci95,
        m.min,
        m.max,
        m.n,
        p.saturated.map_or(String::new(), |x| x.to_string())
    )
}

pub fn run(base: Scenario, a: FigureArgs) -> ExitCode {
    let errs = settings_errors(&a.settings);
    if !errs.is_empty() {
        for (name, msg) in errs {
            eprintln!("tierplan: --{}: {msg}", name.replace('_', "-"));
        }
        return ExitCode::from(2);
    }
    if base.request.is_none() {
        eprintln!("tierplan: {}", request_section_missing());
        return ExitCode::from(2);
    }
    let mut series = Vec::new();
    for id in &a.series {
        match FigureSeries::from_id(id) {
            Some(s) => series.push(s),
            None => {
                eprintln!(
                    "tierplan: --series: unknown series {id:?}; choose from hdd, block, ring-cold, ring-warm, object"
                );
                return ExitCode::from(2);
            }
        }
    }
    // Every point's scenario is checked before anything runs (a check
    // only: building its job would allocate its simulation).
    for &s in &series {
        for rate in figure_rates(&a.settings) {
            let scenario = point_scenario(&base, s, rate, &a.settings).expect("request section");
            let errs = tierplan_core::validate(&scenario);
            if !errs.is_empty() {
                return crate::invalid(&format!("{} at {rate} requests/s", s.label()), &errs);
            }
        }
    }
    let wall = Instant::now();
    let mut done: Vec<Done> = Vec::new();
    let mut runs_done: Vec<FigureRunDone> = Vec::new();
    let figure = loop {
        let step = match figure_step(&base, &a.settings, &series, &runs_done) {
            Ok(step) => step,
            Err(errs) => {
                for (name, msg) in errs {
                    eprintln!("tierplan: figure.{name}: {msg}");
                }
                return ExitCode::from(1);
            }
        };
        if step.next.is_empty() {
            break step;
        }
        let pass_start = Instant::now();
        let finished = crate::threads::map_in_order(&step.next, a.threads, |run| {
            let t = Instant::now();
            let mut job = RequestJob::new(run.scenario.clone()).expect("checked above");
            let mut result = job.run_to_end(1 << 22);
            Done {
                run: FigureRunDone {
                    series: run.series,
                    rate: run.rate,
                    replication: run.replication,
                    outcome: result.replications.swap_remove(0),
                },
                cpu_s: t.elapsed().as_secs_f64(),
            }
        });
        runs_done.extend(finished.iter().map(|d| d.run.clone()));
        done.extend(finished);
        if a.progressive {
            let now = figure_step(&base, &a.settings, &series, &runs_done).expect("checked");
            println!(
                "# pass {}: {}, {} runs, {:.2} s (figure {:.2} s wall)",
                step.pass,
                step.pass_name,
                step.next.len(),
                pass_start.elapsed().as_secs_f64(),
                wall.elapsed().as_secs_f64()
            );
            println!("pass,{CSV_HEADER}");
            for p in &now.points {
                println!("{},{}", step.pass, csv_row(p));
            }
        }
    };
    let wall_s = wall.elapsed().as_secs_f64();
    match a.format {
        FigureFormat::Csv => {
            if a.progressive {
                println!("# finished");
            }
            println!("{CSV_HEADER}");
            for p in &figure.points {
                println!("{}", csv_row(p));
            }
        }
        FigureFormat::Json => {
            let rows: Vec<_> = figure
                .points
                .iter()
                .map(|p| {
                    let ios: u64 = done
                        .iter()
                        .filter(|d| d.run.series == p.series && d.run.rate == p.rate)
                        .map(|d| d.run.outcome.ios)
                        .sum();
                    serde_json::json!({
                        "series": p.series.id(),
                        "rate": p.rate,
                        "miss_ratio": p.miss_ratio,
                        "saturated": p.saturated,
                        "ios": ios,
                    })
                })
                .collect();
            println!(
                "{}",
                serde_json::to_string_pretty(&rows).expect("serialisable")
            );
        }
    }
    if a.time {
        eprintln!(
            "http-figure: {} points ({} runs, {} passes) on {} thread(s) in {wall_s:.2} s wall",
            figure.points.len(),
            done.len(),
            figure.pass,
            a.threads.max(1)
        );
        for s in series {
            let own: Vec<&Done> = done.iter().filter(|d| d.run.series == s).collect();
            let cpu: f64 = own.iter().map(|d| d.cpu_s).sum();
            let ios: u64 = own.iter().map(|d| d.run.outcome.ios).sum();
            eprintln!(
                "  {:<10} {cpu:7.2} s  {:>12} I/Os  {:>6.2} M I/Os/s",
                s.id(),
                ios,
                ios as f64 / cpu.max(1e-9) / 1e6
            );
        }
    }
    ExitCode::SUCCESS
}
