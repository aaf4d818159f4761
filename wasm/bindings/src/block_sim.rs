//! The block-level cache study in the browser (model §13): `BlockSimJob`
//! wraps the core's `BlockJob`. A trace run is fed by the worker in chunks
//! of the dropped file, so the file never has to be in memory at once.

use super::{field_errors_js, read, to_js};
use tierplan_core::block::job::BlockJob;
use tierplan_core::progress::SteppedJob;
use wasm_bindgen::prelude::*;

/// A block study in progress: every cache of `block.caches` in lockstep
/// over one I/O stream (synthetic, or a trace fed with `feedTrace`).
#[wasm_bindgen(js_name = BlockSimJob)]
pub struct BlockSimJob {
    job: BlockJob,
}

#[wasm_bindgen(js_class = BlockSimJob)]
impl BlockSimJob {
    /// Validate the scenario (it must have `block`) and prepare the run.
    /// Throws the field errors (a `FieldError[]`) when it is invalid.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "Scenario")] scenario: JsValue,
    ) -> Result<BlockSimJob, JsValue> {
        let scenario = read(&scenario).map_err(field_errors_js)?;
        let job = BlockJob::new(&scenario).map_err(field_errors_js)?;
        Ok(BlockSimJob { job })
    }

    /// The next bytes of the trace file (any chunking; lines may split).
    #[wasm_bindgen(js_name = feedTrace)]
    pub fn feed_trace(&mut self, chunk: &[u8]) {
        self.job.feed_trace(chunk);
    }

    /// The trace file has no more bytes.
    #[wasm_bindgen(js_name = endTrace)]
    pub fn end_trace(&mut self) {
        self.job.end_trace();
    }

    /// Simulate up to `budget` host I/Os; a trace run returns early when
    /// it needs more bytes (`needsInput`).
    #[wasm_bindgen(unchecked_return_type = "Progress")]
    pub fn step(&mut self, budget: u32) -> Result<JsValue, JsError> {
        to_js(&self.job.step(budget))
    }

    /// Whether the run waits for more trace bytes.
    #[wasm_bindgen(js_name = needsInput)]
    pub fn needs_input(&self) -> bool {
        self.job.needs_input()
    }

    #[wasm_bindgen(js_name = isDone)]
    pub fn is_done(&self) -> bool {
        self.job.is_done()
    }

    #[wasm_bindgen(unchecked_return_type = "Progress")]
    pub fn progress(&self) -> Result<JsValue, JsError> {
        to_js(&self.job.progress())
    }

    /// The first bad trace lines (line number and reason).
    #[wasm_bindgen(js_name = traceErrors, unchecked_return_type = "TraceLineError[]")]
    pub fn trace_errors(&self) -> Result<JsValue, JsError> {
        to_js(&self.job.trace_errors())
    }

    /// The result over the finished replications (partial after a Cancel).
    #[wasm_bindgen(unchecked_return_type = "BlockResult")]
    pub fn result(&self) -> Result<JsValue, JsError> {
        to_js(&self.job.result())
    }
}

/// A miss-ratio curve of a trace file (model §13), fed like a trace run:
/// hit ratio against cache size in one pass (`tierplan mrc`).
#[wasm_bindgen(js_name = MrcSimJob)]
pub struct MrcSimJob {
    job: tierplan_core::block::mrc::job::MrcJob,
}

#[wasm_bindgen(js_class = MrcSimJob)]
impl MrcSimJob {
    /// Throws `FieldError[]` (paths `mrc.…`) for a spec that cannot be profiled.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "MrcSpec")] spec: JsValue,
    ) -> Result<MrcSimJob, JsValue> {
        let fail = |message: String| {
            let path = message.split(':').next().unwrap_or("mrc").to_string();
            field_errors_js(vec![tierplan_core::FieldError { path, message }])
        };
        let spec: tierplan_core::block::mrc::job::MrcSpec =
            super::from_js(&spec, "mrc").map_err(JsValue::from)?;
        let job = tierplan_core::block::mrc::job::MrcJob::new(&spec).map_err(fail)?;
        Ok(MrcSimJob { job })
    }

    #[wasm_bindgen(js_name = feedTrace)]
    pub fn feed_trace(&mut self, chunk: &[u8]) {
        self.job.feed_trace(chunk);
    }

    #[wasm_bindgen(js_name = endTrace)]
    pub fn end_trace(&mut self) {
        self.job.end_trace();
    }

    /// Profile up to `budget` I/Os; returns early when it needs more bytes.
    #[wasm_bindgen(unchecked_return_type = "Progress")]
    pub fn step(&mut self, budget: u32) -> Result<JsValue, JsError> {
        to_js(&self.job.advance(u64::from(budget)))
    }

    #[wasm_bindgen(js_name = needsInput)]
    pub fn needs_input(&self) -> bool {
        self.job.needs_input()
    }

    #[wasm_bindgen(js_name = isDone)]
    pub fn is_done(&self) -> bool {
        self.job.result().is_some()
    }

    #[wasm_bindgen(unchecked_return_type = "Progress")]
    pub fn progress(&self) -> Result<JsValue, JsError> {
        to_js(&self.job.progress())
    }

    #[wasm_bindgen(js_name = traceErrors, unchecked_return_type = "TraceLineError[]")]
    pub fn trace_errors(&self) -> Result<JsValue, JsError> {
        to_js(&self.job.trace_errors())
    }

    /// The curve, once done.
    #[wasm_bindgen(unchecked_return_type = "MrcResult")]
    pub fn result(&self) -> Result<JsValue, JsError> {
        match self.job.output() {
            Some(r) => to_js(&r),
            None => Err(JsError::new("the miss-ratio curve is not finished")),
        }
    }
}
