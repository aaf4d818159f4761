//! Title-level hit-ratio curves of a request log (model §14): the share of
//! requests a file-level cache of N titles serves, for every N at once.
//!
//! - Static LFU (the MMSys'11 file cache): the N most requested titles,
//!   staged before the log starts — the top-N share of the counts.
//! - LRU over titles: Mattson stack distances over the kept request order
//!   (the same one-pass stack as the block curves).
//! - Windowed LFU (model §7 dynamic LFU): request counts over a sliding
//!   window; a missed title is admitted while the cache has room, else it
//!   replaces the least counted cached title when its own count (this request
//!   included) is higher. Not a stack policy: one mini-simulation per size,
//!   up to 32 sizes per pass over the log (on the default grid, 32 of its
//!   sizes). Fills are instant here (the title-level share, not the SSD's
//!   write time).
//! - The fitted Zipf model's top-N mass, beside them: how well the model
//!   answers "how much flash for my catalog".

use super::counts::Tally;
use super::fit::zipf_fit;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use tierplan_block::mrc::histogram::Histogram;
use tierplan_block::stack_distance::LruStack;
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
    /// Share of requests a windowed-LFU cache of N titles hits (None
    /// without the request order or a window, and on the default grid at
    /// all but 32 sizes spread over it).
    pub windowed_lfu: Option<f64>,
    /// The fitted Zipf model's top-N mass.
    pub zipf: f64,
    /// The same shares counted in bytes (a request serves its title's mean
    /// request size), when every title has a size: static LFU, LRU, windowed LFU.
    pub static_lfu_bytes: Option<f64>,
    pub lru_bytes: Option<f64>,
    pub windowed_lfu_bytes: Option<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TitleCurves {
    pub titles: u64,
    pub requests: u64,
    /// The fitted exponent s (P(rank k) ∝ k^−s).
    pub zipf_exponent: f64,
    /// The windowed-LFU counting window, hours (None: not computed).
    pub window_h: Option<f64>,
    /// Mean bytes a request serves (None: the log gives no sizes).
    pub mean_request_bytes: Option<f64>,
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

/// Check a windowed-LFU window (hours): `window_h` names the field.
pub fn check_window_h(window_h: f64) -> Result<(), String> {
    if window_h.is_finite() && window_h > 0.0 {
        Ok(())
    } else {
        Err(format!(
            "window_h: the windowed-LFU window must be a positive number of hours, not {window_h}"
        ))
    }
}

/// The curves of a finished tally; `trace` ((time s, title index) per
/// request, in log order) adds LRU, and with `window_h` windowed LFU.
/// `sizes` in titles (default: a log grid).
pub fn title_curves(
    t: &Tally,
    trace: Option<&[(f64, u32)]>,
    sizes: &[u64],
    window_h: Option<f64>,
) -> TitleCurves {
    let order: Option<Vec<u32>> = trace.map(|tr| tr.iter().map(|&(_, i)| i).collect());
    let order = order.as_deref();
    let n = t.requests.len() as u64;
    let total = t.total.max(1) as f64;
    let mut counts = t.requests.clone();
    counts.sort_unstable_by(|a, b| b.cmp(a));
    let fit = zipf_fit(&counts);
    let s = fit.exponent.value;
    let default_grid = sizes.is_empty();
    let mut sizes: Vec<u64> = if default_grid {
        grid(n)
    } else {
        sizes.to_vec()
    };
    sizes.sort_unstable();
    sizes.dedup();
    // Bytes per request of each title, when the log gives every title one.
    let w = t.title_bytes();
    let total_bytes = w.as_ref().map(|w| {
        t.requests
            .iter()
            .zip(w)
            .map(|(&c, &b)| c as f64 * b)
            .sum::<f64>()
    });
    let top_bytes = w.as_ref().map(|w| {
        // The N most requested titles (ties: first seen first), their bytes.
        let mut by_count: Vec<usize> = (0..t.requests.len()).collect();
        by_count.sort_by(|&a, &b| t.requests[b].cmp(&t.requests[a]));
        let all = total_bytes.unwrap_or(0.0).max(f64::MIN_POSITIVE);
        let (mut i, mut sum) = (0usize, 0.0f64);
        sizes
            .iter()
            .map(|&k| {
                while (i as u64) < k.min(n) {
                    let x = by_count[i];
                    sum += t.requests[x] as f64 * w[x];
                    i += 1;
                }
                sum / all
            })
            .collect::<Vec<f64>>()
    });
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
        let mut hb = Histogram::new();
        for &title in o {
            if let Some(d) = stack.access(title as u64) {
                h.add(d, 1.0);
                if let Some(w) = &w {
                    hb.add(d, w[title as usize]);
                }
            }
        }
        let len = o.len().max(1) as f64;
        let shares: Vec<f64> = h.below_each(&sizes).into_iter().map(|x| x / len).collect();
        let bytes: Option<Vec<f64>> = total_bytes.map(|all| {
            hb.below_each(&sizes)
                .into_iter()
                .map(|x| x / all.max(f64::MIN_POSITIVE))
                .collect()
        });
        (shares, bytes)
    });
    // Windowed LFU costs a pass per 32 sizes: on the default grid, 32 of its
    // sizes spread evenly in log size (the last kept); given sizes, all.
    let windowed = match (trace, window_h) {
        (Some(tr), Some(win)) => {
            let picked: Vec<usize> = if default_grid && sizes.len() > 32 {
                let last = sizes.len() - 1;
                let mut at: Vec<usize> = (0..32).map(|i| i * last / 31).collect();
                at.dedup();
                at
            } else {
                (0..sizes.len()).collect()
            };
            let at_sizes: Vec<u64> = picked.iter().map(|&i| sizes[i]).collect();
            let mut all = vec![(None, None); sizes.len()];
            for (chunk, at) in at_sizes.chunks(32).zip(picked.chunks(32)) {
                let (hits, bytes) =
                    windowed_pass(tr, n as usize, chunk, win * 3600.0, w.as_deref());
                for (j, &i) in at.iter().enumerate() {
                    all[i] = (
                        Some(hits[j] as f64 / tr.len().max(1) as f64),
                        total_bytes.map(|b| bytes[j] / b.max(f64::MIN_POSITIVE)),
                    );
                }
            }
            Some(all)
        }
        _ => None,
    };
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
            lru: lru.as_ref().map(|l| l.0[j]),
            windowed_lfu: windowed.as_ref().and_then(|l| l[j].0),
            zipf: mass[j],
            static_lfu_bytes: top_bytes.as_ref().map(|b| b[j]),
            lru_bytes: lru.as_ref().and_then(|l| l.1.as_ref().map(|b| b[j])),
            windowed_lfu_bytes: windowed.as_ref().and_then(|l| l[j].1),
        })
        .collect();
    TitleCurves {
        titles: n,
        requests: t.total,
        zipf_exponent: s,
        window_h: windowed.as_ref().and(window_h),
        mean_request_bytes: total_bytes.map(|b| b / t.total.max(1) as f64),
        points,
    }
}

/// Hit share of a windowed-LFU cache of each size in `sizes` (titles) over
/// `trace` ((time s, title index < `titles`)), counts over the last
/// `window_s` seconds.
pub fn windowed_lfu(trace: &[(f64, u32)], titles: usize, sizes: &[u64], window_s: f64) -> Vec<f64> {
    let mut out = Vec::with_capacity(sizes.len());
    let len = trace.len().max(1) as f64;
    for chunk in sizes.chunks(32) {
        let (hits, _) = windowed_pass(trace, titles, chunk, window_s, None);
        out.extend(hits.into_iter().map(|h| h as f64 / len));
    }
    out
}

/// One pass for up to 32 sizes: every title keeps a bit per size that caches
/// it; each size keeps its cached titles ordered by (window count, title).
/// Hits per size, and with per-title bytes `w` the bytes they served.
fn windowed_pass(
    trace: &[(f64, u32)],
    titles: usize,
    sizes: &[u64],
    window_s: f64,
    w: Option<&[f64]>,
) -> (Vec<u64>, Vec<f64>) {
    debug_assert!(sizes.len() <= 32);
    let mut count = vec![0u32; titles];
    let mut mask = vec![0u32; titles];
    let mut cached: Vec<BTreeSet<(u32, u32)>> = vec![BTreeSet::new(); sizes.len()];
    let mut hits = vec![0u64; sizes.len()];
    let mut hit_bytes = vec![0.0f64; sizes.len()];
    // A title's count moves: re-key it in every cache that holds it.
    let recount =
        |x: u32, up: bool, count: &mut [u32], mask: &[u32], cached: &mut [BTreeSet<(u32, u32)>]| {
            let i = x as usize;
            let old = count[i];
            count[i] = if up { old + 1 } else { old - 1 };
            let mut m = mask[i];
            while m != 0 {
                let j = m.trailing_zeros() as usize;
                m &= m - 1;
                cached[j].remove(&(old, x));
                cached[j].insert((count[i], x));
            }
        };
    let mut tail = 0usize;
    for (k, &(t, x)) in trace.iter().enumerate() {
        while tail < k && trace[tail].0 <= t - window_s {
            recount(trace[tail].1, false, &mut count, &mask, &mut cached);
            tail += 1;
        }
        recount(x, true, &mut count, &mask, &mut cached);
        let i = x as usize;
        let c = count[i];
        for (j, set) in cached.iter_mut().enumerate() {
            let bit = 1u32 << j;
            if mask[i] & bit != 0 {
                hits[j] += 1;
                if let Some(w) = w {
                    hit_bytes[j] += w[i];
                }
            } else if (set.len() as u64) < sizes[j] {
                set.insert((c, x));
                mask[i] |= bit;
            } else if let Some(&(least, v)) = set.first() {
                if c > least {
                    set.pop_first();
                    mask[v as usize] &= !bit;
                    set.insert((c, x));
                    mask[i] |= bit;
                }
            }
        }
    }
    (hits, hit_bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tierplan_kit::sampling::rng::splitmix64;

    /// The rule replayed plainly: counts recounted from the window for every
    /// request, the cache a list, the least counted found by a scan.
    /// Hits, and the bytes they served with per-title bytes `w`.
    fn replay_w(trace: &[(f64, u32)], size: usize, window_s: f64, w: &[f64]) -> (u64, f64) {
        let mut cache: Vec<u32> = Vec::new();
        let mut hits = 0;
        let mut bytes = 0.0;
        for (k, &(t, x)) in trace.iter().enumerate() {
            let count = |y: u32| {
                trace[..=k]
                    .iter()
                    .filter(|&&(s, z)| z == y && s > t - window_s)
                    .count()
            };
            if cache.contains(&x) {
                hits += 1;
                bytes += w.get(x as usize).copied().unwrap_or(0.0);
            } else if cache.len() < size {
                cache.push(x);
            } else {
                let (at, &v) = cache
                    .iter()
                    .enumerate()
                    .min_by_key(|&(_, &v)| (count(v), v))
                    .unwrap();
                if count(x) > count(v) {
                    cache[at] = x;
                }
            }
        }
        (hits, bytes)
    }

    fn replay(trace: &[(f64, u32)], size: usize, window_s: f64) -> u64 {
        replay_w(trace, size, window_s, &[]).0
    }

    fn skewed_trace(n: usize, titles: u32, seed: u64) -> Vec<(f64, u32)> {
        let mut state = seed;
        let mut next = move || {
            state += 1;
            splitmix64(state)
        };
        let mut t = 0.0;
        (0..n)
            .map(|_| {
                t += (next() % 100) as f64;
                // Popularity skewed towards low ids (min of two uniforms),
                // drifting: every 500 requests the ids shift by one.
                let a = next() % titles as u64;
                let b = next() % titles as u64;
                let id = (a.min(b) as usize + t as usize / 25_000) % titles as usize;
                (t, id as u32)
            })
            .collect()
    }

    #[test]
    fn windowed_lfu_equals_a_plain_replay_at_every_size() {
        let titles = 60u32;
        let trace = skewed_trace(3000, titles, 7);
        let sizes: Vec<u64> = (1..=40).chain([60, 80]).collect();
        for window_s in [500.0, 5_000.0, 1e9] {
            let got = windowed_lfu(&trace, titles as usize, &sizes, window_s);
            for (&size, share) in sizes.iter().zip(&got) {
                let hits = replay(&trace, size as usize, window_s);
                assert_eq!(
                    *share,
                    hits as f64 / trace.len() as f64,
                    "{size} titles, window {window_s} s"
                );
            }
        }
    }

    #[test]
    fn a_cache_of_every_title_misses_only_first_requests() {
        let trace = skewed_trace(2000, 50, 3);
        let distinct = trace
            .iter()
            .map(|&(_, x)| x)
            .collect::<std::collections::HashSet<_>>()
            .len();
        let got = windowed_lfu(&trace, 50, &[50], 100.0);
        assert_eq!(got[0], 1.0 - distinct as f64 / 2000.0);
    }

    /// Byte shares: every hit weighted by its title's bytes per request,
    /// replayed plainly (LRU as a queue, windowed LFU as above, static LFU
    /// the most requested titles, ties first seen first); bytes from the
    /// bytes column, or bitrate × length where a line has no bytes.
    #[test]
    fn byte_shares_weight_each_hit_by_its_titles_bytes() {
        use crate::logs::time::Stamp;
        let titles = 40u32;
        let trace = skewed_trace(2500, titles, 11);
        let mut t = Tally::default();
        let mut order = Vec::new();
        for &(time, x) in &trace {
            let stamp = Stamp {
                t: time,
                hour: 0,
                day: 0,
            };
            // Odd titles carry a bytes column; even ones bitrate × length.
            let extras = if x % 2 == 1 {
                [Some(1000.0 * (1 + x % 7) as f64), None, None, None]
            } else {
                [None, None, Some(100.0 + x as f64), Some(60.0)]
            };
            let idx = t.add_request(stamp, &format!("v{x}"), extras);
            order.push((time, idx));
        }
        t.finish();
        let w = t.title_bytes().expect("every title has a size");
        let name = |i: usize| t.names[i].trim_start_matches('v').parse::<u32>().unwrap();
        for (i, &b) in w.iter().enumerate() {
            let x = name(i);
            let want = if x % 2 == 1 {
                1000.0 * (1 + x % 7) as f64
            } else {
                (100.0 + x as f64) * 1024.0 * 60.0
            };
            assert_eq!(b, want, "title v{x}");
        }
        let total: f64 = order.iter().map(|&(_, i)| w[i as usize]).sum();
        let sizes = [1u64, 3, 8, 20, 40];
        let c = title_curves(&t, Some(&order), &sizes, Some(0.2));
        assert!((c.mean_request_bytes.unwrap() - total / 2500.0).abs() < 1e-6);
        let mut by_count: Vec<usize> = (0..w.len()).collect();
        by_count.sort_by(|&a, &b| t.requests[b].cmp(&t.requests[a]));
        for (pt, &size) in c.points.iter().zip(&sizes) {
            let n = size as usize;
            // LRU, replayed.
            let mut recent: std::collections::VecDeque<u32> = Default::default();
            let mut lru = 0.0;
            for &(_, x) in &order {
                if let Some(p) = recent.iter().position(|&y| y == x) {
                    lru += w[x as usize];
                    recent.remove(p);
                } else if recent.len() == n {
                    recent.pop_back();
                }
                recent.push_front(x);
            }
            assert!(
                (pt.lru_bytes.unwrap() - lru / total).abs() < 1e-12,
                "LRU {n}"
            );
            let top: f64 = by_count[..n.min(w.len())]
                .iter()
                .map(|&x| t.requests[x] as f64 * w[x])
                .sum();
            assert!(
                (pt.static_lfu_bytes.unwrap() - top / total).abs() < 1e-12,
                "LFU {n}"
            );
            // Windowed LFU, replayed, hits weighted.
            let (hits, bytes) = replay_w(&order, n, 0.2 * 3600.0, &w);
            assert_eq!(pt.windowed_lfu, Some(hits as f64 / 2500.0), "windowed {n}");
            assert!(
                (pt.windowed_lfu_bytes.unwrap() - bytes / total).abs() < 1e-12,
                "windowed bytes {n}"
            );
        }
        // A title without any size: no byte shares at all.
        t.add_request(
            Stamp {
                t: 1e7,
                hour: 0,
                day: 0,
            },
            "unsized",
            [None; 4],
        );
        let c = title_curves(&t, None, &sizes, None);
        assert!(c.points.iter().all(|p| p.static_lfu_bytes.is_none()));
        assert_eq!(c.mean_request_bytes, None);
    }

    #[test]
    fn a_bad_window_names_its_field() {
        for w in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert!(check_window_h(w).unwrap_err().starts_with("window_h:"));
        }
        assert!(check_window_h(24.0).is_ok());
    }
}
