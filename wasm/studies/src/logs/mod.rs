//! Workloads from real request logs (model §14): a streaming parser for CSV,
//! TSV and JSON-lines logs or pre-aggregated counts (`parse`, `mapping`,
//! `time`), the tallies the fits need (`counts`), the fits themselves — Zipf
//! exponent by maximum likelihood, diurnal profile, churn, goodness of fit
//! (`fit`) — the scenario a fit becomes and an exact replay of a log
//! through the stream-level engine (`scenario`), the optimiser over that
//! replay (`replay_search`), and a generator of synthetic logs (`generate`).

pub mod counts;
mod csv;
pub mod curves;
pub mod fit;
pub mod generate;
pub mod mapping;
pub mod parse;
pub mod replay_search;
pub mod scenario;
pub mod time;

pub use fit::{fit, LogFit};
pub use mapping::{detect, ColumnMap, Detection, LogFormat};
pub use parse::LogParser;
pub use time::TimeFormat;

/// Parse a whole in-memory log (tests, the CLI) in 1 MB chunks, as a worker would.
pub fn parse_all(bytes: &[u8], map: ColumnMap, keep_trace: bool) -> Result<LogParser, String> {
    let mut p = LogParser::new(map, keep_trace)?;
    for chunk in bytes.chunks(1 << 20) {
        p.feed(chunk);
    }
    p.finish();
    if let Some(e) = &p.tally.mapping_error {
        return Err(e.clone());
    }
    Ok(p)
}
