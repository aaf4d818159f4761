//! Closed-form results the simulator is checked against and the optimiser
//! bounds its search with.

pub mod cost_model;
pub mod erlang;
pub mod gc_sim;
pub mod lfu_estimate;
pub mod wear;
pub mod zipf;

pub use cost_model::{
    grid_search, optimise_zipf, CostGrid, CostModelReport, CostParams, CostPoint, HitCurves,
    ZipfHitCurves, ZipfWorkload,
};
pub use erlang::{disk_tier_blocking, erlang_b, streams_per_bandwidth};
pub use gc_sim::{simulate_greedy_gc, wa_comparison, wa_curve, GcSimConfig, GcSimResult};
pub use lfu_estimate::{static_lfu_estimate, static_lfu_overlay, LfuEstimate, LfuOverlay};
pub use wear::{lambert_w0, lifetime_hours, write_amplification};
pub use zipf::{zipf_probabilities, zipf_top_k_mass};
