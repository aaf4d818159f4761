//! A log reduced to what the fits need: requests per title, requests per hour
//! of day, new titles per day, and the means of the optional columns. A raw
//! log is folded into a `Tally` line by line; a pre-aggregated count file
//! (`kind,key,count`, produced by the SQL in the README where the log lives)
//! fills the same tables directly, so both give the same fit.

use super::time::{civil_from_days, days_from_civil, Stamp};
use std::collections::{BTreeMap, HashMap};

/// Means of the optional columns: bytes, seconds watched, bitrate, length.
pub const EXTRAS: usize = 4;

#[derive(Debug, Default, Clone)]
pub struct Tally {
    index: HashMap<Box<str>, u32>,
    /// Title ids in first-seen order.
    pub names: Vec<Box<str>>,
    pub requests: Vec<u64>,
    /// Day a title was first requested (raw logs only).
    first_day: Vec<i64>,
    pub hourly: [u64; 24],
    /// Day number → new titles that day (computed by `finish` for raw logs).
    pub new_per_day: BTreeMap<i64, u64>,
    pub total: u64,
    pub t_min: f64,
    pub t_max: f64,
    sums: [(f64, u64); EXTRAS],
    /// Per title: bytes of its requests that had a size, and how many had
    /// one (a request's size: its bytes column, else bitrate × length).
    sized: Vec<(f64, u64)>,
    /// A column named in the mapping that the header lacks.
    pub mapping_error: Option<String>,
    raw: bool,
}

impl Tally {
    /// Count one request; returns the title's index.
    pub fn add_request(&mut self, s: Stamp, title: &str, extras: [Option<f64>; EXTRAS]) -> u32 {
        if self.total == 0 {
            self.t_min = s.t;
            self.t_max = s.t;
        }
        self.raw = true;
        self.total += 1;
        self.t_min = self.t_min.min(s.t);
        self.t_max = self.t_max.max(s.t);
        self.hourly[s.hour as usize] += 1;
        let idx = match self.index.get(title) {
            Some(&i) => {
                let i = i as usize;
                self.first_day[i] = self.first_day[i].min(s.day);
                i
            }
            None => {
                let i = self.names.len();
                self.index.insert(title.into(), i as u32);
                self.names.push(title.into());
                self.requests.push(0);
                self.first_day.push(s.day);
                self.sized.push((0.0, 0));
                i
            }
        };
        self.requests[idx] += 1;
        let size = extras[0].or(match (extras[2], extras[3]) {
            (Some(kbps), Some(len)) => Some(kbps * 1024.0 * len),
            _ => None,
        });
        if let Some(b) = size.filter(|b| b.is_finite() && *b >= 0.0) {
            self.sized[idx].0 += b;
            self.sized[idx].1 += 1;
        }
        // A day with requests is a day of the log even if no title is new.
        self.new_per_day.entry(s.day).or_insert(0);
        for (acc, v) in self.sums.iter_mut().zip(extras) {
            if let Some(v) = v {
                acc.0 += v;
                acc.1 += 1;
            }
        }
        idx as u32
    }

    /// One row of an aggregated count file.
    pub fn add_count(&mut self, kind: &str, key: &str, count: u64) -> Result<(), String> {
        match kind {
            "title" => {
                if key.is_empty() {
                    return Err("the title id is empty".into());
                }
                let i = match self.index.get(key) {
                    Some(&i) => i as usize,
                    None => {
                        self.index.insert(key.into(), self.names.len() as u32);
                        self.names.push(key.into());
                        self.requests.push(0);
                        self.first_day.push(i64::MAX);
                        self.sized.push((0.0, 0));
                        self.names.len() - 1
                    }
                };
                self.requests[i] += count;
                self.total += count;
            }
            "hour" => {
                let h: usize =
                    key.parse().ok().filter(|h| *h < 24).ok_or_else(|| {
                        format!("hour {key:?} must be a whole number from 0 to 23")
                    })?;
                self.hourly[h] += count;
            }
            "day" => {
                let d = parse_day(key).ok_or_else(|| {
                    format!("day {key:?} must be a date (YYYY-MM-DD) or a day number")
                })?;
                *self.new_per_day.entry(d).or_insert(0) += count;
            }
            _ => return Err(format!("kind {kind:?} must be one of title, hour, day")),
        }
        Ok(())
    }

    /// After the last line: turn first-seen days into new titles per day.
    pub fn finish(&mut self) {
        if !self.raw {
            return;
        }
        for v in self.new_per_day.values_mut() {
            *v = 0;
        }
        for &d in &self.first_day {
            *self.new_per_day.entry(d).or_insert(0) += 1;
        }
    }

    /// Bytes a request of each title serves (the mean over its requests with
    /// a size), or None unless every title has one: a raw log with a bytes
    /// column, or bitrate and length columns (KB/s of 1024 B × s).
    pub fn title_bytes(&self) -> Option<Vec<f64>> {
        if self.sized.is_empty() || self.sized.iter().any(|&(_, n)| n == 0) {
            return None;
        }
        Some(self.sized.iter().map(|&(b, n)| b / n as f64).collect())
    }

    /// Mean of an optional column over the lines that had it.
    pub fn mean(&self, which: usize) -> Option<f64> {
        let (s, n) = self.sums[which];
        (n > 0).then(|| s / n as f64)
    }

    /// The aggregated-count file of this tally (what the README's SQL
    /// produces), so a large log can be reduced once and fitted many times.
    pub fn to_counts_csv(&self) -> String {
        let mut out = String::from("kind,key,count\n");
        for (name, n) in self.names.iter().zip(&self.requests) {
            out.push_str("title,");
            out.push_str(&quote(name));
            out.push_str(&format!(",{n}\n"));
        }
        for (h, n) in self.hourly.iter().enumerate() {
            out.push_str(&format!("hour,{h},{n}\n"));
        }
        for (d, n) in &self.new_per_day {
            let (y, m, dd) = civil_from_days(*d);
            out.push_str(&format!("day,{y:04}-{m:02}-{dd:02},{n}\n"));
        }
        out
    }
}

fn quote(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn parse_day(key: &str) -> Option<i64> {
    if let Ok(d) = key.parse::<i64>() {
        return Some(d);
    }
    let b = key.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let y: i64 = key[0..4].parse().ok()?;
    let m: u32 = key[5..7].parse().ok()?;
    let d: u32 = key[8..10].parse().ok()?;
    ((1..=12).contains(&m) && (1..=31).contains(&d)).then(|| days_from_civil(y, m, d))
}
