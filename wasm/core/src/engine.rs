//! Public face of the simulation: a resumable job over all replications.

use crate::results::RunResult;
use crate::scenario::Scenario;
use crate::validate::{validate, FieldError};
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

/// A validated scenario being simulated, replication after replication, in
/// steps of bounded work so a caller (a Web Worker) can report progress and
/// stop between steps.
pub struct Job {
    scenario: Scenario,
}

impl Job {
    pub fn new(scenario: Scenario) -> Result<Job, Vec<FieldError>> {
        let errors = validate(&scenario);
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Job { scenario })
    }

    /// Process up to about `max_events` events and report progress.
    pub fn step(&mut self, _max_events: u64) -> Progress {
        unimplemented!("engine in progress")
    }

    pub fn progress(&self) -> Progress {
        unimplemented!("engine in progress")
    }

    /// The result, once `step` reported `done`.
    pub fn result(&self) -> Option<RunResult> {
        let _ = &self.scenario;
        unimplemented!("engine in progress")
    }
}

/// Validate and run a scenario to completion.
pub fn run(scenario: &Scenario) -> Result<RunResult, Vec<FieldError>> {
    let mut job = Job::new(scenario.clone())?;
    while !job.step(1 << 20).done {}
    Ok(job.result().expect("done job has a result"))
}
