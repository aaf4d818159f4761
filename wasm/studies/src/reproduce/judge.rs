//! The verdict rule: our value against the published one, and the texts
//! that show both.

use super::text::{counts_text, dollars, ours_text, short, shown_decimals, signed, thousands};
use crate::optimize::Counts;
use crate::reproduce::analytic::analytic_value;
use crate::reproduce::rejection_note;
use crate::reproduce::Claim;
use crate::reproduce::ClaimOutcome;
use crate::reproduce::Combine;
use crate::reproduce::Difference;
use crate::reproduce::Expect;
use crate::reproduce::Input;
use crate::reproduce::Method;
use crate::reproduce::Metric;
use crate::reproduce::Ours;
use crate::reproduce::RequestOutput;
use crate::reproduce::Verdict;
use std::collections::BTreeMap;
use tierplan_scenario::TierRole;
use tierplan_stream::results::RunResult;

/// The verdict and difference for our value against what was published.
/// Pure: the tests call it with made-up numbers.
pub fn judge(
    expect: &Expect,
    tolerance: f64,
    ours: f64,
    ci95: Option<f64>,
) -> (Verdict, Option<Difference>) {
    let Some(reference) = expect.reference() else {
        return (Verdict::NotModelled, None);
    };
    let d = ours - reference;
    let relative = (reference != 0.0).then(|| d / reference.abs());
    // Against a published 0 show two significant digits of a small
    // difference; otherwise one digit more than the study printed.
    let dec = if reference == 0.0 {
        shown_decimals(d, expect.decimals())
    } else {
        (expect.decimals() + 1) as usize
    };
    let mut text = match expect.unit() {
        "%" => format!("{} points", signed(d, dec)),
        "" => signed(d, dec),
        "$" => {
            // "−$264": the sign before the currency symbol.
            let t = if d.abs() >= 0.5 {
                signed(d, 0).replace(
                    &format!("{:.0}", d.abs()),
                    &thousands(d.abs().round() as u64),
                )
            } else {
                signed(d, 0)
            };
            match t.chars().next() {
                Some(c @ ('+' | '−')) => format!("{c}${}", &t[c.len_utf8()..]),
                _ => format!("${t}"),
            }
        }
        u => format!("{} {u}", signed(d, dec)),
    };
    if let Some(r) = relative {
        text += &format!(" ({}%)", signed(100.0 * r, 1));
    }
    let verdict = if !ours.is_finite() {
        Verdict::Differs
    } else {
        match expect {
            Expect::Value { .. } => {
                let reach = expect.precision() + ci95.unwrap_or(0.0);
                if d.abs() <= tolerance && d.abs() <= reach {
                    Verdict::Reproduced
                } else if d.abs() <= tolerance {
                    Verdict::Close
                } else {
                    Verdict::Differs
                }
            }
            Expect::AtLeast { bound, strict, .. } | Expect::AtMost { bound, strict, .. } => {
                // How far ours is on the wrong side of the bound (≤ 0: met).
                let short_by = if matches!(expect, Expect::AtLeast { .. }) {
                    bound - ours
                } else {
                    ours - bound
                };
                let met = if *strict {
                    short_by < 0.0
                } else {
                    short_by <= 0.0
                };
                if met {
                    Verdict::Reproduced
                } else if tolerance > 0.0 && short_by <= tolerance {
                    Verdict::Close
                } else {
                    Verdict::Differs
                }
            }
            Expect::Nothing => Verdict::NotModelled,
        }
    };
    (
        verdict,
        Some(Difference {
            absolute: d,
            relative,
            text,
        }),
    )
}

pub(super) fn metric_key(m: Metric) -> String {
    serde_json::to_value(m)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Replace `{scenario:metric}` by the mean of that input.
pub(super) fn fill(
    template: &str,
    inputs: &[Input],
    results: &BTreeMap<String, RunResult>,
) -> String {
    let mut out = template.to_string();
    for i in inputs {
        let key = format!("{{{}:{}}}", i.scenario, metric_key(i.metric));
        if let Some(r) = results.get(&i.scenario) {
            out = out.replace(&key, &short(i.metric.read(r).0));
        }
    }
    out
}

/// A block-level row before its runs (see `reproduction_table_with`).
pub fn block_pending(claim: &Claim) -> ClaimOutcome {
    ClaimOutcome {
        id: claim.id.clone(),
        ours: None,
        difference: None,
        verdict: Verdict::Pending,
        note:
            "Needs the block-level simulations, which run once every other simulation has finished."
                .into(),
    }
}

/// [`evaluate_with`] without request-level results (those rows are pending).
pub fn evaluate(claim: &Claim, results: &BTreeMap<String, RunResult>) -> ClaimOutcome {
    evaluate_with(claim, results, &BTreeMap::new())
}

/// Evaluate one claim against the simulation results at hand (by scenario
/// id; closed forms need none). A simulated claim whose inputs have not
/// all run is `pending`.
pub fn evaluate_with(
    claim: &Claim,
    results: &BTreeMap<String, RunResult>,
    requests: &BTreeMap<String, RequestOutput>,
) -> ClaimOutcome {
    let pending = |missing: Vec<&str>| ClaimOutcome {
        id: claim.id.clone(),
        ours: None,
        difference: None,
        verdict: Verdict::Pending,
        note: format!("Needs the simulation of {}.", missing.join(", ")),
    };
    let (value, ci, text, extra) = match &claim.method {
        Method::NotModelled { reason } => {
            return ClaimOutcome {
                id: claim.id.clone(),
                ours: None,
                difference: None,
                verdict: Verdict::NotModelled,
                note: reason.clone(),
            }
        }
        Method::Analytic { analytic } => {
            let (v, t) = analytic_value(analytic);
            (v, None, t, String::new())
        }
        // The block-level runs take seconds, so they belong to "Run all",
        // never to the first look at the table (which must show the closed
        // forms at once).
        Method::BlockSimulated { .. } if requests.is_empty() => return block_pending(claim),
        Method::BlockSimulated { check } => {
            let (v, ci, t) = super::claims_block::block_value(*check);
            (v, ci, t, String::new())
        }
        // Characterising a drive takes a second or so: with the other runs.
        Method::DeviceCharacterized { .. } if requests.is_empty() => return block_pending(claim),
        Method::DeviceCharacterized { check } => {
            let (v, t) = super::claims_devices::device_value(check);
            (v, None, t, String::new())
        }
        Method::RequestSimulated { inputs } => {
            match super::request_inputs::request_value(inputs, requests) {
                Ok((v, ci, t)) => (v, ci, t, String::new()),
                Err(missing) => {
                    return ClaimOutcome {
                        id: claim.id.clone(),
                        ours: None,
                        difference: None,
                        verdict: Verdict::Pending,
                        note: format!(
                            "Needs the request-level simulation of {}.",
                            missing.join(", ")
                        ),
                    }
                }
            }
        }
        Method::Simulated { inputs, combine } => {
            let missing: Vec<&str> = inputs
                .iter()
                .map(|i| i.scenario.as_str())
                .filter(|id| !results.contains_key(*id))
                .collect();
            if !missing.is_empty() {
                let mut m = missing;
                m.dedup();
                return pending(m);
            }
            let r = |i: &Input| &results[&i.scenario];
            match combine {
                Combine::First => {
                    let i = &inputs[0];
                    let (v, ci) = i.metric.read(r(i));
                    let t = ours_text(v, ci, claim.expect.unit(), claim.expect.decimals());
                    let extra = if matches!(
                        i.metric,
                        Metric::MaxRejectionPercent | Metric::MinRejectionPercent
                    ) {
                        let rr = r(i);
                        let detail = rejection_note(rr, "this configuration");
                        if detail.is_empty() {
                            format!(
                                "None of the {} replications rejects anything.",
                                rr.replications.len()
                            )
                        } else {
                            detail
                        }
                    } else {
                        String::new()
                    };
                    (v, ci, t, extra)
                }
                Combine::RatioToBestOther => {
                    let (num, nci) = inputs[0].metric.read(r(&inputs[0]));
                    let (den, dci) = inputs[1..].iter().map(|i| i.metric.read(r(i))).fold(
                        (f64::NEG_INFINITY, None),
                        |a, b| if b.0 > a.0 { b } else { a },
                    );
                    let v = num / den;
                    // First-order propagation of the two relative half-widths.
                    let ci = match (nci, dci) {
                        (Some(a), Some(b)) => {
                            Some(v * libm::sqrt((a / num).powi(2) + (b / den).powi(2)))
                        }
                        _ => None,
                    };
                    (v, ci, ours_text(v, ci, "×", 1), String::new())
                }
                Combine::CheapestWithoutRejections => {
                    let mut best: Option<(&RunResult, &str)> = None;
                    for i in inputs {
                        let rr = r(i);
                        if rr.summary.max_rejection_probability == 0.0
                            && best.is_none_or(|(b, _)| rr.capital_cost < b.capital_cost)
                        {
                            best = Some((rr, i.scenario.as_str()));
                        }
                    }
                    match best {
                        Some((b, _)) => {
                            let n = |role: TierRole| {
                                b.tiers
                                    .iter()
                                    .find(|t| t.role == role)
                                    .map_or(0, |t| t.count)
                            };
                            let counts = Counts {
                                disk: n(TierRole::Disk),
                                interval_cache: n(TierRole::IntervalCache),
                                file_cache: n(TierRole::FileCache),
                            };
                            (
                                b.capital_cost,
                                None,
                                format!(
                                    "{} ({})",
                                    counts_text(b.architecture, counts),
                                    dollars(b.capital_cost)
                                ),
                                String::new(),
                            )
                        }
                        None => (
                            f64::NAN,
                            None,
                            "none rejects nothing".into(),
                            "Every configuration simulated here rejects in some replication."
                                .into(),
                        ),
                    }
                }
            }
        }
    };
    let (verdict, difference) = judge(&claim.expect, claim.tolerance, value, ci);
    let inputs: &[Input] = match &claim.method {
        Method::Simulated { inputs, .. } => inputs,
        _ => &[],
    };
    let mut note = match verdict {
        Verdict::Reproduced => fill(&claim.caveat, inputs, results),
        _ => fill(&claim.explanation, inputs, results),
    };
    if !extra.is_empty() && verdict != Verdict::Reproduced {
        note = if note.is_empty() {
            extra
        } else {
            format!("{extra} {note}")
        };
    }
    ClaimOutcome {
        id: claim.id.clone(),
        ours: Some(Ours {
            value,
            ci95: ci,
            text,
        }),
        difference,
        verdict,
        note,
    }
}
