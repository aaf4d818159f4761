//! The stream-level engine (model §2–§10): a resumable job over all
//! replications, each one event loop over whole streams.

pub mod fleet;
mod heap;
mod plan;
mod policy;
pub mod results;
pub mod server;
pub mod server_summary;
mod sim;
mod state;

use crate::results::*;
use plan::Plan;
pub use policy::forget_histories;
use sim::Sim;
use tierplan_kit::analytics::streams_per_bandwidth;
use tierplan_kit::progress::SteppedJob;
use tierplan_kit::stats::mean_ci95;
use tierplan_scenario::validate::{expected_events, FieldError};
use tierplan_scenario::{Scenario, TierRole, ValidScenario};

pub use tierplan_kit::progress::Progress;
pub use tierplan_kit::sampling::arrivals::{RateSteps, Trace};

/// A validated scenario being simulated, replication after replication, in
/// steps of bounded work so a caller (a Web Worker) can report progress and
/// stop between steps.
pub struct Job {
    scenario: ValidScenario,
    plan: Plan,
    sim: Sim,
    rep: u32,
    events_before: u64,
    expected_events: f64,
    reps: Vec<ReplicationResult>,
    series: Vec<[Vec<f64>; 4]>,
    started: bool,
    /// Replications this job runs: `run.replications`, or fewer once a
    /// target is decided ([`decide`]).
    end: u32,
}

impl Job {
    /// Validate a scenario and prepare its run. A scenario with a fleet
    /// runs the server that decides it (model §10b) — the one meaning a
    /// scenario has, whichever front end asks; a fleet of one is the
    /// scenario itself. [`Job::fleet`] also says which server that is.
    pub fn new(scenario: Scenario) -> Result<Job, Vec<FieldError>> {
        Ok(Job::fleet(scenario)?.0)
    }

    /// Prepare the run of a validated scenario.
    pub fn of(scenario: ValidScenario) -> Job {
        let plan = Plan::new(&scenario);
        Job {
            end: scenario.run.replications,
            expected_events: expected_events(&scenario).max(1.0),
            scenario,
            plan,
            sim: Sim::new(),
            rep: 0,
            events_before: 0,
            reps: Vec::new(),
            series: Vec::new(),
            started: false,
        }
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
        // A log's windows are all replayed: a target cannot stop it early.
        scenario.run.target_rejection = None;
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
        self.sim.set_check_invariants(on);
    }

    fn seed(&self, k: u32) -> u32 {
        replication_seed(&self.scenario, k)
    }

    /// Process up to about `max_events` events and report progress.
    pub fn step(&mut self, max_events: u64) -> Progress {
        let mut budget = max_events.max(1);
        while self.rep < self.end && budget > 0 {
            if !self.started {
                self.sim.set_trace_window(self.rep as usize);
                self.sim.reset(&self.plan, self.seed(self.rep) as u64);
                self.started = true;
            }
            let before = self.sim.events_done();
            let finished = self.sim.run(&self.plan, budget);
            budget = budget.saturating_sub(self.sim.events_done() - before);
            if finished {
                self.reps
                    .push(self.sim.result(&self.plan, self.seed(self.rep)));
                if self.plan.timeseries {
                    self.series.push(self.sim.ts().clone());
                }
                self.events_before += self.sim.events_done();
                self.rep += 1;
                self.started = false;
                if self.sim.halted() {
                    // A tier broke the ceiling the run was told to stop
                    // at: no later replication can undo that.
                    self.end = self.rep;
                }
                if let Some(target) = self.scenario.run.target_rejection {
                    if decide(&self.reps, self.scenario.run.replications, target).is_some() {
                        self.end = self.rep;
                    }
                }
            }
        }
        self.progress()
    }

    pub fn progress(&self) -> Progress {
        let reps = self.end;
        let done = self.rep >= reps;
        let current = if self.started {
            self.sim.events_done()
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
        if self.rep < self.end {
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
pub fn replication_scenario(s: &ValidScenario, k: u32) -> ValidScenario {
    s.one_replication(replication_seed(s, k))
}

/// The result of the whole run of `s` from its replications run apart:
/// `parts[k]` is the result of [`replication_scenario`]`(s, k)`, for every
/// k in order. Equals what [`run`] gives, bit for bit (with a target, the
/// parts after the replication that decided it are left out, as `run`
/// never runs them).
pub fn merge_replications(s: &ValidScenario, parts: &[RunResult]) -> Result<RunResult, FieldError> {
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
    // With a target the whole run stops at the first decision: the parts
    // after it are not part of its result.
    if let Some(target) = s.run.target_rejection {
        let used = (1..=reps.len())
            .find(|&n| decide(&reps[..n], s.run.replications, target).is_some())
            .unwrap_or(reps.len());
        reps.truncate(used);
        series.truncate(used);
    }
    let timeseries = interval.and_then(|i| mean_series(i, &series));
    // The parts ran the fleet's deciding server ([`Job::new`]): so does
    // their sum.
    let one = fleet::deciding_server(s).map_err(|mut e| e.remove(0))?.0;
    Ok(assemble(&one, &reps, timeseries))
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
fn assemble(
    s: &ValidScenario,
    reps: &[ReplicationResult],
    timeseries: Option<TimeSeries>,
) -> RunResult {
    let first_bitrate = s.workload.classes[0].bitrate_kbps;
    let tiers: Vec<TierSummary> = s
        .tiers_in_use()
        .filter(|(role, t, _)| *role == TierRole::Disk || t.count > 0)
        .map(|(role, t, d)| {
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
                .filter_map(|w0| {
                    let role = w0.role;
                    let ws: Vec<&FlashWear> = reps
                        .iter()
                        .filter_map(|r| r.flash.iter().find(|w| w.role == role))
                        .collect();
                    let lifetimes: Vec<f64> = ws.iter().filter_map(|w| w.lifetime_h).collect();
                    // The plan reports wear of tiers in use only.
                    let (_, t, d) = s.tiers_in_use().find(|(r, _, _)| *r == role)?;
                    let spec = (d, t.count);
                    Some(FlashSummary {
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
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    RunResult {
        scenario_name: s.name.clone(),
        architecture: s.architecture,
        capital_cost: s.server_capital_cost(),
        measured_s: (s.run.duration_h - s.run.warmup_h) * 3600.0,
        workload: s.workload.figures(),
        events: reps.iter().map(|r| r.events).sum(),
        summary: summarise(reps),
        warnings: steady_state_warning(s)
            .into_iter()
            .chain(tier_warnings(s, &tiers))
            .collect(),
        server: server_summary::summarise_server(s, reps, &tiers),
        tiers,
        flash,
        replications: reps.to_vec(),
        halted: reps.iter().any(|r| r.halted),
        timeseries,
        decision: s.run.target_rejection.map(|target| {
            let cap = s.run.replications;
            Decision {
                // A run cut short of both a verdict and the cap (not one
                // this job makes) has not decided either.
                verdict: decide(reps, cap, target).unwrap_or(TargetVerdict::CannotDecide),
                replications: reps.len() as u32,
                cap,
                target,
            }
        }),
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
    use tierplan_scenario::validate::validate;

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
            let s = validate(s).expect("valid");
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

#[cfg(test)]
mod decision_tests {
    use super::*;
    use tierplan_scenario::presets::scenario_preset;
    use tierplan_scenario::validate::validate;

    fn reps_with(ps: &[f64]) -> Vec<ReplicationResult> {
        ps.iter()
            .enumerate()
            .map(|(k, &p)| ReplicationResult {
                seed: k as u32,
                events: 0,
                arrivals: 1000,
                rejections: (p * 1000.0) as u64,
                rejection_probability: p,
                avg_streams: 0.0,
                buffered_streams: 0.0,
                hit_ratio: 0.0,
                peak_streams: 0,
                halted: false,
                streams_per_dollar: 0.0,
                tiers: vec![],
                flash: vec![],
                server: None,
            })
            .collect()
    }

    #[test]
    fn the_rule_decides_only_when_the_interval_clears_the_target() {
        // Three replications: mean 0.2 %, half-width t(2)·s/√3 = 4.303 × 0.05/√3 ≈ 0.124 %.
        let low = reps_with(&[0.0015, 0.002, 0.0025]);
        assert_eq!(decide(&low, 40, 0.01), Some(TargetVerdict::Meets));
        // The interval [0.076 %, 0.324 %] holds 0.3 %: undecided, unless at the cap.
        assert_eq!(decide(&low, 40, 0.003), None);
        assert_eq!(decide(&low, 3, 0.003), Some(TargetVerdict::CannotDecide));
        assert_eq!(decide(&low, 40, 0.0007), Some(TargetVerdict::Misses));
        // Two replications never decide, however far from the target.
        assert_eq!(decide(&low[..2], 40, 0.5), None);
        assert_eq!(decide(&low[..2], 2, 0.5), Some(TargetVerdict::CannotDecide));
    }

    fn scenario(target: Option<f64>, cap: u32) -> Scenario {
        let mut s = scenario_preset("mmsys11-cost-ssd").expect("preset");
        s.run.duration_h = 2.0;
        s.run.replications = cap;
        s.run.target_rejection = target;
        // Busier than the study's load, so that some viewers are turned away.
        s.workload.arrival_rate *= 1.4;
        s
    }

    /// Run with a target, then check the result is the plain run of as
    /// many replications, bit for bit, and return it.
    fn run_decided(target: f64, cap: u32) -> RunResult {
        let s = scenario(Some(target), cap);
        let decided = run(&s).expect("valid");
        let s = validate(s).expect("valid");
        // Every replication up to the cap run apart and merged: the same.
        let parts: Vec<RunResult> = (0..cap)
            .map(|k| run(&replication_scenario(&s, k)).expect("valid"))
            .collect();
        assert_eq!(merge_replications(&s, &parts).expect("parts"), decided);
        let d = decided.decision.clone().expect("a target gives a decision");
        assert_eq!(d.replications as usize, decided.replications.len());
        assert_eq!((d.cap, d.target), (cap, target));
        let plain = run(&scenario(None, d.replications)).expect("valid");
        assert_eq!(plain.decision, None);
        assert_eq!(plain.summary, decided.summary);
        assert_eq!(plain.tiers, decided.tiers);
        assert_eq!(plain.replications, decided.replications);
        assert_eq!(plain.events, decided.events);
        decided
    }

    #[test]
    fn a_run_with_a_target_stops_once_decided_and_equals_the_shorter_plain_run() {
        let plain = run(&scenario(None, 6))
            .expect("valid")
            .summary
            .rejection_probability;
        assert!(plain.ci95 > 0.0 && plain.mean > 0.0, "{plain:?}");
        // Far above the interval: meets on the first look.
        let hi = (plain.mean + plain.ci95) * 3.0;
        let r = run_decided(hi, 40);
        let d = r.decision.unwrap();
        assert_eq!((d.verdict, d.replications), (TargetVerdict::Meets, 3));
        let e = r.summary.rejection_probability;
        assert!(e.mean + e.ci95 < hi);
        // Far below it: misses on the first look.
        let lo = (plain.mean - plain.ci95) / 3.0;
        let d = run_decided(lo, 40).decision.unwrap();
        assert_eq!((d.verdict, d.replications), (TargetVerdict::Misses, 3));
        // At the six-replication mean itself, six cannot decide: the cap.
        let r = run_decided(plain.mean, 6);
        let d = r.decision.unwrap();
        assert_eq!(
            (d.verdict, d.replications),
            (TargetVerdict::CannotDecide, 6)
        );
        let e = r.summary.rejection_probability;
        assert!(e.mean - e.ci95 <= plain.mean && plain.mean <= e.mean + e.ci95);
    }

    #[test]
    fn replications_are_added_until_the_interval_decides() {
        // The intervals of the first n of 12 replications, n = 3…12.
        let reps = run(&scenario(None, 12)).expect("valid").replications;
        let interval = |n: usize| {
            let e = estimate(&reps[..n], |r| r.rejection_probability);
            (e.mean - e.ci95, e.mean + e.ci95)
        };
        // A target just above the lower ends of the first three looks: the
        // first three intervals hold it, so the rule must add replications.
        let target = (3..=5).map(|n| interval(n).0).fold(0.0, f64::max) + 1e-5;
        assert!((3..=5).all(|n| interval(n).1 > target));
        let first = (6..=12)
            .find(|&n| interval(n).0 > target || interval(n).1 < target)
            .expect("some prefix of 12 decides");
        let d = run_decided(target, 40).decision.unwrap();
        assert_eq!(d.replications as usize, first);
        assert_eq!(d.verdict, TargetVerdict::Misses);
    }

    #[test]
    fn a_stepped_job_reports_progress_up_to_the_decision() {
        let mut s = scenario(Some(0.5), 40);
        s.run.duration_h = 1.0;
        let mut job = Job::new(s).expect("valid");
        let mut last = job.progress();
        assert_eq!(last.replications, 40);
        while !last.done {
            last = job.step(5_000);
        }
        assert_eq!((last.replications_done, last.replications), (3, 3));
        let d = job.result().expect("done").decision.expect("target");
        assert_eq!(d.verdict, TargetVerdict::Meets);
    }

    #[test]
    fn a_target_is_checked_by_name() {
        let paths = |t: f64, reps: u32| -> Vec<String> {
            Job::new(scenario(Some(t), reps))
                .err()
                .unwrap_or_default()
                .into_iter()
                .map(|e| e.path)
                .collect()
        };
        for bad in [0.0, 1.0, -0.1, f64::NAN] {
            assert_eq!(paths(bad, 40), ["run.target_rejection"], "{bad}");
        }
        assert_eq!(paths(0.01, 2), ["run.replications"]);
        assert!(paths(0.01, 3).is_empty());
    }
}
