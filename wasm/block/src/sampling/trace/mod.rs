//! Block traces replayed as a `BlockSource` (model §13), read as a stream:
//! bytes arrive in chunks of any size (a browser `File` slice, a CLI read
//! buffer), lines may be split across chunks, and only the unfinished last
//! line and the I/Os parsed from the current chunk are held, so a trace of
//! any length replays in bounded memory.
//!
//! Common rules for every format:
//! - Lines end in LF or CRLF; blank lines and lines starting with `#` are
//!   skipped; the first other line is a header (skipped) when its first
//!   column is not a number.
//! - Times are normalised to the first valid I/O (which arrives at t = 0). A
//!   time earlier than the one before it is clamped to it (traces merged from
//!   several disks are sometimes slightly out of order); `clamped()` counts them.
//! - Byte offsets and sizes are rounded outwards to whole 4 KB blocks.
//! - A line that cannot be read is skipped and counted; the first
//!   `MAX_ERRORS` are kept with their line number and a message naming the
//!   column and what it allows. Nothing in the input can make the reader panic.

mod msr;
mod plain;
mod spc;

use super::{BlockIo, BlockSource, BLOCK_BYTES};
use serde::Serialize;
use std::collections::VecDeque;
use tierplan_scenario::block::BlockTraceFormat;

pub use msr::write_msr;
pub use plain::write_plain;
pub use spc::write_spc;

/// Errors kept in full (the rest are only counted).
pub const MAX_ERRORS: usize = 20;
/// Longest line read; a longer one is reported as bad without being buffered.
pub const MAX_LINE_BYTES: usize = 4096;
/// Largest single I/O accepted, bytes.
pub const MAX_IO_BYTES: u64 = 1 << 30;
/// SPC ASUs (and MSR disk numbers) are mapped to disjoint ranges of this many
/// 4 KB blocks (16 TB each), so their addresses never alias.
pub const VOLUME_BLOCKS: u64 = 1 << 32;
/// Columns kept per line (every format reads at most seven).
const MAX_COLUMNS: usize = 12;
/// Latest time a seconds column (plain CSV, SPC) may give: about 31 700
/// years, past any real trace. MSR's filetime ticks are u64, so its times
/// already stay below 1.85·10¹² s; this keeps the other formats in the same
/// range, where a time in seconds divided by a window of a millisecond (the
/// working set's shortest) is still a whole number an f64 holds exactly.
pub const MAX_TRACE_SECONDS: f64 = 1e12;
/// Highest ASU / disk number accepted.
pub const MAX_VOLUME: u64 = 65_535;

/// One unreadable line.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TraceLineError {
    /// 1-based line number in the file.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub line: u64,
    pub message: String,
}

/// A trace time before normalisation.
#[derive(Debug, Clone, Copy, PartialEq)]
enum RawTime {
    /// Windows filetime ticks of 100 ns (MSR), kept exact.
    Ticks(u64),
    Seconds(f64),
}

/// A parsed line before normalisation.
#[derive(Debug, Clone, Copy, PartialEq)]
struct RawIo {
    time: RawTime,
    block: u64,
    blocks: u32,
    write: bool,
}

/// Per-file settings a header line may change.
#[derive(Debug, Clone, Copy, Default)]
struct Layout {
    /// Plain CSV: the third column is a 4 KB block number, not a byte offset.
    plain_blocks: bool,
}

/// Streaming reader of one block trace; see the module comment.
pub struct TraceReader {
    format: BlockTraceFormat,
    layout: Layout,
    partial: Vec<u8>,
    overlong: bool,
    line_no: u64,
    seen_content: bool,
    queue: VecDeque<BlockIo>,
    origin: Option<RawTime>,
    last_t: f64,
    ios: u64,
    bad: u64,
    clamped: u64,
    errors: Vec<TraceLineError>,
    ended: bool,
    bytes_fed: u64,
    total_bytes: Option<u64>,
}

impl TraceReader {
    pub fn new(format: BlockTraceFormat) -> Self {
        TraceReader {
            format,
            layout: Layout::default(),
            partial: Vec::new(),
            overlong: false,
            line_no: 0,
            seen_content: false,
            queue: VecDeque::new(),
            origin: None,
            last_t: 0.0,
            ios: 0,
            bad: 0,
            clamped: 0,
            errors: Vec::new(),
            ended: false,
            bytes_fed: 0,
            total_bytes: None,
        }
    }

    /// The file's size, if known, so `done_fraction` can report progress.
    pub fn set_total_bytes(&mut self, bytes: u64) {
        self.total_bytes = Some(bytes);
    }

    /// Parses every complete line in `chunk` (with what was left over from
    /// the chunk before); a trailing partial line waits for the next chunk.
    pub fn feed(&mut self, chunk: &[u8]) {
        if self.ended {
            return;
        }
        self.bytes_fed += chunk.len() as u64;
        let mut rest = chunk;
        while let Some(nl) = rest.iter().position(|&b| b == b'\n') {
            if self.partial.is_empty() && !self.overlong {
                // The common case: the whole line is in this chunk; parse
                // it in place, without copying.
                if nl > MAX_LINE_BYTES {
                    self.overlong = true;
                    self.finish_line();
                } else {
                    self.line_no += 1;
                    self.parse_line(&rest[..nl]);
                }
            } else {
                self.push_partial(&rest[..nl]);
                self.finish_line();
            }
            rest = &rest[nl + 1..];
        }
        self.push_partial(rest);
    }

    /// The input is complete: a last line without a newline is parsed.
    pub fn end(&mut self) {
        if self.ended {
            return;
        }
        if !self.partial.is_empty() || self.overlong {
            self.finish_line();
        }
        self.ended = true;
    }

    /// True once `end` was called and every parsed I/O was taken.
    pub fn is_finished(&self) -> bool {
        self.ended && self.queue.is_empty()
    }

    /// Parsed I/Os waiting to be taken.
    pub fn pending(&self) -> usize {
        self.queue.len()
    }

    /// The first `MAX_ERRORS` bad lines.
    pub fn errors(&self) -> &[TraceLineError] {
        &self.errors
    }

    /// Lines skipped as unreadable.
    pub fn bad_lines(&self) -> u64 {
        self.bad
    }

    /// Lines read so far (all of them, including headers and bad lines).
    pub fn lines(&self) -> u64 {
        self.line_no
    }

    /// Valid I/Os parsed so far.
    pub fn ios(&self) -> u64 {
        self.ios
    }

    /// I/Os whose time was earlier than the one before and was clamped.
    pub fn clamped(&self) -> u64 {
        self.clamped
    }

    /// Time of the last I/O parsed, s from the first.
    pub fn span_s(&self) -> f64 {
        self.last_t
    }

    fn push_partial(&mut self, bytes: &[u8]) {
        if self.overlong {
            return;
        }
        if self.partial.len() + bytes.len() > MAX_LINE_BYTES {
            self.overlong = true;
            self.partial.clear();
        } else {
            self.partial.extend_from_slice(bytes);
        }
    }

    /// Ends the line buffered in `partial` (which keeps its capacity).
    fn finish_line(&mut self) {
        self.line_no += 1;
        if std::mem::take(&mut self.overlong) {
            self.partial.clear();
            self.report(format!("is longer than {MAX_LINE_BYTES} bytes"));
            return;
        }
        let line = std::mem::take(&mut self.partial);
        self.parse_line(&line);
        self.partial = line;
        self.partial.clear();
    }

    /// Parses one line (without its LF) numbered `line_no`.
    fn parse_line(&mut self, line: &[u8]) {
        let line = line.trim_ascii();
        if line.is_empty() || line[0] == b'#' {
            return;
        }
        let Ok(text) = std::str::from_utf8(line) else {
            self.report("is not text (UTF-8)".to_string());
            return;
        };
        // Columns split at ASCII commas found on the bytes (a comma is never
        // inside a multi-byte character, so every slice is a whole str);
        // the formats use at most seven, later ones are counted, not kept.
        let mut fields: [&str; MAX_COLUMNS] = [""; MAX_COLUMNS];
        let mut n = 0;
        let mut start = 0;
        for end in text
            .bytes()
            .enumerate()
            .filter_map(|(i, b)| (b == b',').then_some(i))
            .chain(std::iter::once(text.len()))
        {
            if n < MAX_COLUMNS {
                fields[n] = text[start..end].trim_ascii();
            }
            n += 1;
            start = end + 1;
        }
        let fields = &fields[..n.min(MAX_COLUMNS)];
        let first_line = !self.seen_content;
        self.seen_content = true;
        if first_line && fields[0].parse::<f64>().is_err() {
            if self.format == BlockTraceFormat::Plain {
                self.layout.plain_blocks = plain::header_names_blocks(fields);
            }
            return;
        }
        match parse_fields(self.format, self.layout, fields) {
            Ok(raw) => self.accept(raw),
            Err(msg) => self.report(msg),
        }
    }

    fn report(&mut self, message: String) {
        self.bad += 1;
        if self.errors.len() < MAX_ERRORS {
            self.errors.push(TraceLineError {
                line: self.line_no,
                message,
            });
        }
    }

    fn accept(&mut self, raw: RawIo) {
        let origin = *self.origin.get_or_insert(raw.time);
        let t = match (raw.time, origin) {
            (RawTime::Ticks(x), RawTime::Ticks(o)) => x.saturating_sub(o) as f64 * 1e-7,
            (RawTime::Seconds(x), RawTime::Seconds(o)) => x - o,
            _ => 0.0,
        };
        let t = if t < self.last_t {
            self.clamped += 1;
            self.last_t
        } else {
            t
        };
        self.last_t = t;
        self.ios += 1;
        self.queue.push_back(BlockIo {
            t,
            block: raw.block,
            blocks: raw.blocks,
            write: raw.write,
        });
    }
}

impl BlockSource for TraceReader {
    /// The next parsed I/O; None when the buffer is empty (see `is_finished`
    /// to tell "feed more bytes" from "end of trace").
    fn next_io(&mut self) -> Option<BlockIo> {
        self.queue.pop_front()
    }

    fn done_fraction(&self) -> f64 {
        if self.is_finished() {
            1.0
        } else {
            match self.total_bytes {
                Some(total) if total > 0 => (self.bytes_fed as f64 / total as f64).min(1.0),
                _ => 0.0,
            }
        }
    }
}

fn parse_fields(format: BlockTraceFormat, layout: Layout, f: &[&str]) -> Result<RawIo, String> {
    match format {
        BlockTraceFormat::Msr => msr::parse(f),
        BlockTraceFormat::Spc => spc::parse(f),
        BlockTraceFormat::Plain => plain::parse(f, layout.plain_blocks),
    }
}

/// Checks a line has at least `n` columns, naming them.
fn need_columns(f: &[&str], n: usize, names: &str) -> Result<(), String> {
    if f.len() < n {
        Err(format!(
            "has {} column{}: expected {n} ({names})",
            f.len(),
            if f.len() == 1 { "" } else { "s" }
        ))
    } else {
        Ok(())
    }
}

/// A non-negative integer column.
fn uint(f: &[&str], col: usize, name: &str) -> Result<u64, String> {
    f[col].parse::<u64>().map_err(|_| {
        format!(
            "column {} ({name}) is \"{}\": allowed a whole number from 0 to {}",
            col + 1,
            clip(f[col]),
            u64::MAX
        )
    })
}

/// A seconds column: 0 to `MAX_TRACE_SECONDS`.
fn seconds(f: &[&str], col: usize, name: &str) -> Result<f64, String> {
    match f[col].parse::<f64>() {
        Ok(x) if (0.0..=MAX_TRACE_SECONDS).contains(&x) => Ok(x),
        _ => Err(format!(
            "column {} ({name}) is \"{}\": allowed 0 to {MAX_TRACE_SECONDS:e} seconds",
            col + 1,
            clip(f[col])
        )),
    }
}

/// A field shortened for an error message.
fn clip(s: &str) -> String {
    if s.chars().count() > 24 {
        format!("{}…", s.chars().take(24).collect::<String>())
    } else {
        s.to_string()
    }
}

/// The I/O size column: 1 byte to `MAX_IO_BYTES`.
fn size_bytes(f: &[&str], col: usize, name: &str) -> Result<u64, String> {
    match f[col].parse::<u64>() {
        Ok(x) if (1..=MAX_IO_BYTES).contains(&x) => Ok(x),
        _ => Err(format!(
            "column {} ({name}) is \"{}\": allowed 1 to {MAX_IO_BYTES} bytes",
            col + 1,
            clip(f[col])
        )),
    }
}

/// A volume number (SPC ASU, MSR disk) in 0..=MAX_VOLUME.
fn volume(f: &[&str], col: usize, name: &str) -> Result<u64, String> {
    match f[col].parse::<u64>() {
        Ok(x) if x <= MAX_VOLUME => Ok(x),
        _ => Err(format!(
            "column {} ({name}) is \"{}\": allowed 0 to {MAX_VOLUME}",
            col + 1,
            clip(f[col])
        )),
    }
}

/// The 4 KB blocks covering `size` bytes at byte `offset` of `volume`,
/// rounded outwards.
fn byte_range(
    volume: u64,
    offset: u64,
    size: u64,
    col: usize,
    name: &str,
) -> Result<(u64, u32), String> {
    let first = offset / BLOCK_BYTES;
    let end = offset.checked_add(size).map(|e| e.div_ceil(BLOCK_BYTES));
    match end {
        Some(end) if end <= VOLUME_BLOCKS => {
            Ok((volume * VOLUME_BLOCKS + first, (end - first) as u32))
        }
        _ => Err(format!(
            "column {} ({name}) is {offset}: the I/O must end within {} bytes of its volume",
            col + 1,
            VOLUME_BLOCKS * BLOCK_BYTES
        )),
    }
}

/// The block trace format of a file, judged from its first bytes (a few KB):
/// the format that reads the most complete lines there, provided it reads
/// more than it rejects (ties go to MSR, then SPC, then plain). The formats'
/// operation columns differ (`Read`/`Write`, `r`/`w` in column 4, `R`/`W` in
/// column 2), so a line is readable in at most one of them.
pub fn detect_block_format(first_bytes: &[u8]) -> Option<BlockTraceFormat> {
    // Only complete lines count: the sample may end mid-line.
    let cut = match first_bytes.iter().rposition(|&b| b == b'\n') {
        Some(i) => &first_bytes[..=i],
        None => first_bytes,
    };
    let mut best: Option<(BlockTraceFormat, u64)> = None;
    for format in [
        BlockTraceFormat::Msr,
        BlockTraceFormat::Spc,
        BlockTraceFormat::Plain,
    ] {
        let mut r = TraceReader::new(format);
        r.feed(cut);
        r.end();
        let good = r.ios();
        if good > r.bad_lines() && best.is_none_or(|(_, n)| good > n) {
            best = Some((format, good));
        }
    }
    best.map(|(f, _)| f)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(
        format: BlockTraceFormat,
        bytes: &[u8],
        chunk: usize,
    ) -> (Vec<BlockIo>, TraceReader) {
        let mut r = TraceReader::new(format);
        let mut out = Vec::new();
        for c in bytes.chunks(chunk.max(1)) {
            r.feed(c);
            out.extend(std::iter::from_fn(|| r.next_io()));
        }
        r.end();
        out.extend(std::iter::from_fn(|| r.next_io()));
        (out, r)
    }

    #[test]
    fn any_chunking_gives_the_same_ios() {
        let text = b"time_s,op,offset_bytes,size_bytes\r\n0.5,R,0,4096\r\n0.75,W,8192,100\n\n# note\n1.0,r,4095,2";
        let (whole, r) = read_all(BlockTraceFormat::Plain, text, text.len());
        assert_eq!(whole.len(), 3);
        assert_eq!(r.bad_lines(), 0);
        assert_eq!(
            whole[0],
            BlockIo {
                t: 0.0,
                block: 0,
                blocks: 1,
                write: false
            }
        );
        assert_eq!(
            whole[1],
            BlockIo {
                t: 0.25,
                block: 2,
                blocks: 1,
                write: true
            }
        );
        // 2 bytes at 4095 straddle blocks 0 and 1.
        assert_eq!(
            whole[2],
            BlockIo {
                t: 0.5,
                block: 0,
                blocks: 2,
                write: false
            }
        );
        for chunk in 1..8 {
            assert_eq!(read_all(BlockTraceFormat::Plain, text, chunk).0, whole);
        }
    }

    #[test]
    fn overlong_lines_are_reported_not_buffered() {
        let mut text = b"0,R,0,4096\n".to_vec();
        text.extend(std::iter::repeat_n(b'9', 3 * MAX_LINE_BYTES));
        text.extend(b"\n1,W,4096,4096\n");
        let (ios, r) = read_all(BlockTraceFormat::Plain, &text, 1000);
        assert_eq!(ios.len(), 2);
        assert_eq!(r.errors()[0].line, 2);
        assert!(r.errors()[0].message.contains("longer than"));
    }

    #[test]
    fn out_of_order_times_are_clamped() {
        let (ios, r) = read_all(BlockTraceFormat::Plain, b"5,R,0,1\n7,R,0,1\n6,R,0,1\n", 64);
        assert_eq!(ios.iter().map(|i| i.t).collect::<Vec<_>>(), [0.0, 2.0, 2.0]);
        assert_eq!(r.clamped(), 1);
    }
}
