//! `tierplan mrc FILE`: the hit ratio of a cache at every size in one pass
//! over a block trace (model §13): exact LRU (Mattson), sampled LRU
//! (SHARDS, a fixed rate or a fixed number of followed blocks), or FIFO and
//! flashcache's set-associative cache by mini-simulations at a grid of sizes.

use crate::block_cmd::drive;
use crate::block_trace::{open_trace, TraceFormatArg};
use clap::ValueEnum;
use std::process::ExitCode;
use std::time::Instant;
use tierplan_core::block::mrc::job::{MrcJob, MrcSpec};
use tierplan_core::block::mrc::working_set::WorkingSet;
use tierplan_core::block::mrc::{MrcPolicy, MrcResult, Sampling};
use tierplan_core::block::sampling::BLOCK_BYTES;
use tierplan_core::progress::SteppedJob;

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PolicyArg {
    Lru,
    Fifo,
    /// flashcache's layout: sets of 512 blocks, FIFO in each.
    #[value(name = "setassoc")]
    SetAssoc,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutArg {
    Csv,
    Json,
}

#[derive(clap::Args)]
pub struct MrcArgs {
    /// Trace file (`-` reads standard input).
    pub file: String,
    /// The file's format; default: detected from its first 64 KB.
    #[arg(long, value_enum)]
    pub format: Option<TraceFormatArg>,
    #[arg(long, value_enum, default_value = "lru")]
    pub policy: PolicyArg,
    /// Follow blocks at this spatial sampling rate (0 < RATE ≤ 1), e.g. 0.01.
    #[arg(long)]
    pub sample: Option<f64>,
    /// Follow at most this many blocks (LRU; the rate adapts).
    #[arg(long)]
    pub sample_size: Option<usize>,
    /// Cache sizes: blocks of 4 KB, or bytes with KB/MB/GB/TB (of 1024),
    /// comma-separated. Default: LRU a log grid up to the footprint, FIFO
    /// powers of two from 64 KB to 64 GB.
    #[arg(long)]
    pub sizes: Option<String>,
    #[arg(long, value_enum, default_value = "csv")]
    pub out: OutArg,
    /// Also the working set over time (with --out json): distinct 4 KB
    /// blocks touched in each window of this many seconds of trace time,
    /// as `working_set: [{start_s, ios, distinct_blocks}]`. At least 0.001;
    /// a quiet gap is given by its first and last empty window only.
    #[arg(long, value_name = "SECONDS")]
    pub working_set: Option<f64>,
    /// Print I/Os per second and the blocks followed to standard error.
    #[arg(long)]
    pub time: bool,
}

/// "1000,64MB,2GB": blocks, or bytes with a binary suffix (KB, MB, GB, TB
/// of 1024), each a whole number of 4 KB blocks at least 1.
pub fn parse_sizes(text: &str) -> Result<Vec<u64>, String> {
    let mut out = Vec::new();
    for (i, item) in text.split(',').map(str::trim).enumerate() {
        let bad = |why: &str| format!("--sizes: item {} \"{item}\" {why}", i + 1);
        let upper = item.to_ascii_uppercase();
        let (num, unit) = match ["TB", "GB", "MB", "KB"]
            .iter()
            .find(|u| upper.ends_with(*u))
        {
            Some(u) => (&item[..item.len() - 2], Some(*u)),
            None => (item, None),
        };
        let v: f64 = num
            .trim()
            .parse()
            .map_err(|_| bad("is not a number of blocks or a size such as 64MB"))?;
        if !(v.is_finite() && v > 0.0) {
            return Err(bad("must be positive"));
        }
        let blocks = match unit {
            None => v,
            Some(u) => {
                let k = ["KB", "MB", "GB", "TB"]
                    .iter()
                    .position(|x| *x == u)
                    .unwrap() as i32
                    + 1;
                v * 1024f64.powi(k) / BLOCK_BYTES as f64
            }
        };
        if !(1.0..=1e15).contains(&blocks) {
            return Err(bad("must be from one 4 KB block to 10¹⁵ blocks"));
        }
        out.push(blocks.round() as u64);
    }
    Ok(out)
}

pub fn run(a: MrcArgs) -> ExitCode {
    let sizes = match a.sizes.as_deref().map(parse_sizes).transpose() {
        Ok(s) => s.unwrap_or_default(),
        Err(e) => {
            eprintln!("tierplan mrc: {e}");
            return ExitCode::from(2);
        }
    };
    let policy = match a.policy {
        PolicyArg::Lru => MrcPolicy::Lru,
        PolicyArg::Fifo => MrcPolicy::Fifo,
        PolicyArg::SetAssoc => MrcPolicy::SetAssoc,
    };
    let sampling = match (a.sample, a.sample_size) {
        (Some(_), Some(_)) => {
            eprintln!("tierplan mrc: give --sample RATE or --sample-size BLOCKS, not both");
            return ExitCode::from(2);
        }
        (Some(r), None) => Sampling::Rate(r),
        (None, Some(n)) => Sampling::Size(n),
        (None, None) => Sampling::Exact,
    };
    let ws = match a.working_set.map(WorkingSet::new).transpose() {
        Ok(w) => w,
        Err(e) => {
            eprintln!("tierplan mrc: {e}");
            return ExitCode::from(2);
        }
    };
    if ws.is_some() && a.out != OutArg::Json {
        eprintln!("tierplan mrc: --working-set: the working set is printed with --out json");
        return ExitCode::from(2);
    }
    let t0 = Instant::now();
    let mut trace = match open_trace(&a.file, a.format.map(Into::into)) {
        Ok(t) => t,
        Err(code) => return code,
    };
    let spec = MrcSpec {
        format: trace.format,
        policy,
        sampling,
        sizes,
    };
    let mut job = match MrcJob::new(&spec) {
        Ok(j) => j,
        Err(e) => {
            eprintln!("tierplan mrc: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(w) = ws {
        job.track_working_set(w);
    }
    if let Some(t) = trace.total_bytes {
        job.set_total_bytes(t);
    }
    job.feed_trace(&trace.head);
    if let Err(e) = drive(&mut job, Some(&mut trace.rest)) {
        eprintln!("tierplan: cannot read {}: {e}", a.file);
        return ExitCode::from(2);
    }
    let r = job.output().expect("driven to the end");
    let secs = t0.elapsed().as_secs_f64();
    for e in job.trace_errors() {
        eprintln!("tierplan mrc: {} line {}: {}", a.file, e.line, e.message);
    }
    if job.bad_lines() > 0 {
        eprintln!("tierplan mrc: {} bad lines skipped", job.bad_lines());
    }
    if a.time {
        eprintln!(
            "tierplan mrc: {} I/Os in {secs:.3} s ({:.0} I/Os/s), at most {} blocks followed",
            r.ios,
            r.ios as f64 / secs.max(1e-9),
            r.peak_followed
        );
    }
    match a.out {
        OutArg::Json => {
            let mut v = serde_json::to_value(&r).expect("serialisable");
            if let Some(w) = job.working_set() {
                v["working_set"] = serde_json::to_value(w).expect("serialisable");
            }
            println!(
                "{}",
                serde_json::to_string_pretty(&v).expect("serialisable")
            );
        }
        OutArg::Csv => print!("{}", csv(&r)),
    }
    ExitCode::SUCCESS
}

fn csv(r: &MrcResult) -> String {
    let opt = |x: Option<f64>| x.map_or(String::new(), |v| format!("{v}"));
    let mut s = String::from(
        "size_blocks,size_bytes,hit_ratio,byte_hit_ratio,read_byte_hit_ratio,write_byte_hit_ratio,error\n",
    );
    for p in &r.points {
        s.push_str(&format!(
            "{},{},{},{},{},{},{}\n",
            p.size_blocks,
            p.size_bytes,
            opt(p.hit_ratio),
            p.byte_hit_ratio,
            opt(p.read_byte_hit_ratio),
            opt(p.write_byte_hit_ratio),
            opt(p.error)
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_in_blocks_or_binary_bytes() {
        assert_eq!(
            parse_sizes("1, 64MB,2gb").unwrap(),
            vec![1, 16_384, 524_288]
        );
        assert!(parse_sizes("0").unwrap_err().contains("item 1"));
        assert!(parse_sizes("10,abc")
            .unwrap_err()
            .contains("item 2 \"abc\""));
        assert!(parse_sizes("1KB").unwrap_err().contains("one 4 KB block"));
    }
}
