//! The streaming log parser: fed byte chunks of any size (a worker reads the
//! file in slices), it keeps only the unfinished last line between chunks and
//! folds every record into a `Tally`, so memory is bounded by the number of
//! distinct titles, not the number of lines. A bad line is counted and the
//! first few are kept with their line numbers; nothing panics on any input.

use super::counts::Tally;
use super::csv::split_line;
use super::mapping::{ColumnMap, LogFormat};
use super::time::{self, Stamp};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// Lines longer than this are refused (and skipped to the next newline)
/// instead of buffered without bound.
pub const MAX_LINE_BYTES: usize = 64 * 1024;
/// How many bad lines are kept verbatim for the report.
pub const KEPT_BAD_LINES: usize = 20;
/// A replay keeps every request's time and title: refuse logs above this.
pub const MAX_TRACE: usize = 20_000_000;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BadLine {
    /// 1-based line number in the file.
    pub line: u64,
    pub message: String,
    /// The start of the line (at most 120 characters).
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ParseProgress {
    pub bytes: u64,
    pub lines: u64,
    pub records: u64,
    pub bad: u64,
    /// The first bad lines, in file order.
    pub bad_lines: Vec<BadLine>,
}

/// Column positions resolved from the header (CSV/TSV).
#[derive(Debug, Clone, Copy)]
struct Cols {
    ts: usize,
    title: usize,
    bytes: Option<usize>,
    seconds: Option<usize>,
    bitrate: Option<usize>,
    length: Option<usize>,
}

pub struct LogParser {
    map: ColumnMap,
    cols: Option<Cols>,
    carry: Vec<u8>,
    /// Skipping the rest of an over-long line.
    skipping: bool,
    bytes: u64,
    line_no: u64,
    records: u64,
    bad: u64,
    bad_lines: Vec<BadLine>,
    pub tally: Tally,
    /// (time, title index) of every request, when a replay asked for it.
    pub trace: Option<Vec<(f64, u32)>>,
}

impl LogParser {
    /// `keep_trace`: also keep every request (for an exact replay).
    pub fn new(map: ColumnMap, keep_trace: bool) -> Result<LogParser, String> {
        if map.format != LogFormat::Counts {
            if map.timestamp.trim().is_empty() {
                return Err("map.timestamp: name the timestamp column".into());
            }
            if map.title.trim().is_empty() {
                return Err("map.title: name the title id column".into());
            }
        }
        let mut p = LogParser {
            cols: None,
            carry: Vec::new(),
            skipping: false,
            bytes: 0,
            line_no: 0,
            records: 0,
            bad: 0,
            bad_lines: Vec::new(),
            tally: Tally::default(),
            trace: keep_trace.then(Vec::new),
            map,
        };
        if !p.map.header && matches!(p.map.format, LogFormat::Csv | LogFormat::Tsv) {
            p.cols = Some(p.resolve(&[])?);
        }
        Ok(p)
    }

    pub fn map(&self) -> &ColumnMap {
        &self.map
    }

    /// Feed the next chunk of the file.
    pub fn feed(&mut self, chunk: &[u8]) {
        self.bytes += chunk.len() as u64;
        let mut rest = chunk;
        while let Some(nl) = rest.iter().position(|&b| b == b'\n') {
            let (part, after) = rest.split_at(nl);
            rest = &after[1..];
            if self.skipping {
                self.skipping = false;
                self.carry.clear();
                continue;
            }
            if self.carry.is_empty() {
                self.line(part);
            } else {
                self.carry.extend_from_slice(part);
                let line = std::mem::take(&mut self.carry);
                self.line(&line);
                self.carry = line;
                self.carry.clear();
            }
        }
        if !self.skipping {
            self.carry.extend_from_slice(rest);
            if self.carry.len() > MAX_LINE_BYTES {
                self.line_no += 1;
                let text = String::from_utf8_lossy(&self.carry[..120]).into_owned();
                self.reject_text(
                    format!("longer than {} KB: not a log line", MAX_LINE_BYTES / 1024),
                    text,
                );
                self.carry.clear();
                self.skipping = true;
            }
        }
    }

    /// The end of the file: the last line may lack its newline.
    pub fn finish(&mut self) {
        if !self.carry.is_empty() && !self.skipping {
            let line = std::mem::take(&mut self.carry);
            self.line(&line);
        }
        self.carry.clear();
        self.skipping = false;
        self.tally.finish();
    }

    pub fn progress(&self) -> ParseProgress {
        ParseProgress {
            bytes: self.bytes,
            lines: self.line_no,
            records: self.records,
            bad: self.bad,
            bad_lines: self.bad_lines.clone(),
        }
    }

    fn reject_text(&mut self, message: String, text: String) {
        self.bad += 1;
        if self.bad_lines.len() < KEPT_BAD_LINES {
            let text: String = text.chars().take(120).collect();
            self.bad_lines.push(BadLine {
                line: self.line_no,
                message,
                text,
            });
        }
    }

    fn line(&mut self, raw: &[u8]) {
        self.line_no += 1;
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        if raw.len() > MAX_LINE_BYTES {
            let text = String::from_utf8_lossy(&raw[..120]).into_owned();
            return self.reject_text(
                format!("longer than {} KB: not a log line", MAX_LINE_BYTES / 1024),
                text,
            );
        }
        let line = match std::str::from_utf8(raw) {
            Ok(l) => l,
            Err(_) => {
                let text = String::from_utf8_lossy(raw).into_owned();
                return self.reject_text("not UTF-8 text".into(), text);
            }
        };
        if line.trim().is_empty() {
            return;
        }
        let result = match self.map.format {
            LogFormat::Csv => self.delimited(line, b','),
            LogFormat::Tsv => self.delimited(line, b'\t'),
            LogFormat::JsonLines => self.json(line),
            LogFormat::Counts => self.counts(line),
        };
        match result {
            Ok(true) => self.records += 1,
            Ok(false) => {}
            Err(m) => self.reject_text(m, line.to_string()),
        }
    }

    fn resolve(&self, header: &[String]) -> Result<Cols, String> {
        let find = |what: &str, name: &str| -> Result<usize, String> {
            let name = name.trim();
            if let Some(i) = header.iter().position(|h| h.trim() == name) {
                return Ok(i);
            }
            match name.parse::<usize>() {
                Ok(i) if i >= 1 => Ok(i - 1),
                _ if header.is_empty() => Err(format!(
                    "map.{what}: {name:?} must be a column number (1, 2, …) when the file has no header"
                )),
                _ => {
                    let names: String = header.join(", ").chars().take(200).collect();
                    Err(format!("map.{what}: no column {name:?} in the header ({names})"))
                }
            }
        };
        let opt = |what: &str, o: &Option<String>| -> Result<Option<usize>, String> {
            o.as_deref()
                .filter(|s| !s.trim().is_empty())
                .map(|n| find(what, n))
                .transpose()
        };
        Ok(Cols {
            ts: find("timestamp", &self.map.timestamp)?,
            title: find("title", &self.map.title)?,
            bytes: opt("bytes", &self.map.bytes)?,
            seconds: opt("seconds", &self.map.seconds)?,
            bitrate: opt("bitrate_kbps", &self.map.bitrate_kbps)?,
            length: opt("length_s", &self.map.length_s)?,
        })
    }

    /// Ok(false): a header line, consumed but not a record.
    fn delimited(&mut self, line: &str, delim: u8) -> Result<bool, String> {
        let fields = split_line(line, delim)?;
        let cols = match self.cols {
            Some(c) => c,
            None => {
                let header: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
                // A wrong mapping is not a bad line: every line would fail.
                match self.resolve(&header) {
                    Ok(c) => self.cols = Some(c),
                    Err(e) => {
                        self.tally.mapping_error.get_or_insert(e);
                    }
                }
                return Ok(false);
            }
        };
        let get = |i: usize, what: &str| -> Result<&str, String> {
            fields.get(i).map(|c| c.as_ref()).ok_or_else(|| {
                format!(
                    "has {} fields: the {what} is in column {}",
                    fields.len(),
                    i + 1
                )
            })
        };
        let num = |o: Option<usize>, what: &str| -> Result<Option<f64>, String> {
            match o {
                None => Ok(None),
                Some(i) => number(get(i, what)?, what),
            }
        };
        let stamp = time::parse(get(cols.ts, "timestamp")?, self.map.time_format)?;
        let title = get(cols.title, "title")?;
        let extras = [
            num(cols.bytes, "bytes")?,
            num(cols.seconds, "seconds watched")?,
            num(cols.bitrate, "bitrate")?,
            num(cols.length, "video length")?,
        ];
        self.record(stamp, title, extras)
    }

    fn json(&mut self, line: &str) -> Result<bool, String> {
        let obj = tierplan_scenario::json_read::parse_object(line)
            .map_err(|e| format!("not a JSON object: {e}"))?;
        let text = |key: &str, what: &str| -> Result<Cow<'_, str>, String> {
            match obj.get(key) {
                Some(serde_json::Value::String(s)) => Ok(Cow::Borrowed(s.as_str())),
                Some(serde_json::Value::Number(n)) => Ok(Cow::Owned(n.to_string())),
                Some(_) => Err(format!("{what} {key:?} is neither a string nor a number")),
                None => Err(format!("no {what} field {key:?}")),
            }
        };
        let num = |key: &Option<String>, what: &str| -> Result<Option<f64>, String> {
            match key.as_deref() {
                None => Ok(None),
                Some(k) => match obj.get(k) {
                    None | Some(serde_json::Value::Null) => Ok(None),
                    Some(serde_json::Value::Number(n)) => Ok(n.as_f64()),
                    Some(serde_json::Value::String(s)) => number(s, what),
                    Some(_) => Err(format!("{what} {k:?} is not a number")),
                },
            }
        };
        let stamp = time::parse(
            &text(&self.map.timestamp, "timestamp")?,
            self.map.time_format,
        )?;
        let extras = [
            num(&self.map.bytes, "bytes")?,
            num(&self.map.seconds, "seconds watched")?,
            num(&self.map.bitrate_kbps, "bitrate")?,
            num(&self.map.length_s, "video length")?,
        ];
        let title = text(&self.map.title, "title")?.into_owned();
        self.record(stamp, &title, extras)
    }

    fn record(
        &mut self,
        stamp: Stamp,
        title: &str,
        extras: [Option<f64>; 4],
    ) -> Result<bool, String> {
        let title = title.trim();
        if title.is_empty() {
            return Err("the title id is empty".into());
        }
        let idx = self.tally.add_request(stamp, title, extras);
        if let Some(trace) = &mut self.trace {
            if trace.len() >= MAX_TRACE {
                return Err(format!(
                    "a replay keeps at most {MAX_TRACE} requests: fit the log instead, or replay a part of it"
                ));
            }
            trace.push((stamp.t, idx));
        }
        Ok(true)
    }

    fn counts(&mut self, line: &str) -> Result<bool, String> {
        let f = split_line(line, b',')?;
        if f.len() != 3 {
            return Err(format!("has {} fields: expected kind,key,count", f.len()));
        }
        let (kind, key) = (f[0].trim(), f[1].trim());
        if kind == "kind" && key == "key" {
            return Ok(false);
        }
        let count: u64 = f[2]
            .trim()
            .parse()
            .map_err(|_| format!("count {:?} is not a whole number ≥ 0", f[2].trim()))?;
        self.tally.add_count(kind, key, count)?;
        Ok(true)
    }
}

fn number(s: &str, what: &str) -> Result<Option<f64>, String> {
    let s = s.trim();
    if s.is_empty() {
        return Ok(None);
    }
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(Some(v)),
        _ => Err(format!("{what} {s:?} is not a number ≥ 0")),
    }
}
