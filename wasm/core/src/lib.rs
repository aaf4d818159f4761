//! tierplan-core: the stream-level video-on-demand storage model of
//! `SPEC.md` — workload, devices, admission control, interval caching,
//! file-level LFU, SSD wear — as a pure Rust library. No wasm-bindgen here:
//! `wasm/bindings` wraps it for the browser and `wasm/cli` for the shell.

pub mod analytics;
pub mod devices;
pub mod engine;
pub mod optimize;
pub mod presets;
pub mod presets_request;
pub mod reproduce;
pub mod request;
pub mod request_spec;
pub mod results;
pub mod scenario;
pub mod stats;
pub mod validate;
mod validate_request;

pub use engine::{run, Job, Progress};
pub use results::RunResult;
pub use scenario::Scenario;
pub use validate::{parse_scenario, validate, FieldError};
