//! One-parameter sweeps (`tierplan sweep`, `tierplan.sweep` in Python): set
//! one numeric field of a scenario to each value in turn and run. Each point
//! is independent — the scenario with that value, its own seed unchanged —
//! so the points can run anywhere, in any order (threads, a cluster) and
//! still give the answer of the loop in [`sweep`].

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tierplan_kit::stats::Estimate;
use tierplan_scenario::validate::{parse_scenario, FieldError};
use tierplan_scenario::Scenario;
use tierplan_stream::results::RunResult;
use tierplan_stream::run;

/// What a sweep reports for one value: the summary's estimates and the
/// configuration's capital cost.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SweepPoint {
    pub value: f64,
    pub rejection_probability: Estimate,
    pub avg_streams: Estimate,
    pub buffered_streams: Estimate,
    pub hit_ratio: Estimate,
    pub streams_per_dollar: Estimate,
    pub capital_cost: f64,
}

/// Parse a dotted path with optional indices: `a.b[2].c` → keys/indices.
enum Step {
    Key(String),
    Index(usize),
}

fn parse_path(path: &str) -> Option<Vec<Step>> {
    let mut steps = Vec::new();
    for part in path.split('.') {
        let (name, rest) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if name.is_empty() {
            return None;
        }
        steps.push(Step::Key(name.to_string()));
        let mut rest = rest;
        while let Some(stripped) = rest.strip_prefix('[') {
            let end = stripped.find(']')?;
            steps.push(Step::Index(stripped[..end].parse().ok()?));
            rest = &stripped[end + 1..];
        }
        if !rest.is_empty() {
            return None;
        }
    }
    Some(steps)
}

fn field_error(path: &str, message: impl Into<String>) -> Vec<FieldError> {
    vec![FieldError {
        path: path.to_string(),
        message: message.into(),
    }]
}

/// Set the numeric field at `path` of a scenario JSON document.
pub fn set_number(doc: &mut Value, path: &str, v: f64) -> Result<(), Vec<FieldError>> {
    let steps = parse_path(path).ok_or_else(|| {
        field_error(
            path,
            "is not a field path like workload.arrival_rate or devices[0].price",
        )
    })?;
    let mut cur = doc;
    for step in &steps {
        cur = match step {
            Step::Key(k) => cur.get_mut(k.as_str()),
            Step::Index(i) => cur.get_mut(*i),
        }
        .ok_or_else(|| field_error(path, "does not exist in this scenario"))?;
    }
    if !cur.is_number() {
        return Err(field_error(
            path,
            format!("is {cur}, not a number: only numeric fields can be swept"),
        ));
    }
    // Integers stay integers so u32 fields (counts, videos) still parse.
    *cur = if v.fract() == 0.0 && v.abs() < 9e15 && (cur.is_u64() || cur.is_i64()) {
        Value::from(v as i64)
    } else {
        serde_json::Number::from_f64(v)
            .map(Value::Number)
            .ok_or_else(|| field_error(path, format!("{v} is not a finite number")))?
    };
    Ok(())
}

/// The scenario of one point: `base` (JSON text of a valid scenario) with
/// the field at `path` set to `value`, read and validated; a problem names
/// the field and the value.
pub fn point_scenario(base: &str, path: &str, value: f64) -> Result<Scenario, Vec<FieldError>> {
    let mut doc: Value =
        serde_json::from_str(base).map_err(|e| field_error("(scenario)", e.to_string()))?;
    set_number(&mut doc, path, value)?;
    parse_scenario(&doc.to_string()).map_err(|errs| {
        errs.into_iter()
            .map(|e| FieldError {
                message: format!("{} (with {path} = {value})", e.message),
                ..e
            })
            .collect::<Vec<_>>()
    })
}

impl SweepPoint {
    /// The point of `value` from its run's result.
    pub fn new(value: f64, r: &RunResult) -> SweepPoint {
        SweepPoint {
            value,
            rejection_probability: r.summary.rejection_probability,
            avg_streams: r.summary.avg_streams,
            buffered_streams: r.summary.buffered_streams,
            hit_ratio: r.summary.hit_ratio,
            streams_per_dollar: r.summary.streams_per_dollar,
            capital_cost: r.capital_cost,
        }
    }
}

/// Check a sweep before any point runs: the base scenario is valid and
/// there is at least one value.
pub fn check(json: &str, values: &[f64]) -> Result<(), Vec<FieldError>> {
    parse_scenario(json)?;
    if values.is_empty() {
        return Err(field_error("--values", "is empty: give at least one value"));
    }
    Ok(())
}

/// Every point in turn, on this thread.
pub fn sweep(json: &str, path: &str, values: &[f64]) -> Result<Vec<SweepPoint>, Vec<FieldError>> {
    check(json, values)?;
    let mut out = Vec::with_capacity(values.len());
    for &v in values {
        let s = point_scenario(json, path, v)?;
        out.push(SweepPoint::new(v, &run(&s)?));
    }
    Ok(out)
}

/// The points as CSV, one row per value.
pub fn csv(param: &str, points: &[SweepPoint]) -> String {
    let mut out = format!(
        "{param},rejection_probability,rejection_probability_ci95,avg_streams,avg_streams_ci95,buffered_streams,buffered_streams_ci95,hit_ratio,hit_ratio_ci95,streams_per_dollar,streams_per_dollar_ci95,capital_cost\n"
    );
    for p in points {
        out += &format!(
            "{},{},{},{},{},{},{},{},{},{},{},{}\n",
            p.value,
            p.rejection_probability.mean,
            p.rejection_probability.ci95,
            p.avg_streams.mean,
            p.avg_streams.ci95,
            p.buffered_streams.mean,
            p.buffered_streams.ci95,
            p.hit_ratio.mean,
            p.hit_ratio.ci95,
            p.streams_per_dollar.mean,
            p.streams_per_dollar.ci95,
            p.capital_cost
        );
    }
    out
}
