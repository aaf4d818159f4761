//! Farmed studies: a study made of many independent simulations (the
//! optimiser's candidates, the fleet search's servers, the HTTP figure's
//! runs) that hands its work out in batches and takes the results back by
//! id in any order. One protocol, [`FarmedStudy`], so every front end
//! needs one driver for all of them: natively [`farm`] (the CLI and the
//! Python extension), in the browser a worker pool over the same methods.
//!
//! A study decides what to run from the results it has, never from the
//! order they came in, so its answer is the same on one thread or many
//! (`tests::out_of_order_gives_the_same_answer` and the studies' own tests
//! check it); only how much speculative work it hands out may differ.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};

/// A unit of work a study hands out: the id it is reported back by, and
/// what to simulate (the study's own type: a candidate, a figure run).
pub trait FarmJob {
    fn id(&self) -> u32;
}

/// How far a study is, in its own units of cost (simulations, tries or
/// request-seconds): what a progress bar shows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FarmCost {
    /// Work done (reported).
    pub done: f64,
    /// Work still to come at most or as estimated, in flight included.
    pub left: f64,
}

impl FarmCost {
    /// The share done, 0..1 (1 when nothing is known to be left).
    pub fn fraction(&self) -> f64 {
        let all = self.done + self.left;
        if all > 0.0 {
            (self.done / all).clamp(0.0, 1.0)
        } else {
            1.0
        }
    }
}

/// The one protocol of a farmed study (module account above).
pub trait FarmedStudy {
    /// What is handed out (an id and a scenario to simulate).
    type Job: FarmJob;
    /// What a finished job gives back (the engine's result of the job's scenario).
    type Outcome;
    /// The study's own progress report.
    type Progress;
    /// The study's answer (final once [`FarmedStudy::is_done`]).
    type Answer;
    /// Up to `k` jobs to simulate. Empty when the study is done or when
    /// everything it can hand out now waits on jobs in flight.
    fn next_batch(&mut self, k: usize) -> Vec<Self::Job>;
    /// The outcome of job `id`, in any order. An id never handed out, or
    /// reported before, is an error and changes nothing.
    fn report(&mut self, id: u32, outcome: &Self::Outcome) -> Result<(), String>;
    fn progress(&self) -> Self::Progress;
    /// Done and left, for a progress bar.
    fn cost(&self) -> FarmCost;
    fn is_done(&self) -> bool;
    fn answer(&self) -> Self::Answer;
}

/// Why [`farm`] stopped before the study was done.
#[derive(Debug, Clone, PartialEq)]
pub enum FarmStop<E> {
    /// The cancel flag was raised; the study keeps what was reported.
    Cancelled,
    /// A job's simulation failed.
    Failed(E),
    /// The study refused a report (a bug in the study or the driver).
    Refused(String),
    /// Nothing in flight, nothing handed out, and the study not done.
    Stalled,
}

struct Shared<'s, S: FarmedStudy, E, F> {
    study: &'s mut S,
    /// Jobs handed out beyond the one asked for (a study may give more
    /// than `k`: the fleet search hands out its final runs together).
    queued: std::collections::VecDeque<S::Job>,
    in_flight: usize,
    stop: Option<FarmStop<E>>,
    on_report: F,
}

/// Drive `study` to its end on up to `threads` threads: each thread asks
/// for one job when it is free, simulates it with `run` outside the lock
/// and reports it, then `on_report` sees the study (progress, passes). On
/// one thread this is exactly the sequential loop (ask one, run it, report
/// it), so its answer and its counts are those of a sequential search.
/// `cancel` is read before every job; a `run` that is long can read it too.
/// The caller's thread works too; `threads - 1` more are spawned.
pub fn farm<S, E>(
    study: &mut S,
    threads: usize,
    run: impl Fn(&S::Job) -> Result<S::Outcome, E> + Sync,
    on_report: impl FnMut(&S) + Send,
    cancel: &AtomicBool,
) -> Result<(), FarmStop<E>>
where
    S: FarmedStudy + Send,
    S::Job: Send,
    E: Send,
{
    let shared = Mutex::new(Shared {
        study,
        queued: Default::default(),
        in_flight: 0,
        stop: None,
        on_report,
    });
    let wake = Condvar::new();
    let worker = || {
        let mut g = shared.lock().expect("no panics while locked");
        loop {
            if g.stop.is_some() {
                break;
            }
            if cancel.load(Ordering::Relaxed) {
                g.stop = Some(FarmStop::Cancelled);
                break;
            }
            if g.queued.is_empty() {
                let more = g.study.next_batch(1);
                g.queued.extend(more);
            }
            let Some(job) = g.queued.pop_front() else {
                if g.in_flight == 0 {
                    g.stop = Some(FarmStop::Stalled);
                    break;
                }
                g = wake.wait(g).expect("no panics while locked");
                continue;
            };
            g.in_flight += 1;
            drop(g);
            let outcome = run(&job);
            g = shared.lock().expect("no panics while locked");
            g.in_flight -= 1;
            match outcome {
                Ok(o) => match g.study.report(job.id(), &o) {
                    Ok(()) => {
                        let s = &mut *g;
                        (s.on_report)(s.study);
                    }
                    Err(e) => g.stop = Some(FarmStop::Refused(e)),
                },
                Err(e) => g.stop = Some(FarmStop::Failed(e)),
            }
            wake.notify_all();
        }
        // A thread waiting for this one's report must see the end too.
        wake.notify_all();
    };
    // The caller's thread is one of the workers: on one thread nothing is
    // spawned (WebAssembly has no threads), and a caller that must watch
    // for signals on its own thread (Python's Ctrl-C) sees its jobs.
    std::thread::scope(|scope| {
        for _ in 1..threads.max(1) {
            scope.spawn(worker);
        }
        worker();
    });
    let s = shared.into_inner().expect("threads joined");
    match s.stop {
        // Nothing left to hand out is the end when the study is done.
        Some(FarmStop::Stalled) if s.study.is_done() => Ok(()),
        Some(stop) => Err(stop),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy study with the shape of the real ones: job i may only be
    /// handed out once job i − 2 is reported (later work depends on
    /// earlier results), the answer is a sum over the outcomes by id.
    struct Chain {
        n: u32,
        /// Hand out everything available whatever `k` (as the fleet
        /// search's final runs come together).
        burst: bool,
        issued: u32,
        reported: Vec<Option<u64>>,
    }

    struct Job(u32);
    impl FarmJob for Job {
        fn id(&self) -> u32 {
            self.0
        }
    }

    impl FarmedStudy for Chain {
        type Job = Job;
        type Outcome = u64;
        type Progress = u32;
        type Answer = u64;
        fn next_batch(&mut self, k: usize) -> Vec<Job> {
            let mut out = Vec::new();
            while (self.burst || out.len() < k) && self.issued < self.n {
                let i = self.issued;
                if i >= 2 && self.reported[(i - 2) as usize].is_none() {
                    break;
                }
                self.issued += 1;
                out.push(Job(i));
            }
            out
        }
        fn report(&mut self, id: u32, o: &u64) -> Result<(), String> {
            if id >= self.issued {
                return Err(format!("job {id} was never handed out"));
            }
            let slot = &mut self.reported[id as usize];
            if slot.is_some() {
                return Err(format!("job {id} was already reported"));
            }
            *slot = Some(*o);
            Ok(())
        }
        fn progress(&self) -> u32 {
            self.reported.iter().flatten().count() as u32
        }
        fn cost(&self) -> FarmCost {
            let done = self.progress() as f64;
            FarmCost {
                done,
                left: self.n as f64 - done,
            }
        }
        fn is_done(&self) -> bool {
            self.reported.iter().all(Option::is_some)
        }
        fn answer(&self) -> u64 {
            self.reported
                .iter()
                .enumerate()
                .map(|(i, r)| (i as u64 + 1) * r.unwrap_or(0))
                .sum()
        }
    }

    fn chain(n: u32) -> Chain {
        Chain {
            n,
            burst: false,
            issued: 0,
            reported: vec![None; n as usize],
        }
    }

    #[test]
    fn every_thread_count_gives_the_same_answer_and_progress_only_grows() {
        // By hand: sum of (i + 1) · i² for i < 50.
        let want: u64 = (0..50u64).map(|i| (i + 1) * i * i).sum();
        for (threads, burst) in [
            (0, false),
            (1, false),
            (2, false),
            (5, false),
            (1, true),
            (3, true),
        ] {
            let mut s = chain(50);
            s.burst = burst;
            let mut seen = Vec::new();
            let r = farm(
                &mut s,
                threads,
                |j: &Job| {
                    // Uneven work, so that reports come out of order.
                    std::thread::sleep(std::time::Duration::from_micros(
                        (u64::from(j.0) * 37) % 200,
                    ));
                    Ok::<u64, ()>(u64::from(j.0) * u64::from(j.0))
                },
                |s: &Chain| seen.push(s.progress()),
                &AtomicBool::new(false),
            );
            assert_eq!(r, Ok(()), "{threads} threads");
            assert_eq!(s.answer(), want, "{threads} threads");
            assert_eq!(seen, (1..=50).collect::<Vec<_>>(), "{threads} threads");
            assert_eq!(s.cost().fraction(), 1.0);
        }
    }

    #[test]
    fn a_failed_job_a_cancel_and_a_bad_report_stop_the_farm() {
        let mut s = chain(10);
        let r = farm(
            &mut s,
            2,
            |j: &Job| if j.0 == 3 { Err("boom") } else { Ok(1) },
            |_: &Chain| {},
            &AtomicBool::new(false),
        );
        assert_eq!(r, Err(FarmStop::Failed("boom")));
        assert!(!s.is_done());

        let mut s = chain(10);
        let r = farm(
            &mut s,
            1,
            |_: &Job| Ok::<u64, ()>(1),
            |_: &Chain| {},
            &AtomicBool::new(true),
        );
        assert_eq!(r, Err(FarmStop::Cancelled));
        assert_eq!(s.progress(), 0);

        let mut s = chain(3);
        assert!(s.report(0, &1).is_err(), "never handed out");
        let jobs = s.next_batch(5);
        assert_eq!(jobs.len(), 2, "job 2 waits for job 0");
        assert!(s.report(1, &1).is_ok());
        assert!(s.report(1, &1).is_err(), "reported twice");
    }
}
