//! Request logs in the browser (model §14): the detector, a streaming parser
//! object a worker feeds with file slices, the fits, "use this fit", the
//! replay job and the peak hour. Thin wrappers over `tierplan_core::logs`.

use super::{parse, to_js, SimJob};
use tierplan_core::logs::{self, replay_search, scenario, ColumnMap, LogParser};
use tierplan_core::progress::SteppedJob;
use tierplan_core::scenario::validate::FieldError;
use wasm_bindgen::prelude::*;

fn errors_js(errors: Vec<FieldError>) -> JsValue {
    match to_js(&errors) {
        Ok(v) => v,
        Err(e) => JsValue::from(e),
    }
}

/// Guess the format and the column mapping from the first bytes of a file.
#[wasm_bindgen(js_name = detectLog, unchecked_return_type = "Detection")]
pub fn detect_log(sample: &[u8]) -> Result<JsValue, JsError> {
    to_js(&logs::detect(sample))
}

/// A log being read: `feed` it the file's bytes in chunks of any size, then
/// `finish`, then ask for the fit, the aggregated counts, the fitted
/// scenario or a replay job. Memory grows with distinct titles only (plus
/// 16 bytes a request when kept for a replay).
#[wasm_bindgen]
pub struct LogParse {
    parser: LogParser,
    finished: bool,
}

#[wasm_bindgen]
impl LogParse {
    /// Throws a message when the mapping names no timestamp or title column.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "ColumnMap")] map: JsValue,
        #[wasm_bindgen(js_name = keepTrace)] keep_trace: bool,
    ) -> Result<LogParse, JsError> {
        let text = super::js_text(&map)
            .ok_or_else(|| JsError::new("the column map is not a JSON object"))?;
        let map: ColumnMap = tierplan_core::json_read::from_json(&text)
            .map_err(|e| JsError::new(&format!("column map: {e}")))?;
        let parser = LogParser::new(map, keep_trace).map_err(|e| JsError::new(&e))?;
        Ok(LogParse {
            parser,
            finished: false,
        })
    }

    pub fn feed(&mut self, chunk: &[u8]) {
        self.parser.feed(chunk);
    }

    #[wasm_bindgen(unchecked_return_type = "ParseProgress")]
    pub fn progress(&self) -> Result<JsValue, JsError> {
        to_js(&self.parser.progress())
    }

    /// The end of the file. Throws when the header lacks a mapped column.
    #[wasm_bindgen(unchecked_return_type = "ParseProgress")]
    pub fn finish(&mut self) -> Result<JsValue, JsError> {
        if !self.finished {
            self.parser.finish();
            self.finished = true;
        }
        if let Some(e) = &self.parser.tally.mapping_error {
            return Err(JsError::new(e));
        }
        to_js(&self.parser.progress())
    }

    #[wasm_bindgen(unchecked_return_type = "LogFit")]
    pub fn fit(&self) -> Result<JsValue, JsError> {
        to_js(&logs::fit(&self.parser.tally))
    }

    /// The aggregated counts (kind,key,count) of what was read.
    #[wasm_bindgen(js_name = countsCsv)]
    pub fn counts_csv(&self) -> String {
        self.parser.tally.to_counts_csv()
    }

    /// The base scenario with the fitted workload; throws `FieldError[]`.
    #[wasm_bindgen(js_name = fittedScenario, unchecked_return_type = "Scenario")]
    pub fn fitted_scenario(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Scenario")] base: JsValue,
    ) -> Result<JsValue, JsValue> {
        let base = parse(&base).map_err(errors_js)?;
        let fit = logs::fit(&self.parser.tally);
        let s = scenario::fitted_scenario(&base, &fit).map_err(errors_js)?;
        to_js(&s).map_err(JsValue::from)
    }

    /// Title-level hit-ratio curves (static LFU, the fitted Zipf model's
    /// top-N mass; with the kept requests LRU, and windowed LFU when
    /// `windowH` is given). Throws a `window_h: …` message for a bad window.
    #[wasm_bindgen(js_name = titleCurves, unchecked_return_type = "TitleCurves")]
    pub fn title_curves(
        &self,
        #[wasm_bindgen(js_name = windowH)] window_h: Option<f64>,
    ) -> Result<JsValue, JsError> {
        if let Some(w) = window_h {
            logs::curves::check_window_h(w).map_err(|e| JsError::new(&e))?;
        }
        let trace = self.parser.trace.as_deref().filter(|t| !t.is_empty());
        to_js(&logs::curves::title_curves(
            &self.parser.tally,
            trace,
            &[],
            window_h.filter(|_| trace.is_some()),
        ))
    }

    /// Whether every request was kept, so the log can be replayed.
    #[wasm_bindgen(js_name = canReplay)]
    pub fn can_replay(&self) -> bool {
        self.parser.trace.as_ref().is_some_and(|t| !t.is_empty())
    }

    /// A job replaying the log in `windows` consecutive windows (one
    /// replication each) on the base scenario's devices; stepped like any
    /// `SimJob`. Throws `FieldError[]`.
    #[wasm_bindgen(js_name = replayJob)]
    pub fn replay_job(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Scenario")] base: JsValue,
        windows: u32,
    ) -> Result<SimJob, JsValue> {
        let base = parse(&base).map_err(errors_js)?;
        let trace = self.parser.trace.as_deref().unwrap_or(&[]);
        let job =
            scenario::replay_job(&base, &self.parser.tally, trace, windows).map_err(errors_js)?;
        Ok(SimJob { job, fleet: None })
    }
}

/// The optimiser over a replayed log: every candidate configuration
/// replays the log; stepped in chunks of events like a `SimJob`.
#[wasm_bindgen]
pub struct ReplayOptimize {
    search: replay_search::ReplaySearch,
}

#[wasm_bindgen]
impl ReplayOptimize {
    /// Throws `FieldError[]` when a candidate cannot be built.
    #[wasm_bindgen(unchecked_return_type = "SearchProgress")]
    pub fn step(
        &mut self,
        #[wasm_bindgen(js_name = maxEvents)] max_events: u32,
    ) -> Result<JsValue, JsValue> {
        let p = self
            .search
            .advance(u64::from(max_events))
            .map_err(errors_js)?;
        to_js(&p).map_err(JsValue::from)
    }

    #[wasm_bindgen(unchecked_return_type = "OptimizeResult")]
    pub fn result(&self) -> Result<JsValue, JsError> {
        to_js(&self.search.result())
    }
}

#[wasm_bindgen]
impl LogParse {
    /// The optimiser on the replayed log (needs `keepTrace`); throws
    /// `FieldError[]` for a bad scenario or spec (`optimize.…`).
    #[wasm_bindgen(js_name = replayOptimize)]
    pub fn replay_optimize(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Scenario")] base: JsValue,
        windows: u32,
        #[wasm_bindgen(unchecked_param_type = "OptimizeSpec")] spec: JsValue,
    ) -> Result<ReplayOptimize, JsValue> {
        let base = parse(&base).map_err(errors_js)?;
        let text = super::js_text(&spec).unwrap_or_default();
        let spec = tierplan_core::optimize::parse_spec(&text).map_err(errors_js)?;
        let trace = self.parser.trace.as_deref().unwrap_or(&[]);
        let search =
            replay_search::ReplaySearch::new(&base, &self.parser.tally, trace, windows, spec)
                .map_err(errors_js)?;
        Ok(ReplayOptimize { search })
    }
}

/// The scenario of the workload profile's busiest hour, or null without a
/// profile (peak-hour planning in the optimiser).
#[wasm_bindgen(js_name = peakHour, unchecked_return_type = "PeakHour | null")]
pub fn peak_hour(
    #[wasm_bindgen(unchecked_param_type = "Scenario")] s: JsValue,
) -> Result<JsValue, JsValue> {
    let s = parse(&s).map_err(errors_js)?;
    to_js(&scenario::PeakHour::of(&s)).map_err(JsValue::from)
}
