//! The studies' module: the optimiser's search, the flash cost model and
//! GC simulator, the Study claims and the request-level engine (the block
//! engine and the log reader are in their own files).

use super::{field_errors_js, from_js, js_text, read, to_js};
use tierplan_core::analytics;
use tierplan_core::analytics::cost_model::CostModelSearch;
use tierplan_core::farm::FarmedStudy;
use tierplan_core::scenario::validate::FieldError;
use wasm_bindgen::prelude::*;

/// The optimiser's exact cost-ordered search (model §10), ask/tell: the
/// caller takes batches of candidate configurations, simulates each (on any
/// worker, in any order) and reports the results back.
#[wasm_bindgen]
pub struct OptimizeSearch {
    search: tierplan_core::optimize::Search,
}

#[wasm_bindgen]
impl OptimizeSearch {
    /// Validate the scenario and the spec and lay out the search space.
    /// Throws the field errors (a `FieldError[]`, spec paths start with
    /// `optimize.`) when either is invalid.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: JsValue,
        #[wasm_bindgen(unchecked_param_type = "OptimizeSpec")] spec: JsValue,
    ) -> Result<OptimizeSearch, JsValue> {
        let fail = |errors: Vec<FieldError>| match to_js(&errors) {
            Ok(v) => v,
            Err(e) => JsValue::from(e),
        };
        let scenario = read(&scenario).map_err(fail)?;
        let spec_text = js_text(&spec).ok_or_else(|| {
            fail(vec![FieldError {
                path: "optimize".into(),
                message: "is not a JSON object".into(),
            }])
        })?;
        let spec = tierplan_core::optimize::parse_spec(&spec_text).map_err(fail)?;
        let search = tierplan_core::optimize::Search::new(scenario, spec).map_err(fail)?;
        Ok(OptimizeSearch { search })
    }

    /// Up to `k` candidates to simulate, cheapest first; empty when the
    /// search is done or everything left waits on candidates in flight.
    #[wasm_bindgen(js_name = nextBatch, unchecked_return_type = "Candidate[]")]
    pub fn next_batch(&mut self, k: u32) -> Result<JsValue, JsError> {
        to_js(&self.search.next_batch(k as usize))
    }

    /// Report the simulation result of candidate `id` (any order); throws
    /// for an id never issued or already reported, or a malformed result.
    pub fn report(
        &mut self,
        id: u32,
        #[wasm_bindgen(unchecked_param_type = "RunResult")] result: JsValue,
    ) -> Result<(), JsError> {
        let text =
            js_text(&result).ok_or_else(|| JsError::new("the result is not a JSON object"))?;
        let r: tierplan_core::RunResult = tierplan_core::json_read::from_json(&text)
            .map_err(|e| JsError::new(&format!("the result is not a RunResult: {e}")))?;
        self.search.report(id, &r).map_err(|e| JsError::new(&e))
    }

    #[wasm_bindgen(unchecked_return_type = "SearchProgress")]
    pub fn progress(&self) -> Result<JsValue, JsError> {
        to_js(&self.search.progress())
    }

    #[wasm_bindgen(js_name = isDone)]
    pub fn is_done(&self) -> bool {
        self.search.is_done()
    }

    /// The result so far (final once `isDone()`).
    #[wasm_bindgen(unchecked_return_type = "OptimizeResult")]
    pub fn result(&self) -> Result<JsValue, JsError> {
        to_js(&self.search.result())
    }
}

/// A one-parameter sweep (`tierplan sweep`) as a farmed study, ask/tell
/// like [`OptimizeSearch`]: every value × replication is a run, simulated
/// on any worker in any order; a point is merged in the core once its last
/// replication is in, so its numbers are those of `tierplan sweep`.
#[wasm_bindgen]
pub struct SweepStudy {
    study: tierplan_core::sweep::SweepStudy,
}

#[wasm_bindgen]
impl SweepStudy {
    /// Check the base scenario and every point's; throws the field errors
    /// (`FieldError[]`, each naming the value) when one is invalid.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: JsValue,
        path: &str,
        values: Vec<f64>,
    ) -> Result<SweepStudy, JsValue> {
        let fail = |errors: Vec<FieldError>| match to_js(&errors) {
            Ok(v) => v,
            Err(e) => JsValue::from(e),
        };
        let text = js_text(&scenario).ok_or_else(|| {
            fail(vec![FieldError {
                path: "(scenario)".into(),
                message: "is not a JSON object".into(),
            }])
        })?;
        let study = tierplan_core::sweep::SweepStudy::new(&text, path, &values).map_err(fail)?;
        Ok(SweepStudy { study })
    }

    /// Up to `k` runs to simulate, value by value.
    #[wasm_bindgen(js_name = nextBatch, unchecked_return_type = "SweepJob[]")]
    pub fn next_batch(&mut self, k: u32) -> Result<JsValue, JsError> {
        to_js(&FarmedStudy::next_batch(&mut self.study, k as usize))
    }

    /// Report the result of run `id` (any order); the index of the point
    /// it completed, if it was that point's last run. Throws for an id
    /// never handed out or already reported, or a malformed result.
    pub fn report(
        &mut self,
        id: u32,
        #[wasm_bindgen(unchecked_param_type = "RunResult")] result: JsValue,
    ) -> Result<Option<u32>, JsError> {
        let text =
            js_text(&result).ok_or_else(|| JsError::new("the result is not a JSON object"))?;
        let r: tierplan_core::RunResult = tierplan_core::json_read::from_json(&text)
            .map_err(|e| JsError::new(&format!("the result is not a RunResult: {e}")))?;
        FarmedStudy::report(&mut self.study, id, &r).map_err(|e| JsError::new(&e))?;
        Ok(self.study.completed_by(id))
    }

    /// The whole run's result of point `point` (its replications merged),
    /// once all are in; `undefined` before.
    #[wasm_bindgen(js_name = pointResult, unchecked_return_type = "RunResult | undefined")]
    pub fn point_result(&self, point: u32) -> Result<JsValue, JsError> {
        match self.study.point_result(point as usize) {
            Some(r) => to_js(r),
            None => Ok(JsValue::UNDEFINED),
        }
    }

    #[wasm_bindgen(unchecked_return_type = "SweepProgress")]
    pub fn progress(&self) -> Result<JsValue, JsError> {
        to_js(&FarmedStudy::progress(&self.study))
    }

    #[wasm_bindgen(js_name = isDone)]
    pub fn is_done(&self) -> bool {
        FarmedStudy::is_done(&self.study)
    }
}

/// The fleet search (model §10b), ask/tell like [`OptimizeSearch`]: its
/// candidates are single servers, simulated on any worker in any order.
#[wasm_bindgen]
pub struct FleetSearch {
    search: tierplan_core::optimize::fleet::FleetSearch,
}

#[wasm_bindgen]
impl FleetSearch {
    /// Lay out the fleet's space; throws the field errors (`FieldError[]`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: JsValue,
        #[wasm_bindgen(unchecked_param_type = "OptimizeSpec")] spec: JsValue,
        #[wasm_bindgen(unchecked_param_type = "FleetRequest")] request: JsValue,
    ) -> Result<FleetSearch, JsValue> {
        let fail = |errors: Vec<FieldError>| match to_js(&errors) {
            Ok(v) => v,
            Err(e) => JsValue::from(e),
        };
        let not_object = |path: &str| {
            fail(vec![FieldError {
                path: path.into(),
                message: "is not a JSON object".into(),
            }])
        };
        let scenario = read(&scenario).map_err(fail)?;
        let spec_text = js_text(&spec).ok_or_else(|| not_object("optimize"))?;
        let spec = tierplan_core::optimize::parse_spec(&spec_text).map_err(fail)?;
        let request_text = js_text(&request).ok_or_else(|| not_object("fleet"))?;
        let request: tierplan_core::optimize::fleet::FleetRequest =
            tierplan_core::json_read::from_json(&request_text).map_err(|e| {
                fail(vec![FieldError {
                    path: "fleet".into(),
                    message: e.to_string(),
                }])
            })?;
        let search =
            tierplan_core::optimize::fleet::FleetSearch::with_request(scenario, spec, &request)
                .map_err(fail)?;
        Ok(FleetSearch { search })
    }

    /// Up to `k` candidate servers to simulate.
    #[wasm_bindgen(js_name = nextBatch, unchecked_return_type = "Candidate[]")]
    pub fn next_batch(&mut self, k: u32) -> Result<JsValue, JsError> {
        to_js(&self.search.next_batch(k as usize))
    }

    /// Report the simulation result of candidate `id` (any order).
    pub fn report(
        &mut self,
        id: u32,
        #[wasm_bindgen(unchecked_param_type = "RunResult")] result: JsValue,
    ) -> Result<(), JsError> {
        let text =
            js_text(&result).ok_or_else(|| JsError::new("the result is not a JSON object"))?;
        let r: tierplan_core::RunResult = tierplan_core::json_read::from_json(&text)
            .map_err(|e| JsError::new(&format!("the result is not a RunResult: {e}")))?;
        self.search.report(id, &r).map_err(|e| JsError::new(&e))
    }

    #[wasm_bindgen(unchecked_return_type = "FleetProgress")]
    pub fn progress(&self) -> Result<JsValue, JsError> {
        to_js(&self.search.progress())
    }

    #[wasm_bindgen(js_name = isDone)]
    pub fn is_done(&self) -> bool {
        self.search.is_done()
    }

    /// The result so far (plans once `isDone()`).
    #[wasm_bindgen(unchecked_return_type = "FleetResult")]
    pub fn result(&self) -> Result<JsValue, JsError> {
        let r = self.search.result().map_err(|e| {
            JsError::new(
                &e.iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
                    .join("; "),
            )
        })?;
        to_js(&r)
    }
}

/// The HTTP tab's miss-ratio figure as a farmed study, ask/tell like
/// [`OptimizeSearch`] (the core's `FigureStudy`): the caller takes runs
/// (one replication of one point each), simulates them on any worker in
/// any order, and reports each run's `result.replications[0]` back by id.
#[wasm_bindgen]
pub struct FigureStudy {
    study: tierplan_core::request::figure::FigureStudy,
}

#[wasm_bindgen]
impl FigureStudy {
    /// The figure before any run. Throws the problems as `FieldError[]`:
    /// the base's, or the settings' (paths `figure.<setting>`).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "Scenario")] base: JsValue,
        #[wasm_bindgen(unchecked_param_type = "FigureSettings")] settings: JsValue,
        #[wasm_bindgen(unchecked_param_type = "FigureSeries[]")] series: JsValue,
    ) -> Result<FigureStudy, JsValue> {
        use tierplan_core::request::figure::{FigureSeries, FigureSettings};
        let base = read(&base).map_err(field_errors_js)?;
        let settings: FigureSettings = from_js(&settings, "the figure's settings")?;
        let series: Vec<FigureSeries> = from_js(&series, "the figure's series")?;
        let study = tierplan_core::request::figure::FigureStudy::new(base, settings, series)
            .map_err(figure_errors)?;
        Ok(FigureStudy { study })
    }

    /// Up to `k` runs to simulate: the pass's longest first, then runs a
    /// later pass is certain to list; empty when the figure is finished or
    /// everything left waits on runs in flight.
    #[wasm_bindgen(js_name = nextBatch, unchecked_return_type = "FigureJob[]")]
    pub fn next_batch(&mut self, k: u32) -> Result<JsValue, JsError> {
        use tierplan_core::farm::FarmedStudy;
        to_js(&self.study.next_batch(k as usize))
    }

    /// Report run `id`'s outcome, its `RequestResult`'s `replications[0]`
    /// (any order); throws for an id never handed out or already reported,
    /// or a malformed outcome.
    pub fn report(
        &mut self,
        id: u32,
        #[wasm_bindgen(unchecked_param_type = "RequestReplication")] outcome: JsValue,
    ) -> Result<(), JsError> {
        use tierplan_core::farm::FarmedStudy;
        let text =
            js_text(&outcome).ok_or_else(|| JsError::new("the outcome is not a JSON object"))?;
        let o: tierplan_core::request::RequestReplication =
            tierplan_core::json_read::from_json(&text).map_err(|e| {
                JsError::new(&format!("the outcome is not a request replication: {e}"))
            })?;
        self.study.report(id, &o).map_err(|e| JsError::new(&e))
    }

    /// Where the figure stands after the runs reported: the points so far,
    /// the pass, the cost done and left, the runs each point still needs —
    /// not the runs to come (`result()` has them), whose scenarios made the
    /// step up to 200 KB, copied to the page after every run.
    #[wasm_bindgen(unchecked_return_type = "FigureProgress")]
    pub fn progress(&self) -> Result<JsValue, JsError> {
        use tierplan_core::request::figure::FigureProgress;
        to_js(&FigureProgress::from(self.study.step()))
    }

    #[wasm_bindgen(js_name = isDone)]
    pub fn is_done(&self) -> bool {
        use tierplan_core::farm::FarmedStudy;
        self.study.is_done()
    }

    /// The figure so far (final once `isDone()`).
    #[wasm_bindgen(unchecked_return_type = "FigureStep")]
    pub fn result(&self) -> Result<JsValue, JsError> {
        use tierplan_core::farm::FarmedStudy;
        to_js(&self.study.answer())
    }
}

// ---- Flash endurance and the hybrid cost model (issue #7) ----

use tierplan_core::analytics::cost_model::{
    self as cost_model, CostModelSpec, CostParams, FlashTiming, HddTiming,
};
use tierplan_core::analytics::gc_sim::GcSimConfig;

/// HySSC flash timings by cell type (`slc`, `mlc`, `tlc`; QLC is not in the
/// study and has none).
#[wasm_bindgen(js_name = flashTiming, unchecked_return_type = "FlashTiming")]
pub fn flash_timing(
    #[wasm_bindgen(unchecked_param_type = "CellType")] cell: JsValue,
) -> Result<JsValue, JsError> {
    let cell: tierplan_core::scenario::CellType = from_js(&cell, "cell")?;
    match cost_model::flash_timing(cell) {
        Some(t) => to_js(&t),
        None => Err(JsError::new(
            "cell: the HySSC study gives timings for slc, mlc and tlc only",
        )),
    }
}

/// The assumed disk of the cost model (no source study gives one).
#[wasm_bindgen(js_name = hddTimingAssumed, unchecked_return_type = "HddTiming")]
pub fn hdd_timing_assumed() -> Result<JsValue, JsError> {
    to_js(&cost_model::HDD_10K_ASSUMED)
}

/// Every value of the cost model that is an assumption, as labels.
#[wasm_bindgen(js_name = costModelAssumptions)]
pub fn cost_model_assumptions() -> Vec<String> {
    cost_model::COST_MODEL_ASSUMPTIONS
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// The FAST'12 over-provisioning example: every cost-model input a
/// scenario without its own `cost_model` shows.
#[wasm_bindgen(js_name = defaultCostModelSpec, unchecked_return_type = "CostModelSpec")]
pub fn default_cost_model_spec() -> Result<JsValue, JsError> {
    to_js(&CostModelSpec::fast12_example())
}

/// Cost-model inputs from a chip's and a disk's timings and a write share.
#[wasm_bindgen(js_name = costParamsFromTimings, unchecked_return_type = "CostParams")]
pub fn cost_params_from_timings(
    #[wasm_bindgen(unchecked_param_type = "FlashTiming")] flash: JsValue,
    #[wasm_bindgen(unchecked_param_type = "HddTiming")] hdd: JsValue,
    #[wasm_bindgen(js_name = ioW)] io_w: f64,
) -> Result<JsValue, JsError> {
    let flash: FlashTiming = from_js(&flash, "flash timing")?;
    let hdd: HddTiming = from_js(&hdd, "disk timing")?;
    to_js(&CostParams::from_timings(&flash, &hdd, io_w))
}

/// A cost-model spec checked by the core; a bad one throws every problem,
/// each as `cost_model.<field>: <value and allowed range>`.
fn checked_spec(spec: &JsValue) -> Result<CostModelSpec, JsError> {
    let spec: CostModelSpec = from_js(spec, "cost_model")?;
    let errors = tierplan_core::scenario::validate::validate_cost_model(&spec);
    if errors.is_empty() {
        Ok(spec)
    } else {
        let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        Err(JsError::new(&text.join("; ")))
    }
}

/// Grid search of C_H(u, r) on the Zipf hit-ratio curves, with the cache's
/// partition at the optimum.
#[wasm_bindgen(js_name = costModel, unchecked_return_type = "CostModelReport")]
pub fn cost_model_report(
    #[wasm_bindgen(unchecked_param_type = "CostModelSpec")] spec: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&checked_spec(&spec)?.report())
}

/// The optimum at each write share of the core's sweep, other inputs kept.
#[wasm_bindgen(js_name = costModelWriteSweep, unchecked_return_type = "WriteShareOptimum[]")]
pub fn cost_model_write_sweep(
    #[wasm_bindgen(unchecked_param_type = "CostModelSpec")] spec: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&checked_spec(&spec)?.write_share_sweep())
}

/// How a flash cache of `total_gb` splits at (u, r).
#[wasm_bindgen(unchecked_return_type = "Partition")]
pub fn partition(
    #[wasm_bindgen(js_name = totalGb)] total_gb: f64,
    u: f64,
    r: f64,
) -> Result<JsValue, JsError> {
    to_js(&cost_model::partition(total_gb, u, r))
}

/// The greedy-GC simulator's default size for spare factor ρ and a seed.
#[wasm_bindgen(js_name = gcSimConfig, unchecked_return_type = "GcSimConfig")]
pub fn gc_sim_config(
    #[wasm_bindgen(js_name = spareFactor)] spare_factor: f64,
    seed: u32,
) -> Result<JsValue, JsError> {
    to_js(&GcSimConfig::small(spare_factor, u64::from(seed)))
}

/// Largest flash the GC simulator is asked to model from the browser
/// (pages), so that one call stays well under a second.
const MAX_GC_SIM_PAGES: u64 = 1 << 22;

/// One greedy-GC simulation; throws a message naming a bad setting.
#[wasm_bindgen(js_name = simulateGreedyGc, unchecked_return_type = "GcSimResult")]
pub fn simulate_greedy_gc(
    #[wasm_bindgen(unchecked_param_type = "GcSimConfig")] config: JsValue,
) -> Result<JsValue, JsError> {
    let cfg: GcSimConfig = from_js(&config, "GC simulator settings")?;
    if u64::from(cfg.blocks) * u64::from(cfg.pages_per_block) > MAX_GC_SIM_PAGES
        || cfg.warmup_passes + cfg.measured_passes > 50.0
    {
        return Err(JsError::new(&format!(
            "blocks × pages_per_block must be ≤ {MAX_GC_SIM_PAGES} and warmup_passes + measured_passes ≤ 50"
        )));
    }
    match analytics::simulate_greedy_gc(&cfg) {
        Ok(r) => to_js(&r),
        Err(e) => Err(JsError::new(&e)),
    }
}

/// (ρ, WA by the Lambert-W formula, WA simulated under greedy GC) for each
/// ρ, each simulated with `base` but that spare factor; NaN (JSON `null`)
/// where the simulator cannot run that ρ.
#[wasm_bindgen(js_name = waComparison, unchecked_return_type = "[number, number, number | null][]")]
pub fn wa_comparison(
    rhos: Vec<f64>,
    #[wasm_bindgen(unchecked_param_type = "GcSimConfig")] base: JsValue,
) -> Result<JsValue, JsError> {
    let base: GcSimConfig = from_js(&base, "GC simulator settings")?;
    if u64::from(base.blocks) * u64::from(base.pages_per_block) > MAX_GC_SIM_PAGES
        || base.warmup_passes + base.measured_passes > 50.0
        || rhos.len() > 64
    {
        return Err(JsError::new(&format!(
            "blocks × pages_per_block must be ≤ {MAX_GC_SIM_PAGES}, warmup_passes + measured_passes ≤ 50, and at most 64 values of ρ"
        )));
    }
    to_js(&analytics::wa_comparison(&rhos, &base))
}

/// (ρ, WA by the Lambert-W formula) for the WA-versus-ρ curve.
#[wasm_bindgen(js_name = waCurve, unchecked_return_type = "[number, number][]")]
pub fn wa_curve(rhos: Vec<f64>) -> Result<JsValue, JsError> {
    to_js(&analytics::wa_curve(&rhos))
}

// ---- The reproduction page (model §12) ----

use tierplan_core::reproduce;

/// Every published claim, how we compute ours, and the scenarios the
/// simulated ones run (by id).
/// The published servers' claims (model §10b), each from a short run.
#[wasm_bindgen(js_name = publishedServerClaims, unchecked_return_type = "ServerClaim[]")]
pub fn published_server_claims() -> Result<JsValue, JsValue> {
    match tierplan_core::published_servers::published_server_claims() {
        Ok(rows) => to_js(&rows).map_err(JsValue::from),
        Err(errors) => Err(field_errors_js(errors)),
    }
}

#[wasm_bindgen(js_name = reproductionClaims, unchecked_return_type = "Reproduction")]
pub fn reproduction_claims() -> Result<JsValue, JsError> {
    to_js(&reproduce::reproduction())
}

/// The table for the simulation results at hand, keyed by scenario id
/// (`{}` gives the closed forms; claims whose runs are missing are
/// `pending`). The same function `tierplan reproduce` prints.
#[wasm_bindgen(js_name = evaluateClaims, unchecked_return_type = "ReproductionRow[]")]
pub fn evaluate_claims(
    #[wasm_bindgen(unchecked_param_type = "Record<string, RunResult>")] results: JsValue,
) -> Result<JsValue, JsError> {
    let results: std::collections::BTreeMap<String, tierplan_core::RunResult> =
        from_js(&results, "results")?;
    to_js(&reproduce::reproduction_table(
        &reproduce::reproduction(),
        &results,
    ))
}

/// The table with request-level results too: `requests` maps each
/// `Reproduction.request_scenarios[].id` to `{ kind: "run", result:
/// RequestResult }` (from `RequestSimJob`) or `{ kind: "max_rate", result:
/// MaxRateResult }` (from `MaxRateSearch`, for scenarios with `search`).
/// Missing ones leave their rows `pending`. `tierplan reproduce` prints the
/// same table.
#[wasm_bindgen(js_name = evaluateClaimsWithRequests, unchecked_return_type = "ReproductionRow[]")]
pub fn evaluate_claims_with_requests(
    #[wasm_bindgen(unchecked_param_type = "Record<string, RunResult>")] results: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Record<string, RequestOutput>")] requests: JsValue,
) -> Result<JsValue, JsError> {
    let results: std::collections::BTreeMap<String, tierplan_core::RunResult> =
        from_js(&results, "results")?;
    let requests: std::collections::BTreeMap<String, reproduce::RequestOutput> =
        from_js(&requests, "requests")?;
    to_js(&reproduce::reproduction_table_with(
        &reproduce::reproduction(),
        &results,
        &requests,
    ))
}

/// The MMSys'11 cost table (each architecture's configuration and streams
/// per dollar as the study reports them).
#[wasm_bindgen(js_name = studyCostTable, unchecked_return_type = "StudyConfig[]")]
pub fn study_cost_table() -> Result<JsValue, JsError> {
    to_js(&reproduce::mmsys11_cost_table())
}

/// Why a configuration that meets the study's capacity rule still rejects
/// in the simulation ("" when it rejects nothing).
#[wasm_bindgen(js_name = rejectionNote)]
pub fn rejection_note(
    #[wasm_bindgen(unchecked_param_type = "RunResult")] result: JsValue,
    what: &str,
) -> Result<String, JsError> {
    let r: tierplan_core::RunResult = from_js(&result, "result")?;
    Ok(reproduce::rejection_note(&r, what))
}

// ---- The request-level engine (model §11, issue #11) ----

use tierplan_core::request::{MaxRateJob, RequestJob};

/// A request-level simulation in progress: all replications of one
/// scenario with a `request` section, advanced in bounded steps.
#[wasm_bindgen(js_name = RequestSimJob)]
pub struct RequestSimJob {
    job: RequestJob,
}

#[wasm_bindgen(js_class = RequestSimJob)]
impl RequestSimJob {
    /// Validate the scenario (it must have `request`) and prepare the run.
    /// Throws the field errors (a `FieldError[]`) when it is invalid.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: JsValue,
    ) -> Result<RequestSimJob, JsValue> {
        let scenario = read(&scenario).map_err(field_errors_js)?;
        let job = RequestJob::new(scenario).map_err(field_errors_js)?;
        Ok(RequestSimJob { job })
    }

    /// Process up to about `maxIos` events (I/O completions and arrivals).
    #[wasm_bindgen(unchecked_return_type = "Progress")]
    pub fn step(
        &mut self,
        #[wasm_bindgen(js_name = maxIos)] max_ios: u32,
    ) -> Result<JsValue, JsError> {
        to_js(&self.job.step(u64::from(max_ios)))
    }

    #[wasm_bindgen(unchecked_return_type = "Progress")]
    pub fn progress(&self) -> Result<JsValue, JsError> {
        to_js(&self.job.progress())
    }

    /// The result; throws if the job is not done yet.
    #[wasm_bindgen(unchecked_return_type = "RequestResult")]
    pub fn result(&self) -> Result<JsValue, JsError> {
        match self.job.result() {
            Some(r) => to_js(&r),
            None => Err(JsError::new("the simulation has not finished yet")),
        }
    }
}

/// The highest request rate meeting `request.search.miss_target`,
/// bisection over `request.search` rates, each point a full run.
#[wasm_bindgen(js_name = MaxRateSearch)]
pub struct MaxRateSearch {
    job: MaxRateJob,
}

#[wasm_bindgen(js_class = MaxRateSearch)]
impl MaxRateSearch {
    /// Throws the field errors (a `FieldError[]`) when the scenario is
    /// invalid at either end of the search range.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: JsValue,
    ) -> Result<MaxRateSearch, JsValue> {
        let scenario = read(&scenario).map_err(field_errors_js)?;
        let job = MaxRateJob::new(scenario).map_err(field_errors_js)?;
        Ok(MaxRateSearch { job })
    }

    /// Bracket the search with a point simulated elsewhere (a
    /// `RequestResult` of the same scenario at its rate).
    #[wasm_bindgen(js_name = addKnown)]
    pub fn add_known(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "RequestResult")] result: JsValue,
    ) -> Result<(), JsError> {
        let r: tierplan_core::request::RequestResult = from_js(&result, "result")?;
        self.job.add_known(&r);
        Ok(())
    }

    #[wasm_bindgen(unchecked_return_type = "MaxRateProgress")]
    pub fn step(
        &mut self,
        #[wasm_bindgen(js_name = maxIos)] max_ios: u32,
    ) -> Result<JsValue, JsError> {
        to_js(&self.job.step(u64::from(max_ios)))
    }

    #[wasm_bindgen(unchecked_return_type = "MaxRateProgress")]
    pub fn progress(&self) -> Result<JsValue, JsError> {
        to_js(&self.job.progress())
    }

    /// The result so far (final once progress says `done`). Throws the
    /// field errors (a `FieldError[]`) of a rate the search could not run.
    #[wasm_bindgen(unchecked_return_type = "MaxRateResult")]
    pub fn result(&self) -> Result<JsValue, JsValue> {
        let r = self.job.result().map_err(field_errors_js)?;
        to_js(&r).map_err(JsValue::from)
    }
}

/// The I/O stream of replication 0 as CSV (time_s, op, device, address,
/// size), at most `maxRows` rows. Throws `FieldError[]` for a bad scenario.
#[wasm_bindgen(js_name = exportIo)]
pub fn export_io(
    #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: JsValue,
    #[wasm_bindgen(js_name = maxRows)] max_rows: u32,
) -> Result<String, JsValue> {
    let scenario = read(&scenario).map_err(field_errors_js)?;
    tierplan_core::request::export_io(&scenario, u64::from(max_rows)).map_err(field_errors_js)
}

/// The request-level presets (the NOSSDAV'12 configurations).
#[wasm_bindgen(js_name = listRequestPresets, unchecked_return_type = "PresetInfo[]")]
pub fn list_request_presets() -> Result<JsValue, JsError> {
    to_js(&tierplan_core::scenario::presets::request_presets())
}

/// One request-level preset scenario by id; throws for an unknown id.
#[wasm_bindgen(js_name = requestPreset, unchecked_return_type = "Scenario")]
pub fn request_preset(id: &str) -> Result<JsValue, JsError> {
    match tierplan_core::scenario::presets::request_preset(id) {
        Some(s) => to_js(&s),
        None => Err(JsError::new(&format!("unknown preset \"{id}\""))),
    }
}

/// The disks and SSDs of the request-level study, with their timing.
#[wasm_bindgen(js_name = requestDevicePresets, unchecked_return_type = "Device[]")]
pub fn request_device_presets() -> Result<JsValue, JsError> {
    to_js(&tierplan_core::scenario::presets::request_device_presets())
}

/// The default request section (model §11 defaults) for a scenario that has
/// none yet.
#[wasm_bindgen(js_name = defaultRequestSpec, unchecked_return_type = "RequestSpec")]
pub fn default_request_spec() -> Result<JsValue, JsError> {
    to_js(&tierplan_core::scenario::request::RequestSpec::default())
}

/// The SSD command depths the scenario's request cache may ask for: the
/// default when `ssd_queue_depth` is absent and the most its drive takes;
/// `null` without a request section. The scenario is read, not validated
/// (the editor asks while a draft is still invalid).
#[wasm_bindgen(js_name = ssdQueueDepths, unchecked_return_type = "SsdQueueDepths | null")]
pub fn ssd_queue_depths(
    #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: JsValue,
) -> Result<JsValue, JsValue> {
    let s = read(&scenario).map_err(field_errors_js)?;
    Ok(to_js(&tierplan_core::scenario::request::ssd_queue_depths(
        &s,
    ))?)
}

// ---- Device characterisation (model §11, issue 22) ----

use tierplan_core::characterize::CharacterizeSpec;

/// Microbenchmarks of one catalog device's model, as `tierplan characterize`
/// runs them (4 KB random and 128 KB sequential reads and writes, a 70/30
/// mix; each queue depth; fresh and, for an SSD, steady state after the
/// preconditioning whose throughput over time is returned too), advanced in
/// bounded steps so the worker can report progress and stop between them.
#[wasm_bindgen(js_name = Characterizer)]
pub struct CharacterizerJob {
    job: tierplan_core::characterize::Characterizer,
}

#[wasm_bindgen(js_class = Characterizer)]
impl CharacterizerJob {
    /// Throws the field errors (`FieldError[]`: `device.…`, `characterize.…`)
    /// of a device or spec it cannot characterise.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "Device")] device: JsValue,
        #[wasm_bindgen(unchecked_param_type = "CharacterizeSpec")] spec: JsValue,
    ) -> Result<CharacterizerJob, JsValue> {
        let device: tierplan_core::scenario::Device = from_js(&device, "device")?;
        let spec: CharacterizeSpec = from_js(&spec, "characterize")?;
        let device =
            tierplan_core::scenario::validate::validate_device(device).map_err(field_errors_js)?;
        let job = tierplan_core::characterize::Characterizer::new(&device, &spec)
            .map_err(field_errors_js)?;
        Ok(CharacterizerJob { job })
    }

    /// Simulate about `maxIos` I/Os (preconditioning writes, then measured
    /// tests one whole test at a time).
    #[wasm_bindgen(unchecked_return_type = "CharacterizeProgress")]
    pub fn step(
        &mut self,
        #[wasm_bindgen(js_name = maxIos)] max_ios: u32,
    ) -> Result<JsValue, JsError> {
        to_js(&self.job.step(u64::from(max_ios)))
    }

    /// The characterisation; throws if the job is not done yet.
    #[wasm_bindgen(unchecked_return_type = "Characterization")]
    pub fn result(&self) -> Result<JsValue, JsError> {
        match self.job.result() {
            Some(c) => to_js(&c),
            None => Err(JsError::new("the characterisation has not finished yet")),
        }
    }
}

/// What characterising the device by the spec will run, before it runs:
/// the SSD model the core's one rule picks (null for a disk) and the 4 KB
/// writes its preconditioning simulates one by one (0 when the scalable
/// model samples them).
#[wasm_bindgen(js_name = characterizePlan, unchecked_return_type = "CharacterizePlan")]
pub fn characterize_plan(
    #[wasm_bindgen(unchecked_param_type = "Device")] device: JsValue,
    #[wasm_bindgen(unchecked_param_type = "CharacterizeSpec")] spec: JsValue,
) -> Result<JsValue, JsError> {
    let device: tierplan_core::scenario::Device = from_js(&device, "device")?;
    let spec: CharacterizeSpec = from_js(&spec, "characterize")?;
    to_js(&tierplan_core::characterize::characterize_plan(
        &device, &spec,
    ))
}

/// The spec `tierplan characterize` runs by default.
#[wasm_bindgen(js_name = defaultCharacterizeSpec, unchecked_return_type = "CharacterizeSpec")]
pub fn default_characterize_spec() -> Result<JsValue, JsError> {
    to_js(&CharacterizeSpec::default())
}

/// Every published figure of the presets' real drives (measured by a study
/// or rated by the datasheet), each naming the characterisation test it
/// compares with.
#[wasm_bindgen(js_name = deviceFigures, unchecked_return_type = "DeviceFigure[]")]
pub fn device_figures() -> Result<JsValue, JsError> {
    to_js(&tierplan_core::scenario::presets::device_figures())
}

/// Request rates of the scenario's segment workload as Gb/s and viewers
/// playing at once; throws a `FieldError[]` when it has no request section.
#[wasm_bindgen(js_name = rateLoads, unchecked_return_type = "RateLoad[]")]
pub fn rate_loads(
    #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: JsValue,
    rates: Vec<f64>,
) -> Result<JsValue, JsValue> {
    use tierplan_core::request::rate_load;
    let s = read(&scenario).map_err(field_errors_js)?;
    let Some(r) = s.request.as_ref() else {
        return Err(field_errors_js(vec![
            tierplan_core::scenario::validate::request_section_missing(),
        ]));
    };
    let loads: Vec<_> = rates.iter().map(|&x| rate_load(&r.workload, x)).collect();
    to_js(&loads).map_err(JsValue::from)
}

/// The HTTP tab's figure settings read by the core: the rates they give,
/// or their problems as `FieldError[]` (paths `figure.<setting>`).
#[wasm_bindgen(js_name = figureOutline, unchecked_return_type = "FigureOutline")]
pub fn figure_outline(
    #[wasm_bindgen(unchecked_param_type = "FigureForm")] settings: JsValue,
) -> Result<JsValue, JsError> {
    use tierplan_core::request::figure::{self, FigureForm};
    let form: FigureForm = from_js(&settings, "the figure's settings")?;
    to_js(&figure::figure_outline(&form))
}

/// The scenario of one figure series at `rate` (the series' policy and
/// start, the figure's run settings), as the figure runs it; throws a
/// `FieldError[]` when the base has no request section.
#[wasm_bindgen(js_name = figurePointScenario, unchecked_return_type = "Scenario")]
pub fn figure_point_scenario(
    #[wasm_bindgen(unchecked_param_type = "Scenario")] base: JsValue,
    #[wasm_bindgen(unchecked_param_type = "FigureSeries")] series: JsValue,
    rate: f64,
    #[wasm_bindgen(unchecked_param_type = "FigureSettings")] settings: JsValue,
) -> Result<JsValue, JsValue> {
    use tierplan_core::request::figure::{self, FigureSeries, FigureSettings};
    let base = read(&base).map_err(field_errors_js)?;
    let series: FigureSeries = from_js(&series, "the figure's series")?;
    let settings: FigureSettings = from_js(&settings, "the figure's settings")?;
    match figure::point_scenario(&base, series, rate, &settings) {
        Some(s) => Ok(to_js(&s)?),
        None => Err(field_errors_js(vec![FieldError {
            path: "request".into(),
            message: "is missing: the figure needs a request-level scenario".into(),
        }])),
    }
}

/// The figure's (setting, message) problems as a thrown `FieldError[]`.
fn figure_errors(errs: Vec<(&'static str, &'static str)>) -> JsValue {
    field_errors_js(
        errs.into_iter()
            .map(|(name, message)| FieldError {
                path: format!("figure.{name}"),
                message: message.into(),
            })
            .collect(),
    )
}

/// The HTTP tab's miss-ratio figure: its points (series, rate, the point's
/// scenario and relative cost), longest first. Throws the settings'
/// problems as `FieldError[]` (paths `figure.<setting>`).
#[wasm_bindgen(js_name = figurePlan, unchecked_return_type = "FigurePlanPoint[]")]
pub fn figure_plan(
    #[wasm_bindgen(unchecked_param_type = "Scenario")] base: JsValue,
    #[wasm_bindgen(unchecked_param_type = "FigureSettings")] settings: JsValue,
    #[wasm_bindgen(unchecked_param_type = "FigureSeries[]")] series: JsValue,
) -> Result<JsValue, JsValue> {
    use tierplan_core::request::figure::{self, FigureSeries, FigureSettings};
    let base = read(&base).map_err(field_errors_js)?;
    let settings: FigureSettings = from_js(&settings, "the figure's settings")?;
    let series: Vec<FigureSeries> = from_js(&series, "the figure's series")?;
    figure::figure_plan(&base, &settings, &series)
        .map_err(figure_errors)
        .and_then(|points| Ok(to_js(&points)?))
}
