//! The cli crate's integration tests, one module per concern, in one
//! test binary: one compile and link of the workspace's test code instead
//! of one per file, and one pool of test threads over all of them.

mod block_trace_cli;
mod cli;
mod http_figure_cli;
mod request_cli;
mod support;
