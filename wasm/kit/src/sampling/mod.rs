//! Random variates and arrival processes shared by both engines, the
//! optimiser's bound and the log generator: one seeded RNG, alias sampling,
//! and arrival-rate profiles and replay traces.

pub mod alias;
pub mod arrivals;
pub mod lookahead;
pub mod rng;
