//! Random variates and arrival processes shared by both engines, the
//! optimiser's bound and the log generator: one seeded RNG, alias sampling,
//! and arrival-rate profiles and replay traces.

pub mod alias;
pub mod arrivals;
#[cfg(feature = "studies")]
pub mod block;
pub mod lookahead;
pub mod rng;
