//! The scenario crate's integration tests, one module per concern, in one
//! test binary: one compile and link of the workspace's test code instead
//! of one per file, and one pool of test threads over all of them.

mod library;
mod lifetime_comparison;
mod littles_law;
mod server;
mod valid;
mod validation;
