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

/// The one interface of every long job (the stream engine's `Job`, the
/// request engine's `RequestJob` and `MaxRateJob`, the block engine's
/// `BlockJob` and `MrcJob`, the studies' `ReplaySearch` and `Characterizer`): work in bounded steps so a worker can report progress and
/// honour Cancel between them, then hand over the result. The browser drives
/// each through the same loop (`src/engine/drive.ts`); natively,
/// [`SteppedJob::run_to_end`] is that loop.
pub trait SteppedJob {
    /// What a step reports (`Progress`, or the max-rate search's own).
    type Progress: Done;
    /// What the finished job gives.
    type Output;
    /// Do up to about `budget` units of work (events or I/Os).
    fn advance(&mut self, budget: u64) -> Self::Progress;
    /// The result, once a step has reported done.
    fn output(&self) -> Option<Self::Output>;
    /// Step to the end in chunks of `chunk` and return the result.
    fn run_to_end(&mut self, chunk: u64) -> Self::Output
    where
        Self: Sized,
    {
        while !self.advance(chunk).done() {}
        self.output()
            .expect("a job that reported done has a result")
    }
}

/// Step a job whose steps can fail (`Progress = Result<_, E>`) to its end in
/// chunks of `chunk`: its output, or the failure that ended it.
pub fn try_run_to_end<J, P, E>(job: &mut J, chunk: u64) -> Result<J::Output, E>
where
    J: SteppedJob<Progress = Result<P, E>>,
    P: Done,
{
    while !job.advance(chunk)?.done() {}
    Ok(job.output().expect("a job that reported done has a result"))
}

/// Whether a step's report says the job has finished.
pub trait Done {
    fn done(&self) -> bool;
}

impl Done for Progress {
    fn done(&self) -> bool {
        self.done
    }
}

/// A step that can fail (a job whose next piece of work cannot be built):
/// a failure ends the job, and is its last report.
impl<P: Done, E> Done for Result<P, E> {
    fn done(&self) -> bool {
        self.as_ref().map_or(true, Done::done)
    }
}
