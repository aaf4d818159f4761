//! Arrival times beyond the constant Poisson rate (model §14).
//!
//! `RateSteps` is the hour-of-day rate profile of a workload: a
//! non-homogeneous Poisson process with a piecewise-constant rate. The next
//! arrival after t is found by inversion of the integrated rate: one unit
//! exponential e per arrival, then walk hour by hour until the rate × time
//! consumed reaches e. One random draw per arrival, like the constant-rate
//! path, and only IEEE arithmetic, so a seed gives the same arrivals natively
//! and in WebAssembly. The generator of sample logs uses the same code, so a
//! log generated from a scenario has exactly the scenario's process.

use tierplan_scenario::Workload;

#[derive(Debug, Clone, PartialEq)]
pub struct RateSteps {
    /// Absolute rate (requests/s) in each hour of the day.
    rates: [f64; 24],
    /// Hour of day at t = 0.
    start_hour: u32,
}

impl RateSteps {
    /// The workload's profile, if it has one (validated: 24 weights ≥ 0,
    /// not all zero). The weights are scaled so the daily mean rate is the
    /// workload's `arrival_rate`.
    pub fn of(w: &Workload) -> Option<RateSteps> {
        Some(RateSteps {
            rates: w.hourly_rates()?,
            start_hour: w.rate_profile.as_ref()?.start_hour,
        })
    }

    /// The rate at time t (seconds since the run started).
    pub fn rate_at(&self, t: f64) -> f64 {
        self.rates[self.hour_of(libm::floor(t / 3600.0))]
    }

    fn hour_of(&self, k: f64) -> usize {
        ((k as i64 + self.start_hour as i64).rem_euclid(24)) as usize
    }

    /// The first arrival after t given a unit-rate exponential `e`.
    pub fn after(&self, t: f64, e: f64) -> f64 {
        let mut t = t;
        let mut e = e;
        loop {
            let k = libm::floor(t / 3600.0);
            let end = (k + 1.0) * 3600.0;
            let r = self.rates[self.hour_of(k)];
            if r > 0.0 {
                let room = r * (end - t);
                if e <= room {
                    // Never return t itself for a zero draw.
                    return (t + e / r).max(t);
                }
                e -= room;
            }
            t = end;
        }
    }

    /// The hour of day with the highest rate (the first of equals) and that rate.
    pub fn peak(&self) -> (u32, f64) {
        let mut best = (0, self.rates[0]);
        for (h, &r) in self.rates.iter().enumerate() {
            if r > best.1 {
                best = (h as u32, r);
            }
        }
        best
    }
}

/// A recorded log replayed exactly (model §14): each replication replays one
/// window of the log, its requests at their own times (seconds from the
/// window's start) for their own titles (as popularity ranks, 0 = most
/// requested over the whole log). No random draws are made for arrivals.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Trace {
    pub windows: Vec<Vec<(f64, u32)>>,
}

impl Trace {
    /// Time of request `i` of window `w`, or infinity after the last one.
    #[inline]
    pub fn time(&self, w: usize, i: usize) -> f64 {
        self.windows
            .get(w)
            .and_then(|r| r.get(i))
            .map_or(f64::INFINITY, |x| x.0)
    }

    #[inline]
    pub fn rank(&self, w: usize, i: usize) -> u32 {
        self.windows[w][i].1
    }

    pub fn requests(&self) -> usize {
        self.windows.iter().map(Vec::len).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sampling::rng::SimRng;
    use tierplan_scenario::{Popularity, RateProfile, VideoClass, Workload, ZipfConvention};

    fn workload(hourly: Vec<f64>) -> Workload {
        Workload {
            videos: 10,
            classes: vec![VideoClass {
                share: 1.0,
                length_min: 60.0,
                bitrate_kbps: 245.0,
            }],
            popularity: Popularity {
                convention: ZipfConvention::Exponent,
                value: 0.5,
            },
            arrival_rate: 1.0,
            churn: None,
            rate_profile: Some(RateProfile {
                hourly,
                start_hour: 0,
            }),
        }
    }

    #[test]
    fn counts_per_hour_follow_the_profile() {
        // Night hours at zero, evening peak at 3×: the count in each hour of
        // 20 days is Poisson around rate × 3600 × 20.
        let hourly: Vec<f64> = (0..24)
            .map(|h| match h {
                0..=5 => 0.0,
                19..=22 => 3.0,
                _ => 1.0,
            })
            .collect();
        let steps = RateSteps::of(&workload(hourly.clone())).unwrap();
        let mut rng = SimRng::new(7);
        let mut counts = [0u64; 24];
        let mut t = 0.0;
        let days = 20.0;
        loop {
            t = steps.after(t, rng.exp(1.0));
            if t >= days * 86_400.0 {
                break;
            }
            counts[(libm::floor(t / 3600.0) as i64 % 24) as usize] += 1;
        }
        let mean = hourly.iter().sum::<f64>() / 24.0;
        for h in 0..24 {
            let expect = hourly[h] / mean * 3600.0 * days;
            let tol = 4.0 * expect.sqrt() + 1e-9;
            assert!(
                (counts[h] as f64 - expect).abs() <= tol,
                "hour {h}: {} vs {expect}",
                counts[h]
            );
        }
        assert_eq!(steps.peak().0, 19);
    }
}
