//! The optimiser over a replayed log (model §10 and §14): the cost-ordered
//! search of `optimize::Search`, every candidate simulated by replaying the
//! log on its devices. Pruning by the regenerated synthetic arrivals does
//! not apply to a log, so every candidate up to each architecture's
//! optimum is replayed.
//!
//! [`ReplayStudy`] is the search as a farmed study (`tierplan_kit::farm`),
//! every job a candidate replayed on the one shared trace (`Arc<Trace>`,
//! never copied per job). Its answer is, bit for bit, that of the
//! sequential search (ask one candidate, replay it, report it) on any
//! number of threads and in any order of reports: the optimiser's own
//! farmed search may replay candidates a sequential one skips and lists
//! its evaluations in the order they came, so its counts and its list
//! depend on the threads; here they do not (see [`ReplayStudy`]).
//! [`ReplaySearch`] is the study on one thread stepped in bounded chunks of
//! events like a `Job` (the app's log worker, which holds the parsed log);
//! [`replay_optimize_on`] is the study on native threads (the CLI).

use super::counts::Tally;
use super::scenario::replay_parts;
use crate::optimize::drive::drive_with;
use crate::optimize::{Candidate, Counts, OptimizeResult, OptimizeSpec, Search, SearchProgress};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use tierplan_kit::farm::{FarmCost, FarmedStudy};
use tierplan_kit::progress::{Done, SteppedJob};
use tierplan_scenario::validate::FieldError;
use tierplan_scenario::{Architecture, Scenario};
use tierplan_stream::results::RunResult;
use tierplan_stream::{Job, Trace};

/// The note a replayed search's result carries about pruning.
pub const NOT_PRUNED: &str = "candidates replay the log, not generated arrivals: no configuration is pruned, every one up to the optimum is simulated";

/// A configuration: what a candidate's scenario is made from, so two
/// candidates with the same key replay the same scenario.
type Key = (Architecture, Counts);

fn key(c: &Candidate) -> Key {
    (c.architecture, c.counts)
}

/// One replay handed out.
struct Handed {
    key: Key,
    /// The look-ahead search's id of the candidate, when it named it.
    ahead: Option<u32>,
    reported: bool,
}

/// The replayed log's search as a farmed study.
///
/// Two searches of the same space: `seq` is fed exactly as the sequential
/// loop feeds it (one candidate at a time, each result before the next is
/// asked for), so its answer is the sequential answer; `ahead` is asked
/// ahead of it, as the optimiser's farmed search is, and names the
/// candidates worth replaying while `seq` waits (the next ones in cost
/// order, as if those in flight all fail). Replays are kept by
/// configuration and handed to `seq` when it asks for that configuration;
/// one it needs that no replay covers is handed out first, so the study
/// never waits on nothing. On one thread `ahead` is never asked: every
/// replay is `seq`'s next candidate.
pub struct ReplayStudy {
    seq: Search,
    /// `seq`'s candidate waiting for its replay.
    wanted: Option<Candidate>,
    ahead: Search,
    trace: Arc<Trace>,
    /// Every replay handed out, by the study's id.
    handed: Vec<Handed>,
    /// Finished replays by configuration.
    replayed: HashMap<Key, RunResult>,
    /// Replays in flight by configuration: the study's id.
    running: HashMap<Key, u32>,
    /// `ahead`'s candidates whose configuration was already being replayed
    /// when it named them, reported to it when that replay is.
    ahead_waiting: HashMap<Key, Vec<u32>>,
}

impl ReplayStudy {
    pub fn new(
        base: &Scenario,
        tally: &Tally,
        trace: &[(f64, u32)],
        windows: u32,
        spec: OptimizeSpec,
    ) -> Result<ReplayStudy, Vec<FieldError>> {
        let (s, t) = replay_parts(base, tally, trace, windows)?;
        let search = |s: Scenario, spec: OptimizeSpec| {
            Search::new(s, spec).map(|mut search| {
                search.without_pruning(NOT_PRUNED);
                search
            })
        };
        Ok(ReplayStudy {
            seq: search(s.clone(), spec.clone())?,
            wanted: None,
            ahead: search(s, spec)?,
            trace: Arc::new(t),
            handed: Vec::new(),
            replayed: HashMap::new(),
            running: HashMap::new(),
            ahead_waiting: HashMap::new(),
        })
    }

    /// The log's windows every candidate replays (shared, not copied).
    pub fn trace(&self) -> Arc<Trace> {
        self.trace.clone()
    }

    /// Feed `seq` every finished replay it asks for, in its own order,
    /// until it waits for one not finished or concludes.
    fn settle(&mut self) -> Result<(), String> {
        loop {
            if self.wanted.is_none() {
                self.wanted = Search::next_batch(&mut self.seq, 1).pop();
            }
            let Some(c) = &self.wanted else {
                return Ok(());
            };
            let Some(r) = self.replayed.get(&key(c)) else {
                return Ok(());
            };
            Search::report(&mut self.seq, c.id, r)?;
            self.wanted = None;
        }
    }

    /// Hand out a replay of `c`'s configuration under a new id.
    fn hand_out(&mut self, c: &Candidate, ahead: Option<u32>) -> Candidate {
        let id = self.handed.len() as u32;
        self.handed.push(Handed {
            key: key(c),
            ahead,
            reported: false,
        });
        self.running.insert(key(c), id);
        Candidate { id, ..c.clone() }
    }
}

impl FarmedStudy for ReplayStudy {
    type Job = Candidate;
    type Outcome = RunResult;
    type Progress = SearchProgress;
    type Answer = OptimizeResult;

    /// `seq`'s next candidate first when nothing covers it, then what
    /// `ahead` names; a configuration already replayed or in flight is
    /// never handed out twice.
    fn next_batch(&mut self, k: usize) -> Vec<Candidate> {
        let mut out = Vec::new();
        if self.settle().is_err() || Search::is_done(&self.seq) {
            return out;
        }
        if let Some(c) = self.wanted.clone() {
            if out.len() < k && !self.running.contains_key(&key(&c)) {
                out.push(self.hand_out(&c, None));
            }
        }
        while out.len() < k {
            let Some(c) = Search::next_batch(&mut self.ahead, 1).pop() else {
                break;
            };
            if let Some(r) = self.replayed.get(&key(&c)) {
                // Replayed for `seq` already: `ahead` learns it at once.
                if Search::report(&mut self.ahead, c.id, r).is_err() {
                    break;
                }
            } else if self.running.contains_key(&key(&c)) {
                self.ahead_waiting.entry(key(&c)).or_default().push(c.id);
            } else {
                out.push(self.hand_out(&c, Some(c.id)));
            }
        }
        out
    }

    fn report(&mut self, id: u32, outcome: &RunResult) -> Result<(), String> {
        let h = self
            .handed
            .get_mut(id as usize)
            .ok_or_else(|| format!("replay {id} was never handed out"))?;
        if h.reported {
            return Err(format!("replay {id} was already reported"));
        }
        h.reported = true;
        let (k, ahead) = (h.key, h.ahead);
        self.running.remove(&k);
        self.replayed.insert(k, outcome.clone());
        let waiting = self.ahead_waiting.remove(&k).unwrap_or_default();
        for a in ahead.into_iter().chain(waiting) {
            Search::report(&mut self.ahead, a, outcome)?;
        }
        self.settle()
    }

    /// `seq`'s progress, with the replays in flight.
    fn progress(&self) -> SearchProgress {
        SearchProgress {
            in_flight: self.running.len() as u32,
            ..Search::progress(&self.seq)
        }
    }

    /// As the optimiser's search: configurations decided against those
    /// that may still be, counted by `seq`.
    fn cost(&self) -> FarmCost {
        FarmedStudy::cost(&self.seq)
    }

    fn is_done(&self) -> bool {
        Search::is_done(&self.seq)
    }

    fn answer(&self) -> OptimizeResult {
        self.seq.result()
    }
}

/// The replay of candidate `c` on the log's windows.
fn replay_job(c: &Candidate, trace: &Arc<Trace>) -> Result<Job, Vec<FieldError>> {
    Job::replay(c.scenario.clone(), trace.clone())
}

/// Run the study on `threads` native threads by the shared driver, every
/// thread replaying candidates on the one trace; `on_report` sees the
/// study after every report. The answer is the same on any number.
pub fn replay_optimize_on(
    study: &mut ReplayStudy,
    threads: usize,
    on_report: impl FnMut(&ReplayStudy) + Send,
    cancel: &AtomicBool,
) -> Result<OptimizeResult, Vec<FieldError>> {
    let trace = study.trace();
    drive_with(
        study,
        threads,
        |c: &Candidate| Ok(replay_job(c, &trace)?.run_to_end(1 << 22)),
        on_report,
        cancel,
    )?;
    Ok(study.answer())
}

/// The study on one thread, stepped in bounded chunks of events like a
/// `Job` so a worker can report progress and stop between them: ask one
/// candidate, replay it, report it (the loop of [`replay_optimize_on`] on
/// one thread, cut into steps).
pub struct ReplaySearch {
    study: ReplayStudy,
    current: Option<(u32, Job)>,
}

impl ReplaySearch {
    pub fn new(
        base: &Scenario,
        tally: &Tally,
        trace: &[(f64, u32)],
        windows: u32,
        spec: OptimizeSpec,
    ) -> Result<ReplaySearch, Vec<FieldError>> {
        Ok(ReplaySearch {
            study: ReplayStudy::new(base, tally, trace, windows, spec)?,
            current: None,
        })
    }

    /// Simulate up to about `max_events` events of the candidates' replays.
    pub fn step(&mut self, max_events: u64) -> Result<SearchProgress, Vec<FieldError>> {
        let mut budget = max_events.max(1);
        while budget > 0 && !self.study.is_done() {
            if self.current.is_none() {
                let Some(c) = self.study.next_batch(1).pop() else {
                    break;
                };
                self.current = Some((c.id, replay_job(&c, &self.study.trace)?));
            }
            let (id, job) = self.current.as_mut().expect("set above");
            let before = job.progress().events;
            let p = job.step(budget);
            budget = budget.saturating_sub(p.events - before);
            if p.done {
                let r = job.result().expect("done");
                let id = *id;
                self.current = None;
                self.study
                    .report(id, &r)
                    .expect("a freshly handed out replay is reported once");
            }
        }
        Ok(self.study.progress())
    }

    pub fn result(&self) -> OptimizeResult {
        self.study.answer()
    }
}

impl Done for SearchProgress {
    fn done(&self) -> bool {
        self.done
    }
}

/// Driven like every long job; a step that cannot build a candidate fails
/// with its field errors, and the job has no result then.
impl SteppedJob for ReplaySearch {
    type Progress = Result<SearchProgress, Vec<FieldError>>;
    type Output = OptimizeResult;
    fn advance(&mut self, budget: u64) -> Self::Progress {
        self.step(budget)
    }
    fn output(&self) -> Option<OptimizeResult> {
        self.study.is_done().then(|| self.study.answer())
    }
}
