//! Title-level hit-ratio curves of a request log (model §14): the share of
//! requests a file-level cache of N titles serves, for every N at once.
//!
//! - Static LFU (the MMSys'11 file cache): the N most requested titles,
//!   staged before the log starts — the top-N share of the counts.
//! - LRU over titles: Mattson stack distances over the kept request order
//!   (the same one-pass stack as the block curves).
//! - The fitted Zipf model's top-N mass, beside them: how well the model
//!   answers "how much flash for my catalog".

use super::counts::Tally;
use super::fit::zipf_fit;
use serde::{Deserialize, Serialize};
use tierplan_block::mrc::histogram::Histogram;
use tierplan_block::mrc::stack::LruStack;
use tierplan_kit::analytics::zipf_probabilities;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TitlePoint {
    /// Titles the cache holds.
    pub titles: u64,
    /// Share of requests served by the N most requested titles.
    pub static_lfu: f64,
    /// Share of requests an LRU cache of N titles hits (None without the
    /// request order).
    pub lru: Option<f64>,
    /// The fitted Zipf model's top-N mass.
    pub zipf: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TitleCurves {
    pub titles: u64,
    pub requests: u64,
    /// The fitted exponent s (P(rank k) ∝ k^−s).
    pub zipf_exponent: f64,
    pub points: Vec<TitlePoint>,
}

/// About 12 sizes per power of two from 1 title to all of them.
fn grid(n: u64) -> Vec<u64> {
    let mut out = Vec::new();
    let mut x = 1.0f64;
    while (x as u64) < n {
        out.push(x.round() as u64);
        x *= 2f64.powf(1.0 / 12.0);
    }
    out.push(n.max(1));
    out.dedup();
    out
}

/// The curves of a finished tally; `order` (title index per request, in log
/// order) adds LRU. `sizes` in titles (default: a log grid).
pub fn title_curves(t: &Tally, order: Option<&[u32]>, sizes: &[u64]) -> TitleCurves {
    let n = t.requests.len() as u64;
    let total = t.total.max(1) as f64;
    let mut counts = t.requests.clone();
    counts.sort_unstable_by(|a, b| b.cmp(a));
    let fit = zipf_fit(&counts);
    let s = fit.exponent.value;
    let mut sizes: Vec<u64> = if sizes.is_empty() {
        grid(n)
    } else {
        sizes.to_vec()
    };
    sizes.sort_unstable();
    sizes.dedup();
    // Top-N sums in one pass over the sorted counts.
    let mut top = Vec::with_capacity(sizes.len());
    let (mut i, mut sum) = (0usize, 0u64);
    for &k in &sizes {
        while (i as u64) < k.min(n) {
            sum += counts[i];
            i += 1;
        }
        top.push(sum as f64 / total);
    }
    let lru = order.map(|o| {
        let mut stack = LruStack::new();
        let mut h = Histogram::new();
        for &title in o {
            if let Some(d) = stack.access(title as u64) {
                h.add(d, 1.0);
            }
        }
        let len = o.len().max(1) as f64;
        h.below_each(&sizes)
            .into_iter()
            .map(|x| x / len)
            .collect::<Vec<f64>>()
    });
    // The model's top-N mass: the fitted Zipf probabilities, accumulated.
    let p = if n > 0 && s.is_finite() {
        zipf_probabilities(n as u32, s)
    } else {
        Vec::new()
    };
    let mut mass = Vec::with_capacity(sizes.len());
    let (mut i, mut acc) = (0usize, 0.0f64);
    for &k in &sizes {
        while i < (k as usize).min(p.len()) {
            acc += p[i];
            i += 1;
        }
        mass.push(acc);
    }
    let points = sizes
        .iter()
        .enumerate()
        .map(|(j, &k)| TitlePoint {
            titles: k,
            static_lfu: top[j],
            lru: lru.as_ref().map(|l| l[j]),
            zipf: mass[j],
        })
        .collect();
    TitleCurves {
        titles: n,
        requests: t.total,
        zipf_exponent: s,
        points,
    }
}
