//! One-parameter sweeps (`tierplan sweep`, `tierplan.sweep` in Python, the
//! app's Sweeps tab): set one numeric field of a scenario to each value and
//! run. Each point is independent — the scenario with that value, its own
//! seed unchanged — and so is each of its replications (the seed it gets in
//! the whole run), so a sweep is a farmed study ([`SweepStudy`]) whose runs
//! go anywhere, in any order (threads, a cluster, the browser's workers)
//! and still give the points of running each point's scenario whole.

use std::sync::atomic::AtomicBool;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tierplan_kit::farm::{farm, FarmCost, FarmJob, FarmStop, FarmedStudy};
use tierplan_kit::stats::Estimate;
use tierplan_scenario::validate::{parse_scenario, validate, FieldError};
use tierplan_scenario::{Scenario, ValidScenario};
use tierplan_stream::results::RunResult;
use tierplan_stream::{merge_replications, replication_scenario, run};

/// What a sweep reports for one value: the summary's estimates and the
/// configuration's capital cost.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SweepPoint {
    pub value: f64,
    pub rejection_probability: Estimate,
    pub avg_streams: Estimate,
    pub buffered_streams: Estimate,
    pub hit_ratio: Estimate,
    pub streams_per_dollar: Estimate,
    pub capital_cost: f64,
}

/// Parse a dotted path with optional indices: `a.b[2].c` → keys/indices.
enum Step {
    Key(String),
    Index(usize),
}

fn parse_path(path: &str) -> Option<Vec<Step>> {
    let mut steps = Vec::new();
    for part in path.split('.') {
        let (name, rest) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if name.is_empty() {
            return None;
        }
        steps.push(Step::Key(name.to_string()));
        let mut rest = rest;
        while let Some(stripped) = rest.strip_prefix('[') {
            let end = stripped.find(']')?;
            steps.push(Step::Index(stripped[..end].parse().ok()?));
            rest = &stripped[end + 1..];
        }
        if !rest.is_empty() {
            return None;
        }
    }
    Some(steps)
}

fn field_error(path: &str, message: impl Into<String>) -> Vec<FieldError> {
    vec![FieldError {
        path: path.to_string(),
        message: message.into(),
    }]
}

/// Set the numeric field at `path` of a scenario JSON document.
pub fn set_number(doc: &mut Value, path: &str, v: f64) -> Result<(), Vec<FieldError>> {
    let steps = parse_path(path).ok_or_else(|| {
        field_error(
            path,
            "is not a field path like workload.arrival_rate or devices[0].price",
        )
    })?;
    let mut cur = doc;
    for step in &steps {
        cur = match step {
            Step::Key(k) => cur.get_mut(k.as_str()),
            Step::Index(i) => cur.get_mut(*i),
        }
        .ok_or_else(|| field_error(path, "does not exist in this scenario"))?;
    }
    if !cur.is_number() {
        return Err(field_error(
            path,
            format!("is {cur}, not a number: only numeric fields can be swept"),
        ));
    }
    // Integers stay integers so u32 fields (counts, videos) still parse.
    *cur = if v.fract() == 0.0 && v.abs() < 9e15 && (cur.is_u64() || cur.is_i64()) {
        Value::from(v as i64)
    } else {
        serde_json::Number::from_f64(v)
            .map(Value::Number)
            .ok_or_else(|| field_error(path, format!("{v} is not a finite number")))?
    };
    Ok(())
}

/// The scenario of one point: `base` (JSON text of a valid scenario) with
/// the field at `path` set to `value`, read and validated; a problem names
/// the field and the value.
pub fn point_scenario(base: &str, path: &str, value: f64) -> Result<Scenario, Vec<FieldError>> {
    let mut doc: Value =
        serde_json::from_str(base).map_err(|e| field_error("(scenario)", e.to_string()))?;
    set_number(&mut doc, path, value)?;
    parse_scenario(&doc.to_string()).map_err(|errs| {
        errs.into_iter()
            .map(|e| FieldError {
                message: format!("{} (with {path} = {value})", e.message),
                ..e
            })
            .collect::<Vec<_>>()
    })
}

impl SweepPoint {
    /// The point of `value` from its run's result.
    pub fn new(value: f64, r: &RunResult) -> SweepPoint {
        SweepPoint {
            value,
            rejection_probability: r.summary.rejection_probability,
            avg_streams: r.summary.avg_streams,
            buffered_streams: r.summary.buffered_streams,
            hit_ratio: r.summary.hit_ratio,
            streams_per_dollar: r.summary.streams_per_dollar,
            capital_cost: r.capital_cost,
        }
    }
}

/// Check a sweep before any point runs: the base scenario is valid and
/// there is at least one value.
pub fn check(json: &str, values: &[f64]) -> Result<(), Vec<FieldError>> {
    parse_scenario(json)?;
    if values.is_empty() {
        return Err(field_error("--values", "is empty: give at least one value"));
    }
    Ok(())
}

/// Every point on this thread: the sweep's study driven by the shared
/// driver on one thread ([`sweep_on`]), the path every front end takes.
pub fn sweep(json: &str, path: &str, values: &[f64]) -> Result<Vec<SweepPoint>, Vec<FieldError>> {
    sweep_on(
        json,
        path,
        values,
        1,
        |_: &SweepStudy| {},
        &AtomicBool::new(false),
    )
}

/// One simulation of a sweep: replication `replication` of the point of
/// `value` (its own seed, one replication), or the whole point when its
/// scenario has a target (`replication` then `None`: the target stops the
/// run at a replication that depends on every one before it, so those run
/// in order as one job, as [`run`] runs them).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SweepJob {
    pub id: u32,
    /// The point's index in the values.
    pub point: u32,
    pub value: f64,
    pub replication: Option<u32>,
    /// What to simulate (stream engine).
    pub scenario: Scenario,
}

impl FarmJob for SweepJob {
    fn id(&self) -> u32 {
        self.id
    }
}

/// How far a sweep is: points whose every run is reported, and runs.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SweepProgress {
    pub points_done: u32,
    pub points: u32,
    pub runs_done: u32,
    pub runs: u32,
}

/// One point of a sweep: its value, its validated scenario, the runs it
/// is split into and their results so far.
struct PointRuns {
    value: f64,
    scenario: ValidScenario,
    /// One slot per replication; a single slot (the whole run) with a target.
    parts: Vec<Option<RunResult>>,
    split: bool,
    /// The whole run's result and its point, once every part is in.
    whole: Option<(RunResult, SweepPoint)>,
}

/// A one-parameter sweep as a farmed study (`tierplan_kit::farm`): every
/// value × replication is a job, handed out value by value in order; a
/// point is merged ([`merge_replications`]) once all its replications are
/// in, so its numbers are those of [`run`] on the point's scenario, on any
/// number of threads, in any order of reports.
pub struct SweepStudy {
    points: Vec<PointRuns>,
    /// Every job handed out, by id: (point, slot).
    issued: Vec<(u32, u32)>,
    /// The next (point, slot) to hand out.
    cursor: (usize, usize),
    runs: u32,
    runs_done: u32,
}

impl SweepStudy {
    /// The sweep of the field at `path` of `json` over `values`; every
    /// point's scenario is built and checked here, so a problem is named
    /// (field and value) before anything runs.
    pub fn new(json: &str, path: &str, values: &[f64]) -> Result<SweepStudy, Vec<FieldError>> {
        check(json, values)?;
        let mut points = Vec::with_capacity(values.len());
        for &value in values {
            let scenario = validate(point_scenario(json, path, value)?)?;
            let split = scenario.run.target_rejection.is_none();
            let slots = if split { scenario.run.replications } else { 1 };
            points.push(PointRuns {
                value,
                scenario,
                parts: vec![None; slots as usize],
                split,
                whole: None,
            });
        }
        let runs = points.iter().map(|p| p.parts.len() as u32).sum();
        Ok(SweepStudy {
            points,
            issued: Vec::new(),
            cursor: (0, 0),
            runs,
            runs_done: 0,
        })
    }

    /// The points finished so far, in the order of the values.
    pub fn points(&self) -> Vec<SweepPoint> {
        self.points
            .iter()
            .filter_map(|p| p.whole.as_ref().map(|w| w.1.clone()))
            .collect()
    }

    /// The whole run's result of the point at index `point` of the values
    /// (its replications merged), once all are in.
    pub fn point_result(&self, point: usize) -> Option<&RunResult> {
        self.points.get(point)?.whole.as_ref().map(|w| &w.0)
    }

    /// The index of the point run `id` belongs to, if that point is done
    /// (after the report of its last run: the point it completed).
    pub fn completed_by(&self, id: u32) -> Option<u32> {
        let &(pi, _) = self.issued.get(id as usize)?;
        self.points[pi as usize].whole.as_ref().map(|_| pi)
    }
}

impl FarmedStudy for SweepStudy {
    type Job = SweepJob;
    type Outcome = RunResult;
    type Progress = SweepProgress;
    type Answer = Vec<SweepPoint>;

    /// The next `k` runs in the order of the values, replications in turn:
    /// nothing waits on anything, so every run can be handed out at once.
    fn next_batch(&mut self, k: usize) -> Vec<SweepJob> {
        let mut out = Vec::new();
        while out.len() < k {
            let (pi, slot) = self.cursor;
            let Some(p) = self.points.get(pi) else { break };
            if slot >= p.parts.len() {
                self.cursor = (pi + 1, 0);
                continue;
            }
            let (replication, scenario) = if p.split {
                let k = slot as u32;
                (Some(k), (*replication_scenario(&p.scenario, k)).clone())
            } else {
                (None, (*p.scenario).clone())
            };
            let id = self.issued.len() as u32;
            self.issued.push((pi as u32, slot as u32));
            out.push(SweepJob {
                id,
                point: pi as u32,
                value: p.value,
                replication,
                scenario,
            });
            self.cursor = (pi, slot + 1);
        }
        out
    }

    fn report(&mut self, id: u32, outcome: &RunResult) -> Result<(), String> {
        let &(pi, slot) = self
            .issued
            .get(id as usize)
            .ok_or_else(|| format!("sweep run {id} was never handed out"))?;
        let p = &mut self.points[pi as usize];
        let part = &mut p.parts[slot as usize];
        if part.is_some() {
            return Err(format!("sweep run {id} was already reported"));
        }
        *part = Some(outcome.clone());
        self.runs_done += 1;
        if p.parts.iter().all(Option::is_some) {
            let parts: Vec<RunResult> = p.parts.iter().flatten().cloned().collect();
            let whole = if p.split {
                merge_replications(&p.scenario, &parts)
                    .map_err(|e| format!("{}: {} (with value {})", e.path, e.message, p.value))?
            } else {
                parts.into_iter().next().expect("one part")
            };
            let point = SweepPoint::new(p.value, &whole);
            p.whole = Some((whole, point));
        }
        Ok(())
    }

    fn progress(&self) -> SweepProgress {
        SweepProgress {
            points_done: self.points.iter().filter(|p| p.whole.is_some()).count() as u32,
            points: self.points.len() as u32,
            runs_done: self.runs_done,
            runs: self.runs,
        }
    }

    /// Runs reported against runs still to come (a whole point with a
    /// target counts as one).
    fn cost(&self) -> FarmCost {
        FarmCost {
            done: f64::from(self.runs_done),
            left: f64::from(self.runs - self.runs_done),
        }
    }

    fn is_done(&self) -> bool {
        self.points.iter().all(|p| p.whole.is_some())
    }

    fn answer(&self) -> Vec<SweepPoint> {
        self.points()
    }
}

/// A sweep run by the shared driver ([`farm`]) on `threads` threads, each
/// run by the stream engine; `on_report` sees the study after every
/// report. The points are the same on any number of threads.
pub fn sweep_on(
    json: &str,
    path: &str,
    values: &[f64],
    threads: usize,
    on_report: impl FnMut(&SweepStudy) + Send,
    cancel: &AtomicBool,
) -> Result<Vec<SweepPoint>, Vec<FieldError>> {
    let mut study = SweepStudy::new(json, path, values)?;
    farm(
        &mut study,
        threads,
        |j: &SweepJob| run(&j.scenario),
        on_report,
        cancel,
    )
    .map_err(|stop| match stop {
        FarmStop::Failed(errs) => errs,
        FarmStop::Cancelled => field_error("sweep", "the sweep was cancelled"),
        FarmStop::Refused(e) => field_error("sweep", e),
        FarmStop::Stalled => {
            field_error("sweep", "the sweep handed out nothing more before its end")
        }
    })?;
    Ok(study.answer())
}

/// The points as CSV, one row per value.
pub fn csv(param: &str, points: &[SweepPoint]) -> String {
    let mut out = format!(
        "{param},rejection_probability,rejection_probability_ci95,avg_streams,avg_streams_ci95,buffered_streams,buffered_streams_ci95,hit_ratio,hit_ratio_ci95,streams_per_dollar,streams_per_dollar_ci95,capital_cost\n"
    );
    for p in points {
        out += &format!(
            "{},{},{},{},{},{},{},{},{},{},{},{}\n",
            p.value,
            p.rejection_probability.mean,
            p.rejection_probability.ci95,
            p.avg_streams.mean,
            p.avg_streams.ci95,
            p.buffered_streams.mean,
            p.buffered_streams.ci95,
            p.hit_ratio.mean,
            p.hit_ratio.ci95,
            p.streams_per_dollar.mean,
            p.streams_per_dollar.ci95,
            p.capital_cost
        );
    }
    out
}
