//! The optimiser's searches driven natively by the shared driver of farmed
//! studies (`tierplan_kit::farm::farm`): `optimize`, the fleet search's
//! `drive`, the replayed log's search, the CLI and the Python extension.

use super::result::Candidate;
use std::sync::atomic::AtomicBool;
use tierplan_kit::farm::{farm, FarmStop, FarmedStudy};
use tierplan_scenario::validate::FieldError;
use tierplan_stream::results::RunResult;
use tierplan_stream::run;

/// Drive a search natively with the shared driver ([`farm`]) on `threads`
/// threads, each candidate simulated by the stream engine; a stop that is
/// not a simulation's own failure is named as the search's error.
pub fn drive_natively<S>(
    search: &mut S,
    threads: usize,
    on_report: impl FnMut(&S) + Send,
    cancel: &AtomicBool,
) -> Result<(), Vec<FieldError>>
where
    S: FarmedStudy<Job = Candidate, Outcome = RunResult> + Send,
{
    drive_with(
        search,
        threads,
        |c: &Candidate| run(&c.scenario),
        on_report,
        cancel,
    )
}

/// [`drive_natively`] with another way to simulate a candidate (the
/// replayed log's search replays the log instead of generating arrivals).
pub fn drive_with<S>(
    search: &mut S,
    threads: usize,
    simulate: impl Fn(&Candidate) -> Result<RunResult, Vec<FieldError>> + Sync,
    on_report: impl FnMut(&S) + Send,
    cancel: &AtomicBool,
) -> Result<(), Vec<FieldError>>
where
    S: FarmedStudy<Job = Candidate, Outcome = RunResult> + Send,
{
    farm(search, threads, simulate, on_report, cancel).map_err(|stop| match stop {
        FarmStop::Failed(errs) => errs,
        FarmStop::Cancelled => vec![search_error("the search was cancelled")],
        FarmStop::Refused(e) => vec![search_error(&e)],
        FarmStop::Stalled => vec![search_error(
            "the search handed out nothing more before it concluded",
        )],
    })
}

fn search_error(message: &str) -> FieldError {
    FieldError {
        path: "optimize".into(),
        message: message.into(),
    }
}
