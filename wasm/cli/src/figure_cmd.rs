//! `tierplan http-figure`: the HTTP tab's miss-ratio figure computed
//! natively — the same point scenarios (`request::figure`), run on a pool
//! of threads, longest first, as the app's worker pool does. With `--time`
//! it reports, per policy, the CPU time its points took and the wall time
//! of the whole figure (the native side of `npm run bench:http`).

use std::process::ExitCode;
use std::time::Instant;
use tierplan_core::progress::SteppedJob;
use tierplan_core::request::figure::{
    figure_rates, point_cost, point_scenario, settings_errors, FigureSeries, FigureSettings,
};
use tierplan_core::request::{RequestJob, RequestResult};
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
}

struct Point {
    series: FigureSeries,
    rate: f64,
    scenario: Scenario,
    cost: f64,
}

struct Done {
    series: FigureSeries,
    rate: f64,
    result: RequestResult,
    cpu_s: f64,
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
    let rates = figure_rates(&a.settings);
    let mut points: Vec<Point> = Vec::new();
    for &s in &series {
        for &rate in &rates {
            let scenario = point_scenario(&base, s, rate, &a.settings).expect("request section");
            // A point's scenario is checked before anything runs (a check
            // only: building its job would allocate its simulation).
            let errs = tierplan_core::validate(&scenario);
            if !errs.is_empty() {
                return crate::invalid(&format!("{} at {rate} requests/s", s.label()), &errs);
            }
            points.push(Point {
                series: s,
                rate,
                scenario,
                cost: point_cost(s, rate, &a.settings),
            });
        }
    }
    // Longest first, so the last point to finish is a short one.
    points.sort_by(|x, y| y.cost.total_cmp(&x.cost));
    let wall = Instant::now();
    let mut done = crate::threads::map_in_order(&points, a.threads, |p| {
        let t = Instant::now();
        let mut job = RequestJob::new(p.scenario.clone()).expect("checked above");
        let result = job.run_to_end(1 << 22);
        Done {
            series: p.series,
            rate: p.rate,
            result,
            cpu_s: t.elapsed().as_secs_f64(),
        }
    });
    let wall_s = wall.elapsed().as_secs_f64();
    let order = |s: FigureSeries| FigureSeries::ALL.iter().position(|&x| x == s);
    done.sort_by(|x, y| {
        order(x.series)
            .cmp(&order(y.series))
            .then(x.rate.total_cmp(&y.rate))
    });
    match a.format {
        FigureFormat::Csv => {
            println!("policy,rate,miss_ratio,ci95,min,max,replications");
            for d in &done {
                let m = &d.result.miss_ratio;
                println!(
                    "{},{},{},{},{},{},{}",
                    d.series.id(),
                    d.rate,
                    m.mean,
                    m.ci95,
                    m.min,
                    m.max,
                    m.n
                );
            }
        }
        FigureFormat::Json => {
            let rows: Vec<_> = done
                .iter()
                .map(|d| {
                    serde_json::json!({
                        "series": d.series.id(),
                        "rate": d.rate,
                        "miss_ratio": d.result.miss_ratio,
                        "ios": d.result.ios,
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
            "http-figure: {} points on {} thread(s) in {wall_s:.2} s wall",
            done.len(),
            a.threads.max(1)
        );
        for s in series {
            let own: Vec<&Done> = done.iter().filter(|d| d.series == s).collect();
            let cpu: f64 = own.iter().map(|d| d.cpu_s).sum();
            let ios: u64 = own.iter().map(|d| d.result.ios).sum();
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
