//! The optimiser's input checks: the spec's ranges (each message naming its
//! field), the run every candidate makes, and the scenario as the search
//! will configure it (its own counts are the optimiser's to choose).

use super::config::{ceil_div, configure, err, is_cache_tier_path};
use super::rule::Rule;
use super::{Counts, OptimizeSpec, DEFAULT_MAX_REPLICATIONS};
use tierplan_scenario::validate::{validate, FieldError, MAX_COUNT, MAX_REPLICATIONS};
use tierplan_scenario::*;
use tierplan_stream::results::PEAK_UTILISATION_WARNING;

/// The spec's rule (target, cap, ceiling) and every range error in it.
pub(super) fn check_spec(spec: &OptimizeSpec) -> (Rule, Vec<FieldError>) {
    let mut errors = check_architectures(&spec.architectures);
    if !(spec.target.is_finite() && (0.0..1.0).contains(&spec.target)) {
        errors.push(err(
            "optimize.target",
            format!(
                "{} ({} %) is out of range: the share of viewers turned away must be at least 0 and below 1 (100 %)",
                spec.target,
                spec.target * 100.0
            ),
        ));
    }
    let rule = Rule {
        simulated: spec.criterion == super::Criterion::Simulated,
        target: spec.target,
        cap: spec.max_replications.unwrap_or(DEFAULT_MAX_REPLICATIONS),
        ceiling: spec
            .max_peak_utilisation
            .unwrap_or(PEAK_UTILISATION_WARNING),
    };
    if !rule.cap_in_range() {
        errors.push(err(
            "optimize.max_replications",
            format!(
                "{} is out of range: the cap on replications per configuration must be from {} to {MAX_REPLICATIONS}",
                rule.cap,
                tierplan_scenario::validate::MIN_REPLICATIONS_TO_DECIDE
            ),
        ));
    }
    if !(rule.ceiling.is_finite() && rule.ceiling > 0.0 && rule.ceiling <= 1.0) {
        errors.push(err(
            "optimize.max_peak_utilisation",
            format!(
                "{} % is out of range: a tier's peak-utilisation ceiling must be above 0 % and at most 100 % (here a fraction: {})",
                rule.ceiling * 100.0,
                rule.ceiling
            ),
        ));
    }
    check_max_counts(&spec.max_counts, &mut errors);
    if let Some(t) = &spec.tco {
        check_tco(t, &mut errors);
    }
    (rule, errors)
}

/// At least one architecture, none twice.
fn check_architectures(archs: &[Architecture]) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if archs.is_empty() {
        errors.push(err(
            "optimize.architectures",
            "is empty: choose at least one architecture".into(),
        ));
    }
    for (i, a) in archs.iter().enumerate() {
        if archs[..i].contains(a) {
            errors.push(err(
                &format!("optimize.architectures[{i}]"),
                format!("\"{}\" is listed twice", a.label()),
            ));
        }
    }
    errors
}

fn check_max_counts(m: &super::MaxCounts, errors: &mut Vec<FieldError>) {
    for (p, v) in [
        ("disk", m.disk),
        ("interval_cache", m.interval_cache),
        ("file_cache", m.file_cache),
    ] {
        if let Some(v) = v {
            if v > MAX_COUNT {
                errors.push(err(
                    &format!("optimize.max_counts.{p}"),
                    format!("{v} is out of range: must be at most {MAX_COUNT}"),
                ));
            }
        }
    }
}

fn check_tco(t: &super::Tco, errors: &mut Vec<FieldError>) {
    if !(t.years.is_finite() && t.years > 0.0 && t.years <= 100.0) {
        errors.push(err(
            "optimize.tco.years",
            format!("{} is out of range: must be 0 < value ≤ 100", t.years),
        ));
    }
    if !(t.usd_per_kwh.is_finite() && (0.0..=100.0).contains(&t.usd_per_kwh)) {
        errors.push(err(
            "optimize.tco.usd_per_kwh",
            format!(
                "{} is out of range: must be 0 ≤ value ≤ 100 $/kWh",
                t.usd_per_kwh
            ),
        ));
    }
    if let Some(h) = t.hours_per_day {
        if !(h.is_finite() && h > 0.0 && h <= 24.0) {
            errors.push(err(
                "optimize.tco.hours_per_day",
                format!("{h} is out of range: must be 0 < value ≤ 24"),
            ));
        }
    }
}

/// The run every candidate makes: with a target above 0 the planner's
/// sequential run (`run.target_rejection`), capped at the optimiser's cap;
/// else all the scenario's replications.
pub(super) fn candidate_run(mut scenario: Scenario, rule: &Rule) -> Scenario {
    scenario.run.target_rejection = None;
    if rule.sequential() && rule.cap_in_range() && rule.target < 1.0 {
        scenario.run.replications = rule.cap;
        scenario.run.target_rejection = Some(rule.target);
    }
    scenario
}

/// The scenario itself, once per architecture, at its smallest counts
/// (library capacity is the optimiser's job, not an input error): per
/// architecture, the valid scenario its configurations are made from, or
/// why it is skipped (its cache tier cannot be formed: it is left out, not
/// the search). Other errors go to `errors`, once per path.
pub(super) fn check_scenario(
    scenario: &Scenario,
    archs: &[Architecture],
    errors: &mut Vec<FieldError>,
) -> Vec<Result<ValidScenario, String>> {
    let lib_mb = scenario.library_mb();
    let mut checked = Vec::with_capacity(archs.len());
    for a in archs {
        let mut s = configure(
            scenario,
            *a,
            Counts {
                disk: scenario.tiers.disk.count,
                interval_cache: 0,
                file_cache: 0,
            },
        );
        if let Some(d) = s.device(&s.tiers.disk.device) {
            if d.capacity_gb > 0.0 {
                s.tiers.disk.count = ceil_div(lib_mb, d.capacity_gb * 1024.0).max(1);
            }
        }
        let problems = match validate(s) {
            Ok(v) => {
                checked.push(Ok(v));
                continue;
            }
            Err(problems) => problems,
        };
        let mut skipped = None;
        for e in problems {
            // A cache tier that cannot be formed (missing, or a device of
            // the wrong kind) rules out this architecture, not the search.
            if is_cache_tier_path(&e.path) {
                skipped.get_or_insert_with(|| {
                    format!(
                        "not searched: {} {} — choose a suitable device for that tier on the Scenario tab",
                        e.path, e.message
                    )
                });
            } else if !errors.iter().any(|x: &FieldError| x.path == e.path) {
                errors.push(e);
            }
        }
        // Without a cache-tier error the search stops on `errors`.
        checked.push(Err(skipped.unwrap_or_default()));
    }
    checked
}
