//! Reading request-level results for the claims that need them: a max-rate
//! search's answer or a run's hit ratio, with the labelled values shown
//! side by side.

use crate::reproduce::RequestInput;
use crate::reproduce::RequestMetric;
use crate::reproduce::RequestOutput;
use std::collections::BTreeMap;

fn read(m: RequestMetric, out: &RequestOutput) -> (f64, Option<f64>, String) {
    match (m, out) {
        (RequestMetric::MaxRate, RequestOutput::MaxRate { result }) => match result.max_rate {
            Some(r) => (r, None, format!("{r:.0} req/s")),
            None => {
                let lo = result.points.first().map_or(0.0, |p| p.rate);
                (0.0, None, format!("< {lo:.0} req/s"))
            }
        },
        (RequestMetric::FlashHitPercent, RequestOutput::Run { result }) => {
            let e = result.flash_hit_ratio;
            (
                100.0 * e.mean,
                Some(100.0 * e.ci95),
                format!("{:.1} ± {:.1} %", 100.0 * e.mean, 100.0 * e.ci95),
            )
        }
        (RequestMetric::BlockHitPercent, RequestOutput::Run { result }) => {
            let e = result.block_hit_ratio.unwrap_or(result.flash_hit_ratio);
            (
                100.0 * e.mean,
                Some(100.0 * e.ci95),
                format!("{:.1} ± {:.1} %", 100.0 * e.mean, 100.0 * e.ci95),
            )
        }
        (RequestMetric::FlashWriteMedianKb, RequestOutput::Run { result }) => {
            match &result.flash_write_sizes {
                Some(w) => (w.median_kb, None, format!("{:.0} KB", w.median_kb)),
                None => (f64::NAN, None, "no flash writes".into()),
            }
        }
        _ => (
            f64::NAN,
            None,
            "(a run where a search was expected, or back)".into(),
        ),
    }
}

/// Ours (first input) and the text of all inputs, or the missing ids.
pub(super) fn request_value(
    inputs: &[RequestInput],
    requests: &BTreeMap<String, RequestOutput>,
) -> Result<(f64, Option<f64>, String), Vec<String>> {
    let missing: Vec<String> = inputs
        .iter()
        .filter(|i| !requests.contains_key(&i.scenario))
        .map(|i| i.scenario.clone())
        .collect();
    if !missing.is_empty() {
        return Err(missing);
    }
    let mut first = (f64::NAN, None);
    let mut texts = Vec::new();
    for (k, i) in inputs.iter().enumerate() {
        let (v, ci, t) = read(i.metric, &requests[&i.scenario]);
        if k == 0 {
            first = (v, ci);
        }
        texts.push(format!("{t} ({})", i.label));
    }
    Ok((first.0, first.1, texts.join("; ")))
}
