//! What a log looks like: its format and which column holds what, plus a
//! detector that guesses both from the first lines so the user only has to
//! confirm (or correct) a preview.

use super::csv::split_line;
use super::time::{self, TimeFormat};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum LogFormat {
    /// Comma-separated values (RFC 4180 quoting).
    Csv,
    /// Tab-separated values.
    Tsv,
    /// One JSON object per line.
    JsonLines,
    /// Pre-aggregated counts: CSV with the header `kind,key,count` and rows
    /// `title,<id>,<requests>`, `hour,<0..23>,<requests>`,
    /// `day,<YYYY-MM-DD or day number>,<new titles>` (README gives the SQL).
    Counts,
}

/// Which column (CSV/TSV: header name or 1-based number; JSON lines: key)
/// holds each field. Optional fields may be left out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct ColumnMap {
    pub format: LogFormat,
    /// CSV/TSV: the first line names the columns.
    #[serde(default)]
    pub header: bool,
    pub timestamp: String,
    pub time_format: TimeFormat,
    pub title: String,
    /// Bytes sent for the request.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub bytes: Option<String>,
    /// Seconds watched.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub seconds: Option<String>,
    /// Bitrate of the video, KB/s.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub bitrate_kbps: Option<String>,
    /// Length of the video, seconds.
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub length_s: Option<String>,
}

impl ColumnMap {
    /// A mapping with no column chosen yet.
    pub fn blank(format: LogFormat, header: bool) -> ColumnMap {
        ColumnMap {
            format,
            header,
            timestamp: String::new(),
            time_format: TimeFormat::EpochS,
            title: String::new(),
            bytes: None,
            seconds: None,
            bitrate_kbps: None,
            length_s: None,
        }
    }

    /// The mapping of the aggregated-count format (no columns to choose).
    pub fn counts() -> ColumnMap {
        ColumnMap::blank(LogFormat::Counts, true)
    }
}

/// What the detector saw in the first lines.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Detection {
    /// The guessed mapping; `None` when no column looks like a timestamp.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub map: Option<ColumnMap>,
    pub format: LogFormat,
    /// Column names (the header, `1`, `2`, … without one, or JSON keys).
    pub columns: Vec<String>,
    /// Up to 8 data rows, one cell per column, for the preview table.
    pub rows: Vec<Vec<String>>,
    /// Why the guess is what it is, or what is missing.
    pub notes: Vec<String>,
}

const TIME_NAMES: [&str; 8] = [
    "timestamp",
    "ts",
    "time",
    "datetime",
    "date",
    "when",
    "start",
    "requested_at",
];
const TITLE_NAMES: [&str; 10] = [
    "title",
    "title_id",
    "video",
    "video_id",
    "content_id",
    "content",
    "asset",
    "item",
    "movie",
    "id",
];
const BYTES_NAMES: [&str; 3] = ["bytes", "bytes_sent", "size"];
const SECONDS_NAMES: [&str; 4] = ["seconds", "seconds_watched", "watched_s", "watch_time"];
const BITRATE_NAMES: [&str; 3] = ["bitrate_kbps", "bitrate", "kbps"];
const LENGTH_NAMES: [&str; 4] = ["length_s", "length", "video_length", "duration"];

fn find(cols: &[String], names: &[&str]) -> Option<usize> {
    names
        .iter()
        .find_map(|n| cols.iter().position(|c| c.trim().eq_ignore_ascii_case(n)))
}

/// Guess the format and mapping from the start of a file (a few KB).
pub fn detect(sample: &[u8]) -> Detection {
    let text = String::from_utf8_lossy(sample);
    let lines: Vec<&str> = text
        .lines()
        .map(|l| l.trim_end_matches('\r'))
        .filter(|l| !l.trim().is_empty())
        .take(9)
        .collect();
    // The last line of a sample may be cut off mid-way.
    let lines = if lines.len() > 2 && !sample.ends_with(b"\n") {
        &lines[..lines.len() - 1]
    } else {
        &lines[..]
    };
    let mut notes = Vec::new();
    let Some(first) = lines.first() else {
        return Detection {
            map: None,
            format: LogFormat::Csv,
            columns: vec![],
            rows: vec![],
            notes: vec!["the file is empty".into()],
        };
    };
    if first.trim_start().starts_with('{') {
        return detect_json(lines);
    }
    let format = if first.matches('\t').count() > first.matches(',').count() {
        LogFormat::Tsv
    } else {
        LogFormat::Csv
    };
    let delim = if format == LogFormat::Tsv {
        b'\t'
    } else {
        b','
    };
    let split = |l: &str| -> Vec<String> {
        split_line(l, delim)
            .map(|f| f.into_iter().map(|c| c.into_owned()).collect())
            .unwrap_or_else(|_| vec![l.to_string()])
    };
    let head = split(first);
    if head.len() == 3
        && head[0].trim() == "kind"
        && head[1].trim() == "key"
        && head[2].trim() == "count"
    {
        notes.push("aggregated counts (kind,key,count)".into());
        return Detection {
            map: Some(ColumnMap::counts()),
            format: LogFormat::Counts,
            columns: head,
            rows: lines[1..].iter().take(8).map(|l| split(l)).collect(),
            notes,
        };
    }
    // A header if no cell of the first line reads as a timestamp or a number
    // while the second line has one.
    let numeric = |c: &str| time::detect(c).is_some();
    let header = lines.len() > 1 && !head.iter().any(|c| numeric(c)) && {
        let second = split(lines[1]);
        second.iter().any(|c| numeric(c))
    };
    let columns: Vec<String> = if header {
        head.iter().map(|c| c.trim().to_string()).collect()
    } else {
        (1..=head.len()).map(|i| i.to_string()).collect()
    };
    let rows: Vec<Vec<String>> = lines[header as usize..]
        .iter()
        .take(8)
        .map(|l| split(l))
        .collect();
    let guess = guess_map(&columns, &rows, header, format, &mut notes);
    Detection {
        map: guess,
        format,
        columns,
        rows,
        notes,
    }
}

fn detect_json(lines: &[&str]) -> Detection {
    let mut columns: Vec<String> = Vec::new();
    let objs: Vec<serde_json::Map<String, serde_json::Value>> = lines
        .iter()
        .filter_map(|l| tierplan_scenario::json_read::parse_object(l).ok())
        .collect();
    for o in &objs {
        for k in o.keys() {
            if !columns.contains(k) {
                columns.push(k.clone());
            }
        }
    }
    let rows: Vec<Vec<String>> = objs
        .iter()
        .take(8)
        .map(|o| {
            columns
                .iter()
                .map(|k| match o.get(k) {
                    Some(serde_json::Value::String(s)) => s.clone(),
                    Some(v) => v.to_string(),
                    None => String::new(),
                })
                .collect()
        })
        .collect();
    let mut notes = vec![];
    if objs.is_empty() {
        notes.push("the first line starts with { but is not a JSON object".into());
    }
    let map = guess_map(&columns, &rows, false, LogFormat::JsonLines, &mut notes);
    Detection {
        map,
        format: LogFormat::JsonLines,
        columns,
        rows,
        notes,
    }
}

fn guess_map(
    columns: &[String],
    rows: &[Vec<String>],
    header: bool,
    format: LogFormat,
    notes: &mut Vec<String>,
) -> Option<ColumnMap> {
    // The timestamp column: by name, else the first whose values all parse.
    let all_times = |i: usize| -> Option<TimeFormat> {
        let mut f = None;
        for r in rows {
            let v = r.get(i)?;
            let d = time::detect(v)?;
            f = Some(d);
        }
        f
    };
    let ts = find(columns, &TIME_NAMES)
        .filter(|&i| all_times(i).is_some())
        .or_else(|| (0..columns.len()).find(|&i| all_times(i).is_some()));
    let Some(ts) = ts else {
        notes.push("no column reads as a timestamp (epoch s, epoch ms or ISO 8601)".into());
        return None;
    };
    let time_format = all_times(ts).expect("checked");
    let others = |i: usize| i != ts;
    let title = find(columns, &TITLE_NAMES)
        .filter(|&i| others(i))
        .or_else(|| (0..columns.len()).find(|&i| others(i)));
    let Some(title) = title else {
        notes.push("only one column: a title id column is needed".into());
        return None;
    };
    let opt = |names: &[&str]| {
        find(columns, names)
            .filter(|&i| i != ts && i != title)
            .map(|i| columns[i].clone())
    };
    notes.push(format!(
        "timestamp in column {:?} ({}), title in {:?}",
        columns[ts],
        match time_format {
            TimeFormat::EpochS => "epoch seconds",
            TimeFormat::EpochMs => "epoch milliseconds",
            TimeFormat::Iso8601 => "ISO 8601",
        },
        columns[title]
    ));
    Some(ColumnMap {
        format,
        header,
        timestamp: columns[ts].clone(),
        time_format,
        title: columns[title].clone(),
        bytes: opt(&BYTES_NAMES),
        seconds: opt(&SECONDS_NAMES),
        bitrate_kbps: opt(&BITRATE_NAMES),
        length_s: opt(&LENGTH_NAMES),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guesses_csv_with_header() {
        let d = detect(b"timestamp,title,seconds_watched\n2024-03-01T00:00:01Z,v1,30\n2024-03-01T00:00:02Z,v2,40\n");
        let m = d.map.unwrap();
        assert_eq!(m.format, LogFormat::Csv);
        assert!(m.header);
        assert_eq!(m.timestamp, "timestamp");
        assert_eq!(m.title, "title");
        assert_eq!(m.seconds.as_deref(), Some("seconds_watched"));
        assert_eq!(m.time_format, TimeFormat::Iso8601);
    }

    #[test]
    fn guesses_tsv_without_header_and_json() {
        let d = detect(b"v9\t1709316309000\nv3\t1709316310000\n");
        let m = d.map.unwrap();
        assert_eq!((m.format, m.header), (LogFormat::Tsv, false));
        assert_eq!((m.timestamp.as_str(), m.title.as_str()), ("2", "1"));
        assert_eq!(m.time_format, TimeFormat::EpochMs);
        let j = detect(b"{\"ts\": 1709316309, \"video_id\": \"a\"}\n{\"ts\": 1709316310, \"video_id\": \"b\"}\n");
        let m = j.map.unwrap();
        assert_eq!(m.format, LogFormat::JsonLines);
        assert_eq!((m.timestamp.as_str(), m.title.as_str()), ("ts", "video_id"));
        let c = detect(b"kind,key,count\ntitle,v1,5\n");
        assert_eq!(c.format, LogFormat::Counts);
        assert!(detect(b"a,b\nc,d\n").map.is_none());
    }
}
