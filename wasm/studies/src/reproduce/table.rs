//! The table the page and `tierplan reproduce` show, running the scenarios
//! natively, and its CSV.

use crate::reproduce::block_pending;
use crate::reproduce::evaluate_with;
use crate::reproduce::Method;
use crate::reproduce::ReproScenario;
use crate::reproduce::Reproduction;
use crate::reproduce::ReproductionRow;
use crate::reproduce::RequestOutput;
use crate::reproduce::RequestReproScenario;
use std::collections::BTreeMap;
use tierplan_stream::results::RunResult;

/// The whole table for the results at hand.
pub fn reproduction_table(
    plan: &Reproduction,
    results: &BTreeMap<String, RunResult>,
) -> Vec<ReproductionRow> {
    reproduction_table_with(plan, results, &BTreeMap::new())
}

/// The table with the request-level results too (keyed by
/// [`RequestReproScenario`] id).
pub fn reproduction_table_with(
    plan: &Reproduction,
    results: &BTreeMap<String, RunResult>,
    requests: &BTreeMap<String, RequestOutput>,
) -> Vec<ReproductionRow> {
    // The block-level runs take seconds: they close "Run all", once every
    // other simulation is in, so neither the first look at the table nor a
    // cancelled run waits for them.
    let all_in = plan.scenarios.iter().all(|s| results.contains_key(&s.id))
        && plan
            .request_scenarios
            .iter()
            .all(|r| requests.contains_key(&r.id));
    plan.claims
        .iter()
        .map(|c| {
            let scenarios = c.inputs();
            ReproductionRow {
                id: c.id.clone(),
                study: c.study,
                study_label: c.study.label().into(),
                section: c.section.clone(),
                claim: c.claim.clone(),
                published: c.published.clone(),
                how: c.how.clone(),
                scenarios,
                outcome: if !all_in
                    && matches!(
                        c.method,
                        Method::BlockSimulated { .. } | Method::DeviceCharacterized { .. }
                    ) {
                    block_pending(c)
                } else {
                    evaluate_with(c, results, requests)
                },
            }
        })
        .collect()
}

/// A plan scenario the core refused (the plan is built from the presets, so this is a bug).
fn refused(id: &str, errs: Vec<tierplan_scenario::validate::FieldError>) -> String {
    let msgs: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    format!("scenario {id}: {}", msgs.join("; "))
}

/// Run one stream-level scenario of the plan.
pub fn run_scenario(s: &ReproScenario) -> Result<RunResult, String> {
    tierplan_stream::run(&s.scenario).map_err(|errs| refused(&s.id, errs))
}

/// Run one request-level scenario of the plan: a run, or a max-rate search.
pub fn run_request_scenario(s: &RequestReproScenario) -> Result<RequestOutput, String> {
    let fail = |errs| refused(&s.id, errs);
    Ok(if s.search {
        RequestOutput::MaxRate {
            result: tierplan_request::max_rate(&s.scenario).map_err(fail)?,
        }
    } else {
        RequestOutput::Run {
            result: Box::new(tierplan_request::run_request(&s.scenario).map_err(fail)?),
        }
    })
}

/// Run every scenario of the plan (natively, one after another).
pub fn run_all(plan: &Reproduction) -> Result<BTreeMap<String, RunResult>, String> {
    plan.scenarios
        .iter()
        .map(|s| Ok((s.id.clone(), run_scenario(s)?)))
        .collect()
}

/// The table as CSV (one row per claim), quoted where needed.
pub fn table_csv(rows: &[ReproductionRow]) -> String {
    fn q(s: &str) -> String {
        if s.contains([',', '"', '\n']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    }
    let mut out = String::from(
        "id,study,section,claim,published,ours,ours_value,ours_ci95,difference,difference_absolute,difference_relative,verdict,note\n",
    );
    for r in rows {
        let o = &r.outcome;
        let num = |x: Option<f64>| x.map_or(String::new(), |v| v.to_string());
        out += &[
            q(&r.id),
            q(&r.study_label),
            q(&r.section),
            q(&r.claim),
            q(&r.published),
            q(o.ours.as_ref().map_or("", |x| x.text.as_str())),
            num(o.ours.as_ref().map(|x| x.value)),
            num(o.ours.as_ref().and_then(|x| x.ci95)),
            q(o.difference.as_ref().map_or("", |x| x.text.as_str())),
            num(o.difference.as_ref().map(|x| x.absolute)),
            num(o.difference.as_ref().and_then(|x| x.relative)),
            q(o.verdict.label()),
            q(&o.note),
        ]
        .join(",");
        out.push('\n');
    }
    out
}
