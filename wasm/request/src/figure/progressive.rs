//! The figure while you watch (docs/engines/request.md): the figure's work
//! as a schedule of passes over single replications, so that a coarse but
//! complete picture of every series comes first and later passes refine it
//! where it matters. [`figure_step`] is a pure function of the runs done:
//! the app calls it after every finished run and `tierplan http-figure`
//! after every pass, so both run the same runs and merge them the same way.
//!
//! A run is one replication of one point: the point's scenario with
//! `run.replications = 1` and `run.first_replication = k`, which is exactly
//! replication k of the point's n-replication run (same seed, same warm-up,
//! same steady-state drive), so merging replications 0..n with the core's
//! `mean_ci95` in replication order gives the n-replication run's estimate
//! bit for bit.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use tierplan_kit::stats::{mean_ci95, Estimate};
use tierplan_scenario::validate::REQUEST_SECTION_MISSING;
use tierplan_scenario::Scenario;

use super::{
    figure_rates, point_scenario, run_cost, series_warmup_h, settings_errors, FigureSeries,
    FigureSettings,
};
use crate::result::RequestReplication;
use crate::saturation::MIN_LOWER_BOUND;

/// One replication of one point, to run with the request engine (its
/// `result.replications[0]` is the run's outcome).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FigureRun {
    pub series: FigureSeries,
    pub rate: f64,
    /// Which replication of the point this is (0 first).
    pub replication: u32,
    /// The pass it belongs to (1 first); for a run of
    /// `FigureStep::ahead`, the pass under way when it was listed.
    pub pass: u32,
    /// The point's scenario running only this replication
    /// (`run.replications` 1, `run.first_replication` = `replication`).
    pub scenario: Scenario,
    /// Relative cost expected (the units of `point_cost`).
    pub cost: f64,
}

/// A run that finished, as the caller reports it back.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FigureRunDone {
    pub series: FigureSeries,
    pub rate: f64,
    pub replication: u32,
    /// The run's `result.replications[0]`.
    pub outcome: RequestReplication,
}

/// A point of the figure as far as its runs go.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FigurePointNow {
    pub series: FigureSeries,
    pub rate: f64,
    /// Over the replications done (replications 0, 1, … in order).
    pub miss_ratio: Estimate,
    pub replications: u32,
    pub target_replications: u32,
    /// More replications of this point are still to come.
    pub provisional: bool,
    /// Set when a replication was stopped as saturated: a lower bound of
    /// the point's miss ratio (the mean over its replications, each a
    /// lower bound or exact). The point gets no more replications.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub saturated: Option<f64>,
    /// Set when this point's replications so far (none, for a rate below
    /// a 0 % one that was never run) missed nothing and a higher rate of
    /// its series, reached through rates that also missed nothing where
    /// they ran, missed nothing in every replication: the rate that vouches
    /// for its 0 %. The requests are the same at every rate, only faster
    /// (common random numbers), so misses do not fall as the rate grows;
    /// the point gets no more replications (`request_figure_zero.rs`
    /// checks the rule against full replications).
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub zero_vouched_by: Option<f64>,
}

/// Where the figure stands and what to run next.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FigureStep {
    /// The pass under way (1 first); when finished, the number of passes.
    pub pass: u32,
    /// What the pass does ("finished" when nothing is left).
    pub pass_name: String,
    /// Every point with at least one replication done, and every point
    /// vouched for without a run of its own, by series (in the order
    /// asked) and rate.
    pub points: Vec<FigurePointNow>,
    /// The pass's runs not yet done, longest first (runs in flight stay
    /// listed until they are reported done). Empty: the figure is finished.
    pub next: Vec<FigureRun>,
    /// Runs a later pass is certain to list, whatever the runs still to
    /// come find (the next replication of a point that already missed, or,
    /// once every rate has had its first run, of a 0 % point below a rate
    /// that misses): work for a worker that would otherwise wait at the
    /// pass's end. Report them done as they finish; they count from the
    /// pass that lists them. Their `pass` is the pass under way.
    pub ahead: Vec<FigureRun>,
    /// Relative cost of the runs done (a saturated run counts the part it
    /// simulated).
    pub cost_done: f64,
    /// Estimated relative cost of all the work still to come, this pass's
    /// and every later pass's.
    pub cost_left: f64,
    /// The part of `cost_left` that is more replications of points already
    /// run (the rest is rates not run yet): how many runs each such point
    /// is expected to take still, in flight included. A run of a point
    /// takes about as long as the point's runs so far did, which near a
    /// knee is more than its cost says, so a time left counts these by the
    /// measured length of the point's runs, and the rest by the pace.
    pub runs_left: Vec<PointRunsLeft>,
}

/// More runs a point that has run is expected to take (`FigureStep::runs_left`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PointRunsLeft {
    pub series: FigureSeries,
    pub rate: f64,
    /// Replications still to run, one after another (each needs the
    /// previous replication's pass, or is listed ahead once certain).
    pub runs: u32,
    /// The cost of one of them (as `FigureRun::cost`).
    pub cost: f64,
}

/// The chance of each outcome (`Outcome` as an index) of a rate not run
/// yet at `x` (0 to 1) of the way from a run rate whose outcome is `lo` to
/// one whose outcome is `hi`. Misses only grow with the rate, so across the
/// gap the outcome steps up once for each class from `lo` to `hi`; each
/// step is taken to fall anywhere in the gap with equal chance (two steps:
/// below both, between, above both). Weighting the outcomes by how often
/// the figure had them instead, with its many 0 % points at low rates,
/// expected about one run each of the block cache's 16 and 17 requests/s
/// between its 0 % at 15 and its saturated 19, which took three each: the
/// work left read 20–25 % short at the end of the first pass.
fn stepped_chances(lo: usize, hi: usize, x: f64) -> [f64; 3] {
    let x = x.clamp(0.0, 1.0);
    let mut p = [0.0; 3];
    match hi - lo {
        0 => p[lo] = 1.0,
        1 => {
            p[lo] = 1.0 - x;
            p[hi] = x;
        }
        _ => {
            p[0] = (1.0 - x) * (1.0 - x);
            p[1] = 2.0 * x * (1.0 - x);
            p[2] = x * x;
        }
    }
    p
}

/// The chance of each outcome of a rate not run yet, index `ri`, whose
/// nearest run neighbours' outcomes allow `lo ..= hi`: between two run
/// rates `gap` no further apart than the first pass's rates
/// (`coarse_step`), by where it lies in the gap (`stepped_chances`). Beside
/// rates not run yet, or in a wider gap, nothing says where the steps are:
/// the outcomes as common as the figure has had them so far (`weight`).
/// Early in the first pass a gap can span most of the grid (the block
/// cache's 11 and 25 requests/s), and most of its rates end at 0 % without
/// more runs: the steps there read the time left at 5 s double.
fn outcome_chances(
    lo: usize,
    hi: usize,
    ri: usize,
    gap: Option<(usize, usize)>,
    coarse_step: usize,
    weight: [f64; 3],
) -> [f64; 3] {
    match gap {
        Some((b, a)) if a - b <= coarse_step => {
            stepped_chances(lo, hi, (ri - b) as f64 / (a - b) as f64)
        }
        _ => {
            let w: f64 = weight[lo..=hi].iter().sum();
            weight.map(|x| x / w)
        }
    }
}

/// A point: (series index, rate index).
type Key = (usize, usize);

/// What a point's runs found, in the order misses grow with the rate.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Outcome {
    /// Every replication missed nothing.
    Zero = 0,
    /// Misses, no replication saturated.
    Misses = 1,
    /// A replication stopped as saturated.
    Saturated = 2,
}

/// The passes in their order.
#[derive(Debug, Clone, Copy)]
enum Pass {
    /// Replication 0 at a few evenly spaced rates of every series.
    FirstPicture,
    /// Replication 0 where the curves bend.
    Bends,
    /// Replication 0 at every rate not run yet, but not below a rate that
    /// missed nothing (reached through rates not run): such a rate is
    /// expected to be vouched for without a run of its own.
    RemainingRates,
    /// Replication `level` of the points at the 0 % line (first) and of the
    /// points with misses; not of a 0 % point below another 0 % (it is
    /// expected to be vouched for).
    Replications(u32),
    /// Replication `level` of any point still short of it and not vouched
    /// for (a 0 % point, or a rate spared its first run, whose voucher
    /// turned out to miss).
    Rest(u32),
}

impl Pass {
    fn name(self, target: u32) -> String {
        match self {
            Pass::FirstPicture => "first picture".into(),
            Pass::Bends => "where the curves bend".into(),
            Pass::RemainingRates => "the remaining rates".into(),
            Pass::Replications(k) => {
                format!("replication {} of {target}, the 0 % line first", k + 1)
            }
            Pass::Rest(k) => format!("replication {} of {target}, the rest", k + 1),
        }
    }
}

/// The figure's grid and what is known of it.
struct Figure<'a> {
    series: Vec<FigureSeries>,
    rates: Vec<f64>,
    f: &'a FigureSettings,
    /// Outcomes by point, by replication.
    known: BTreeMap<Key, BTreeMap<u32, &'a RequestReplication>>,
}

impl<'a> Figure<'a> {
    fn outcomes(&self, k: Key) -> Vec<&'a RequestReplication> {
        self.known
            .get(&k)
            .map(|m| m.values().copied().collect())
            .unwrap_or_default()
    }

    fn count(&self, k: Key) -> u32 {
        self.known.get(&k).map_or(0, |m| m.len() as u32)
    }

    fn estimate(&self, k: Key) -> Option<Estimate> {
        let xs: Vec<f64> = self.outcomes(k).iter().map(|o| o.miss_ratio).collect();
        (!xs.is_empty()).then(|| mean_ci95(&xs))
    }

    fn saturated(&self, k: Key) -> bool {
        self.outcomes(k).iter().any(|o| o.saturated.is_some())
    }

    /// The relative cost a run simulated: all of it, or up to where it
    /// stopped as saturated.
    fn spent(&self, k: Key, o: &RequestReplication) -> f64 {
        let s = self.series[k.0];
        let warm = series_warmup_h(s, self.f);
        let hours = match o.saturated {
            Some(sat) => warm + (sat.stopped_at_s / 3600.0).min(self.f.duration_h),
            None => warm + self.f.duration_h,
        };
        run_cost(s, self.rates[k.1], hours)
    }

    fn nominal(&self, k: Key) -> f64 {
        let s = self.series[k.0];
        run_cost(
            s,
            self.rates[k.1],
            series_warmup_h(s, self.f) + self.f.duration_h,
        )
    }

    /// Per series: the lowest rate index that saturated and the measured
    /// fraction of their nominal cost the saturated runs took.
    fn saturation(&self, series: usize) -> Option<(usize, f64)> {
        let lowest = self
            .known
            .range((series, 0)..(series + 1, 0))
            .find(|(_, reps)| reps.values().any(|o| o.saturated.is_some()))
            .map(|(&k, _)| k.1);
        lowest.map(|l| (l, self.stop_fraction(Some(series))))
    }

    /// The cost a run of point `k` is expected to take: nominal, scaled by
    /// the series' measured stop fraction at or above a rate where the
    /// series already saturated.
    fn expected(&self, k: Key) -> f64 {
        match self.saturation(k.0) {
            Some((lowest, fraction)) if k.1 >= lowest => {
                self.nominal(k) * self.stop_fraction_at(k).unwrap_or(fraction)
            }
            _ => self.nominal(k),
        }
    }

    /// How soon a run of `k` is expected to stop if it saturates: between
    /// the nearest saturated rates below and above it, in proportion (how
    /// soon a run stops depends on how overloaded the devices are, which
    /// changes little from a rate to the next; near the knee runs stop late,
    /// far above it early); beside only one of them, that one's. None: no
    /// saturated rate in its series.
    fn stop_fraction_at(&self, k: Key) -> Option<f64> {
        let sat = |r: usize| self.saturated((k.0, r)).then_some(r);
        let below = (0..=k.1).rev().find_map(sat);
        let above = (k.1..self.rates.len()).find_map(sat);
        let own = |r: usize| self.own_stop_fraction((k.0, r));
        match (below, above) {
            (Some(b), Some(a)) if a > b => {
                let x = (k.1 - b) as f64 / (a - b) as f64;
                Some(own(b) + (own(a) - own(b)) * x)
            }
            (Some(r), _) | (None, Some(r)) => Some(own(r)),
            (None, None) => None,
        }
    }

    /// Estimated cost of everything not done, in nominal runs of each
    /// point: a saturated point none; a point with misses its missing
    /// replications (one run stopped early when `next_run_saturates`); a
    /// 0 % point its missing replications if it is its
    /// series' highest 0 % rate so far and no higher rate at 0 % can
    /// follow (the next rate misses, is not run yet, or it is the grid's
    /// highest), else none (it is expected to end vouched for); a point
    /// not run yet the expected cost of the outcomes its nearest run
    /// neighbours leave possible (misses grow with the rate: 0 %, misses,
    /// saturated, in that order), each outcome at its chance
    /// (`outcome_chances`): between two run neighbours at most the first
    /// pass's spacing apart from where the point lies in the gap, else by
    /// how many points of the figure have it so far (plus one): one run
    /// for a 0 %, all of
    /// them for misses, one run at the stop fraction for a saturation
    /// (`stop_fraction_at`, else the series'); only saturation above a rate
    /// whose misses reach the early stop's bound and below a saturated one.
    /// Also, by point already run, the runs it is expected to take still.
    fn cost_left(&self) -> (f64, BTreeMap<Key, u32>) {
        let target = self.f.replications as f64;
        let overall = self.stop_fraction(None);
        let mut weight = [1.0; 3];
        for &k in self.known.keys() {
            if let Some(c) = self.outcome_class(k) {
                weight[c as usize] += 1.0;
            }
        }
        let coarse_step = self
            .coarse()
            .windows(2)
            .map(|w| w[1] - w[0])
            .max()
            .unwrap_or(1);
        let mut left = 0.0;
        let mut of_run_points = BTreeMap::new();
        for si in 0..self.series.len() {
            let fraction = self.saturation(si).map_or(overall, |(_, f)| f);
            let cost = [1.0, target, fraction];
            let top_zero = (0..self.rates.len())
                .rev()
                .find(|&ri| self.outcome_class((si, ri)) == Some(Outcome::Zero));
            for ri in 0..self.rates.len() {
                let k = (si, ri);
                let n = self.count(k) as f64;
                if self.next_run_saturates(k) {
                    // Not a chain of full runs the app could time by the
                    // point's runs so far: one run that stops early,
                    // counted at the pace, as the rates not run are.
                    left += self.stop_fraction_at(k).unwrap_or(fraction) * self.nominal(k);
                    continue;
                }
                let runs = match self.outcome_class(k) {
                    Some(Outcome::Saturated) => 0.0,
                    Some(Outcome::Misses) => target - n,
                    Some(Outcome::Zero) => {
                        let next_unknown =
                            ri + 1 < self.rates.len() && self.count((si, ri + 1)) == 0;
                        if self.zero_below_zero(k) || (next_unknown && top_zero != Some(ri)) {
                            0.0
                        } else {
                            target - n
                        }
                    }
                    None if self.spared(k) => 0.0,
                    None => {
                        let below = (0..ri)
                            .rev()
                            .find_map(|r| self.outcome_class((si, r)).map(|c| (r, c)));
                        let above = (ri + 1..self.rates.len())
                            .find_map(|r| self.outcome_class((si, r)).map(|c| (r, c)));
                        let mut lo = below.map_or(0, |(_, c)| c as usize);
                        let hi = above.map_or(2, |(_, c)| c as usize).max(lo);
                        // Below a saturated rate and above one whose misses
                        // already reach the early stop's bound, a rate is
                        // expected to saturate: misses only grow with the
                        // rate, and a run missing that much with a growing
                        // backlog is stopped.
                        if let (Some((r, Outcome::Misses)), Some((_, Outcome::Saturated))) =
                            (below, above)
                        {
                            if self.mean((si, r)).is_some_and(|m| m >= MIN_LOWER_BOUND) {
                                lo = Outcome::Saturated as usize;
                            }
                        }
                        // The saturated rates around it tell how soon it
                        // stops better than the series' mean, which mixes
                        // runs near the knee (stopped late) with runs far
                        // above it (stopped early).
                        let mut cost = cost;
                        if let Some(f) = self.stop_fraction_at(k) {
                            cost[2] = f;
                        }
                        let gap = match (below, above) {
                            (Some((b, _)), Some((a, _))) => Some((b, a)),
                            _ => None,
                        };
                        let chance = outcome_chances(lo, hi, ri, gap, coarse_step, weight);
                        (lo..=hi).map(|c| chance[c] * cost[c]).sum::<f64>()
                    }
                };
                if self.count(k) > 0 && runs > 0.0 {
                    of_run_points.insert(k, runs as u32);
                }
                left += runs * self.nominal(k);
            }
        }
        (left, of_run_points)
    }

    /// A point whose runs so far missed, with replications still to come,
    /// is expected to end with its next run, stopped saturated, when its
    /// misses already reach the early stop's bound and a higher rate of its
    /// series saturated: misses only grow with the rate, so its backlog
    /// grows too and the next run is stopped once it is certain to miss
    /// that much; a saturated run ends the point. Counted as its missing
    /// replications run to the end, the figure's work left read 15–20 %
    /// long through its middle passes (the block cache at 18 requests/s:
    /// two more full hours expected, one run stopped early taken).
    fn next_run_saturates(&self, k: Key) -> bool {
        self.outcome_class(k) == Some(Outcome::Misses)
            && self.count(k) < self.f.replications
            && self.mean(k).is_some_and(|m| m >= MIN_LOWER_BOUND)
            && (k.1 + 1..self.rates.len()).any(|r| self.saturated((k.0, r)))
    }

    /// What the runs of `k` so far found; None before its first run.
    fn outcome_class(&self, k: Key) -> Option<Outcome> {
        if self.count(k) == 0 {
            None
        } else if self.saturated(k) {
            Some(Outcome::Saturated)
        } else if self.all_zero(k) {
            Some(Outcome::Zero)
        } else {
            Some(Outcome::Misses)
        }
    }

    /// The share of its nominal cost point `k`'s saturated runs took.
    fn own_stop_fraction(&self, k: Key) -> f64 {
        let sat: Vec<f64> = self
            .outcomes(k)
            .iter()
            .filter(|o| o.saturated.is_some())
            .map(|o| self.spent(k, o) / self.nominal(k))
            .collect();
        sat.iter().sum::<f64>() / sat.len().max(1) as f64
    }

    /// The share of their nominal cost saturated runs took, over every
    /// series (`None`) or one; 1 before any saturated.
    fn stop_fraction(&self, series: Option<usize>) -> f64 {
        let (mut spent, mut nominal) = (0.0, 0.0);
        for (&k, reps) in &self.known {
            if series.is_some_and(|s| s != k.0) {
                continue;
            }
            for o in reps.values().filter(|o| o.saturated.is_some()) {
                spent += self.spent(k, o);
                nominal += self.nominal(k);
            }
        }
        if nominal > 0.0 {
            spent / nominal
        } else {
            1.0
        }
    }

    /// Every replication of `k` run so far missed nothing (and at least
    /// one ran).
    fn all_zero(&self, k: Key) -> bool {
        let o = self.outcomes(k);
        !o.is_empty()
            && o.iter()
                .all(|o| o.miss_ratio == 0.0 && o.saturated.is_none())
    }

    /// `k` and the nearest rate above it that has run both missed nothing
    /// so far: `k` is expected to end vouched for.
    fn zero_below_zero(&self, k: Key) -> bool {
        self.all_zero(k) && self.zero_above(k)
    }

    /// The nearest rate above `k` that has run missed nothing so far.
    fn zero_above(&self, k: Key) -> bool {
        (k.1 + 1..self.rates.len())
            .find(|&ri| self.count((k.0, ri)) > 0)
            .is_some_and(|ri| self.all_zero((k.0, ri)))
    }

    /// A rate not run yet below a 0 % one (through rates not run): it is
    /// expected to end vouched for without a run of its own.
    fn spared(&self, k: Key) -> bool {
        self.count(k) == 0 && self.zero_above(k)
    }

    /// The rate index that vouches for `k`'s 0 % (see
    /// `FigurePointNow::zero_vouched_by`): the nearest higher rate run to
    /// its target replications, all at 0 %, with every rate run between
    /// them at 0 % so far. `k` itself missed nothing in the replications
    /// it had, if any. None for a point with all its replications.
    fn zero_vouched_by(&self, k: Key) -> Option<usize> {
        let target = self.f.replications;
        let n = self.count(k);
        if n >= target || (n > 0 && !self.all_zero(k)) {
            return None;
        }
        for ri in k.1 + 1..self.rates.len() {
            let j = (k.0, ri);
            if self.count(j) == 0 {
                continue;
            }
            if !self.all_zero(j) {
                return None;
            }
            if self.count(j) >= target {
                return Some(ri);
            }
        }
        None
    }

    /// The miss ratio's mean at a point run at least once.
    fn mean(&self, k: Key) -> Option<f64> {
        self.estimate(k).map(|e| e.mean)
    }

    /// The grid's rate indices of pass 1: six evenly spaced, the lowest
    /// and the highest among them (all of them when there are at most 6).
    fn coarse(&self) -> Vec<usize> {
        let n = self.rates.len();
        if n <= 6 {
            return (0..n).collect();
        }
        let mut idx: Vec<usize> = (0..6)
            .map(|i| libm::round(i as f64 * (n - 1) as f64 / 5.0) as usize)
            .collect();
        idx.dedup();
        idx
    }

    /// Rate indices of series `si` between the last 0 % rate and the first
    /// missing rate (both ways round, when a curve is not monotone), and
    /// between the neighbours that differ most, not run yet.
    fn bends(&self, si: usize) -> Vec<usize> {
        let run: Vec<(usize, f64)> = (0..self.rates.len())
            .filter_map(|ri| self.mean((si, ri)).map(|m| (ri, m)))
            .collect();
        let mut gaps: Vec<(usize, usize)> = Vec::new();
        // Below the first rate with misses (from the grid's start when even
        // the lowest rate run misses).
        if let Some(p) = run.iter().position(|&(_, m)| m > 0.0) {
            let lo = if p == 0 { None } else { Some(run[p - 1].0) };
            gaps.push((lo.map_or(0, |l| l + 1), run[p].0));
        }
        // Above the highest 0 % rate.
        if let Some(p) = run.iter().rposition(|&(_, m)| m == 0.0) {
            if p + 1 < run.len() {
                gaps.push((run[p].0 + 1, run[p + 1].0));
            }
        }
        // Where neighbouring values differ most (the first such pair).
        let mut best: Option<(usize, f64)> = None;
        for w in 0..run.len().saturating_sub(1) {
            let d = (run[w + 1].1 - run[w].1).abs();
            if d > 0.0 && best.is_none_or(|(_, b)| d > b) {
                best = Some((w, d));
            }
        }
        if let Some((w, _)) = best {
            gaps.push((run[w].0 + 1, run[w + 1].0));
        }
        let mut out: Vec<usize> = gaps
            .into_iter()
            .flat_map(|(a, b)| a..b)
            .filter(|&ri| self.count((si, ri)) == 0)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether point `k` decides its series' 0 % line: its replications
    /// disagree about 0 %, its interval reaches 0 while its mean misses, or
    /// it is the last 0 % rate below a missing one (or the grid's highest
    /// rate at 0 %: its replications vouch for every 0 % below it) or the
    /// first missing rate above a 0 % one.
    fn at_zero_line(&self, k: Key) -> bool {
        let Some(e) = self.estimate(k) else {
            return false;
        };
        if (e.min == 0.0 && e.max > 0.0) || (e.mean > 0.0 && e.mean - e.ci95 <= 0.0) {
            return true;
        }
        let next = self.mean((k.0, k.1 + 1));
        let prev = k.1.checked_sub(1).and_then(|p| self.mean((k.0, p)));
        (e.mean == 0.0 && (next.is_some_and(|m| m > 0.0) || k.1 + 1 == self.rates.len()))
            || (e.mean > 0.0 && prev.is_some_and(|m| m == 0.0))
    }

    /// The runs not listed in `pass` (under way, its runs not done in
    /// `todo`) that a later pass is certain to list, whatever the runs to
    /// come find; the 0 % line first, then longest first. A point's next
    /// replication is certain when no replication saturated and it missed
    /// in one (so it never ends vouched for), or, once every rate has had
    /// its first run (the rates below and above no longer change), its
    /// nearest rate above that has run misses (its 0 % vouches for nothing
    /// below, and nothing can vouch for it). The pass that lists it must
    /// still be to come: a replication pass of its level, or a pass of the
    /// rest of a higher level than the one under way.
    fn certain_later(&self, pass: Pass, todo: &[(Key, u32, f64)]) -> Vec<(Key, u32, f64)> {
        let every_rate_run = matches!(pass, Pass::Replications(_) | Pass::Rest(_));
        let points =
            (0..self.series.len()).flat_map(|si| (0..self.rates.len()).map(move |ri| (si, ri)));
        let mut runs: Vec<(Key, u32, f64)> = points
            .filter_map(|k| {
                let n = self.count(k);
                let to_come = match pass {
                    Pass::Rest(level) => n > level,
                    _ => true,
                };
                let certain = !self.all_zero(k) || (every_rate_run && !self.zero_above(k));
                (n > 0
                    && n < self.f.replications
                    && to_come
                    && !self.saturated(k)
                    && certain
                    && !todo.iter().any(|t| t.0 == k && t.1 == n))
                .then(|| (k, n, self.expected(k)))
            })
            .collect();
        runs.sort_by(|a, b| {
            self.at_zero_line(b.0)
                .cmp(&self.at_zero_line(a.0))
                .then(b.2.total_cmp(&a.2))
                .then(a.0.cmp(&b.0))
        });
        runs
    }

    /// The runs of `pass`, given what the passes before it found, longest
    /// first (ties: series in the order asked, then rate).
    fn members(&self, pass: Pass) -> Vec<(Key, u32, f64)> {
        let points =
            (0..self.series.len()).flat_map(|si| (0..self.rates.len()).map(move |ri| (si, ri)));
        let runs: Vec<(Key, u32)> = match pass {
            Pass::FirstPicture => {
                let coarse = self.coarse();
                (0..self.series.len())
                    .flat_map(|si| coarse.iter().map(move |&ri| ((si, ri), 0)))
                    .filter(|&(k, _)| self.count(k) == 0)
                    .collect()
            }
            Pass::Bends => (0..self.series.len())
                .flat_map(|si| self.bends(si).into_iter().map(move |ri| ((si, ri), 0)))
                .collect(),
            Pass::RemainingRates => points
                .filter(|&k| self.count(k) == 0 && !self.spared(k))
                .map(|k| (k, 0))
                .collect(),
            Pass::Replications(level) => points
                .filter(|&k| {
                    self.count(k) == level && !self.saturated(k) && !self.zero_below_zero(k)
                })
                .map(|k| (k, level))
                .collect(),
            // A 0 % point (or a rate not run) below another 0 % waits: the
            // rounds of these passes repeat, and once the highest 0 % rate
            // of the run has all its replications at 0 % it vouches for
            // everything below; only if it misses do the points below it
            // run, in the next round. Run in the same pass, every 0 % rate
            // of a soft knee took all its replications (NOSSDAV'12's
            // flashcache series: rates 1-15, twice the figure's I/Os).
            Pass::Rest(level) => points
                .filter(|&k| {
                    self.count(k) == level
                        && !self.saturated(k)
                        && self.zero_vouched_by(k).is_none()
                        && !self.zero_below_zero(k)
                        && !self.spared(k)
                })
                .map(|k| (k, level))
                .collect(),
        };
        // The points at the 0 % line first (they decide each series'
        // highest rate at 0 %), then the others; each group longest first.
        let first = |k: Key| matches!(pass, Pass::Replications(_)) && self.at_zero_line(k);
        let mut runs: Vec<(Key, u32, f64)> = runs
            .into_iter()
            .map(|(k, rep)| (k, rep, self.expected(k)))
            .collect();
        runs.sort_by(|a, b| {
            first(b.0)
                .cmp(&first(a.0))
                .then(b.2.total_cmp(&a.2))
                .then(a.0.cmp(&b.0))
        });
        runs
    }

    /// Every point run at least once, and every rate not run whose 0 % a
    /// higher rate vouches for (its estimate 0 over no replication), by
    /// series and rate.
    fn points(&self, finished: bool) -> Vec<FigurePointNow> {
        let none = Estimate {
            mean: 0.0,
            ci95: 0.0,
            min: 0.0,
            max: 0.0,
            n: 0,
        };
        (0..self.series.len())
            .flat_map(|si| (0..self.rates.len()).map(move |ri| (si, ri)))
            .filter_map(|k| {
                let e = match self.estimate(k) {
                    Some(e) => e,
                    None => self.zero_vouched_by(k).map(|_| none)?,
                };
                let saturated = self.saturated(k);
                let n = self.count(k);
                let vouched = self.zero_vouched_by(k).map(|ri| self.rates[ri]);
                Some(FigurePointNow {
                    series: self.series[k.0],
                    rate: self.rates[k.1],
                    miss_ratio: e,
                    replications: n,
                    target_replications: self.f.replications,
                    provisional: !finished
                        && !saturated
                        && vouched.is_none()
                        && n < self.f.replications,
                    saturated: saturated.then_some(e.mean),
                    zero_vouched_by: vouched,
                })
            })
            .collect()
    }
}

/// The figure's state after the runs `done` and the runs to do next (see
/// the module's doc and docs/engines/request.md for the passes). Errors,
/// as `figure_plan`'s: the settings' problems as (setting, message), the
/// base's missing request section, or a `done` run the figure does not
/// have. The same `done`, in any order, gives the same step.
pub fn figure_step(
    base: &Scenario,
    f: &FigureSettings,
    series: &[FigureSeries],
    done: &[FigureRunDone],
) -> Result<FigureStep, Vec<(&'static str, &'static str)>> {
    let errs = settings_errors(f);
    if !errs.is_empty() {
        return Err(errs);
    }
    if base.request.is_none() {
        return Err(vec![("request", REQUEST_SECTION_MISSING)]);
    }
    let mut own: Vec<FigureSeries> = Vec::new();
    for &s in series {
        if !own.contains(&s) {
            own.push(s);
        }
    }
    let rates = figure_rates(f);
    let mut finished: BTreeMap<(Key, u32), &RequestReplication> = BTreeMap::new();
    for d in done {
        let Some(si) = own.iter().position(|&s| s == d.series) else {
            return Err(vec![("done", "names a series the figure does not draw")]);
        };
        let Some(ri) = rates.iter().position(|&r| r == d.rate) else {
            return Err(vec![(
                "done",
                "names a rate that is not one of the figure's",
            )]);
        };
        if d.replication >= f.replications {
            return Err(vec![("done", "names a replication beyond the figure's")]);
        }
        if finished
            .insert(((si, ri), d.replication), &d.outcome)
            .is_some()
        {
            return Err(vec![("done", "names the same run twice")]);
        }
    }
    let mut fig = Figure {
        series: own,
        rates,
        f,
        known: BTreeMap::new(),
    };
    let mut opening = [Pass::FirstPicture, Pass::Bends, Pass::RemainingRates]
        .into_iter()
        .chain((1..f.replications).map(Pass::Replications));
    // Then rounds of the rest, replication by replication, until a round
    // finds nothing to run: each round settles at least the highest
    // waiting 0 % rate of each run of them (it vouches for those below,
    // or it misses and the next round runs them), so the rounds end.
    let (mut level, mut round_found) = (0, false);
    let mut number = 0;
    let mut cost_done = 0.0;
    loop {
        let pass = match opening.next() {
            Some(p) => p,
            None => {
                if level == f.replications {
                    if !round_found {
                        break;
                    }
                    (level, round_found) = (0, false);
                }
                level += 1;
                Pass::Rest(level - 1)
            }
        };
        let members = fig.members(pass);
        if members.is_empty() {
            continue;
        }
        round_found = true;
        number += 1;
        let mut todo = Vec::new();
        for &(k, rep, cost) in &members {
            match finished.get(&(k, rep)) {
                Some(&o) => {
                    cost_done += fig.spent(k, o);
                    fig.known.entry(k).or_default().insert(rep, o);
                }
                None => todo.push((k, rep, cost)),
            }
        }
        if todo.is_empty() {
            continue;
        }
        // Runs of later passes done already count as done, not as left.
        let mut ahead = Vec::new();
        let (mut left, mut runs_left) = fig.cost_left();
        for (k, rep, cost) in fig.certain_later(pass, &todo) {
            match finished.get(&(k, rep)) {
                Some(&o) => {
                    cost_done += fig.spent(k, o);
                    left -= fig.nominal(k);
                    if let Some(n) = runs_left.get_mut(&k) {
                        *n = n.saturating_sub(1);
                    }
                }
                None => ahead.push((k, rep, cost)),
            }
        }
        // The pass under way: the order and costs of its runs come from
        // the passes before it, so they stay put while it runs.
        let run = |(k, rep, cost): (Key, u32, f64)| {
            let (s, rate) = (fig.series[k.0], fig.rates[k.1]);
            let mut scenario = point_scenario(base, s, rate, f).expect("request section");
            let run = &mut scenario.request.as_mut().expect("request section").run;
            run.replications = 1;
            run.first_replication = (rep > 0).then_some(rep);
            FigureRun {
                series: s,
                rate,
                replication: rep,
                pass: number,
                scenario,
                cost,
            }
        };
        let runs_left = runs_left
            .into_iter()
            .filter(|&(_, n)| n > 0)
            .map(|(k, runs)| PointRunsLeft {
                series: fig.series[k.0],
                rate: fig.rates[k.1],
                runs,
                cost: fig.nominal(k),
            })
            .collect();
        return Ok(FigureStep {
            pass: number,
            pass_name: pass.name(f.replications),
            points: fig.points(false),
            next: todo.into_iter().map(run).collect(),
            ahead: ahead.into_iter().map(run).collect(),
            cost_done,
            cost_left: left.max(0.0),
            runs_left,
        });
    }
    Ok(FigureStep {
        pass: number,
        pass_name: "finished".into(),
        points: fig.points(true),
        next: Vec::new(),
        ahead: Vec::new(),
        cost_done,
        cost_left: 0.0,
        runs_left: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Between two run rates at most the first pass's spacing apart (here
    /// 5), a 0 % one and a saturated one, a rate a third of the way up is
    /// 0 % with chance 4/9, misses 4/9, saturated 1/9; two steps from a
    /// 0 % to a missing rate, 3/5 and 2/5. A wider gap, or one side not run,
    /// takes the figure's counts of each outcome, normalised over the
    /// outcomes left possible.
    #[test]
    fn a_rate_in_a_gap_of_the_first_pass_steps_and_in_a_wider_one_counts() {
        let weight = [6.0, 1.0, 3.0];
        let close = |a: [f64; 3], b: [f64; 3]| a.iter().zip(&b).all(|(x, y)| (x - y).abs() < 1e-12);
        let got = outcome_chances(0, 2, 4, Some((3, 6)), 5, weight);
        assert!(close(got, [4.0 / 9.0, 4.0 / 9.0, 1.0 / 9.0]), "{got:?}");
        let got = outcome_chances(0, 1, 7, Some((5, 10)), 5, weight);
        assert!(close(got, [0.6, 0.4, 0.0]), "{got:?}");
        for gap in [Some((3, 9)), None] {
            let got = outcome_chances(0, 2, 4, gap, 5, weight);
            assert!(close(got, [0.6, 0.1, 0.3]), "{gap:?}: {got:?}");
        }
        // Only the outcomes left possible are weighed against each other.
        let got = outcome_chances(1, 2, 4, Some((0, 24)), 5, weight);
        assert!(close([0.0, got[1], got[2]], [0.0, 0.25, 0.75]), "{got:?}");
    }
}
