//! tierplan-core: the video-on-demand storage models of the project's model
//! (`docs/model.md`) as a pure Rust library. No wasm-bindgen here:
//! `wasm/bindings` wraps it for the browser and `wasm/cli` for the shell.
//!
//! Layers, each importing only from those before it:
//! 1. `scenario`: the input document in one home — its schema (every
//!    engine's section), validation and presets; plus the small shared
//!    modules `json_read`, `stats` and `progress`.
//! 2. The kit every engine uses: device models (`devices`), random variates
//!    and arrival processes (`sampling`) and closed forms (`analytics`).
//! 3. One folder per engine, each a resumable job: `stream` (whole streams),
//!    `request` (segment I/O on device queues) and `block` (block caches).
//! 4. The studies over the engines: `optimize`, `logs`, `reproduce`.
//!
//! The feature `studies` (on by default) holds everything but the
//! stream-level planner: the request and block engines, the scenario's
//! `request` and `block` checks, the optimiser, the log reader and the
//! Study claims. The browser's planner module is built without it, so the
//! page a visit opens carries neither their code nor their readers.

pub mod analytics;
#[cfg(feature = "studies")]
pub mod block;
pub mod devices;
pub mod json_read;
#[cfg(feature = "studies")]
pub mod logs;
#[cfg(feature = "studies")]
pub mod optimize;
pub mod progress;
#[cfg(feature = "studies")]
pub mod reproduce;
#[cfg(feature = "studies")]
pub mod request;
pub mod sampling;
pub mod scenario;
pub mod stats;
pub mod stream;

pub use progress::Progress;
pub use scenario::validate::{parse_scenario, read_scenario, validate, FieldError};
pub use scenario::Scenario;
pub use stream::results::RunResult;
pub use stream::{run, Job};
