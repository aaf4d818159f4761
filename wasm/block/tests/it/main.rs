//! The block crate's integration tests, one module per concern, in one
//! test binary: one compile and link of the workspace's test code instead
//! of one per file, and one pool of test threads over all of them.

mod block_engine;
mod block_fcl;
mod block_synthetic;
mod block_trace;
mod block_validation;
mod bounded_input;
mod mrc;
mod replacement_libcachesim;
