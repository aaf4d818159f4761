//! The planner's module: scenarios, the stream-level simulation and the
//! closed forms its view shows.

use super::to_js;
use tierplan_core::analytics;
use tierplan_core::scenario::presets;
use wasm_bindgen::prelude::*;

/// The bundled scenario presets (the studies' configurations).
#[wasm_bindgen(js_name = listPresets, unchecked_return_type = "PresetInfo[]")]
pub fn list_presets() -> Result<JsValue, JsError> {
    to_js(&presets::scenario_presets())
}

/// One stream-level preset scenario by id (the request-level ones are the
/// studies module's `requestPreset`); throws for an unknown id.
#[wasm_bindgen(unchecked_return_type = "Scenario")]
pub fn preset(id: &str) -> Result<JsValue, JsError> {
    match presets::scenario_preset(id) {
        Some(s) => to_js(&s),
        None => Err(JsError::new(&format!("unknown preset \"{id}\""))),
    }
}

/// The chassis catalog (model §10b): bays, slots, NICs, host ceiling,
/// price and sources of each.
#[wasm_bindgen(js_name = chassisPresets, unchecked_return_type = "Chassis[]")]
pub fn chassis_presets() -> Result<JsValue, JsError> {
    to_js(&presets::chassis::chassis_presets())
}

/// The whole catalog: the studies' devices, then the present-day ones.
#[wasm_bindgen(js_name = devicePresets, unchecked_return_type = "Device[]")]
pub fn device_presets() -> Result<JsValue, JsError> {
    to_js(&presets::catalog())
}

/// The Flash lifetime tab's comparison: five runs (interval cache on MLC
/// and on SLC, the HySSC hybrid, LFU static and dynamic with churn), each
/// with its id, label, note and scenario, as the core lays them out.
#[wasm_bindgen(js_name = lifetimeComparison, unchecked_return_type = "ComparisonCase[]")]
pub fn lifetime_comparison() -> Result<JsValue, JsError> {
    to_js(&presets::lifetime_comparison())
}

/// The scenario the app opens with.
#[wasm_bindgen(js_name = defaultScenario, unchecked_return_type = "Scenario")]
pub fn default_scenario() -> Result<JsValue, JsError> {
    to_js(&presets::default_scenario())
}

/// Erlang B blocking probability B(c, A) of an M/G/c/c loss system.
#[wasm_bindgen(js_name = erlangB)]
pub fn erlang_b(servers: u32, #[wasm_bindgen(js_name = offeredLoad)] offered_load: f64) -> f64 {
    analytics::erlang_b(u64::from(servers), offered_load)
}

/// Streams of `bitrate_kbps` KB/s that `bandwidth_mbps` MB/s carries,
/// floor(R × 1024 / b).
#[wasm_bindgen(js_name = streamsPerBandwidth)]
pub fn streams_per_bandwidth(
    #[wasm_bindgen(js_name = bandwidthMbps)] bandwidth_mbps: f64,
    #[wasm_bindgen(js_name = bitrateKbps)] bitrate_kbps: f64,
) -> f64 {
    analytics::streams_per_bandwidth(bandwidth_mbps, bitrate_kbps) as f64
}

/// Share of requests drawn by the `k` most popular of `n` videos under
/// p_i ∝ i^(−exponent).
#[wasm_bindgen(js_name = zipfTopKMass)]
pub fn zipf_top_k_mass(n: u32, exponent: f64, k: u32) -> f64 {
    analytics::zipf_top_k_mass(n, exponent, k)
}

/// SSD lifetime in hours, T = C × 1024 × N / (W × WA × 3600).
#[wasm_bindgen(js_name = lifetimeHours)]
pub fn lifetime_hours(
    #[wasm_bindgen(js_name = capacityGb)] capacity_gb: f64,
    #[wasm_bindgen(js_name = peCycles)] pe_cycles: u32,
    #[wasm_bindgen(js_name = writeMbps)] write_mbps: f64,
    #[wasm_bindgen(js_name = writeAmplification)] write_amplification: f64,
) -> f64 {
    analytics::lifetime_hours(capacity_gb, pe_cycles, write_mbps, write_amplification)
}

/// Greedy-GC write amplification of small random writes for spare factor ρ.
#[wasm_bindgen(js_name = writeAmplification)]
pub fn write_amplification(#[wasm_bindgen(js_name = spareFactor)] spare_factor: f64) -> f64 {
    analytics::write_amplification(spare_factor)
}
