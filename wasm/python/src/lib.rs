//! tierplan-python: the extension module `tierplan._core`, Python's door
//! into `tierplan-core`.
//!
//! A thin layer like the wasm bindings: scenarios, specs and results cross
//! the boundary as JSON text (the Python package `python/tierplan` turns them
//! into dicts with `json`), read by the very functions the CLI and the
//! browser use (`parse_scenario`, `read_scenario`, `json_read`), so a
//! scenario and seed give the same numbers bit for bit. serde_json prints
//! every f64 in its shortest round-trip form and Python's `json` reads it
//! back exactly.
//!
//! Every simulation is one of the core's resumable jobs, stepped here in
//! chunks with the GIL released (`Python::detach`); between chunks the
//! module checks for signals (Ctrl-C raises `KeyboardInterrupt` within a
//! chunk's time, well under a second) and calls the progress callback.
//! Problems of a scenario raise `tierplan.ScenarioError` with the core's
//! field errors; a bad line of a trace or log raises `tierplan.TraceError`
//! naming the line.

use pyo3::exceptions::{PyKeyError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use serde::Serialize;
use std::io::Read;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use tierplan_core::block::mrc::job::{MrcJob, MrcSpec};
use tierplan_core::block::mrc::{MrcPolicy, Sampling};
use tierplan_core::block::sampling::trace::detect_block_format;
use tierplan_core::farm::{farm, FarmStop, FarmedStudy};
use tierplan_core::logs::{self, ColumnMap, LogParser};
use tierplan_core::progress::{Done, SteppedJob};
use tierplan_core::request::{MaxRateJob, RequestJob};
use tierplan_core::scenario::block::BlockTraceFormat;
use tierplan_core::scenario::presets;
use tierplan_core::{FieldError, Job, Scenario};

/// Work per step: small enough that a step takes well under a second
/// (the engines do millions of events a second), so Ctrl-C and progress
/// are prompt; large enough that the check costs nothing.
const CHUNK: u64 = 1 << 18;

fn json<T: Serialize + ?Sized>(value: &T) -> PyResult<String> {
    serde_json::to_string(value).map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// `tierplan.ScenarioError(errors)`: the Python class (python/tierplan/errors.py)
/// built from the core's field errors.
fn scenario_error(py: Python<'_>, errors: &[FieldError]) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let class = py.import("tierplan.errors")?.getattr("ScenarioError")?;
        let value = class.call1((json(errors)?,))?;
        Ok(PyErr::from_value(value))
    };
    build().unwrap_or_else(|e| e)
}

/// `tierplan.TraceError(file, line, message)`.
fn trace_error(py: Python<'_>, file: &str, line: u64, message: &str) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let class = py.import("tierplan.errors")?.getattr("TraceError")?;
        Ok(PyErr::from_value(class.call1((file, line, message))?))
    };
    build().unwrap_or_else(|e| e)
}

fn field(path: &str, message: impl Into<String>) -> Vec<FieldError> {
    vec![FieldError {
        path: path.into(),
        message: message.into(),
    }]
}

/// Read and validate a scenario's JSON text.
fn parse(py: Python<'_>, text: &str) -> PyResult<Scenario> {
    tierplan_core::parse_scenario(text).map_err(|e| scenario_error(py, &e))
}

/// Read and validate a scenario, as a `ValidScenario`.
fn valid(py: Python<'_>, text: &str) -> PyResult<tierplan_core::ValidScenario> {
    tierplan_core::validate(parse(py, text)?).map_err(|e| scenario_error(py, &e))
}

/// Read a scenario without the range checks (the job constructors check).
fn read(py: Python<'_>, text: &str) -> PyResult<Scenario> {
    tierplan_core::read_scenario(text).map_err(|e| scenario_error(py, &e))
}

/// A Python class over one of the core's farmed studies
/// (`tierplan_core::farm::FarmedStudy`), ask/tell: `next_batch(k)` hands out
/// up to `k` jobs (JSON list, each with its `id` and its scenario), the caller
/// simulates them anywhere (a Dask cluster) and `report`s each outcome's
/// JSON back by id in any order; `progress`, `cost` (done, left and the
/// share done), `is_done`, and `result` (the answer, as the front ends print
/// it). One macro for every study, so each speaks the protocol the same way
/// and Python drives them all with one loop (`distributed._farm`); pyo3's
/// classes cannot be generic over the study, hence a macro. The class keeps
/// the core's study in `study`; `new` builds it from the constructor's
/// arguments, `result` maps it to what Python returns, `outcome` names what
/// a report carries (for its error).
macro_rules! farmed_study_class {
    (
        $(#[$doc:meta])*
        class $name:ident($core:ty);
        outcome $outcome:literal;
        new($py:ident $(, $arg:ident: $ty:ty)*) $new:block
        result($s:ident) $result:block
    ) => {
        $(#[$doc])*
        #[pyclass(module = "tierplan._core")]
        struct $name {
            study: $core,
        }

        #[pymethods]
        impl $name {
            #[new]
            fn new($py: Python<'_> $(, $arg: $ty)*) -> PyResult<Self> {
                let study: PyResult<$core> = $new;
                Ok($name { study: study? })
            }

            /// Up to `k` jobs (JSON list), each with the `id` to report it by.
            fn next_batch(&mut self, k: usize) -> PyResult<String> {
                json(&FarmedStudy::next_batch(&mut self.study, k))
            }

            /// Report job `id`'s outcome (JSON text).
            fn report(&mut self, id: u32, outcome: &str) -> PyResult<()> {
                let o: <$core as FarmedStudy>::Outcome =
                    tierplan_core::json_read::from_json(outcome).map_err(|e| {
                        PyValueError::new_err(format!(concat!("the outcome is not ", $outcome, ": {}"), e))
                    })?;
                FarmedStudy::report(&mut self.study, id, &o).map_err(PyValueError::new_err)
            }

            fn is_done(&self) -> bool {
                FarmedStudy::is_done(&self.study)
            }

            /// The study's own progress report (JSON).
            fn progress(&self) -> PyResult<String> {
                json(&FarmedStudy::progress(&self.study))
            }

            /// `{done, left, fraction}` in the study's units of cost.
            fn cost(&self) -> PyResult<String> {
                cost_json(&self.study)
            }

            /// The answer so far (final once `is_done`), as JSON.
            fn result(&self) -> PyResult<String> {
                let $s = &self.study;
                json(&$result)
            }
        }
    };
}

/// A study's cost as a progress bar reads it: done, left, the share done.
fn cost_json<S: FarmedStudy>(s: &S) -> PyResult<String> {
    let c = s.cost();
    json(&serde_json::json!({"done": c.done, "left": c.left, "fraction": c.fraction()}))
}

/// Step a job to its end with the GIL released, checking for Ctrl-C and
/// reporting progress (as JSON text) between steps.
fn drive<J>(py: Python<'_>, job: &mut J, progress: Option<&Bound<'_, PyAny>>) -> PyResult<J::Output>
where
    J: SteppedJob + Send,
    J::Progress: Serialize + Send,
{
    loop {
        let p = py.detach(|| job.advance(CHUNK));
        py.check_signals()?;
        if let Some(cb) = progress {
            cb.call1((json(&p)?,))?;
        }
        if p.done() {
            break;
        }
    }
    job.output()
        .ok_or_else(|| PyRuntimeError::new_err("the job reported done without a result"))
}

/// Run a scenario (JSON text) to its end: the request-level engine when it
/// has a `request` section (unless `engine` is "stream"), else the
/// stream-level one — as `tierplan run` does. Returns the result's JSON.
#[pyfunction]
#[pyo3(signature = (scenario, engine="auto", progress=None))]
fn run(
    py: Python<'_>,
    scenario: &str,
    engine: &str,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let s = parse(py, scenario)?;
    let request = match engine {
        "auto" => s.request.is_some(),
        "request" => true,
        "stream" => false,
        other => {
            return Err(PyValueError::new_err(format!(
                "engine: {other:?} is not one of \"auto\", \"stream\", \"request\""
            )))
        }
    };
    if request {
        let mut job = RequestJob::new(s).map_err(|e| scenario_error(py, &e))?;
        json(&drive(py, &mut job, progress)?)
    } else {
        let mut job = Job::new(s).map_err(|e| scenario_error(py, &e))?;
        json(&drive(py, &mut job, progress)?)
    }
}

/// Every problem of a scenario (JSON list of field errors; empty if valid).
#[pyfunction]
fn validate(scenario: &str) -> PyResult<String> {
    match tierplan_core::parse_scenario(scenario) {
        Ok(_) => Ok("[]".into()),
        Err(errors) => json(&errors),
    }
}

/// The scenario with defaults filled in, validated (JSON text).
#[pyfunction]
fn read_scenario(py: Python<'_>, scenario: &str) -> PyResult<String> {
    json(&parse(py, scenario)?)
}

/// Every built-in preset (stream- and request-level).
#[pyfunction]
fn presets_list() -> PyResult<String> {
    json(&presets::all_presets())
}

/// A preset scenario by id.
#[pyfunction]
fn preset(id: &str) -> PyResult<String> {
    match presets::any_preset(id) {
        Some(s) => json(&s),
        None => {
            let known: Vec<String> = presets::all_presets().into_iter().map(|p| p.id).collect();
            Err(PyKeyError::new_err(format!(
                "no preset named {id:?}; known: {}",
                known.join(", ")
            )))
        }
    }
}

/// The whole device catalog.
#[pyfunction]
fn devices() -> PyResult<String> {
    json(&presets::all_devices())
}

/// The scenario of one sweep point: `base` with `path` set to `value`.
#[pyfunction]
fn sweep_point_scenario(py: Python<'_>, base: &str, path: &str, value: f64) -> PyResult<String> {
    let s = tierplan_core::sweep::point_scenario(base, path, value)
        .map_err(|e| scenario_error(py, &e))?;
    json(&s)
}

/// Check a sweep before it runs (valid base scenario, some values).
#[pyfunction]
fn sweep_check(py: Python<'_>, base: &str, values: Vec<f64>) -> PyResult<()> {
    tierplan_core::sweep::check(base, &values).map_err(|e| scenario_error(py, &e))
}

/// A sweep on this process by the shared driver of farmed studies on
/// `threads` threads, as `tierplan sweep --threads`: every value ×
/// replication a run, each point merged once its replications are in, so
/// the points equal the CLI's on any number of threads. Returns the
/// points as JSON; the progress callback hears runs and points done.
#[pyfunction]
#[pyo3(signature = (base, path, values, threads, progress=None))]
fn sweep(
    py: Python<'_>,
    base: &str,
    path: &str,
    values: Vec<f64>,
    threads: usize,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let mut study = SweepStudy::new(py, base, path, values)?.study;
    farm_study(
        py,
        &mut study,
        threads,
        |job: &tierplan_core::sweep::SweepJob, stopped| {
            Ok(step_to_end(&mut Job::new(job.scenario.clone())?, stopped))
        },
        |s| {
            let p = s.progress();
            json(&serde_json::json!({
                "points_done": p.points_done,
                "points": p.points,
                "runs_done": p.runs_done,
                "runs": p.runs,
                "fraction": s.cost().fraction(),
            }))
        },
        progress,
    )?;
    json(&study.answer())
}

farmed_study_class! {
    /// A one-parameter sweep: every value × replication a run (a point with
    /// a rejection target one run, its replications in order), each a
    /// stream-level RunResult back; a point is merged once its last run is
    /// in. `result` is the points finished, in the order of the values, as
    /// `tierplan sweep --format json`.
    class SweepStudy(tierplan_core::sweep::SweepStudy);
    outcome "a RunResult";
    new(py, base: &str, path: &str, values: Vec<f64>) {
        tierplan_core::sweep::SweepStudy::new(base, path, &values).map_err(|e| scenario_error(py, &e))
    }
    result(s) { s.answer() }
}

/// Replication `k` of a scenario as a scenario of its own (seed + k).
#[pyfunction]
fn replication_scenario(py: Python<'_>, scenario: &str, k: u32) -> PyResult<String> {
    let s = valid(py, scenario)?;
    if k >= s.run.replications {
        return Err(scenario_error(
            py,
            &field(
                "run.replications",
                format!("is {}: there is no replication {k}", s.run.replications),
            ),
        ));
    }
    json(&tierplan_core::stream::replication_scenario(&s, k))
}

/// The whole run's result from its replications' results run apart.
#[pyfunction]
fn merge_replications(py: Python<'_>, scenario: &str, parts: Vec<String>) -> PyResult<String> {
    let s = valid(py, scenario)?;
    let mut rs = Vec::with_capacity(parts.len());
    for (k, p) in parts.iter().enumerate() {
        let r: tierplan_core::RunResult = tierplan_core::json_read::from_json(p)
            .map_err(|e| PyValueError::new_err(format!("part {k} is not a RunResult: {e}")))?;
        rs.push(r);
    }
    let r =
        tierplan_core::stream::merge_replications(&s, &rs).map_err(|e| scenario_error(py, &[e]))?;
    json(&r)
}

farmed_study_class! {
    /// The optimiser's cost-ordered search (as the browser's worker pool
    /// drives it): candidates, cheapest first, each a RunResult back.
    class OptimizeSearch(tierplan_core::optimize::Search);
    outcome "a RunResult";
    new(py, scenario: &str, spec: &str) {
        let s = read(py, scenario)?;
        let spec = tierplan_core::optimize::parse_spec(spec).map_err(|e| scenario_error(py, &e))?;
        tierplan_core::optimize::Search::new(s, spec).map_err(|e| scenario_error(py, &e))
    }
    result(s) { s.result() }
}

/// Drive a farmed study with the shared driver (`tierplan_core::farm`, as
/// `tierplan optimize` and `tierplan http-figure` do) on `threads` threads,
/// the GIL released; after every report the progress callback hears
/// `describe` of the study (JSON). Ctrl-C is checked on this thread between the
/// chunks of its own runs and at its reports (Python delivers signals to
/// the main thread only) and stops every thread at its next chunk.
fn farm_study<S>(
    py: Python<'_>,
    study: &mut S,
    threads: usize,
    run: impl Fn(&S::Job, &dyn Fn() -> bool) -> Result<Option<S::Outcome>, Vec<FieldError>>
        + Sync
        + Send,
    describe: impl Fn(&S) -> PyResult<String> + Send + Sync,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<()>
where
    S: FarmedStudy + Send,
    S::Job: Send,
{
    let cb: Option<Py<PyAny>> = progress.map(|p| p.clone().unbind());
    let cancel = AtomicBool::new(false);
    let failure: Mutex<Option<PyErr>> = Mutex::new(None);
    let caller = std::thread::current().id();
    // Signals and the callback's own errors stop the farm; the first is raised.
    let fail = |e: PyErr| {
        failure
            .lock()
            .expect("no panics while locked")
            .get_or_insert(e);
        cancel.store(true, Ordering::Relaxed);
    };
    let stopped = || {
        if std::thread::current().id() == caller {
            if let Err(e) = Python::attach(|py| py.check_signals()) {
                fail(e);
            }
        }
        cancel.load(Ordering::Relaxed)
    };
    let r = py.detach(|| {
        farm(
            study,
            threads,
            |job: &S::Job| match run(job, &stopped)? {
                Some(o) => Ok(o),
                // Stopped midway: the farm stops at its cancel flag.
                None => Err(Vec::new()),
            },
            |s: &S| {
                let _ = stopped();
                if let Some(cb) = &cb {
                    Python::attach(|py| {
                        if let Err(e) = describe(s).and_then(|p| cb.call1(py, (p,)).map(drop)) {
                            fail(e);
                        }
                    });
                }
            },
            &cancel,
        )
    });
    if let Some(e) = failure.into_inner().expect("threads joined") {
        return Err(e);
    }
    match r {
        Ok(()) => Ok(()),
        Err(FarmStop::Failed(errs)) => Err(scenario_error(py, &errs)),
        Err(FarmStop::Cancelled) => Err(PyRuntimeError::new_err("the study was cancelled")),
        Err(FarmStop::Refused(e)) => Err(PyRuntimeError::new_err(e)),
        Err(FarmStop::Stalled) => Err(PyRuntimeError::new_err(
            "the study handed out nothing more before it was done",
        )),
    }
}

/// Step a job to its end in chunks, `None` when `stopped` says so between them.
fn step_to_end<J: SteppedJob>(job: &mut J, stopped: &dyn Fn() -> bool) -> Option<J::Output> {
    loop {
        if job.advance(CHUNK).done() {
            return job.output();
        }
        if stopped() {
            return None;
        }
    }
}

/// A candidate of the optimiser's searches, simulated by the stream engine.
fn run_candidate(
    c: &tierplan_core::optimize::Candidate,
    stopped: &dyn Fn() -> bool,
) -> Result<Option<tierplan_core::RunResult>, Vec<FieldError>> {
    Ok(step_to_end(&mut Job::new(c.scenario.clone())?, stopped))
}

/// The optimiser's search on this process by the shared driver, on
/// `threads` threads (1: one candidate at a time, the order and counts of
/// `tierplan optimize`).
#[pyfunction]
#[pyo3(signature = (scenario, spec, progress=None, threads=1))]
fn optimize(
    py: Python<'_>,
    scenario: &str,
    spec: &str,
    progress: Option<&Bound<'_, PyAny>>,
    threads: usize,
) -> PyResult<String> {
    let mut search = OptimizeSearch::new(py, scenario, spec)?.study;
    farm_study(
        py,
        &mut search,
        threads,
        run_candidate,
        |s| json(&s.progress()),
        progress,
    )?;
    json(&search.result())
}

/// The fleet search (model §10b) on this process by the shared driver, as
/// `tierplan optimize --fleet`; `request` a FleetRequest (JSON).
#[pyfunction]
#[pyo3(signature = (scenario, spec, request, progress=None, threads=1))]
fn optimize_fleet(
    py: Python<'_>,
    scenario: &str,
    spec: &str,
    request: &str,
    progress: Option<&Bound<'_, PyAny>>,
    threads: usize,
) -> PyResult<String> {
    use tierplan_core::optimize::fleet::{FleetRequest, FleetSearch};
    let s = read(py, scenario)?;
    let spec = tierplan_core::optimize::parse_spec(spec).map_err(|e| scenario_error(py, &e))?;
    let request: FleetRequest = tierplan_core::json_read::from_json(request)
        .map_err(|e| PyValueError::new_err(format!("fleet: {e}")))?;
    let mut search =
        FleetSearch::with_request(s, spec, &request).map_err(|e| scenario_error(py, &e))?;
    farm_study(
        py,
        &mut search,
        threads,
        run_candidate,
        |s| json(&s.progress()),
        progress,
    )?;
    json(&search.result().map_err(|e| scenario_error(py, &e))?)
}

/// The highest request rate meeting `request.search.miss_target`.
#[pyfunction]
#[pyo3(signature = (scenario, progress=None))]
fn max_rate(
    py: Python<'_>,
    scenario: &str,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let s = read(py, scenario)?;
    let mut job = MaxRateJob::new(s).map_err(|e| scenario_error(py, &e))?;
    json(&drive(py, &mut job, progress)?.map_err(|e| scenario_error(py, &e))?)
}

/// The HTTP figure's points (series, rate, the point's scenario), longest
/// first, as the app's worker pool and `tierplan http-figure` plan them.
#[pyfunction]
fn figure_plan(py: Python<'_>, base: &str, settings: &str, series: &str) -> PyResult<String> {
    use tierplan_core::request::figure::{self, FigureSeries, FigureSettings};
    let base = read(py, base)?;
    let settings: FigureSettings = tierplan_core::json_read::from_json(settings)
        .map_err(|e| PyValueError::new_err(format!("the figure's settings: {e}")))?;
    let series: Vec<FigureSeries> = tierplan_core::json_read::from_json(series)
        .map_err(|e| PyValueError::new_err(format!("the figure's series: {e}")))?;
    match figure::figure_plan(&base, &settings, &series) {
        Ok(points) => json(&points),
        Err(errs) => Err(figure_error(py, errs)),
    }
}

/// The figure's (setting, message) problems as the ScenarioError of their
/// paths `figure.<setting>`.
fn figure_error(py: Python<'_>, errs: Vec<(&'static str, &'static str)>) -> PyErr {
    scenario_error(
        py,
        &errs
            .into_iter()
            .map(|(name, message)| FieldError {
                path: format!("figure.{name}"),
                message: message.into(),
            })
            .collect::<Vec<_>>(),
    )
}

/// The HTTP figure while you watch: after the runs `done` (JSON list of
/// FigureRunDone), the FigureStep (points so far, the pass under way and its
/// runs still to do), as `tierplan http-figure` and the app schedule it.
#[pyfunction]
fn figure_step(
    py: Python<'_>,
    base: &str,
    settings: &str,
    series: &str,
    done: &str,
) -> PyResult<String> {
    use tierplan_core::request::figure::{self, FigureRunDone, FigureSeries, FigureSettings};
    let base = read(py, base)?;
    let settings: FigureSettings = tierplan_core::json_read::from_json(settings)
        .map_err(|e| PyValueError::new_err(format!("the figure's settings: {e}")))?;
    let series: Vec<FigureSeries> = tierplan_core::json_read::from_json(series)
        .map_err(|e| PyValueError::new_err(format!("the figure's series: {e}")))?;
    let done: Vec<FigureRunDone> = tierplan_core::json_read::from_json(done)
        .map_err(|e| PyValueError::new_err(format!("the figure's runs done: {e}")))?;
    match figure::figure_step(&base, &settings, &series, &done) {
        Ok(step) => json(&step),
        Err(errs) => Err(figure_error(py, errs)),
    }
}

/// The figure's settings and series from JSON, as the other figure calls read them.
fn figure_study(
    py: Python<'_>,
    base: &str,
    settings: &str,
    series: &str,
) -> PyResult<tierplan_core::request::figure::FigureStudy> {
    use tierplan_core::request::figure::{FigureSeries, FigureSettings, FigureStudy};
    let base = read(py, base)?;
    let settings: FigureSettings = tierplan_core::json_read::from_json(settings)
        .map_err(|e| PyValueError::new_err(format!("the figure's settings: {e}")))?;
    let series: Vec<FigureSeries> = tierplan_core::json_read::from_json(series)
        .map_err(|e| PyValueError::new_err(format!("the figure's series: {e}")))?;
    FigureStudy::new(base, settings, series).map_err(|errs| figure_error(py, errs))
}

farmed_study_class! {
    /// The HTTP figure: runs, the pass's longest first, then those a later
    /// pass is certain to list; each run's outcome is its RequestResult's
    /// `replications[0]`. `result` is the figure's points as `tierplan
    /// http-figure --format json`.
    class FigureStudy(tierplan_core::request::figure::FigureStudy);
    outcome "a request replication";
    new(py, base: &str, settings: &str, series: &str) {
        figure_study(py, base, settings, series)
    }
    result(s) { s.rows() }
}

/// The HTTP figure on this process by the shared driver on `threads`
/// threads, as `tierplan http-figure`; returns its points as `--format json`.
#[pyfunction]
#[pyo3(signature = (base, settings, series, threads, progress=None))]
fn http_figure(
    py: Python<'_>,
    base: &str,
    settings: &str,
    series: &str,
    threads: usize,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let mut study = figure_study(py, base, settings, series)?;
    farm_study(
        py,
        &mut study,
        threads,
        |job: &tierplan_core::request::figure::FigureJob, stopped| {
            let r = step_to_end(&mut RequestJob::new(job.run.scenario.clone())?, stopped);
            Ok(r.map(|mut r| r.replications.swap_remove(0)))
        },
        // The share of the figure's cost done (the core's estimate of what is left).
        cost_json,
        progress,
    )?;
    json(&study.rows())
}

/// Microbenchmarks of a device (JSON) with a spec (JSON).
#[pyfunction]
fn characterize(py: Python<'_>, device: &str, spec: &str) -> PyResult<String> {
    let device: tierplan_core::scenario::Device = tierplan_core::json_read::from_json(device)
        .map_err(|e| PyValueError::new_err(format!("device: {e}")))?;
    let spec: tierplan_core::characterize::CharacterizeSpec =
        tierplan_core::json_read::from_json(spec)
            .map_err(|e| PyValueError::new_err(format!("characterize: {e}")))?;
    let device = tierplan_core::scenario::validate::validate_device(device)
        .map_err(|e| scenario_error(py, &e))?;
    let c = py
        .detach(|| tierplan_core::characterize::characterize(&device, &spec))
        .map_err(|e| scenario_error(py, &e))?;
    json(&c)
}

/// The spec `tierplan characterize` runs by default.
#[pyfunction]
fn default_characterize_spec() -> PyResult<String> {
    json(&tierplan_core::characterize::CharacterizeSpec::default())
}

/// The reproduction plan: every claim and the scenarios it runs.
#[pyfunction]
fn reproduction() -> PyResult<String> {
    json(&tierplan_core::reproduce::reproduction())
}

/// Run one reproduction simulation by id: a stream-level RunResult, or a
/// request-level RequestOutput.
#[pyfunction]
fn reproduction_run(py: Python<'_>, id: &str) -> PyResult<String> {
    use tierplan_core::reproduce;
    let plan = reproduce::reproduction();
    if let Some(s) = plan.scenarios.iter().find(|s| s.id == id) {
        let r = py.detach(|| reproduce::run_scenario(s));
        return json(&r.map_err(|e| PyRuntimeError::new_err(e.to_string()))?);
    }
    if let Some(s) = plan.request_scenarios.iter().find(|s| s.id == id) {
        let r = py.detach(|| reproduce::run_request_scenario(s));
        return json(&r.map_err(|e| PyRuntimeError::new_err(e.to_string()))?);
    }
    Err(PyKeyError::new_err(format!(
        "no reproduction scenario {id:?}"
    )))
}

/// The claims table from the simulations' results (JSON maps by id).
#[pyfunction]
fn reproduction_table(results: &str, requests: &str) -> PyResult<String> {
    use tierplan_core::reproduce;
    let results: std::collections::BTreeMap<String, tierplan_core::RunResult> =
        tierplan_core::json_read::from_json(results)
            .map_err(|e| PyValueError::new_err(format!("results: {e}")))?;
    let requests: std::collections::BTreeMap<String, reproduce::RequestOutput> =
        tierplan_core::json_read::from_json(requests)
            .map_err(|e| PyValueError::new_err(format!("requests: {e}")))?;
    json(&reproduce::reproduction_table_with(
        &reproduce::reproduction(),
        &results,
        &requests,
    ))
}

/// Read a file in chunks, handing each to `feed` with the GIL released,
/// checking for Ctrl-C between chunks. The first 64 KB (or the whole file if
/// shorter) come first, to `head`, which returns the consumer.
fn read_chunks<C: Send>(
    py: Python<'_>,
    path: &str,
    head: impl FnOnce(&[u8]) -> PyResult<C>,
    mut feed: impl FnMut(&mut C, &[u8]) + Send,
) -> PyResult<C> {
    let cannot = |e: std::io::Error| {
        pyo3::exceptions::PyOSError::new_err(format!("cannot read {path}: {e}"))
    };
    let mut f = std::fs::File::open(path).map_err(cannot)?;
    let mut buf = vec![0u8; 1 << 20];
    let mut first = Vec::new();
    while first.len() < 65_536 {
        let n = f.read(&mut buf).map_err(cannot)?;
        if n == 0 {
            break;
        }
        first.extend_from_slice(&buf[..n]);
    }
    let mut c = head(&first)?;
    feed(&mut c, &first);
    loop {
        let n = py.detach(|| f.read(&mut buf)).map_err(cannot)?;
        if n == 0 {
            break;
        }
        py.detach(|| feed(&mut c, &buf[..n]));
        py.check_signals()?;
    }
    Ok(c)
}

/// Hit ratio against cache size over a block trace file (model §13), as
/// `tierplan mrc`: policy "lru", "fifo" or "setassoc"; `sample` a rate or
/// `sample_size` a number of blocks (not both); `sizes` in 4 KB blocks
/// (empty: the default grid); `format` "msr", "spc", "plain" or detected.
/// A bad line raises TraceError naming it unless `skip_bad_lines`; the
/// result then counts them (`bad_lines`).
#[pyfunction]
#[pyo3(signature = (path, policy="lru", sample=None, sample_size=None, sizes=Vec::new(), format=None, skip_bad_lines=false))]
#[allow(clippy::too_many_arguments)]
fn mrc(
    py: Python<'_>,
    path: &str,
    policy: &str,
    sample: Option<f64>,
    sample_size: Option<usize>,
    sizes: Vec<u64>,
    format: Option<&str>,
    skip_bad_lines: bool,
) -> PyResult<String> {
    let policy = match policy {
        "lru" => MrcPolicy::Lru,
        "fifo" => MrcPolicy::Fifo,
        "setassoc" => MrcPolicy::SetAssoc,
        other => {
            return Err(PyValueError::new_err(format!(
                "policy: {other:?} is not one of \"lru\", \"fifo\", \"setassoc\""
            )))
        }
    };
    let sampling = match (sample, sample_size) {
        (Some(_), Some(_)) => {
            return Err(PyValueError::new_err(
                "give sample (a rate) or sample_size (blocks), not both",
            ))
        }
        (Some(r), None) => Sampling::Rate(r),
        (None, Some(n)) => Sampling::Size(n),
        (None, None) => Sampling::Exact,
    };
    let format = match format {
        None => None,
        Some("msr") => Some(BlockTraceFormat::Msr),
        Some("spc") => Some(BlockTraceFormat::Spc),
        Some("plain") => Some(BlockTraceFormat::Plain),
        Some(other) => {
            return Err(PyValueError::new_err(format!(
                "format: {other:?} is not one of \"msr\", \"spc\", \"plain\""
            )))
        }
    };
    let total = std::fs::metadata(path).map(|m| m.len()).ok();
    let mut job = read_chunks(
        py,
        path,
        |head| {
            let f = format
                .or_else(|| detect_block_format(head))
                .ok_or_else(|| {
                    PyValueError::new_err(format!(
                    "cannot tell the format of {path}; give format=\"msr\", \"spc\" or \"plain\""
                ))
                })?;
            let spec = MrcSpec {
                format: f,
                policy,
                sampling,
                sizes,
            };
            let mut job = MrcJob::new(&spec).map_err(PyValueError::new_err)?;
            if let Some(t) = total {
                job.set_total_bytes(t);
            }
            Ok(job)
        },
        |job, chunk| {
            job.feed_trace(chunk);
            while !job.advance(CHUNK).done && !job.needs_input() {}
        },
    )?;
    job.end_trace();
    let r = drive(py, &mut job, None)?;
    if let (false, Some(e)) = (skip_bad_lines, job.trace_errors().first()) {
        return Err(trace_error(py, path, e.line, &e.message));
    }
    let mut v = serde_json::to_value(&r).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    v["bad_lines"] = job.bad_lines().into();
    json(&v)
}

/// Fit a request log file (model §14), as `tierplan log fit`: the column
/// mapping detected from its first 64 KB unless `column_map` (a ColumnMap's
/// JSON) is given. Returns {map, parse, fit}. A bad line raises TraceError
/// naming it unless `skip_bad_lines`.
#[pyfunction]
#[pyo3(signature = (path, column_map=None, skip_bad_lines=false))]
fn log_fit(
    py: Python<'_>,
    path: &str,
    column_map: Option<&str>,
    skip_bad_lines: bool,
) -> PyResult<String> {
    let given: Option<ColumnMap> = column_map
        .map(|t| {
            tierplan_core::json_read::from_json(t)
                .map_err(|e| PyValueError::new_err(format!("column map: {e}")))
        })
        .transpose()?;
    let mut p: LogParser = read_chunks(
        py,
        path,
        |head| {
            let map = match given {
                Some(m) => m,
                None => {
                    let det = logs::detect(head);
                    det.map.ok_or_else(|| {
                        PyValueError::new_err(format!(
                            "cannot guess the columns of {path} ({}); give column_map",
                            det.notes.join("; ")
                        ))
                    })?
                }
            };
            LogParser::new(map, false).map_err(PyValueError::new_err)
        },
        |p, chunk| p.feed(chunk),
    )?;
    p.finish();
    if let Some(e) = &p.tally.mapping_error {
        return Err(PyValueError::new_err(format!("{path}: {e}")));
    }
    let progress = p.progress();
    if let (false, Some(b)) = (skip_bad_lines, progress.bad_lines.first()) {
        return Err(trace_error(
            py,
            path,
            b.line,
            &format!("{} ({})", b.message, b.text),
        ));
    }
    json(&serde_json::json!({
        "map": p.map(),
        "parse": progress,
        "fit": logs::fit(&p.tally),
    }))
}

#[pymodule]
mod _core {
    #[pymodule_export]
    use super::{
        characterize, default_characterize_spec, devices, figure_plan, figure_step, http_figure,
        log_fit, max_rate, merge_replications, mrc, optimize, optimize_fleet, preset, presets_list,
        read_scenario, replication_scenario, reproduction, reproduction_run, reproduction_table,
        run, sweep, sweep_check, sweep_point_scenario, validate, FigureStudy, OptimizeSearch,
        SweepStudy,
    };
}
