//! Timestamps of a request log: epoch seconds, epoch milliseconds or
//! ISO 8601 (`2024-03-01T18:05:09Z`, `2024-03-01 18:05:09.250+01:00`, …).
//! Parsed by hand (no date library): only the calendar arithmetic a log
//! needs, with every malformed value refused rather than guessed.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TimeFormat {
    /// Seconds since 1970-01-01 UTC (may have a fraction).
    EpochS,
    /// Milliseconds since 1970-01-01 UTC.
    EpochMs,
    /// ISO 8601 date and time; the hour of day is the wall-clock hour as
    /// written (the log's own time zone), the instant honours the offset.
    Iso8601,
}

/// A parsed timestamp: the instant in seconds since the epoch and the hour of
/// day the diurnal profile counts it in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stamp {
    pub t: f64,
    /// Hour of day 0..23 (UTC for epoch values, wall clock for ISO 8601).
    pub hour: u8,
    /// Day number since 1970-01-01 of the wall-clock date.
    pub day: i64,
}

/// Epoch values above this are read as milliseconds when detecting
/// (1e11 s is the year 5138; 1e11 ms is 1973).
const MS_THRESHOLD: f64 = 1e11;

pub fn parse(s: &str, f: TimeFormat) -> Result<Stamp, String> {
    let s = s.trim();
    match f {
        TimeFormat::EpochS => epoch(s, 1.0),
        TimeFormat::EpochMs => epoch(s, 1e-3),
        TimeFormat::Iso8601 => iso(s),
    }
}

/// The format a sample value is in, if any.
pub fn detect(s: &str) -> Option<TimeFormat> {
    let s = s.trim();
    if let Ok(v) = s.parse::<f64>() {
        if !v.is_finite() || v < 0.0 {
            return None;
        }
        return Some(if v >= MS_THRESHOLD {
            TimeFormat::EpochMs
        } else {
            TimeFormat::EpochS
        });
    }
    iso(s).ok().map(|_| TimeFormat::Iso8601)
}

fn epoch(s: &str, scale: f64) -> Result<Stamp, String> {
    let v: f64 = s
        .parse()
        .map_err(|_| format!("timestamp {s:?} is not a number"))?;
    if !v.is_finite() || v < 0.0 || v * scale > 1e11 {
        return Err(format!(
            "timestamp {s:?} is out of range (0 to 1e11 seconds since 1970)"
        ));
    }
    let t = v * scale;
    let secs = libm::floor(t) as i64;
    Ok(Stamp {
        t,
        hour: (secs.rem_euclid(86_400) / 3600) as u8,
        day: secs.div_euclid(86_400),
    })
}

/// Days from 1970-01-01 to the given civil date (proleptic Gregorian).
pub fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m as i64 + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d as i64 - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day number since 1970-01-01.
pub fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// `YYYY-MM-DD`, then `T` or a space, `HH:MM[:SS[.fff]]`, then nothing, `Z`
/// or `±HH[:MM]`. A date alone is midnight.
fn iso(s: &str) -> Result<Stamp, String> {
    let bad = || format!("timestamp {s:?} is not ISO 8601 (e.g. 2024-03-01T18:05:09Z)");
    let b = s.as_bytes();
    let num = |from: usize, len: usize| -> Option<u32> {
        let part = b.get(from..from + len)?;
        part.iter().try_fold(0u32, |acc, &c| {
            c.is_ascii_digit().then(|| acc * 10 + (c - b'0') as u32)
        })
    };
    if b.len() < 10 || b[4] != b'-' || b[7] != b'-' {
        return Err(bad());
    }
    let (y, mo, d) = (
        num(0, 4).ok_or_else(bad)?,
        num(5, 2).ok_or_else(bad)?,
        num(8, 2).ok_or_else(bad)?,
    );
    let days_in = [
        31,
        28 + leap(y) as u32,
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if !(1..=12).contains(&mo) || d == 0 || d > days_in[mo as usize - 1] {
        return Err(bad());
    }
    let (mut hh, mut mm, mut ss, mut frac) = (0u32, 0u32, 0u32, 0.0f64);
    let mut i = 10;
    if i < b.len() {
        if b[i] != b'T' && b[i] != b' ' {
            return Err(bad());
        }
        hh = num(i + 1, 2).ok_or_else(bad)?;
        if b.get(i + 3) != Some(&b':') {
            return Err(bad());
        }
        mm = num(i + 4, 2).ok_or_else(bad)?;
        i += 6;
        if b.get(i) == Some(&b':') {
            ss = num(i + 1, 2).ok_or_else(bad)?;
            i += 3;
            if b.get(i) == Some(&b'.') || b.get(i) == Some(&b',') {
                let start = i + 1;
                let mut j = start;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                if j == start {
                    return Err(bad());
                }
                frac = format!("0.{}", &s[start..j]).parse().map_err(|_| bad())?;
                i = j;
            }
        }
        if hh > 23 || mm > 59 || ss > 60 {
            return Err(bad());
        }
    }
    let mut offset_s: i64 = 0;
    if i < b.len() {
        match b[i] {
            b'Z' | b'z' if i + 1 == b.len() => {}
            b'+' | b'-' => {
                let sign = if b[i] == b'+' { 1 } else { -1 };
                let oh = num(i + 1, 2).ok_or_else(bad)?;
                let om = match b.len() - (i + 3) {
                    0 => 0,
                    2 => num(i + 3, 2).ok_or_else(bad)?,
                    3 if b[i + 3] == b':' => num(i + 4, 2).ok_or_else(bad)?,
                    _ => return Err(bad()),
                };
                if oh > 23 || om > 59 {
                    return Err(bad());
                }
                offset_s = sign * (oh as i64 * 3600 + om as i64 * 60);
            }
            _ => return Err(bad()),
        }
    }
    let day = days_from_civil(y as i64, mo, d);
    let local = day * 86_400 + hh as i64 * 3600 + mm as i64 * 60 + ss as i64;
    Ok(Stamp {
        t: (local - offset_s) as f64 + frac,
        hour: hh as u8,
        day,
    })
}

fn leap(y: u32) -> bool {
    (y.is_multiple_of(4) && !y.is_multiple_of(100)) || y.is_multiple_of(400)
}

/// `2024-03-01T18:05:09Z` for an epoch second (the generator's output).
pub fn format_iso(t: f64) -> String {
    let secs = libm::floor(t) as i64;
    let (y, m, d) = civil_from_days(secs.div_euclid(86_400));
    let r = secs.rem_euclid(86_400);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        r / 3600,
        r % 3600 / 60,
        r % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_agree() {
        let a = parse("2024-03-01T18:05:09Z", TimeFormat::Iso8601).unwrap();
        let b = parse("1709316309", TimeFormat::EpochS).unwrap();
        let c = parse("1709316309000", TimeFormat::EpochMs).unwrap();
        assert_eq!(a.t, b.t);
        assert_eq!(b.t, c.t);
        assert_eq!((a.hour, b.hour), (18, 18));
        assert_eq!(a.day, b.day);
        let o = parse("2024-03-01 19:05:09.5+01:00", TimeFormat::Iso8601).unwrap();
        assert_eq!(o.t, a.t + 0.5);
        assert_eq!(o.hour, 19);
        assert_eq!(format_iso(a.t), "2024-03-01T18:05:09Z");
    }

    #[test]
    fn civil_round_trip() {
        for z in [-800_000i64, -1, 0, 1, 11_016, 19_783, 2_000_000] {
            let (y, m, d) = civil_from_days(z);
            assert_eq!(days_from_civil(y, m, d), z);
        }
    }

    #[test]
    fn detects_and_refuses() {
        assert_eq!(detect("1709316309"), Some(TimeFormat::EpochS));
        assert_eq!(detect("1709316309123"), Some(TimeFormat::EpochMs));
        assert_eq!(detect("2024-03-01T18:05Z"), Some(TimeFormat::Iso8601));
        assert_eq!(detect("2024-02-30T18:05Z"), None);
        assert_eq!(detect("v17"), None);
        for s in [
            "2024-03-01T25:00Z",
            "2024-3-01",
            "2024-03-01T18:05:09+0",
            "x",
        ] {
            assert!(parse(s, TimeFormat::Iso8601).is_err(), "{s}");
        }
        assert!(parse("-5", TimeFormat::EpochS).is_err());
        assert!(parse("NaN", TimeFormat::EpochS).is_err());
    }
}
