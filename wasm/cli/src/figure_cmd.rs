//! `tierplan http-figure`: the HTTP tab's miss-ratio figure computed
//! natively — the same schedule of runs (`request::figure::FigureStudy`:
//! passes of single replications) as the app, each pass's runs on a pool of
//! threads (the shared driver, `tierplan_kit::farm`), longest first (a thread that would wait for the pass's last
//! runs takes one a later pass is certain to list, as the app's workers
//! do), so the finished figure equals the app's point by point. With
//! `--progressive` it prints each pass as it completes; with `--time` it
//! reports, per policy, the CPU time its runs took and the wall
//! time of the whole figure (the native side of `npm run bench:http`).

use std::collections::HashMap;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::Instant;
use tierplan_core::farm::{farm, FarmStop, FarmedStudy};
use tierplan_core::progress::SteppedJob;
use tierplan_core::request::figure::{
    figure_rates, point_cost, point_scenario, settings_errors, FigureJob, FigurePointNow,
    FigureRunDone, FigureSeries, FigureSettings, FigureStep, FigureStudy,
};
use tierplan_core::request::RequestJob;
use tierplan_core::scenario::validate::request_section_missing;
use tierplan_core::FieldError;
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

/// Problems with the figure's settings, as (setting, message).
type SettingErrors = Vec<(&'static str, &'static str)>;

/// A run's identity: series, rate (its bits) and replication.
type RunId = (&'static str, u64, u32);

fn run_id(series: FigureSeries, rate: f64, replication: u32) -> RunId {
    (series.id(), rate.to_bits(), replication)
}

/// The figure's schedule run to the end on `threads` threads by the shared
/// driver (`tierplan_kit::farm`), as the app runs it: each free thread
/// takes the pass's next run not started, longest first, or, when none is
/// left to start but the pass is still running, the first run a later
/// pass is certain to list; the core is asked again after every run, and
/// `on_pass` hears of each pass as it ends (the step that ended, the runs
/// it listed at its start, the step after it). Returns the finished step
/// and every run.
fn run_schedule(
    base: &Scenario,
    settings: &FigureSettings,
    series: &[FigureSeries],
    threads: usize,
    mut on_pass: impl FnMut(&FigureStep, usize, &FigureStep) + Send,
) -> Result<(FigureStep, Vec<Done>), SettingErrors> {
    let mut study = FigureStudy::new(base.clone(), *settings, series.to_vec())?;
    let mut before = study.step().clone();
    let mut pass_runs = before.next.len();
    let cpu: Mutex<HashMap<RunId, f64>> = Mutex::new(HashMap::new());
    let stopped = farm(
        &mut study,
        threads.max(1),
        |job: &FigureJob| {
            let t = Instant::now();
            let mut result = RequestJob::new(job.run.scenario.clone())?.run_to_end(1 << 22);
            let r = &job.run;
            cpu.lock().expect("no panics while locked").insert(
                run_id(r.series, r.rate, r.replication),
                t.elapsed().as_secs_f64(),
            );
            Ok::<_, Vec<FieldError>>(result.replications.swap_remove(0))
        },
        |s: &FigureStudy| {
            let now = s.step();
            if now.pass != before.pass || now.next.is_empty() {
                on_pass(&before, pass_runs, now);
                pass_runs = now.next.len();
            }
            before = now.clone();
        },
        &AtomicBool::new(false),
    );
    if let Err(stop) = stopped {
        // Every point's scenario was checked before the figure started.
        let why = match stop {
            FarmStop::Failed(errs) => errs
                .iter()
                .map(|e| format!("{}: {}", e.path, e.message))
                .collect::<Vec<_>>()
                .join("; "),
            FarmStop::Refused(e) => e,
            FarmStop::Cancelled | FarmStop::Stalled => "the figure stopped before its end".into(),
        };
        eprintln!("tierplan: {why}");
        return Err(vec![("figure", "a run could not be simulated")]);
    }
    let cpu = cpu.into_inner().expect("threads joined");
    let done = study
        .runs_done()
        .iter()
        .map(|d| Done {
            cpu_s: cpu[&run_id(d.series, d.rate, d.replication)],
            run: d.clone(),
        })
        .collect();
    Ok((study.answer(), done))
}

const CSV_HEADER: &str =
    "policy,rate,miss_ratio,ci95,min,max,replications,saturated,zero_vouched_by";

/// A point as a CSV row (`saturated`: the lower bound, or empty;
/// `zero_vouched_by`: the higher rate whose replications all missed
/// nothing, for a 0 % point that got fewer replications, or empty).
fn csv_row(p: &FigurePointNow) -> String {
    let m = &p.miss_ratio;
    format!(
        "{},{},{},{},{},{},{},{},{}",
        p.series.id(),
        p.rate,
        m.mean,
        m.ci95,
        m.min,
        m.max,
        m.n,
        p.saturated.map_or(String::new(), |x| x.to_string()),
        p.zero_vouched_by.map_or(String::new(), |x| x.to_string())
    )
}

/// A series' time per run as (fixed s, s per simulated request), least
/// squares over its runs that were not stopped as saturated, the fixed part
/// held at 0 where the free fit makes it negative (time per request grows
/// with the rate as queues build); `None` with fewer than two distinct
/// rates.
fn cost_fit(s: FigureSeries, own: &[&Done], f: &FigureSettings) -> Option<(f64, f64)> {
    let hours = f.duration_h
        + if s == FigureSeries::RingWarm {
            f.warmup_h
        } else {
            0.0
        };
    let xy: Vec<(f64, f64)> = own
        .iter()
        .filter(|d| d.run.outcome.saturated.is_none())
        .map(|d| (d.run.rate * hours * 3600.0, d.cpu_s))
        .collect();
    let n = xy.len() as f64;
    let (mx, my) = (
        xy.iter().map(|p| p.0).sum::<f64>() / n,
        xy.iter().map(|p| p.1).sum::<f64>() / n,
    );
    let sxx: f64 = xy.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
    let sxy: f64 = xy.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    (xy.len() >= 2 && sxx > 0.0).then(|| {
        let b = sxy / sxx;
        if my - b * mx >= 0.0 {
            (my - b * mx, b)
        } else {
            let sxx0: f64 = xy.iter().map(|p| p.0 * p.0).sum();
            let sxy0: f64 = xy.iter().map(|p| p.0 * p.1).sum();
            (0.0, sxy0 / sxx0)
        }
    })
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
            let errs = tierplan_core::problems(&scenario);
            if !errs.is_empty() {
                return crate::invalid(&format!("{} at {rate} requests/s", s.label()), &errs);
            }
        }
    }
    let wall = Instant::now();
    let mut pass_start = Instant::now();
    let on_pass = |ended: &FigureStep, runs: usize, now: &FigureStep| {
        if a.progressive {
            println!(
                "# pass {}: {}, {} runs, {:.2} s (figure {:.2} s wall)",
                ended.pass,
                ended.pass_name,
                runs,
                pass_start.elapsed().as_secs_f64(),
                wall.elapsed().as_secs_f64()
            );
            println!("pass,{CSV_HEADER}");
            for p in &now.points {
                println!("{},{}", ended.pass, csv_row(p));
            }
        }
        pass_start = Instant::now();
    };
    let (figure, done) = match run_schedule(&base, &a.settings, &series, a.threads, on_pass) {
        Ok(r) => r,
        Err(errs) => {
            for (name, msg) in errs {
                eprintln!("tierplan: figure.{name}: {msg}");
            }
            return ExitCode::from(1);
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
                        "zero_vouched_by": p.zero_vouched_by,
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
        let mut fits = Vec::new();
        for &s in &series {
            let own: Vec<&Done> = done.iter().filter(|d| d.run.series == s).collect();
            let cpu: f64 = own.iter().map(|d| d.cpu_s).sum();
            let ios: u64 = own.iter().map(|d| d.run.outcome.ios).sum();
            eprintln!(
                "  {:<10} {cpu:7.2} s  {:>12} I/Os  {:>6.2} M I/Os/s",
                s.id(),
                ios,
                ios as f64 / cpu.max(1e-9) / 1e6
            );
            if let Some(fit) = cost_fit(s, &own, &a.settings) {
                fits.push((s, fit));
            }
        }
        // Each series' share of the time against point_cost's share, and
        // a fit of point_cost's two weights, in units of HDD only's time per
        // request (the fixed part per 3600 requests: a request per second
        // for an hour).
        let cpu_all: f64 = done.iter().map(|d| d.cpu_s).sum();
        let rates = figure_rates(&a.settings);
        let nominal =
            |s: FigureSeries| -> f64 { rates.iter().map(|&r| point_cost(s, r, &a.settings)).sum() };
        let nominal_all: f64 = series.iter().map(|&s| nominal(s)).sum();
        let hdd = fits
            .iter()
            .find(|f| f.0 == FigureSeries::Hdd)
            .map(|f| f.1 .1);
        eprintln!("  share of the time, measured / point_cost's; weights fitted to the runs run to the end (HDD only's time per request = 1):");
        for &s in &series {
            let cpu: f64 = done
                .iter()
                .filter(|d| d.run.series == s)
                .map(|d| d.cpu_s)
                .sum();
            let fit = fits.iter().find(|f| f.0 == s).map(|f| f.1);
            let weights = match (fit, hdd) {
                (Some((fixed_s, per_request_s)), Some(h)) if h > 0.0 => format!(
                    "fixed {:6.2}  per request {:6.2}",
                    fixed_s / (h * 3600.0),
                    per_request_s / h
                ),
                _ => String::new(),
            };
            eprintln!(
                "  {:<10} {:5.1} % / {:5.1} %   {weights}",
                s.id(),
                100.0 * cpu / cpu_all.max(1e-12),
                100.0 * nominal(s) / nominal_all.max(1e-12)
            );
        }
    }
    ExitCode::SUCCESS
}
