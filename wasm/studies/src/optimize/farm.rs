//! The optimiser's searches as farmed studies (`tierplan_kit::farm`): the
//! same ask/tell methods behind the one protocol every front end drives
//! (natively by `drive.rs`).

use super::fleet::{FleetProgress, FleetResult, FleetSearch};
use super::result::{Candidate, OptimizeResult, SearchProgress};
use super::Search;
use tierplan_kit::farm::{FarmCost, FarmJob, FarmedStudy};
use tierplan_scenario::validate::FieldError;
use tierplan_stream::results::RunResult;

impl FarmJob for Candidate {
    fn id(&self) -> u32 {
        self.id
    }
}

impl FarmedStudy for Search {
    type Job = Candidate;
    type Outcome = RunResult;
    type Progress = SearchProgress;
    type Answer = OptimizeResult;
    fn next_batch(&mut self, k: usize) -> Vec<Candidate> {
        Search::next_batch(self, k)
    }
    fn report(&mut self, id: u32, outcome: &RunResult) -> Result<(), String> {
        Search::report(self, id, outcome)
    }
    fn progress(&self) -> SearchProgress {
        Search::progress(self)
    }
    /// Configurations decided (simulated or pruned) against those that
    /// may still be (`left_at_most`, an upper bound).
    fn cost(&self) -> FarmCost {
        let p = Search::progress(self);
        FarmCost {
            done: f64::from(p.simulated) + f64::from(p.pruned),
            left: p.left_at_most as f64,
        }
    }
    fn is_done(&self) -> bool {
        Search::is_done(self)
    }
    fn answer(&self) -> OptimizeResult {
        self.result()
    }
}

impl FarmedStudy for FleetSearch {
    type Job = Candidate;
    type Outcome = RunResult;
    type Progress = FleetProgress;
    type Answer = Result<FleetResult, Vec<FieldError>>;
    fn next_batch(&mut self, k: usize) -> Vec<Candidate> {
        FleetSearch::next_batch(self, k)
    }
    fn report(&mut self, id: u32, outcome: &RunResult) -> Result<(), String> {
        FleetSearch::report(self, id, outcome)
    }
    fn progress(&self) -> FleetProgress {
        FleetSearch::progress(self)
    }
    /// Tries concluded or skipped against the tries still open.
    fn cost(&self) -> FarmCost {
        let p = FleetSearch::progress(self);
        let done = p.tries_done + p.tries_pruned;
        FarmCost {
            done: f64::from(done),
            left: f64::from(p.tries.saturating_sub(done)),
        }
    }
    fn is_done(&self) -> bool {
        FleetSearch::is_done(self)
    }
    fn answer(&self) -> Result<FleetResult, Vec<FieldError>> {
        self.result()
    }
}
