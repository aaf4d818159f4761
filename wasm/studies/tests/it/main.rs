//! The studies crate's integration tests, one module per concern, in one
//! test binary: one compile and link of the workspace's test code instead
//! of one per file, and one pool of test threads over all of them.

mod block_study;
mod brute;
mod characterize_devices;
mod device_figures;
mod farmed;
mod logs;
mod logs_replay;
mod logs_replay_farmed;
mod optimize;
mod optimize_fleet;
mod optimize_rule;
mod published_servers;
mod reproduce;
mod ssd_models;
mod sweep;
