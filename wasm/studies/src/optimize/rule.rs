//! What makes a simulated configuration pass (model §10): its rejection
//! target decided as the planner decides it (`decide`, model §3), and every
//! tier's peak utilisation under a ceiling.

use tierplan_scenario::validate::{MAX_REPLICATIONS, MIN_REPLICATIONS_TO_DECIDE};
use tierplan_scenario::Scenario;
use tierplan_scenario::TierRole;
use tierplan_stream::results::{decide, RunResult, TargetVerdict};

/// A tier's peak utilisation in the busiest of a run's replications.
pub(super) fn worst_peak(r: &RunResult, role: TierRole) -> f64 {
    r.replications
        .iter()
        .flat_map(|x| x.tiers.iter().filter(|t| t.role == role))
        .map(|t| t.util_peak)
        .fold(0.0, f64::max)
}

/// The criterion, target, replication cap and ceiling of a search.
#[derive(Debug, Clone, Copy)]
pub(super) struct Rule {
    /// The simulated criterion (else the study's capacity rule, which
    /// passes whatever it simulates).
    pub simulated: bool,
    pub target: f64,
    /// Replications at most, for a target above 0.
    pub cap: u32,
    /// Peak utilisation allowed on any tier (a fraction).
    pub ceiling: f64,
}

/// A simulated configuration judged.
pub(super) struct Judgement {
    pub verdict: Option<TargetVerdict>,
    /// Why it fails (`None`: it passes).
    pub reason: Option<String>,
    pub over_ceiling: bool,
    pub undecided: bool,
}

fn pct(x: f64) -> String {
    let v = x * 100.0;
    let s = format!("{v:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    format!("{s} %")
}

impl Rule {
    /// The sequential rule applies: a simulated target above 0. A target of
    /// 0 keeps the pathwise rule (no rejection in any replication): an
    /// interval never lies wholly below 0, so `decide` could only ever say
    /// "misses" or "cannot decide", and "nobody turned away" is a fact of
    /// the runs, not an estimate.
    pub fn sequential(&self) -> bool {
        self.simulated && self.target > 0.0
    }

    /// The cap is one the run's checks accept.
    pub fn cap_in_range(&self) -> bool {
        (MIN_REPLICATIONS_TO_DECIDE..=MAX_REPLICATIONS).contains(&self.cap)
    }

    /// Judge a simulated result of configuration `s`.
    pub fn judge(&self, s: &Scenario, r: &RunResult) -> Judgement {
        let mut reasons = Vec::new();
        let mut verdict = None;
        let mut undecided = false;
        let rej = r.summary.rejection_probability;
        let n = r.replications.len();
        if r.halted {
            // Stopped at the ceiling (`run.halt_above_peak_utilisation`):
            // it fails on the ceiling below, whatever its rejections.
        } else if self.sequential() {
            let v = decide(&r.replications, self.cap, self.target)
                .unwrap_or(TargetVerdict::CannotDecide);
            verdict = Some(v);
            match v {
                TargetVerdict::Meets => {}
                TargetVerdict::Misses => reasons.push(format!(
                    "rejects more than {}: {} ± {} after {n} replications (the 95 % interval lies above the target)",
                    pct(self.target),
                    pct(rej.mean),
                    pct(rej.ci95)
                )),
                TargetVerdict::CannotDecide => {
                    undecided = true;
                    reasons.push(format!(
                        "cannot decide in {n} replications (the cap): {} ± {} holds {} — counted as a fail",
                        pct(rej.mean),
                        pct(rej.ci95),
                        pct(self.target)
                    ))
                }
            }
        } else if self.simulated && r.summary.max_rejection_probability > self.target {
            reasons.push(format!(
                "rejects {} in its worst replication, above {}",
                pct(r.summary.max_rejection_probability),
                pct(self.target)
            ));
        }
        // The ceiling holds in every replication (so the mean the Planner
        // warns on is under it too, and the trace bound may take the tiers
        // at their ceiling's bandwidth).
        let mut over_ceiling = false;
        if self.simulated {
            for t in &r.tiers {
                let worst = worst_peak(r, t.role);
                if worst > self.ceiling {
                    over_ceiling = true;
                    reasons.push(format!(
                        "{} ({} × {}) peaks at {} utilisation in its busiest replication, above the {} ceiling",
                        t.role.label(),
                        t.count,
                        s.device(&t.device)
                            .map_or(t.device.as_str(), |d| d.name.as_str()),
                        pct(worst),
                        pct(self.ceiling)
                    ));
                }
            }
        }
        Judgement {
            verdict,
            reason: (!reasons.is_empty()).then(|| reasons.join("; ")),
            over_ceiling,
            undecided,
        }
    }

    /// A necessary condition to pass the target, from lower bounds on each
    /// replication's rejection probability (in seed order, one per
    /// replication the rule may run). Sequential: passing after n
    /// replications needs mean + half-width < target, so at least the mean
    /// of the first n lower bounds below the target, for some n from 3 to
    /// the cap. Target 0: every bound at 0.
    pub fn may_pass(&self, lower: &[f64]) -> bool {
        if !self.sequential() {
            return lower.iter().all(|&x| x <= self.target);
        }
        // A hair of slack so float rounding in the two means never prunes
        // a configuration the simulation would pass.
        let bar = self.target * (1.0 + 1e-9);
        let mut sum = 0.0;
        lower.iter().enumerate().any(|(i, &x)| {
            sum += x;
            let n = i + 1;
            n as u32 >= MIN_REPLICATIONS_TO_DECIDE && sum / (n as f64) < bar
        })
    }

    /// Whether `r` ran exactly the replications the rule makes a run with
    /// `planned` replications run: all of them for a target of 0, else up
    /// to the first that decides.
    pub fn ran_as_ruled(&self, r: &RunResult, planned: usize) -> bool {
        let n = r.replications.len();
        if !self.sequential() {
            return n == planned;
        }
        let decided = |k: usize| decide(&r.replications[..k], self.cap, self.target).is_some();
        (1..=planned).contains(&n) && decided(n) && !(1..n).any(decided)
    }
}
