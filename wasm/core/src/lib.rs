//! tierplan-core: the video-on-demand storage models of `SPEC.md` as a pure
//! Rust library. No wasm-bindgen here: `wasm/bindings` wraps it for the
//! browser and `wasm/cli` for the shell.
//!
//! Shared parts: the scenario and its validation (`scenario`, `request_spec`,
//! `validate`), device models (`devices`), random variates and arrival
//! processes (`sampling`), statistics (`stats`), closed forms (`analytics`)
//! and job progress (`progress`). One folder per engine, each a resumable
//! job: `stream` (whole streams, SPEC §2–§10) and `request` (segment I/O on
//! device queues, SPEC §11). Above them: `optimize`, `logs`, `reproduce`.
//!
//! The feature `studies` (on by default) holds everything but the
//! stream-level planner: the request and block engines, the scenario's
//! `request` and `block` sections, the optimiser, the log reader and the
//! Study claims. The browser's planner module is built without it, so the
//! page a visit opens carries neither their code nor their readers.

pub mod analytics;
#[cfg(feature = "studies")]
pub mod block;
pub mod block_spec;
pub mod devices;
pub mod json_read;
#[cfg(feature = "studies")]
pub mod logs;
#[cfg(feature = "studies")]
pub mod optimize;
pub mod presets;
#[cfg(feature = "studies")]
pub mod presets_request;
pub mod progress;
#[cfg(feature = "studies")]
pub mod reproduce;
#[cfg(feature = "studies")]
pub mod request;
pub mod request_spec;
pub mod results;
pub mod sampling;
pub mod scenario;
pub mod stats;
pub mod stream;
pub mod validate;
#[cfg(feature = "studies")]
pub mod validate_block;
#[cfg(feature = "studies")]
mod validate_request;

pub use progress::Progress;
pub use results::RunResult;
pub use scenario::Scenario;
pub use stream::{run, Job};
pub use validate::{parse_scenario, read_scenario, validate, FieldError};
