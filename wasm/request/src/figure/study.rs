//! The figure as a farmed study (`tierplan_kit::farm`): a stateful
//! [`FigureStudy`] holding the settings and the runs done, whose jobs are
//! the runs [`figure_step`] lists (the pass's `next`, then `ahead`), so the
//! CLI, Python and the app drive it like the optimiser.

use std::collections::BTreeSet;

use serde::Serialize;

use tierplan_kit::farm::{FarmCost, FarmJob, FarmedStudy};
use tierplan_kit::stats::Estimate;
use tierplan_scenario::Scenario;

use super::{
    figure_step, FigurePointNow, FigureRun, FigureRunDone, FigureSeries, FigureSettings,
    FigureStep, PointRunsLeft,
};
use crate::result::RequestReplication;

/// A run handed out: its id and the run.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FigureJob {
    pub id: u32,
    pub run: FigureRun,
}

impl FarmJob for FigureJob {
    fn id(&self) -> u32 {
        self.id
    }
}

/// A point of the finished figure ([`FigureStudy::rows`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FigureRow {
    pub series: FigureSeries,
    pub rate: f64,
    pub miss_ratio: Estimate,
    pub saturated: Option<f64>,
    pub zero_vouched_by: Option<f64>,
    pub ios: u64,
}

/// Where the figure stands as a watcher shows it: the step without its
/// runs, whose scenarios a watcher never reads (one each in `next` and
/// `ahead`, about 7 KB in NOSSDAV'12's preset: up to 200 KB a step, which
/// the app copied from the studies' worker to the page after every run).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FigureProgress {
    /// As `FigureStep::pass`.
    pub pass: u32,
    pub pass_name: String,
    pub points: Vec<FigurePointNow>,
    /// How many runs the pass still lists (`FigureStep::next`'s length):
    /// 0 once the figure is finished.
    pub runs_next: u32,
    pub cost_done: f64,
    pub cost_left: f64,
    pub runs_left: Vec<PointRunsLeft>,
}

impl From<&FigureStep> for FigureProgress {
    fn from(s: &FigureStep) -> FigureProgress {
        FigureProgress {
            pass: s.pass,
            pass_name: s.pass_name.clone(),
            points: s.points.clone(),
            runs_next: s.next.len() as u32,
            cost_done: s.cost_done,
            cost_left: s.cost_left,
            runs_left: s.runs_left.clone(),
        }
    }
}

/// A run's identity: series, rate (its bits) and replication.
type RunKey = (FigureSeries, u64, u32);

fn key(series: FigureSeries, rate: f64, replication: u32) -> RunKey {
    (series, rate.to_bits(), replication)
}

/// The figure's state: settings, the runs done and the step they give.
pub struct FigureStudy {
    base: Scenario,
    settings: FigureSettings,
    series: Vec<FigureSeries>,
    done: Vec<FigureRunDone>,
    step: FigureStep,
    /// Every run handed out, by id.
    issued: Vec<RunKey>,
    reported: Vec<bool>,
    /// The runs handed out, by series id, rate bits and replication.
    started: BTreeSet<(&'static str, u64, u32)>,
}

impl FigureStudy {
    /// The figure before any run; errors as [`figure_step`]'s.
    pub fn new(
        base: Scenario,
        settings: FigureSettings,
        series: Vec<FigureSeries>,
    ) -> Result<FigureStudy, Vec<(&'static str, &'static str)>> {
        let step = figure_step(&base, &settings, &series, &[])?;
        Ok(FigureStudy {
            base,
            settings,
            series,
            done: Vec::new(),
            step,
            issued: Vec::new(),
            reported: Vec::new(),
            started: BTreeSet::new(),
        })
    }

    /// Where the figure stands (the step of the runs reported so far).
    pub fn step(&self) -> &FigureStep {
        &self.step
    }

    /// The runs reported so far, in the order they came.
    pub fn runs_done(&self) -> &[FigureRunDone] {
        &self.done
    }

    /// The finished figure as `tierplan http-figure --format json` prints
    /// it: per point series, rate, miss ratio, the saturated lower bound,
    /// the rate that vouches for a 0 %, and the I/Os of its runs.
    pub fn rows(&self) -> Vec<FigureRow> {
        self.step
            .points
            .iter()
            .map(|p| FigureRow {
                series: p.series,
                rate: p.rate,
                miss_ratio: p.miss_ratio,
                saturated: p.saturated,
                zero_vouched_by: p.zero_vouched_by,
                ios: self
                    .done
                    .iter()
                    .filter(|d| d.series == p.series && d.rate == p.rate)
                    .map(|d| d.outcome.ios)
                    .sum(),
            })
            .collect()
    }

    /// The run handed out as `id`, if any: (series, rate, replication).
    pub fn run_of(&self, id: u32) -> Option<(FigureSeries, f64, u32)> {
        self.issued
            .get(id as usize)
            .map(|&(s, r, k)| (s, f64::from_bits(r), k))
    }
}

impl FarmedStudy for FigureStudy {
    type Job = FigureJob;
    /// The run's `result.replications[0]`.
    type Outcome = RequestReplication;
    type Progress = FigureStep;
    type Answer = FigureStep;

    /// The pass's runs not yet handed out, longest first, then the runs a
    /// later pass is certain to list (work for a worker that would wait at
    /// the pass's end).
    fn next_batch(&mut self, k: usize) -> Vec<FigureJob> {
        let mut out = Vec::new();
        for run in self.step.next.iter().chain(&self.step.ahead) {
            if out.len() >= k {
                break;
            }
            let kk = key(run.series, run.rate, run.replication);
            if self.started.insert((run.series.id(), kk.1, kk.2)) {
                let id = self.issued.len() as u32;
                self.issued.push(kk);
                self.reported.push(false);
                out.push(FigureJob {
                    id,
                    run: run.clone(),
                });
            }
        }
        out
    }

    fn report(&mut self, id: u32, outcome: &RequestReplication) -> Result<(), String> {
        let Some(&(series, rate, replication)) = self.issued.get(id as usize) else {
            return Err(format!("run {id} was never handed out"));
        };
        if self.reported[id as usize] {
            return Err(format!("run {id} was already reported"));
        }
        self.done.push(FigureRunDone {
            series,
            rate: f64::from_bits(rate),
            replication,
            outcome: outcome.clone(),
        });
        match figure_step(&self.base, &self.settings, &self.series, &self.done) {
            Ok(step) => {
                self.reported[id as usize] = true;
                self.step = step;
                Ok(())
            }
            Err(errs) => {
                self.done.pop();
                Err(errs
                    .iter()
                    .map(|(f, m)| format!("{f}: {m}"))
                    .collect::<Vec<_>>()
                    .join("; "))
            }
        }
    }

    fn progress(&self) -> FigureStep {
        self.step.clone()
    }

    /// The figure's relative cost done and estimated left (`point_cost`'s units).
    fn cost(&self) -> FarmCost {
        FarmCost {
            done: self.step.cost_done,
            left: self.step.cost_left,
        }
    }

    fn is_done(&self) -> bool {
        self.step.next.is_empty()
    }

    fn answer(&self) -> FigureStep {
        self.step.clone()
    }
}
