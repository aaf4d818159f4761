//! `tierplan reproduce`: every claim of the studies re-run natively. Its
//! simulations are independent, so they run on threads, the request-level
//! searches first (they take most of the time); with `--time` each one's
//! time is printed, longest first.

use crate::Format;
use std::collections::BTreeMap;
use std::process::ExitCode;
use std::time::Instant;
use tierplan_core::reproduce::{self, ReproScenario, RequestReproScenario};

/// One simulation the table needs.
enum Sim<'a> {
    Stream(&'a ReproScenario),
    Request(&'a RequestReproScenario),
}

impl Sim<'_> {
    fn id(&self) -> &str {
        match self {
            Sim::Stream(s) => &s.id,
            Sim::Request(s) => &s.id,
        }
    }

    /// Rough order of cost: a max-rate search runs many request-level
    /// hours, a request-level run one, a stream-level run is short.
    fn rank(&self) -> u8 {
        match self {
            Sim::Request(s) if s.search => 0,
            Sim::Request(_) => 1,
            Sim::Stream(_) => 2,
        }
    }
}

enum Outcome {
    Stream(Box<tierplan_core::RunResult>),
    Request(reproduce::RequestOutput),
}

pub fn run(format: Format, threads: usize, time: bool, claims: &[String]) -> ExitCode {
    let mut plan = reproduce::reproduction();
    if !claims.is_empty() {
        let ids: Vec<&str> = claims.iter().map(String::as_str).collect();
        plan = match plan.only(&ids) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("tierplan reproduce: --claims: {e}");
                return ExitCode::from(2);
            }
        };
    }
    let mut sims: Vec<Sim> = plan.scenarios.iter().map(Sim::Stream).collect();
    sims.extend(plan.request_scenarios.iter().map(Sim::Request));
    // Stable: the plan's order within a rank.
    sims.sort_by_key(Sim::rank);
    let t0 = Instant::now();
    let done = crate::threads::map_in_order(&sims, threads, |sim| {
        let t = Instant::now();
        let out = match sim {
            Sim::Stream(s) => reproduce::run_scenario(s).map(|r| Outcome::Stream(Box::new(r))),
            Sim::Request(s) => reproduce::run_request_scenario(s).map(Outcome::Request),
        };
        (out, t.elapsed().as_secs_f64())
    });
    let wall = t0.elapsed().as_secs_f64();
    let mut results = BTreeMap::new();
    let mut requests = BTreeMap::new();
    let mut times = Vec::new();
    for (sim, (out, secs)) in sims.iter().zip(done) {
        match out {
            Ok(Outcome::Stream(r)) => {
                results.insert(sim.id().to_string(), *r);
            }
            Ok(Outcome::Request(r)) => {
                requests.insert(sim.id().to_string(), r);
            }
            Err(e) => {
                // The plan is built from the presets; a failure here is a bug.
                eprintln!("tierplan: a reproduction scenario is invalid: {e}");
                return ExitCode::from(1);
            }
        }
        times.push((sim.id().to_string(), secs));
    }
    if time {
        eprintln!(
            "tierplan reproduce: {} simulations in {wall:.3} s on {} thread(s) (with {} request-level runs and searches)",
            results.len(),
            threads.max(1),
            requests.len()
        );
        times.sort_by(|a, b| b.1.total_cmp(&a.1));
        for (id, secs) in times {
            eprintln!("  {secs:8.3} s  {id}");
        }
    }
    let rows = reproduce::reproduction_table_with(&plan, &results, &requests);
    match format {
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(&rows).expect("serialisable")
        ),
        Format::Csv => print!("{}", reproduce::table_csv(&rows)),
    }
    ExitCode::SUCCESS
}
