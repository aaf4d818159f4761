//! The cost table's simulated claims (MMSys'11 §6.4, model §10) as data: for
//! each architecture the study's configuration meets the 0 % target, one
//! device fewer does not (where the study's table says so), and the streams
//! per dollar it buys. One row of [`CostRows`] per architecture gives its
//! three claims, so the rows read the same and a new architecture is a row.

use crate::optimize::Counts;

use super::rows::{input, simulated, value};
use super::text::counts_text;
use super::types::{Claim, Combine, Expect, Metric, Study, StudyConfig};

pub(super) struct CostRows<'a> {
    /// The scenario ids' part: `cost-{key}-study`, `cost-{key}-less`.
    pub key: &'static str,
    /// The study's configuration (its counts, text and streams per dollar).
    pub config: &'a StudyConfig,
    /// Put before the "meets" claim ("DRAM + HDD: ").
    pub claim_prefix: &'static str,
    /// How the study's configuration is run (preset and policy).
    pub run_note: &'static str,
    /// Why it meets the target, or what to read next.
    pub meets_explanation: String,
    /// One device fewer, when the study says it does not meet the target.
    pub less: Option<Counts>,
    /// Tolerance of the streams-per-dollar claim.
    pub spd_tolerance: f64,
}

impl CostRows<'_> {
    pub fn claims(&self) -> Vec<Claim> {
        let c = self.config;
        let study_run = format!("cost-{}-study", self.key);
        let mut out = vec![Claim {
            id: format!("mmsys11-cost-{}-meets", self.key),
            study: Study::Mmsys11,
            section: "§10".into(),
            claim: format!(
                "{}{} meet the 0 % rejection target at λ = 1/s.",
                self.claim_prefix, c.text
            ),
            published: "0 %".into(),
            expect: Expect::AtMost {
                bound: 0.0,
                unit: "%".into(),
                decimals: 1,
                strict: false,
            },
            how: format!(
                "Simulate {} ({}); read the largest rejection probability of any replication.",
                c.text, self.run_note
            ),
            method: simulated(
                vec![input(&study_run, Metric::MaxRejectionPercent)],
                Combine::First,
            ),
            tolerance: 0.1,
            explanation: self.meets_explanation.clone(),
            caveat: String::new(),
        }];
        if let Some(less) = self.less {
            let text = counts_text(c.architecture, less);
            out.push(Claim {
                id: format!("mmsys11-cost-{}-less", self.key),
                study: Study::Mmsys11,
                section: "§10".into(),
                claim: format!("{text} do not meet it."),
                published: "> 0 %".into(),
                expect: Expect::AtLeast {
                    bound: 0.0,
                    unit: "%".into(),
                    decimals: 1,
                    strict: true,
                },
                how: format!("Simulate {text}; read the smallest rejection probability of any replication."),
                method: simulated(
                    vec![input(&format!("cost-{}-less", self.key), Metric::MinRejectionPercent)],
                    Combine::First,
                ),
                tolerance: 0.0,
                explanation: "A replication without rejections: the Poisson load stayed under the capacity for the whole run.".into(),
                caveat: String::new(),
            });
        }
        out.push(Claim {
            id: format!("mmsys11-cost-{}-spd", self.key),
            study: Study::Mmsys11,
            section: "§10".into(),
            claim: format!("{} serve {} streams per dollar.", c.text, c.streams_per_dollar),
            published: format!("{} streams/$", c.streams_per_dollar),
            expect: value(c.streams_per_dollar, "streams/$", 2),
            how: format!(
                "The {} run; streams per dollar = average concurrent streams / capital cost.",
                c.text
            ),
            method: simulated(vec![input(&study_run, Metric::StreamsPerDollar)], Combine::First),
            tolerance: self.spd_tolerance,
            explanation: "Average streams over a run that starts empty are a little below λ × length.".into(),
            caveat: String::new(),
        });
        out
    }
}
