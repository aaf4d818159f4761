//! Fits of a tallied log (model §14): the Zipf exponent by maximum
//! likelihood with a 95 % interval (both conventions), the diurnal profile
//! with its peak hour, new titles per day, and goodness-of-fit numbers.

use super::counts::Tally;
use super::time::civil_from_days;
use serde::{Deserialize, Serialize};
use tierplan_kit::sampling::rng::SimRng;

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Interval {
    pub value: f64,
    /// 95 % interval.
    pub lo: f64,
    pub hi: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RankPoint {
    pub rank: u32,
    pub requests: f64,
    /// Requests the fitted Zipf law expects at this rank.
    pub fitted: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ZipfFit {
    /// Distinct titles N; the fit is over ranks 1..N.
    pub titles: u32,
    pub requests: f64,
    /// s of p_i ∝ i^(−s), bias-corrected (see `sorted_bias`), 95 % interval.
    pub exponent: Interval,
    /// θ = 1 − s (Dan/Sitaram convention), the same interval mirrored.
    pub theta: Interval,
    /// The plain maximum-likelihood value over the observed ranks, before
    /// the correction for ranking titles by their own counts.
    pub raw_exponent: f64,
    /// Largest gap between the observed and fitted cumulative request share
    /// over the ranks (Kolmogorov–Smirnov distance), 0..1.
    pub ks_distance: f64,
    /// Share of requests drawn by the top 10 % of titles: observed …
    pub top_decile_share: f64,
    /// … and under the fit.
    pub top_decile_fitted: f64,
    /// R² of log(requests) against log(fitted) over the ranks with requests.
    pub r2_loglog: f64,
    /// Rank–frequency points (log-spaced, at most ~300) for the chart.
    pub points: Vec<RankPoint>,
    /// Why the interval may be optimistic, when it may be.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub warning: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HourRate {
    pub hour: u32,
    pub requests: f64,
    /// Mean arrival rate in this hour of the day, requests/s, …
    pub rate: f64,
    /// … its 95 % half-width (Poisson), …
    pub ci95: f64,
    /// … and relative to the daily mean (the scenario's profile weight).
    pub factor: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DiurnalFit {
    pub hours: Vec<HourRate>,
    /// Days the log covers (days with at least one request).
    pub days: u32,
    /// Mean arrival rate over the day, requests/s.
    pub mean_rate: f64,
    pub peak_hour: u32,
    pub peak_rate: f64,
    /// Peak rate / mean rate.
    pub peak_factor: f64,
    /// Chi-square of the hourly counts against a flat rate (23 degrees of
    /// freedom) and its p-value: a tiny p means the profile is real.
    pub chi2_flat: f64,
    pub p_flat: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DayNew {
    /// YYYY-MM-DD.
    pub date: String,
    pub new_titles: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChurnFit {
    pub days: Vec<DayNew>,
    /// Mean new titles per day after the first day (whose titles are all
    /// "new"), with a 95 % interval; absent with fewer than two days. It
    /// counts titles first requested that day, so a rarely requested old
    /// title seen late also counts: an upper bound on true arrivals.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub per_day: Option<Interval>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LogFit {
    pub requests: f64,
    pub titles: u32,
    /// First to last request, hours (raw logs; 0 for aggregated counts).
    pub span_h: f64,
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub zipf: Option<ZipfFit>,
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub diurnal: Option<DiurnalFit>,
    pub churn: ChurnFit,
    /// Means of the optional columns over the lines that had them.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub mean_bytes: Option<f64>,
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub mean_seconds: Option<f64>,
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub mean_bitrate_kbps: Option<f64>,
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub mean_length_s: Option<f64>,
    /// What could not be fitted, and why.
    pub notes: Vec<String>,
}

const Z95: f64 = 1.959_963_984_540_054;
/// Most fixed-point steps of the ranking-bias correction.
const BIAS_STEPS: usize = 6;
/// Below this many requests per title the ranking noise dominates the
/// shape of the counts and the fit says so.
pub const FEW_REQUESTS_PER_TITLE: f64 = 10.0;

pub fn fit(t: &Tally) -> LogFit {
    let mut notes = Vec::new();
    let zipf = if t.requests.len() >= 2 {
        Some(zipf_fit(&t.requests))
    } else {
        notes.push("the Zipf fit needs at least two distinct titles".into());
        None
    };
    let diurnal = diurnal_fit(t);
    if diurnal.is_none() {
        notes.push("no hourly counts: the log has no timestamps in range".into());
    }
    LogFit {
        requests: t.total as f64,
        titles: t.names.len() as u32,
        span_h: if t.total > 0 {
            (t.t_max - t.t_min) / 3600.0
        } else {
            0.0
        },
        zipf,
        diurnal,
        churn: churn_fit(t),
        mean_bytes: t.mean(0),
        mean_seconds: t.mean(1),
        mean_bitrate_kbps: t.mean(2),
        mean_length_s: t.mean(3),
        notes,
    }
}

/// ln i for ranks 1..n.
fn log_ranks(n: usize) -> Vec<f64> {
    (1..=n).map(|i| libm::log(i as f64)).collect()
}

/// Mean and variance of ln i under p_i ∝ i^(−s) over the given ranks.
fn moments(ln: &[f64], s: f64) -> (f64, f64) {
    let (mut z, mut m1, mut m2) = (0.0, 0.0, 0.0);
    for &l in ln {
        let w = libm::exp(-s * l);
        z += w;
        m1 += w * l;
        m2 += w * l * l;
    }
    let m = m1 / z;
    (m, (m2 / z - m * m).max(0.0))
}

/// Maximum-likelihood s for counts sorted in decreasing order: the score
/// n (E_s[ln i] − mean observed ln i) is decreasing in s, so Newton steps
/// guarded by a bracket always converge. Clamped to [0, 6].
fn mle_sorted(sorted: &[u64], ln: &[f64]) -> f64 {
    let n: f64 = sorted.iter().map(|&c| c as f64).sum();
    let obs: f64 = sorted
        .iter()
        .zip(ln)
        .map(|(&c, &l)| c as f64 * l)
        .sum::<f64>()
        / n;
    let (mut lo, mut hi) = (0.0f64, 6.0f64);
    if moments(ln, lo).0 <= obs {
        return 0.0;
    }
    if moments(ln, hi).0 >= obs {
        return hi;
    }
    let mut s = 0.8;
    for _ in 0..100 {
        let (m, v) = moments(ln, s);
        let g = m - obs;
        if g > 0.0 {
            lo = s;
        } else {
            hi = s;
        }
        let next = if v > 0.0 { s + g / v } else { f64::NAN };
        let next = if next > lo && next < hi {
            next
        } else {
            0.5 * (lo + hi)
        };
        if (next - s).abs() < 1e-10 || hi - lo < 1e-10 {
            return next;
        }
        s = next;
    }
    s
}

/// A Poisson variate: by inversion below mean 30, by the rounded normal
/// approximation above (enough for estimating a bias).
fn poisson(rng: &mut SimRng, mean: f64) -> u64 {
    if mean < 30.0 {
        let mut p = libm::exp(-mean);
        let mut cdf = p;
        let u = rng.uniform();
        let mut k = 0u64;
        while u > cdf && k < 1000 {
            k += 1;
            p *= mean / k as f64;
            cdf += p;
        }
        k
    } else {
        let u1 = 1.0 - rng.uniform();
        let u2 = rng.uniform();
        let z = libm::sqrt(-2.0 * libm::log(u1)) * libm::cos(2.0 * std::f64::consts::PI * u2);
        libm::round(mean + libm::sqrt(mean) * z).max(0.0) as u64
    }
}

/// Ranking titles by their own counts sorts the sampling noise into the
/// curve and steepens it, most for flat popularity and few requests per
/// title. Parametric bootstrap: simulate logs of the same size from s,
/// fit them the same way, return the mean excess and its spread.
fn sorted_bias(s: f64, titles: usize, requests: f64, ln: &[f64]) -> (f64, f64) {
    const REPS: u64 = 12;
    let mut rng = SimRng::new(0x005e_ed0f_2196);
    let w: Vec<f64> = ln.iter().map(|&l| libm::exp(-s * l)).collect();
    let z: f64 = w.iter().sum();
    let mut fits = Vec::with_capacity(REPS as usize);
    let mut counts = vec![0u64; titles];
    for _ in 0..REPS {
        for (c, wi) in counts.iter_mut().zip(&w) {
            *c = poisson(&mut rng, requests * wi / z);
        }
        let mut sorted: Vec<u64> = counts.iter().copied().filter(|&c| c > 0).collect();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        if sorted.len() >= 2 {
            fits.push(mle_sorted(&sorted, &ln[..sorted.len()]));
        }
    }
    let k = fits.len().max(1) as f64;
    let mean = fits.iter().sum::<f64>() / k;
    let var = fits.iter().map(|f| (f - mean) * (f - mean)).sum::<f64>() / (k - 1.0).max(1.0);
    (mean - s, libm::sqrt(var))
}

pub fn zipf_fit(requests: &[u64]) -> ZipfFit {
    let mut sorted: Vec<u64> = requests.iter().copied().filter(|&c| c > 0).collect();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    let n_titles = sorted.len();
    let n: f64 = sorted.iter().map(|&c| c as f64).sum();
    let ln = log_ranks(n_titles);
    let raw = mle_sorted(&sorted, &ln);
    // Bias correction by fixed-point iteration: the s whose simulated logs
    // fit, on average, to the observed raw value (s = raw − bias(s)). The
    // bias grows as s falls, so one step from the raw value under-corrects;
    // a few steps converge.
    let mut s = raw;
    let mut boot_sd = 0.0;
    for _ in 0..BIAS_STEPS {
        let (b, sd) = sorted_bias(s, n_titles, n, &ln);
        let next = (raw - b).max(0.0);
        boot_sd = sd;
        let done = (next - s).abs() < 1e-4;
        s = next;
        if done {
            break;
        }
    }
    // Observed Fisher information of the ordered model: n Var_s(ln i); the
    // bootstrap spread is used when it is larger (ranking noise).
    let (_, var) = moments(&ln, s);
    let se = (1.0 / libm::sqrt(n * var.max(1e-300))).max(boot_sd);
    let exponent = Interval {
        value: s,
        lo: (s - Z95 * se).max(0.0),
        hi: s + Z95 * se,
    };
    let theta = Interval {
        value: 1.0 - s,
        lo: 1.0 - exponent.hi,
        hi: 1.0 - exponent.lo,
    };
    // Goodness of fit.
    let w: Vec<f64> = ln.iter().map(|&l| libm::exp(-s * l)).collect();
    let z: f64 = w.iter().sum();
    let (mut cum_o, mut cum_f, mut ks) = (0.0, 0.0, 0.0f64);
    for (c, wi) in sorted.iter().zip(&w) {
        cum_o += *c as f64 / n;
        cum_f += wi / z;
        ks = ks.max((cum_o - cum_f).abs());
    }
    let decile = (n_titles / 10).max(1);
    let top_o = sorted[..decile].iter().map(|&c| c as f64).sum::<f64>() / n;
    let top_f = w[..decile].iter().sum::<f64>() / z;
    let (lx, ly): (Vec<f64>, Vec<f64>) = sorted
        .iter()
        .zip(&w)
        .map(|(&c, wi)| (libm::log(n * wi / z), libm::log(c as f64)))
        .unzip();
    let my = ly.iter().sum::<f64>() / ly.len() as f64;
    let ss_tot: f64 = ly.iter().map(|y| (y - my) * (y - my)).sum();
    // R² of the fitted curve itself (not a free regression line).
    let ss_res: f64 = lx.iter().zip(&ly).map(|(x, y)| (y - x) * (y - x)).sum();
    let r2 = if ss_tot > 0.0 {
        1.0 - ss_res / ss_tot
    } else {
        1.0
    };
    // Log-spaced ranks for the chart.
    let mut points = Vec::new();
    let mut r = 1usize;
    while r <= n_titles {
        points.push(RankPoint {
            rank: r as u32,
            requests: sorted[r - 1] as f64,
            fitted: n * w[r - 1] / z,
        });
        let next = libm::ceil(r as f64 * 1.025) as usize;
        r = next.max(r + 1);
    }
    if points.last().is_some_and(|p| p.rank as usize != n_titles) {
        points.push(RankPoint {
            rank: n_titles as u32,
            requests: sorted[n_titles - 1] as f64,
            fitted: n * w[n_titles - 1] / z,
        });
    }
    ZipfFit {
        titles: n_titles as u32,
        requests: n,
        exponent,
        theta,
        raw_exponent: raw,
        ks_distance: ks,
        top_decile_share: top_o,
        top_decile_fitted: top_f,
        r2_loglog: r2,
        points,
        warning: (n / (n_titles as f64) < FEW_REQUESTS_PER_TITLE).then(|| {
            format!(
                "only {:.1} requests per title: the titles' order is mostly noise, the correction is approximate and the interval may not cover the true exponent (titles never requested are not seen at all); a longer log helps",
                n / n_titles as f64
            )
        }),
    }
}

fn diurnal_fit(t: &Tally) -> Option<DiurnalFit> {
    let total: u64 = t.hourly.iter().sum();
    let days = t.new_per_day.len().max(1) as u32;
    if total == 0 {
        return None;
    }
    let secs = days as f64 * 3600.0;
    let mean_rate = total as f64 / (days as f64 * 86_400.0);
    let hours: Vec<HourRate> = t
        .hourly
        .iter()
        .enumerate()
        .map(|(h, &c)| HourRate {
            hour: h as u32,
            requests: c as f64,
            rate: c as f64 / secs,
            ci95: Z95 * libm::sqrt(c as f64) / secs,
            factor: c as f64 / secs / mean_rate,
        })
        .collect();
    let peak = hours
        .iter()
        .max_by(|a, b| a.rate.total_cmp(&b.rate).then(b.hour.cmp(&a.hour)))
        .expect("24 hours");
    let expect = total as f64 / 24.0;
    let chi2: f64 = t
        .hourly
        .iter()
        .map(|&c| (c as f64 - expect) * (c as f64 - expect) / expect)
        .sum();
    Some(DiurnalFit {
        days,
        mean_rate,
        peak_hour: peak.hour,
        peak_rate: peak.rate,
        peak_factor: peak.rate / mean_rate,
        chi2_flat: chi2,
        p_flat: gamma_q(11.5, chi2 / 2.0),
        hours,
    })
}

fn churn_fit(t: &Tally) -> ChurnFit {
    let days: Vec<DayNew> = t
        .new_per_day
        .iter()
        .map(|(d, n)| {
            let (y, m, dd) = civil_from_days(*d);
            DayNew {
                date: format!("{y:04}-{m:02}-{dd:02}"),
                new_titles: *n as f64,
            }
        })
        .collect();
    let later: Vec<f64> = days.iter().skip(1).map(|d| d.new_titles).collect();
    let per_day = (!later.is_empty()).then(|| {
        let e = tierplan_kit::stats::mean_ci95(&later);
        Interval {
            value: e.mean,
            lo: (e.mean - e.ci95).max(0.0),
            hi: e.mean + e.ci95,
        }
    });
    ChurnFit { days, per_day }
}

/// Regularised upper incomplete gamma Q(a, x): the series below a + 1, the
/// continued fraction (modified Lentz) above.
pub fn gamma_q(a: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 1.0;
    }
    let ln_pre = a * libm::log(x) - x - libm::lgamma(a);
    if x < a + 1.0 {
        let (mut sum, mut term, mut ap) = (1.0 / a, 1.0 / a, a);
        for _ in 0..1000 {
            ap += 1.0;
            term *= x / ap;
            sum += term;
            if term.abs() < sum.abs() * 1e-15 {
                break;
            }
        }
        (1.0 - sum * libm::exp(ln_pre)).clamp(0.0, 1.0)
    } else {
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..1000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let del = d * c;
            h *= del;
            if (del - 1.0).abs() < 1e-15 {
                break;
            }
        }
        (libm::exp(ln_pre) * h).clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chi_square_tail() {
        // Q(k/2, x/2) is the chi-square survival function: 23 df at 35.17 → 0.05.
        assert!((gamma_q(11.5, 35.172 / 2.0) - 0.05).abs() < 1e-3);
        assert!((gamma_q(1.0, 2.0) - libm::exp(-2.0)).abs() < 1e-12);
        assert!((gamma_q(0.5, 0.5 * 3.841) - 0.05).abs() < 1e-3);
    }
}
