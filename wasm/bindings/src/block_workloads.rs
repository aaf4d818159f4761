//! Block workloads in the browser (model §13): the synthetic presets, the
//! default block study, and trace-format detection for a dropped file.
//! Thin wrappers over `tierplan_core::block::sampling` and `block_spec`.

use super::to_js;
use tierplan_core::block::sampling::presets::{block_preset as core_preset, block_presets};
use tierplan_core::block::sampling::trace::detect_block_format;
use tierplan_core::scenario::block::BlockSpec;
use wasm_bindgen::prelude::*;

/// The synthetic block workload presets (financial, search-engine,
/// exchange, msn, home), each with its stated assumptions.
#[wasm_bindgen(js_name = listBlockPresets, unchecked_return_type = "BlockWorkloadPreset[]")]
pub fn list_block_presets() -> Result<JsValue, JsError> {
    to_js(&block_presets())
}

/// One block workload preset by name; throws naming the presets for an
/// unknown name.
#[wasm_bindgen(js_name = blockPreset, unchecked_return_type = "BlockWorkloadPreset")]
pub fn block_preset(name: &str) -> Result<JsValue, JsError> {
    match core_preset(name) {
        Some(p) => to_js(&p),
        None => {
            let names: Vec<String> = block_presets().into_iter().map(|p| p.name).collect();
            Err(JsError::new(&format!(
                "unknown block workload preset \"{name}\"; the presets are {}",
                names.join(", ")
            )))
        }
    }
}

/// The trace format of a file judged from its first bytes (a few KB are
/// enough), or null when no format reads more lines than it rejects.
#[wasm_bindgen(js_name = detectBlockTrace, unchecked_return_type = "BlockTraceFormat | null")]
pub fn detect_block_trace(first_bytes: &[u8]) -> Result<JsValue, JsError> {
    to_js(&detect_block_format(first_bytes))
}

/// The block study the view opens with (all fields at their defaults).
#[wasm_bindgen(js_name = defaultBlockSpec, unchecked_return_type = "BlockSpec")]
pub fn default_block_spec() -> Result<JsValue, JsError> {
    to_js(&BlockSpec::default())
}
