//! Synthetic request logs from a scenario's workload: Zipf titles, Poisson
//! arrivals (with the hour-of-day profile when the scenario has one, through
//! the engine's own `RateSteps`) and churn (new titles take the top ranks
//! every period). `tierplan log generate` writes the sample log shipped in
//! `public/`; the tests use it as ground truth for the fits and the replay.

use super::mapping::LogFormat;
use super::time::{format_iso, TimeFormat};
use std::io::Write;
use tierplan_kit::sampling::alias::AliasTable;
use tierplan_kit::sampling::arrivals::RateSteps;
use tierplan_kit::sampling::rng::SimRng;
use tierplan_scenario::Workload;

pub struct GenerateSpec<'a> {
    pub workload: &'a Workload,
    /// Length of the log, days.
    pub days: f64,
    pub seed: u64,
    /// Epoch second of the first instant (midnight UTC keeps the profile's
    /// hours aligned with the wall clock).
    pub start: f64,
    pub format: LogFormat,
    pub time_format: TimeFormat,
}

/// One generated request: time since the start (s) and the title number.
pub struct Generator<'a> {
    w: &'a Workload,
    rng: SimRng,
    alias: AliasTable,
    steps: Option<RateSteps>,
    /// Title number at each rank (rank 0 most popular).
    ranks: Vec<u64>,
    next_title: u64,
    next_churn: f64,
    t: f64,
}

impl<'a> Generator<'a> {
    pub fn new(w: &'a Workload, seed: u64) -> Generator<'a> {
        let weights =
            tierplan_kit::analytics::zipf_probabilities(w.videos, w.popularity.exponent());
        Generator {
            w,
            rng: SimRng::new(seed),
            alias: AliasTable::new(&weights),
            steps: RateSteps::of(w),
            ranks: (0..w.videos as u64).collect(),
            next_title: w.videos as u64,
            next_churn: w.churn.map_or(f64::INFINITY, |c| c.period_h * 3600.0),
            t: 0.0,
        }
    }

    /// The next request (time, title number), in time order.
    pub fn next_request(&mut self) -> (f64, u64) {
        let e = self.rng.exp(1.0);
        self.t = match &self.steps {
            Some(s) => s.after(self.t, e),
            None => self.t + e / self.w.arrival_rate,
        };
        while self.t >= self.next_churn {
            let c = self.w.churn.expect("churn time set");
            let k = (c.new_titles as usize).min(self.ranks.len());
            self.ranks.rotate_right(k);
            for r in &mut self.ranks[..k] {
                *r = self.next_title;
                self.next_title += 1;
            }
            self.next_churn += c.period_h * 3600.0;
        }
        let rank = self.alias.sample(&mut self.rng) as usize;
        (self.t, self.ranks[rank])
    }
}

/// Write the log; returns the number of lines written (without the header).
pub fn generate(spec: &GenerateSpec, out: &mut dyn Write) -> std::io::Result<u64> {
    let w = spec.workload;
    let classes = w.class_of_ranks();
    let mut g = Generator::new(w, spec.seed);
    let end = spec.days * 86_400.0;
    let sep = if spec.format == LogFormat::Tsv {
        "\t"
    } else {
        ","
    };
    if matches!(spec.format, LogFormat::Csv | LogFormat::Tsv) {
        writeln!(out, "timestamp{sep}title{sep}length_s{sep}bitrate_kbps")?;
    }
    let mut lines = 0;
    loop {
        let (t, title) = g.next_request();
        if t >= end {
            break;
        }
        let abs = spec.start + t;
        let ts = match spec.time_format {
            TimeFormat::Iso8601 => format_iso(abs),
            TimeFormat::EpochS => format!("{}", libm::floor(abs) as i64),
            TimeFormat::EpochMs => format!("{}", libm::floor(abs * 1000.0) as i64),
        };
        let class = &w.classes[classes[(title % w.videos as u64) as usize] as usize];
        let len = libm::round(class.length_s());
        let rate = class.bitrate_kbps;
        match spec.format {
            LogFormat::JsonLines => {
                let ts = if spec.time_format == TimeFormat::Iso8601 {
                    format!("\"{ts}\"")
                } else {
                    ts
                };
                writeln!(
                    out,
                    "{{\"timestamp\":{ts},\"title\":\"v{title}\",\"length_s\":{len},\"bitrate_kbps\":{rate}}}"
                )?
            }
            _ => writeln!(out, "{ts}{sep}v{title}{sep}{len}{sep}{rate}")?,
        }
        lines += 1;
    }
    Ok(lines)
}
