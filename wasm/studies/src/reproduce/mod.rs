//! The reproduction page (model §12): every published claim the model can
//! speak to, how we compute our value (a closed form, or simulations of the
//! study's configuration built from the presets), and the verdict.
//!
//! The claims are data: the browser (through the wasm bindings and the
//! worker pool) and `tierplan reproduce` run the same scenarios and call the
//! same [`reproduction_table`], so both print the same table for the same
//! results — and the results themselves are bit-identical for a seed.
//!
//! # Verdicts
//!
//! A published number is printed with some digits; it stands for anything
//! within half a unit of its last digit (its *precision*, e.g. ±0.005 for
//! "0.36"). Each claim also has a *tolerance* (≥ the precision), the band
//! within which we call our value close.
//!
//! - `reproduced`: |ours − published| is within the precision widened by our
//!   95 % confidence half-width (so a simulation whose interval covers the
//!   published value reproduces it), and within the tolerance.
//! - `close`: within the tolerance, not reproduced.
//! - `differs`: outside the tolerance.
//! - `not_modelled`: this version has no model for the claim.
//! - `pending`: a simulation it needs has not run yet.
//!
//! A bound ("more than 0 %", "at least 1.9×") is reproduced when ours meets
//! it, close when it misses by no more than the tolerance.

mod analytic;
mod claims;
mod claims_block;
mod claims_devices;
mod claims_fast12;
mod claims_request;
mod claims_sengupta_li;
mod cost_rows;
mod judge;
mod request_inputs;
mod rows;
mod table;
mod text;
mod types;

pub use analytic::capacity_rule;
pub use claims::{mmsys11_cost_table, rejection_note, reproduction, strict_optima};
pub use claims_block::{hyssc_runs, hyssc_spec, HysscRun};
pub use judge::{block_pending, evaluate, evaluate_with, judge};
pub use table::{
    reproduction_table, reproduction_table_with, run_all, run_request_scenario, run_scenario,
    table_csv,
};
pub use text::thousands;
pub use types::*;
