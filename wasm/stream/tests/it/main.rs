//! The stream crate's integration tests, one module per concern, in one
//! test binary: one compile and link of the workspace's test code instead
//! of one per file, and one pool of test threads over all of them.

mod dynamic_lfu_wear;
mod erlang_b;
mod fleet;
mod invariants_and_determinism;
mod present_day_disks;
mod server_egress;
mod study_checks;
mod validation;
