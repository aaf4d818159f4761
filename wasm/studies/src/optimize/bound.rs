//! Pathwise lower bounds on the rejections of a configuration.
//!
//! The engine draws every replication's arrivals (times and popularity
//! ranks) from one seeded stream whose consumption does not depend on the
//! device counts (only on whether a dynamic-LFU warm-up history is drawn
//! first). This module regenerates that exact sequence — the same
//! xoshiro256++ stream, the same inversion for exponentials, the same alias
//! table — and bounds, for the *actual* arrivals of each replication, how
//! many requests any policy with the given capacities must reject:
//!
//! at the instant τ of any arrival, every *accepted* request of the demand
//! set D(τ) = {measured arrivals a ≤ τ whose stream would still play at τ,
//! a + L > τ} is active, and the active streams number at most
//!
//! ```text
//!   disk streams   ≤ ⌊disk bw / b_min⌋
//! + flash streams  ≤ min(⌊flash bw / b_min⌋, requests in S(τ) for files the
//!                    static LFU staged — the staged set only shrinks)
//! + buffered       ≤ the largest k such that the k smallest interval sizes
//!                    among S(τ) fit in the buffer (each buffered stream
//!                    holds ⌈Δ·b / 1 MB⌉ ≥ 1 block, Δ ≥ the gap to the
//!                    previous request of the same video, Δ ≤ the
//!                    predecessor's length); for a flash buffer also
//!                    ≤ ⌊buffer bw / b_min⌋
//! ```
//!
//! where S(τ) = {arrivals a ≤ τ with a + L ≥ τ} ⊇ the streams active at τ.
//! So rejections ≥ |D(τ)| − that capacity, for every τ: a *necessary*
//! condition that holds run by run (unlike the steady-state bound
//! 1 − c/A, which a short or lucky run can beat).

use tierplan_kit::analytics::zipf_probabilities;
use tierplan_kit::sampling::alias::AliasTable;
use tierplan_kit::sampling::rng::SimRng;
use tierplan_scenario::*;

/// Bandwidth unit of the engine: 1/1000 KB/s.
pub(crate) const BW_SCALE: f64 = 1000.0;

/// Engine bandwidth of `count` devices, in 1/1000 KB/s (None = unlimited).
pub(crate) fn bw_units(mbps: Option<f64>, count: u32) -> Option<u64> {
    mbps.map(|m| (m * 1024.0 * BW_SCALE).round() as u64 * count as u64)
}

/// One replication's arrivals, with what the bounds need precomputed.
pub(crate) struct RepTrace {
    t: Vec<f64>,
    slot: Vec<u32>,
    end: Vec<f64>,
    measured: Vec<bool>,
    /// Interval size in buffer blocks if the request were cached behind the
    /// previous request of its slot (a lower bound on its real size); 0 when
    /// it can never be cached.
    blocks: Vec<u32>,
    /// Indices by end time (all, and measured only).
    by_end: Vec<u32>,
    by_end_measured: Vec<u32>,
    /// Measured arrivals: must equal the engine's count.
    pub measured_arrivals: u64,
    /// Peak concurrent streams with no rejections (measured window).
    pub peak_unlimited: u64,
}

/// Arrival sequences of all replications of a scenario.
pub(crate) struct Trace {
    pub reps: Vec<RepTrace>,
    /// Largest interval size any request can have, blocks.
    max_blocks: u32,
}

/// Expected arrivals over all replications above which no trace is kept.
/// About 33 bytes per arrival: 2 million is ~66 MB, the most a browser
/// worker should hold.
pub(crate) const MAX_TRACE_ARRIVALS: f64 = 2e6;

impl Trace {
    /// Regenerate the engine's arrivals; `warm_history` draws the dynamic
    /// LFU's history window first (as the engine does when a file-cache tier
    /// with dynamic warm-started LFU is present). `weights` are the titles'
    /// popularity when the engine draws by them instead of the workload's
    /// Zipf curve (one server of a fleet routed by title): the same table.
    pub(crate) fn generate(s: &Scenario, weights: Option<&[f64]>, warm_history: bool) -> Trace {
        let w = &s.workload;
        let n = w.videos;
        let alias = match weights {
            Some(x) => AliasTable::new(x),
            None => AliasTable::new(&zipf_probabilities(n, w.popularity.exponent())),
        };
        let slot_class = w.class_of_ranks();
        let len_s: Vec<f64> = w.classes.iter().map(|c| c.length_s()).collect();
        let kbps: Vec<f64> = w.classes.iter().map(|c| c.bitrate_kbps).collect();
        let l_max = len_s.iter().copied().fold(0.0, f64::max);
        let max_blocks = w
            .classes
            .iter()
            .map(|c| libm::ceil(c.length_s() * c.bitrate_kbps / 1024.0).max(1.0))
            .fold(1.0, f64::max) as u32;
        let lambda = w.arrival_rate;
        // The engine's arrivals exactly: with an hourly rate profile the
        // same inversion, without one the same `t + exp(λ)` (model §14).
        let steps = tierplan_kit::sampling::arrivals::RateSteps::of(w);
        let next = |rng: &mut SimRng, t: f64| match &steps {
            None => t + rng.exp(lambda),
            Some(st) => st.after(t, rng.exp(1.0)),
        };
        let duration = s.run.duration_h * 3600.0;
        let warmup = s.run.warmup_h * 3600.0;
        let window = s.policy.lfu_window_h * 3600.0;
        let churn = w.churn.map(|c| (c.period_h * 3600.0, c.new_titles));
        let reps = (0..s.run.replications)
            .map(|k| {
                let seed = s.run.seed.wrapping_add(k) as u64;
                let mut rng = SimRng::new(seed);
                if warm_history {
                    let mut t = next(&mut rng, -window);
                    while t < 0.0 {
                        alias.sample(&mut rng);
                        t = next(&mut rng, t);
                    }
                }
                let mut tr = RepTrace {
                    t: Vec::new(),
                    slot: Vec::new(),
                    end: Vec::new(),
                    measured: Vec::new(),
                    blocks: Vec::new(),
                    by_end: Vec::new(),
                    by_end_measured: Vec::new(),
                    measured_arrivals: 0,
                    peak_unlimited: 0,
                };
                let mut last = vec![f64::NAN; n as usize];
                let mut head = 0u32;
                let mut next_churn = churn.map(|(p, _)| p);
                let mut t = next(&mut rng, 0.0);
                while t <= duration {
                    if let Some((period, k)) = churn {
                        while let Some(tc) = next_churn {
                            if tc < t {
                                head = (head + n - k % n) % n;
                                next_churn = Some(tc + period);
                            } else {
                                break;
                            }
                        }
                    }
                    let rank = alias.sample(&mut rng);
                    let slot = ((head as u64 + rank as u64) % n as u64) as u32;
                    let c = slot_class[slot as usize] as usize;
                    let prev = last[slot as usize];
                    let blocks = if prev.is_nan() || t - prev > l_max {
                        0
                    } else {
                        libm::ceil((t - prev) * kbps[c] / 1024.0).max(1.0) as u32
                    };
                    last[slot as usize] = t;
                    tr.t.push(t);
                    tr.slot.push(slot);
                    tr.end.push(t + len_s[c]);
                    tr.measured.push(t >= warmup);
                    tr.blocks.push(blocks);
                    if t >= warmup {
                        tr.measured_arrivals += 1;
                    }
                    t = next(&mut rng, t);
                }
                let mut by_end: Vec<u32> = (0..tr.t.len() as u32).collect();
                by_end.sort_by(|&a, &b| tr.end[a as usize].total_cmp(&tr.end[b as usize]));
                tr.by_end_measured = by_end
                    .iter()
                    .copied()
                    .filter(|&i| tr.measured[i as usize])
                    .collect();
                tr.by_end = by_end;
                // Peak with unlimited capacity, at arrival instants (ends at
                // the same instant are processed after the arrival).
                let mut p = 0usize;
                for j in 0..tr.t.len() {
                    while tr.end[tr.by_end[p] as usize] < tr.t[j] {
                        p += 1;
                    }
                    if tr.measured[j] {
                        // Active: indices ≤ j not yet ended.
                        let active = (j + 1) - p;
                        tr.peak_unlimited = tr.peak_unlimited.max(active as u64);
                    }
                }
                tr
            })
            .collect();
        Trace { reps, max_blocks }
    }
}

/// Capacities of one configuration, in streams and buffer blocks.
pub(crate) struct Capacities<'a> {
    /// Flash (file-cache) streams, ⌊bw / b_min⌋.
    pub file_streams: u64,
    /// Slots staged by static LFU (None: any slot may be cached — dynamic).
    pub cached: Option<&'a [bool]>,
    /// Interval-cache variants evaluated in one sweep: (buffer blocks of
    /// 1 MB, buffered streams a flash buffer's bandwidth carries —
    /// u64::MAX for DRAM).
    pub buffers: &'a [(u64, u64)],
}

struct Fenwick {
    n: usize,
    cnt: Vec<i64>,
    sum: Vec<i64>,
    at: Vec<i64>,
}

impl Fenwick {
    fn new(n: usize) -> Fenwick {
        Fenwick {
            n,
            cnt: vec![0; n + 1],
            sum: vec![0; n + 1],
            at: vec![0; n + 1],
        }
    }
    fn add(&mut self, v: usize, d: i64) {
        self.at[v] += d;
        let mut i = v;
        while i <= self.n {
            self.cnt[i] += d;
            self.sum[i] += d * v as i64;
            i += i & i.wrapping_neg();
        }
    }
    /// Largest k such that the k smallest values sum to ≤ cap.
    fn fit(&self, cap: i64) -> i64 {
        let mut pos = 0usize;
        let mut rem = cap;
        let mut k = 0i64;
        let mut step = if self.n == 0 {
            0
        } else {
            1usize << (usize::BITS - 1 - self.n.leading_zeros())
        };
        while step > 0 {
            let nxt = pos + step;
            if nxt <= self.n && self.sum[nxt] <= rem {
                pos = nxt;
                rem -= self.sum[nxt];
                k += self.cnt[nxt];
            }
            step >>= 1;
        }
        if pos < self.n {
            let v = (pos + 1) as i64;
            k += self.at[pos + 1].min(rem / v);
        }
        k
    }
}

impl Trace {
    /// For each buffer variant and each replication, the max over arrival
    /// instants of |D(τ)| − flash bound − buffer bound: the replication
    /// rejects at least max(0, this − disk streams) requests. One sweep
    /// serves every buffer variant (the multiset of interval sizes does not
    /// depend on the buffer); an instant whose value before the buffer term
    /// cannot beat a variant's running max skips that variant's query.
    pub(crate) fn excess(&self, cap: &Capacities) -> Vec<Vec<i64>> {
        let cl = |x: u64| x.min(i64::MAX as u64) as i64;
        let max_b = cap
            .buffers
            .iter()
            .filter(|(b, k)| *b > 0 && *k > 0)
            .map(|(b, _)| *b)
            .max()
            .unwrap_or(0);
        let v = (self.max_blocks as u64).min(max_b) as usize;
        let file_streams = cl(cap.file_streams);
        let mut out = vec![Vec::with_capacity(self.reps.len()); cap.buffers.len()];
        for r in &self.reps {
            let mut fw = Fenwick::new(v);
            let (mut ps, mut pd) = (0usize, 0usize);
            let (mut c_s, mut n_d) = (0i64, 0i64);
            let mut best = vec![i64::MIN; cap.buffers.len()];
            let mut floor = i64::MIN;
            let cached = |i: usize| cap.cached.is_none_or(|c| c[r.slot[i] as usize]);
            let bl = |i: usize| {
                let x = r.blocks[i] as usize;
                if x >= 1 && x <= v {
                    x
                } else {
                    0
                }
            };
            for j in 0..r.t.len() {
                let t = r.t[j];
                if cached(j) {
                    c_s += 1;
                }
                if bl(j) > 0 {
                    fw.add(bl(j), 1);
                }
                if r.measured[j] {
                    n_d += 1;
                }
                while ps < r.by_end.len() && r.end[r.by_end[ps] as usize] < t {
                    let i = r.by_end[ps] as usize;
                    if cached(i) {
                        c_s -= 1;
                    }
                    if bl(i) > 0 {
                        fw.add(bl(i), -1);
                    }
                    ps += 1;
                }
                while pd < r.by_end_measured.len() && r.end[r.by_end_measured[pd] as usize] <= t {
                    n_d -= 1;
                    pd += 1;
                }
                if !r.measured[j] {
                    continue;
                }
                let a = n_d - file_streams.min(c_s);
                if a <= floor {
                    continue;
                }
                for (k, &(b, streams)) in cap.buffers.iter().enumerate() {
                    if a <= best[k] {
                        continue;
                    }
                    let buf = if b > 0 && streams > 0 {
                        fw.fit(cl(b)).min(cl(streams))
                    } else {
                        0
                    };
                    best[k] = best[k].max(a - buf);
                }
                floor = best.iter().copied().min().unwrap_or(i64::MAX);
            }
            for (k, x) in best.into_iter().enumerate() {
                out[k].push(x);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_sweep_equals_separate_sweeps() {
        let mut s = tierplan_scenario::presets::scenario_preset("mmsys11-cost-hdd").unwrap();
        s.run.duration_h = 2.0;
        s.run.replications = 2;
        let tr = Trace::generate(&s, None, false);
        let cached: Vec<bool> = (0..300).map(|i| i < 76).collect();
        let bufs = [
            (0, 0),
            (100, u64::MAX),
            (1024, u64::MAX),
            (3000, 40),
            (50_000, u64::MAX),
        ];
        for cached in [None, Some(&cached[..])] {
            let all = tr.excess(&Capacities {
                file_streams: 647,
                cached,
                buffers: &bufs,
            });
            for (k, b) in bufs.iter().enumerate() {
                let one = tr.excess(&Capacities {
                    file_streams: 647,
                    cached,
                    buffers: std::slice::from_ref(b),
                });
                assert_eq!(one[0], all[k], "{b:?}");
            }
            // More buffer never raises the bound.
            for k in 1..bufs.len() {
                if bufs[k].1 == u64::MAX {
                    assert!(all[k].iter().zip(&all[1]).all(|(x, y)| x <= y || k == 1));
                }
            }
        }
    }

    #[test]
    fn fenwick_fit_matches_sorting() {
        let vals = [3usize, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5];
        let mut f = Fenwick::new(10);
        for &x in &vals {
            f.add(x, 1);
        }
        let mut s = vals.to_vec();
        s.sort();
        for cap in 0..60i64 {
            let mut k = 0;
            let mut acc = 0;
            for &x in &s {
                if acc + x as i64 <= cap {
                    acc += x as i64;
                    k += 1;
                } else {
                    break;
                }
            }
            assert_eq!(f.fit(cap), k, "cap {cap}");
        }
    }
}
