//! tierplan-core: the whole model as one crate for the front ends (the wasm
//! bindings and the CLI), composed from the layer crates the way ruff's
//! `ruff_wasm` composes its own. The layers, each a crate that depends only on
//! those below it (so an upward import does not compile):
//!
//! 1. `tierplan-scenario` — the input document in one home: its schema (every
//!    engine's section), reading (`json_read`), validation and presets.
//! 2. `tierplan-kit` — device models (`devices`), seeded draws and arrival
//!    processes (`sampling`), closed forms (`analytics`), `stats`, `progress`.
//! 3. The engines, each a resumable job: `tierplan-stream` (whole streams,
//!    model §2–§10), `tierplan-request` (segment I/O on device queues, §11)
//!    and `tierplan-block` (block caches, §13).
//! 4. `tierplan-studies` — the optimiser, request logs and the Study claims.
//!
//! The feature `studies` (on by default) adds the request and block engines,
//! the scenario's request and block checks and the studies; the browser's
//! planner module is built without it, so the page a visit opens carries
//! neither their code nor their readers. The model is `docs/model.md`.

pub use tierplan_kit::{analytics, devices, farm, progress, sampling, stats};
pub use tierplan_scenario as scenario;
pub use tierplan_scenario::json_read;
pub use tierplan_stream as stream;

#[cfg(feature = "studies")]
pub use tierplan_block as block;
#[cfg(feature = "studies")]
pub use tierplan_request as request;
#[cfg(feature = "studies")]
pub use tierplan_studies::{characterize, logs, optimize, published_servers, reproduce, sweep};

pub use progress::Progress;
pub use scenario::validate::{parse_scenario, problems, read_scenario, validate, FieldError};
pub use scenario::Scenario;
pub use scenario::ValidScenario;
pub use stream::results::RunResult;
pub use stream::{run, Job};
