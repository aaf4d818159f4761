//! tierplan-wasm: the browser's door into `tierplan-core`.
//!
//! A thin layer in the manner of ruff's `ruff_wasm`: every export converts
//! its arguments to the core's types and back, and nothing else. Scenarios
//! cross the boundary as JSON text (`JSON.stringify` on the way in,
//! [`tierplan_core::parse_scenario`] to read it — the very function the
//! native CLI uses, so the browser and the shell simulate the same input);
//! results go back through `serde_json` and `JSON.parse`, so a `null` is a
//! `null` and a `u64` counter is a plain number.
//!
//! Two WebAssembly modules are built from this crate, one per feature
//! (`scripts/build-wasm.sh`), so that the stream-level planner, which every
//! visit opens, downloads only what it runs:
//! - `planner`: scenarios (read, validate, presets), the stream-level
//!   `SimJob` and the closed forms of the planner's view;
//! - `studies`: everything else — the optimiser's search, the flash cost
//!   model, the Study claims, the request- and block-level engines and the
//!   log reader — loaded by a worker the first time it needs one of them.
//!
//! Native builds and tests turn both on (the default).
//!
//! The TypeScript types of the `.d.ts` are generated from the core by
//! `build.rs` (ts-rs) and included below; `unchecked_param_type` /
//! `unchecked_return_type` make each export name them.

#[cfg(feature = "studies")]
mod block_sim;
#[cfg(feature = "studies")]
mod block_workloads;
#[cfg(feature = "studies")]
mod logs;
#[cfg(feature = "planner")]
mod planner;
#[cfg(feature = "studies")]
mod studies;

use std::sync::Mutex;

use serde::Serialize;
use tierplan_core::scenario::validate::FieldError;
use tierplan_core::Job;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = include_str!(concat!(env!("OUT_DIR"), "/types.d.ts"));

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = JSON, js_name = parse, catch)]
    fn json_parse(text: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(js_namespace = JSON, js_name = stringify, catch)]
    fn json_stringify(value: &JsValue) -> Result<JsValue, JsValue>;
}

/// The message of the last Rust panic, kept so that the JavaScript side can
/// report it when the instance traps (`RuntimeError: unreachable`).
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

fn panic_hook(info: &std::panic::PanicHookInfo<'_>) {
    if let Ok(mut slot) = LAST_PANIC.lock() {
        *slot = Some(info.to_string());
    }
    console_error_panic_hook::hook(info);
}

/// Runs when the module is instantiated: install the panic hook.
#[wasm_bindgen(start)]
pub fn start() {
    std::panic::set_hook(Box::new(panic_hook));
}

/// The message of the last Rust panic in this instance, if any (an instance
/// that panicked is unusable and must be replaced).
#[wasm_bindgen(js_name = takePanicMessage)]
pub fn take_panic_message() -> Option<String> {
    LAST_PANIC.lock().ok().and_then(|mut s| s.take())
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let text = serde_json::to_string(value).map_err(|e| JsError::new(&e.to_string()))?;
    json_parse(&text).map_err(|_| JsError::new("JSON.parse failed on the core's output"))
}

/// `JSON.stringify(value)` as Rust text; `None` when the value cannot be
/// serialised (undefined, a cycle, a BigInt).
fn js_text(value: &JsValue) -> Option<String> {
    json_stringify(value).ok().and_then(|v| v.as_string())
}

/// The scenario's JSON text, or a field error for the whole scenario.
fn scenario_text(value: &JsValue) -> Result<String, Vec<FieldError>> {
    js_text(value).ok_or_else(|| {
        vec![FieldError {
            path: "(scenario)".into(),
            message: "is not a JSON object".into(),
        }]
    })
}

/// Read and validate a scenario (for calls that use it directly).
fn parse(value: &JsValue) -> Result<tierplan_core::Scenario, Vec<FieldError>> {
    tierplan_core::parse_scenario(&scenario_text(value)?)
}

/// Read a scenario without validating it, for the job constructors: each
/// engine's `new` validates what it is given, so a run is checked once.
fn read(value: &JsValue) -> Result<tierplan_core::Scenario, Vec<FieldError>> {
    tierplan_core::read_scenario(&scenario_text(value)?)
}

// Both modules read and validate scenarios: the planner those of the
// stream level, the studies module those with a `request` or `block`
// section (which the planner's reader does not know).

/// Every problem of a scenario, each with the path of its field; empty when
/// the scenario is valid.
#[wasm_bindgen(unchecked_return_type = "FieldError[]")]
pub fn validate(
    #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: JsValue,
) -> Result<JsValue, JsError> {
    let errors = match parse(&scenario) {
        Ok(_) => Vec::new(),
        Err(errors) => errors,
    };
    to_js(&errors)
}

/// Library size of the scenario's workload in GB (1024³ B): titles × the
/// shares' mean title size (`Workload::library_mb`), read but not range
/// checked; `undefined` when the scenario cannot be read (an emptied
/// field), NaN without a positive share. It reads the scenario with the
/// reader both modules have, so the export adds no deserializer.
#[wasm_bindgen(js_name = libraryGb)]
pub fn library_gb(
    #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: JsValue,
) -> Option<f64> {
    let s = read(&scenario).ok()?;
    Some(s.library_mb() / 1024.0)
}

/// What the scenario's workload implies (`Workload::figures`): the library
/// in GB, the mean video length in seconds and the offered load λ × mean
/// length in streams, the figures the Scenario tab shows beside its fields.
/// Read but not range checked (asked after every edit); `undefined` when the
/// scenario cannot be read (an emptied field), NaN figures without a
/// positive share.
#[wasm_bindgen(js_name = workloadFigures, unchecked_return_type = "WorkloadFigures | undefined")]
pub fn workload_figures(
    #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: JsValue,
) -> Result<JsValue, JsError> {
    match read(&scenario) {
        Ok(s) => to_js(&s.workload.figures()),
        Err(_) => Ok(JsValue::UNDEFINED),
    }
}

/// The arrival rate at which the scenario's classes keep `streams` streams
/// open on average (Little's law, `Workload::rate_for_streams`): what the
/// "Concurrent streams" field stores as λ. `undefined` when the scenario
/// cannot be read; NaN without a positive share.
#[wasm_bindgen(js_name = rateForStreams)]
pub fn rate_for_streams(
    #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: JsValue,
    streams: f64,
) -> Option<f64> {
    let s = read(&scenario).ok()?;
    Some(s.workload.rate_for_streams(streams))
}

/// Erlang B for the scenario's disk tier (model §5: c = the streams all its
/// disks carry, A = λ × video length); `undefined` for a workload of several
/// classes or a disk without a read bandwidth. Throws the field errors of an
/// invalid scenario.
#[wasm_bindgen(js_name = diskTierBlocking)]
pub fn disk_tier_blocking(
    #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: JsValue,
) -> Result<Option<f64>, JsValue> {
    let s = parse(&scenario).map_err(field_errors_js)?;
    Ok(tierplan_core::analytics::disk_tier_blocking(&s))
}

/// The sweeps' static-LFU overlay of the scenario (flash streams and hit
/// ratio, model §7 with the disks as an Erlang loss system); `undefined`
/// without a file cache or for several classes.
#[wasm_bindgen(js_name = staticLfuOverlay, unchecked_return_type = "LfuOverlay | undefined")]
pub fn static_lfu_overlay(
    #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: JsValue,
) -> Result<JsValue, JsValue> {
    let s = parse(&scenario).map_err(field_errors_js)?;
    match tierplan_core::analytics::static_lfu_overlay(&s) {
        Some(o) => to_js(&o).map_err(JsValue::from),
        None => Ok(JsValue::UNDEFINED),
    }
}

/// Read a scenario from JSON text (a file, a shared link) without the range
/// checks: defaults are filled in, while a wrong type, an unknown or a
/// missing field throws its `FieldError[]`. Range problems are left for
/// [`validate`] to report beside each field.
#[wasm_bindgen(js_name = readScenario, unchecked_return_type = "Scenario")]
pub fn read_scenario(json: &str) -> Result<JsValue, JsValue> {
    match tierplan_core::read_scenario(json) {
        Ok(s) => to_js(&s).map_err(JsValue::from),
        Err(errors) => Err(to_js(&errors).map_err(JsValue::from)?),
    }
}

/// A stream-level simulation in progress (in both modules: the planner runs
/// scenarios, the log reader replays logs): all replications of one
/// scenario, advanced in bounded steps so that a worker can report progress and be cancelled.
#[wasm_bindgen]
pub struct SimJob {
    job: Job,
    /// With a server section: the scenario and the server of the fleet
    /// that is simulated (model §10b).
    fleet: Option<(
        tierplan_core::Scenario,
        tierplan_core::stream::fleet::SimulatedServer,
    )>,
}

#[wasm_bindgen]
impl SimJob {
    /// Validate the scenario and prepare the run. Throws the field errors
    /// (a `FieldError[]`) when the scenario is invalid.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: JsValue,
    ) -> Result<SimJob, JsValue> {
        let fail = |errors: Vec<FieldError>| match to_js(&errors) {
            Ok(v) => v,
            Err(e) => JsValue::from(e),
        };
        let scenario = read(&scenario).map_err(fail)?;
        // A scenario with a server runs its fleet's deciding server (the
        // whole scenario for a fleet of one routed to any server).
        if scenario.server.is_some() {
            let (job, who) = Job::fleet(scenario.clone()).map_err(fail)?;
            return Ok(SimJob {
                job,
                fleet: Some((scenario, who)),
            });
        }
        let job = Job::new(scenario).map_err(fail)?;
        Ok(SimJob { job, fleet: None })
    }

    /// The fleet's run (which server was simulated and why, capital, rack
    /// units) once done; `undefined` without a server section.
    #[wasm_bindgen(js_name = fleetRun, unchecked_return_type = "FleetRun | undefined")]
    pub fn fleet_run(&self) -> Result<JsValue, JsError> {
        let (Some((s, who)), Some(r)) = (&self.fleet, self.job.result()) else {
            return Ok(JsValue::UNDEFINED);
        };
        to_js(&tierplan_core::stream::fleet::FleetRun::of(
            s,
            who.clone(),
            r,
        ))
    }

    /// Process up to about `max_events` events; returns the progress.
    #[wasm_bindgen(unchecked_return_type = "Progress")]
    pub fn step(
        &mut self,
        #[wasm_bindgen(js_name = maxEvents)] max_events: u32,
    ) -> Result<JsValue, JsError> {
        let progress = self.job.step(u64::from(max_events));
        to_js(&progress)
    }

    /// The progress so far.
    #[wasm_bindgen(unchecked_return_type = "Progress")]
    pub fn progress(&self) -> Result<JsValue, JsError> {
        to_js(&self.job.progress())
    }

    /// The result; throws if the job is not done yet.
    #[wasm_bindgen(unchecked_return_type = "RunResult")]
    pub fn result(&self) -> Result<JsValue, JsError> {
        match self.job.result() {
            Some(r) => to_js(&r),
            None => Err(JsError::new("the simulation has not finished yet")),
        }
    }
}

#[cfg(feature = "studies")]
fn from_js<T: serde::de::DeserializeOwned>(value: &JsValue, what: &str) -> Result<T, JsError> {
    let text =
        js_text(value).ok_or_else(|| JsError::new(&format!("{what} is not a JSON value")))?;
    tierplan_core::json_read::from_json(&text).map_err(|e| JsError::new(&format!("{what}: {e}")))
}

fn field_errors_js(errors: Vec<FieldError>) -> JsValue {
    match to_js(&errors) {
        Ok(v) => v,
        Err(e) => JsValue::from(e),
    }
}

#[cfg(test)]
mod tests {
    use super::planner::*;

    #[test]
    fn analytics_pass_through() {
        assert!((erlang_b(2, 1.0) - 0.2).abs() < 1e-12);
        assert_eq!(streams_per_bandwidth(155.0, 245.0), 647.0);
        assert_eq!(lifetime_hours(128.0, 10_000, 100.0, 1.0).round(), 3641.0);
        assert!((write_amplification(0.28) - 2.48).abs() < 0.006);
        assert!((zipf_top_k_mass(300, 0.729, 56) - 0.5554).abs() < 0.001);
    }

    #[test]
    fn generated_types_cover_the_boundary() {
        const TS_TYPES: &str = include_str!(concat!(env!("OUT_DIR"), "/types.d.ts"));
        for name in [
            "Scenario",
            "Workload",
            "Device",
            "FlashSpec",
            "FieldError",
            "PresetInfo",
            "Progress",
            "RunResult",
            "Summary",
            "TierSummary",
            "FlashSummary",
            "ReplicationResult",
            "Estimate",
            "Architecture",
            "OptimizeSpec",
            "Candidate",
            "SearchProgress",
            "OptimizeResult",
            "CostParams",
            "FlashTiming",
            "HddTiming",
            "ZipfWorkload",
            "CostPoint",
            "CostGrid",
            "Partition",
            "CostModelReport",
            "GcSimConfig",
            "GcSimResult",
            "Reproduction",
            "ReproScenario",
            "Claim",
            "ReproductionRow",
            "ClaimOutcome",
            "Verdict",
            "StudyConfig",
            "CharacterizeSpec",
            "CharacterizeRow",
            "Characterization",
            "CharacterizeProgress",
            "DeviceFigure",
            "FigureStep",
            "FigureRun",
            "FigureJob",
            "FigureRunDone",
            "FigurePointNow",
            "PointRunsLeft",
            "Saturation",
        ] {
            assert!(
                TS_TYPES.contains(&format!("export type {name} ")),
                "types.d.ts lacks {name}:\n{TS_TYPES}"
            );
        }
        // u64 counters are JSON numbers.
        assert!(!TS_TYPES.contains("bigint"));
    }
}
