//! The highest request rate whose segment miss ratio meets a target (model
//! §11), as a resumable job: bisection over the rate lattice k × step, every
//! point a full [`RequestJob`] with all replications. Points already known
//! (say, from the miss-ratio figure) bracket the search before it starts, so
//! their work is not repeated.

use super::saturation::MIN_LOWER_BOUND;
use super::{rate_load, RateLoad, RequestJob, RequestResult};
use serde::{Deserialize, Serialize};
use tierplan_kit::progress::SteppedJob;
use tierplan_kit::stats::Estimate;
use tierplan_scenario::request::MaxRateSpec;
use tierplan_scenario::validate::{request_section_missing, FieldError};
use tierplan_scenario::Scenario;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MaxRatePoint {
    pub rate: f64,
    pub miss_ratio: Estimate,
    /// Every replication's miss ratio met the target.
    pub passed: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MaxRateProgress {
    pub points_done: u32,
    /// Rate being simulated now, if any.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub current_rate: Option<f64>,
    /// Fraction of the current point done.
    pub point_fraction: f64,
    /// Upper bound on points still needed (bisection steps left).
    pub points_left: u32,
    pub done: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MaxRateResult {
    pub miss_target: f64,
    /// Highest passing rate on the lattice; absent when even the lowest
    /// rate fails.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub max_rate: Option<f64>,
    /// Lowest failing rate, if one was seen (the answer lies below it).
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub first_failing: Option<f64>,
    /// `max_rate` as Gb/s on the wire and viewers playing at once.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub max_rate_load: Option<RateLoad>,
    /// Every point evaluated, by rate.
    pub points: Vec<MaxRatePoint>,
}

pub struct MaxRateJob {
    base: Scenario,
    spec: MaxRateSpec,
    /// Highest passing lattice index (kmin − 1: none yet) and lowest failing
    /// (kmax + 1: none yet).
    lo: i64,
    hi: i64,
    kmin: i64,
    points: Vec<MaxRatePoint>,
    current: Option<(i64, RequestJob)>,
    /// Why the search stopped at a rate its scenario is not valid at (both
    /// ends are checked first, so only a check that is not monotone in the
    /// rate could make one).
    refused: Option<Vec<FieldError>>,
}

/// The job of the point at `rate`: the one place a point's scenario is
/// validated.
fn job_at(base: &Scenario, rate: f64) -> Result<RequestJob, Vec<FieldError>> {
    RequestJob::new(scenario_at(base, rate))
}

fn scenario_at(base: &Scenario, rate: f64) -> Scenario {
    let mut s = base.clone();
    if let Some(r) = s.request.as_mut() {
        r.workload.rate = rate;
        // A replication stopped as saturated misses at least
        // `MIN_LOWER_BOUND`, which decides a lower target only.
        if r.search.miss_target >= MIN_LOWER_BOUND {
            r.run.stop_when_saturated = false;
        }
    }
    s
}

impl MaxRateJob {
    /// Validate the scenario at both ends of the search range.
    pub fn new(base: Scenario) -> Result<MaxRateJob, Vec<FieldError>> {
        let spec = match &base.request {
            Some(r) => r.search.clone(),
            None => return Err(vec![request_section_missing()]),
        };
        let kmin = libm::ceil(spec.min_rate / spec.step - 1e-9) as i64;
        let kmax = libm::floor(spec.max_rate / spec.step + 1e-9) as i64;
        for k in [kmin, kmax] {
            job_at(&base, k as f64 * spec.step)?;
        }
        Ok(MaxRateJob {
            base,
            lo: kmin - 1,
            hi: kmax + 1,
            kmin,
            spec,
            points: Vec::new(),
            current: None,
            refused: None,
        })
    }

    /// Tell the search about a point simulated elsewhere (same scenario,
    /// that rate); it narrows the bracket.
    /// A point whose saturated replication's lower bound is within the
    /// target decides nothing (its full-length miss ratio may be higher) and
    /// is left out.
    pub fn add_known(&mut self, r: &RequestResult) {
        let target = self.spec.miss_target;
        let undecided = r
            .replications
            .iter()
            .any(|x| x.saturated.is_some_and(|s| s.miss_ratio_lower <= target));
        if !undecided {
            self.record(r);
        }
    }

    fn record(&mut self, r: &RequestResult) {
        let passed = r.miss_ratio.max <= self.spec.miss_target;
        let k = libm::round(r.rate / self.spec.step) as i64;
        if passed && k > self.lo {
            self.lo = k.min(self.hi - 1);
        }
        if !passed && k < self.hi {
            self.hi = k.max(self.lo + 1);
        }
        self.points.push(MaxRatePoint {
            rate: r.rate,
            miss_ratio: r.miss_ratio,
            passed,
        });
        self.points.sort_by(|a, b| a.rate.total_cmp(&b.rate));
    }

    fn is_done(&self) -> bool {
        self.hi - self.lo <= 1 || self.refused.is_some()
    }

    pub fn step(&mut self, max_ios: u64) -> MaxRateProgress {
        let mut budget = max_ios.max(1);
        while !self.is_done() && budget > 0 {
            if self.current.is_none() {
                let k = self.lo + (self.hi - self.lo) / 2;
                match job_at(&self.base, k as f64 * self.spec.step) {
                    Ok(job) => self.current = Some((k, job)),
                    Err(errors) => {
                        self.refused = Some(errors);
                        break;
                    }
                }
            }
            let (_, job) = self.current.as_mut().expect("current point");
            let before = job.progress().events;
            let pr = job.step(budget);
            budget = budget.saturating_sub(pr.events - before);
            if pr.done {
                let (_, job) = self.current.take().expect("current point");
                let r = job.result().expect("done");
                self.record(&r);
            }
        }
        self.progress()
    }

    pub fn progress(&self) -> MaxRateProgress {
        let gap = (self.hi - self.lo).max(1) as f64;
        MaxRateProgress {
            points_done: self.points.len() as u32,
            current_rate: self
                .current
                .as_ref()
                .map(|(k, _)| *k as f64 * self.spec.step),
            point_fraction: self
                .current
                .as_ref()
                .map_or(0.0, |(_, j)| j.progress().fraction),
            points_left: libm::ceil(libm::log2(gap)) as u32,
            done: self.is_done(),
        }
    }

    /// The result so far (final once progress says `done`), or the field
    /// errors of the rate that stopped the search.
    pub fn result(&self) -> Result<MaxRateResult, Vec<FieldError>> {
        if let Some(errors) = &self.refused {
            return Err(errors.clone());
        }
        let max_rate = (self.lo >= self.kmin).then_some(self.lo as f64 * self.spec.step);
        let workload = self.base.request.as_ref().map(|r| &r.workload);
        Ok(MaxRateResult {
            miss_target: self.spec.miss_target,
            max_rate,
            max_rate_load: max_rate.zip(workload).map(|(m, w)| rate_load(w, m)),
            first_failing: self.points.iter().find(|p| !p.passed).map(|p| p.rate),
            points: self.points.clone(),
        })
    }
}

/// Run the whole search.
pub fn max_rate(base: &Scenario) -> Result<MaxRateResult, Vec<FieldError>> {
    let mut job = MaxRateJob::new(base.clone())?;
    job.run_to_end(1 << 22)
}

impl tierplan_kit::progress::Done for MaxRateProgress {
    fn done(&self) -> bool {
        self.done
    }
}

impl tierplan_kit::progress::SteppedJob for MaxRateJob {
    type Progress = MaxRateProgress;
    type Output = Result<MaxRateResult, Vec<FieldError>>;
    fn advance(&mut self, budget: u64) -> MaxRateProgress {
        self.step(budget)
    }
    fn output(&self) -> Option<Self::Output> {
        self.is_done().then(|| self.result())
    }
}
