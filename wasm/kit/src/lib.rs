//! tierplan-kit: what every engine shares, above the scenario and below the
//! engines — device models (`devices`: disk, SSD with its FTL, RAM cache,
//! queues), seeded randomness and arrival processes (`sampling`), closed
//! forms (`analytics`: Erlang B, Zipf, lifetime and WA, the FAST'12 cost
//! model), confidence intervals (`stats`) and job progress (`progress`).
//! It depends only on `tierplan-scenario`.

pub mod analytics;
pub mod devices;
pub mod farm;
pub mod float;
pub mod lru_order;
pub mod progress;
pub mod sampling;
pub mod slot_order;
pub mod stats;

pub use progress::Progress;
