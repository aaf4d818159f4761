//! Progress of a resumable job (either engine), as a worker reports it
//! between chunks of work.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Progress {
    /// Replications finished.
    pub replications_done: u32,
    pub replications: u32,
    /// Events processed so far over all replications.
    pub events: u64,
    /// Estimated fraction of the whole run done, 0..1.
    pub fraction: f64,
    pub done: bool,
}
