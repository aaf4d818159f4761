//! The stream-level engine (model §2–§10): a resumable job over all
//! replications, each one event loop over whole streams.

mod heap;
pub mod results;
mod sim;

use crate::results::*;
use sim::{Plan, Sim};
use tierplan_kit::analytics::streams_per_bandwidth;
use tierplan_kit::progress::SteppedJob;
use tierplan_kit::stats::mean_ci95;
use tierplan_scenario::validate::{expected_events, validate, FieldError};
use tierplan_scenario::{Scenario, TierRole};

pub use tierplan_kit::progress::Progress;
pub use tierplan_kit::sampling::arrivals::{RateSteps, Trace};

/// A validated scenario being simulated, replication after replication, in
/// steps of bounded work so a caller (a Web Worker) can report progress and
/// stop between steps.
pub struct Job {
    scenario: Scenario,
    plan: Plan,
    sim: Sim,
    rep: u32,
    events_before: u64,
    expected_events: f64,
    reps: Vec<ReplicationResult>,
    series: Vec<[Vec<f64>; 4]>,
    started: bool,
}

impl Job {
    pub fn new(scenario: Scenario) -> Result<Job, Vec<FieldError>> {
        let errors = validate(&scenario);
        if !errors.is_empty() {
            return Err(errors);
        }
        let plan = Plan::new(&scenario);
        Ok(Job {
            expected_events: expected_events(&scenario).max(1.0),
            scenario,
            plan,
            sim: Sim::new(),
            rep: 0,
            events_before: 0,
            reps: Vec::new(),
            series: Vec::new(),
            started: false,
        })
    }

    /// A job that replays a recorded log instead of generating arrivals:
    /// replication k replays `trace.windows[k]` (model §14). The scenario
    /// gives the devices, policies, library size (ranks of the trace must be
    /// below `workload.videos`) and the window length (`run.duration_h`).
    pub fn replay(
        mut scenario: Scenario,
        trace: std::sync::Arc<Trace>,
    ) -> Result<Job, Vec<FieldError>> {
        scenario.run.replications = trace.windows.len() as u32;
        let mut job = Job::new(scenario)?;
        let n = job.scenario.workload.videos;
        if let Some(r) = trace.windows.iter().flatten().find(|x| x.1 >= n) {
            return Err(vec![FieldError {
                path: "workload.videos".into(),
                message: format!(
                    "the log has title rank {} but the library has {n} videos",
                    r.1 + 1
                ),
            }]);
        }
        let per_arrival = if job.scenario.architecture.interval_cache_kind().is_some() {
            3.0
        } else {
            2.0
        };
        job.expected_events = (trace.requests() as f64 * per_arrival).max(1.0);
        job.plan.trace = Some(trace);
        Ok(job)
    }

    /// Check every tier's bandwidth, the buffer and the stream accounting
    /// after every event (slow; for tests and `tierplan run --check`).
    pub fn check_invariants(&mut self, on: bool) {
        self.sim.check_invariants = on;
    }

    fn seed(&self, k: u32) -> u32 {
        replication_seed(&self.scenario, k)
    }

    /// Process up to about `max_events` events and report progress.
    pub fn step(&mut self, max_events: u64) -> Progress {
        let reps = self.scenario.run.replications;
        let mut budget = max_events.max(1);
        while self.rep < reps && budget > 0 {
            if !self.started {
                self.sim.trace_window = self.rep as usize;
                self.sim.reset(&self.plan, self.seed(self.rep) as u64);
                self.started = true;
            }
            let before = self.sim.events_done;
            let finished = self.sim.run(&self.plan, budget);
            budget = budget.saturating_sub(self.sim.events_done - before);
            if finished {
                self.reps
                    .push(self.sim.result(&self.plan, self.seed(self.rep)));
                if self.plan.timeseries {
                    self.series.push(self.sim.ts.clone());
                }
                self.events_before += self.sim.events_done;
                self.rep += 1;
                self.started = false;
            }
        }
        self.progress()
    }

    pub fn progress(&self) -> Progress {
        let reps = self.scenario.run.replications;
        let done = self.rep >= reps;
        let current = if self.started {
            self.sim.events_done
        } else {
            0
        };
        let events = self.events_before + current;
        let fraction = if done {
            1.0
        } else {
            (events as f64 / self.expected_events).min(0.999)
        };
        Progress {
            replications_done: self.rep,
            replications: reps,
            events,
            fraction,
            done,
        }
    }

    /// The result, once `step` reported `done`.
    pub fn result(&self) -> Option<RunResult> {
        if self.rep < self.scenario.run.replications {
            return None;
        }
        Some(self.assemble())
    }

    fn assemble(&self) -> RunResult {
        assemble(&self.scenario, &self.reps, self.timeseries())
    }

    fn timeseries(&self) -> Option<TimeSeries> {
        if !self.plan.timeseries {
            return None;
        }
        mean_series(self.plan.ts_interval, &self.series)
    }
}

/// The seed of replication `k` of a scenario.
fn replication_seed(s: &Scenario, k: u32) -> u32 {
    s.run.seed.wrapping_add(k)
}

/// Replication `k` of a scenario as a scenario of its own: one replication
/// whose seed is the one replication `k` gets in the whole run. Run apart
/// (another thread, another machine), it gives the same
/// `ReplicationResult`; [`merge_replications`] puts the parts together.
pub fn replication_scenario(s: &Scenario, k: u32) -> Scenario {
    let mut one = s.clone();
    one.run.seed = replication_seed(s, k);
    one.run.replications = 1;
    one
}

/// The result of the whole run of `s` from its replications run apart:
/// `parts[k]` is the result of [`replication_scenario`]`(s, k)`, for every
/// k in order. Equals what [`run`] gives, bit for bit.
pub fn merge_replications(s: &Scenario, parts: &[RunResult]) -> Result<RunResult, FieldError> {
    if parts.len() != s.run.replications as usize {
        return Err(FieldError {
            path: "run.replications".into(),
            message: format!(
                "is {} but {} replication results were given",
                s.run.replications,
                parts.len()
            ),
        });
    }
    let mut reps = Vec::with_capacity(parts.len());
    let mut series = Vec::new();
    let mut interval = None;
    for (k, p) in parts.iter().enumerate() {
        match p.replications.as_slice() {
            [r] if r.seed == replication_seed(s, k as u32) => reps.push(r.clone()),
            _ => {
                return Err(FieldError {
                    path: format!("replications[{k}]"),
                    message: format!(
                        "is not the result of replication {k} alone (one replication of seed {})",
                        replication_seed(s, k as u32)
                    ),
                })
            }
        }
        if let Some(t) = &p.timeseries {
            interval = Some(t.interval_s);
            series.push([
                t.total.clone(),
                t.disk.clone(),
                t.file_cache.clone(),
                t.buffered.clone(),
            ]);
        }
    }
    let timeseries = interval.and_then(|i| mean_series(i, &series));
    Ok(assemble(s, &reps, timeseries))
}

/// The mean over replications of each time series, point by point.
fn mean_series(interval_s: f64, series: &[[Vec<f64>; 4]]) -> Option<TimeSeries> {
    if series.is_empty() {
        return None;
    }
    let len = series.iter().map(|s| s[0].len()).min().unwrap_or(0);
    let k = series.len() as f64;
    let mean = |j: usize| -> Vec<f64> {
        (0..len)
            .map(|i| series.iter().map(|s| s[j][i]).sum::<f64>() / k)
            .collect()
    };
    Some(TimeSeries {
        interval_s,
        t_s: (0..len).map(|i| i as f64 * interval_s).collect(),
        total: mean(0),
        disk: mean(1),
        file_cache: mean(2),
        buffered: mean(3),
    })
}

/// A run's result from its scenario and its replications.
fn assemble(s: &Scenario, reps: &[ReplicationResult], timeseries: Option<TimeSeries>) -> RunResult {
    let first_bitrate = s.workload.classes[0].bitrate_kbps;
    let tiers: Vec<TierSummary> = s
        .tiers_in_use()
        .filter(|(role, t)| *role == TierRole::Disk || t.count > 0)
        .map(|(role, t)| {
            let d = s.device(&t.device).expect("validated");
            let per = |f: &dyn Fn(&TierMetrics) -> f64| {
                let xs: Vec<f64> = reps
                    .iter()
                    .map(|r| r.tiers.iter().find(|m| m.role == role).map_or(0.0, f))
                    .collect();
                mean_ci95(&xs)
            };
            let per_device = if role == TierRole::Disk {
                tierplan_kit::devices::hdd::disk_tier_mbps(s)
            } else {
                d.read_mbps
            };
            let bw = per_device.map(|m| m * t.count as f64);
            let timed = role == TierRole::Disk && d.hdd.is_some();
            TierSummary {
                role,
                device: d.id.clone(),
                count: t.count,
                capacity_gb: d.capacity_gb * t.count as f64,
                bandwidth_mbps: bw,
                datasheet_mbps: if timed { d.read_mbps } else { None },
                read_kb: timed.then(|| s.tiers.disk_read_kb()),
                stream_capacity: bw.map(|b| streams_per_bandwidth(b, first_bitrate)),
                cost: d.price * t.count as f64,
                avg_streams: per(&|m| m.avg_streams),
                util_mean: per(&|m| m.util_mean),
                util_peak: per(&|m| m.util_peak),
            }
        })
        .collect();
    let flash = reps
        .first()
        .map(|r0| {
            r0.flash
                .iter()
                .map(|w0| {
                    let role = w0.role;
                    let ws: Vec<&FlashWear> = reps
                        .iter()
                        .filter_map(|r| r.flash.iter().find(|w| w.role == role))
                        .collect();
                    let lifetimes: Vec<f64> = ws.iter().filter_map(|w| w.lifetime_h).collect();
                    let spec = s
                        .tiers_in_use()
                        .find(|(r, _)| *r == role)
                        .and_then(|(_, t)| s.device(&t.device).map(|d| (d, t.count)))
                        .expect("flash tier exists");
                    FlashSummary {
                        role,
                        host_write_mbps: mean_ci95(
                            &ws.iter().map(|w| w.host_write_mbps).collect::<Vec<_>>(),
                        ),
                        write_amplification: w0.write_amplification,
                        lifetime_h: if lifetimes.is_empty() {
                            None
                        } else {
                            Some(mean_ci95(&lifetimes))
                        },
                        replacement_cost_per_year: mean_ci95(
                            &ws.iter()
                                .map(|w| w.replacement_cost_per_year)
                                .collect::<Vec<_>>(),
                        ),
                        pe_cycles: spec.0.flash.as_ref().map_or(0, |f| f.pe_cycles),
                        capacity_gb: spec.0.capacity_gb * spec.1 as f64,
                    }
                })
                .collect()
        })
        .unwrap_or_default();
    RunResult {
        scenario_name: s.name.clone(),
        architecture: s.architecture,
        capital_cost: s.capital_cost(),
        measured_s: (s.run.duration_h - s.run.warmup_h) * 3600.0,
        events: reps.iter().map(|r| r.events).sum(),
        summary: summarise(reps),
        warnings: steady_state_warning(s)
            .into_iter()
            .chain(tier_warnings(&tiers))
            .collect(),
        tiers,
        flash,
        replications: reps.to_vec(),
        timeseries,
    }
}

/// Validate and run a scenario to completion.
pub fn run(scenario: &Scenario) -> Result<RunResult, Vec<FieldError>> {
    let mut job = Job::new(scenario.clone())?;
    Ok(job.run_to_end(1 << 22))
}

impl tierplan_kit::progress::SteppedJob for Job {
    type Progress = Progress;
    type Output = RunResult;
    fn advance(&mut self, budget: u64) -> Progress {
        self.step(budget)
    }
    fn output(&self) -> Option<RunResult> {
        self.result()
    }
}

#[cfg(test)]
mod replication_tests {
    use super::*;
    use tierplan_scenario::presets::scenario_preset;

    #[test]
    fn replications_run_apart_merge_into_the_whole_run() {
        for id in ["mmsys11-cost-ssd", "mmsys11-cost-dram"] {
            let mut s = scenario_preset(id).expect("preset");
            s.run.replications = 4;
            s.run.duration_h = 2.0;
            // Seeds past u32::MAX wrap as the run's own do.
            s.run.seed = u32::MAX - 1;
            s.run.timeseries = true;
            let whole = run(&s).expect("valid");
            let parts: Vec<RunResult> = (0..4)
                .map(|k| run(&replication_scenario(&s, k)).expect("valid"))
                .collect();
            assert_eq!(
                merge_replications(&s, &parts).expect("parts"),
                whole,
                "{id}"
            );
            assert!(whole.timeseries.is_some());
            // Parts out of order, or too few, are refused by name.
            let mut swapped = parts.clone();
            swapped.swap(0, 1);
            assert_eq!(
                merge_replications(&s, &swapped).unwrap_err().path,
                "replications[0]"
            );
            assert_eq!(
                merge_replications(&s, &parts[..3]).unwrap_err().path,
                "run.replications"
            );
        }
    }
}
