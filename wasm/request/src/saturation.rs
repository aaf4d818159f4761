//! Early stop of saturated replications (`request.run.stop_when_saturated`,
//! docs/engines/request.md): at fixed checkpoints of the measured period a
//! replication whose backlog of segment requests keeps growing and whose
//! misses already counted are a large enough share of the requests the whole
//! period will have ends there, reporting a lower bound of its miss ratio.
//!
//! The bound is exact arithmetic, not an estimate: the arrivals do not
//! depend on the devices (their generator is the run's own), so the number
//! of requests the full measured period has is counted before the run
//! starts; and a request that has missed its deadline by a checkpoint
//! misses in the full-length run too (it completes late or is still running
//! at the end, which also counts as a miss), because the run up to the
//! checkpoint is the full-length run's beginning.

/// Checkpoints per measured period (every minute of a one-hour period).
pub const CHECKPOINTS: u32 = 60;
/// The backlog must have grown at each of this many consecutive checkpoints.
pub const GROWTH_WINDOW: usize = 5;
/// The certain misses must be at least this share of all the period's
/// requests.
pub const MIN_LOWER_BOUND: f64 = 0.1;

/// What a checkpoint knows: the backlog at every checkpoint so far (measured
/// requests arrived and not yet complete, oldest first), the misses that are
/// certain (requests complete after their deadline, plus those still
/// running whose deadline has passed) and the measured requests of the whole
/// period.
///
/// Returns the lower bound of the full-length miss ratio when the rule
/// fires: the backlog grew at each of the last [`GROWTH_WINDOW`] checkpoints
/// and `certain_misses / period_requests` is at least [`MIN_LOWER_BOUND`].
pub fn saturated(backlog: &[u32], certain_misses: u64, period_requests: u64) -> Option<f64> {
    if period_requests == 0 || backlog.len() <= GROWTH_WINDOW {
        return None;
    }
    let recent = &backlog[backlog.len() - GROWTH_WINDOW - 1..];
    let growing = recent.windows(2).all(|w| w[1] > w[0]);
    let lower = certain_misses as f64 / period_requests as f64;
    (growing && lower >= MIN_LOWER_BOUND).then_some(lower)
}

/// The checkpoints of one replication.
#[derive(Debug, Clone, Default)]
pub struct Watch {
    /// Measured requests of the whole period.
    pub period_requests: u64,
    /// Seconds between checkpoints.
    pub every_s: f64,
    /// Backlog at each checkpoint so far.
    pub backlog: Vec<u32>,
}
