//! The optimiser of model §10: per architecture, the cheapest device counts
//! that meet a rejection target and hold the library.
//!
//! # Search space
//! For each requested architecture, the devices are those of the scenario's
//! `tiers` (the user picks the device, the optimiser picks counts). The tiers
//! the architecture uses vary independently: disk from the fewest disks that
//! hold the library to `max_counts.disk`, interval cache and file cache from
//! 0 to their maxima. Every combination is a configuration; the result states
//! the ranges and how many there are. Unset maxima are derived from the
//! workload (see `space.rs`) and flagged as derived.
//!
//! # Exactness
//! Configurations are visited in capital-cost order (ties: fewer disks, then
//! fewer file-cache devices, then fewer interval-cache devices). The answer
//! is the first configuration in that order that meets the criterion: the
//! search concludes only once every cheaper configuration has been either
//! reported infeasible by simulation or excluded by a necessary condition
//! that holds for the very arrival sequence the simulator will draw (see
//! `bound.rs`). Configurations after a known feasible one are never
//! simulated. So the answer equals brute force (simulate everything, take
//! the cheapest feasible) for the stated space — the tests check this.
//!
//! # Pruning rules (all valid run by run, none an assumption)
//! 1. Library: disk counts start at the fewest disks that hold the library
//!    (the validator's own test), so no configuration is ever invalid.
//! 2. Trace bound (`bound.rs`): the simulator's arrival sequence does not
//!    depend on the device counts, so it is regenerated once; at every
//!    arrival instant τ, the requests that would still be playing at τ must
//!    be carried by at most ⌊disk bw / b⌋ disk streams + min(⌊flash bw / b⌋,
//!    requests for files the static LFU staged) flash streams + the most
//!    intervals that fit in the buffer (smallest possible sizes first, each
//!    ≥ ⌈gap to the previous request of the video × b / 1 MB⌉ ≥ 1 block,
//!    and ≤ ⌊buffer bw / b⌋ for a flash buffer). The excess is a lower bound
//!    on that replication's rejections; a configuration whose bound exceeds
//!    target × arrivals in any replication cannot meet the target. This is
//!    the pathwise form of "a loss system rejects ≥ 1 − c/A": that
//!    steady-state bound holds only in expectation (a short run that never
//!    fills up beats it), so it is not used as such. Every simulated result
//!    is checked against the trace (arrivals per replication; the peak when
//!    nothing was rejected); on a mismatch pruning is switched off and the
//!    pruned configurations are reopened (`pruning_active` reports it).
//! 3. Cost: nothing after a known feasible configuration is simulated.
//!
//! No monotonicity assumption is made. ("X infeasible ⇒ everything with
//! counts ≤ X infeasible" could only exclude configurations cheaper than X,
//! which the cost order has already visited, so it would never fire.)
//!
//! # Ask/tell
//! [`Search::next_batch`] hands out candidates (each a complete scenario) so
//! a pool of workers can simulate them in parallel; [`Search::report`] takes
//! their results in any order. [`optimize`] does the same sequentially.

//!
//! # Files
//! `spec.rs` the input, `result.rs` what is handed out and given back,
//! `tco.rs` the total cost of ownership, `search.rs` the search itself;
//! `farm.rs` the searches as farmed studies (`tierplan_kit::farm`),
//! `drive.rs` their native driver; `checks.rs`, `space.rs`, `arch.rs` (one architecture's state),
//! `config.rs` (one configuration's scenario), `bound.rs` and `rule.rs`
//! serve the search.

mod arch;
mod bound;
mod checks;
mod config;
pub mod drive;
mod farm;
pub mod fleet;
mod result;
mod rule;
mod search;
mod space;
mod spec;
mod tco;

pub use result::*;
pub use search::{optimize, Search};
pub use spec::*;
pub use tco::compute_tco;
