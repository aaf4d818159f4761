//! `tierplan block-trace …`: write a synthetic block workload as a trace file
//! in any of the model §13 formats, and check a trace file (counts, read
//! share, span, bad lines with their line numbers).

use clap::{Subcommand, ValueEnum};
use std::io::{BufWriter, Read, Write};
use std::process::ExitCode;
use std::time::Instant;
use tierplan_core::block::sampling::presets::{block_preset, block_presets};
use tierplan_core::block::sampling::synthetic::SyntheticBlocks;
use tierplan_core::block::sampling::trace::{
    detect_block_format, write_msr, write_plain, write_spc, TraceReader,
};
use tierplan_core::block::sampling::{BlockIo, BlockSource, BLOCK_BYTES};
use tierplan_core::sampling::rng::splitmix64;
use tierplan_core::scenario::block::{BlockTraceFormat, BlockWorkload, SyntheticBlockWorkload};
use tierplan_core::Scenario;

#[derive(Clone, Copy, ValueEnum)]
pub enum TraceFormatArg {
    /// MSR Cambridge CSV.
    Msr,
    /// SPC / UMass CSV.
    Spc,
    /// Plain CSV: time_s, op, offset_bytes, size_bytes.
    Plain,
}

impl From<TraceFormatArg> for BlockTraceFormat {
    fn from(f: TraceFormatArg) -> Self {
        match f {
            TraceFormatArg::Msr => BlockTraceFormat::Msr,
            TraceFormatArg::Spc => BlockTraceFormat::Spc,
            TraceFormatArg::Plain => BlockTraceFormat::Plain,
        }
    }
}

#[derive(Subcommand)]
pub enum BlockTraceCmd {
    /// Generate a synthetic block workload (a preset's, or a scenario's
    /// `block.workload`) and write it as a trace file.
    Generate {
        /// Block workload preset: financial, search-engine, exchange, msn, home.
        #[arg(
            long,
            conflicts_with = "scenario",
            required_unless_present = "scenario"
        )]
        preset: Option<String>,
        /// Scenario file whose `block.workload` is synthetic.
        #[arg(long)]
        scenario: Option<String>,
        #[arg(long, value_enum)]
        format: TraceFormatArg,
        /// Stop after this many I/Os (default: the workload's whole duration).
        #[arg(long)]
        ios: Option<u64>,
        /// Seed (default: the scenario's `block.seed`, or 1 for a preset).
        #[arg(long)]
        seed: Option<u64>,
        /// Output file (`-` for standard output).
        #[arg(short = 'o', long = "output")]
        output: String,
    },
    /// Read a trace file and report its I/Os, read share, time span and bad
    /// lines (with line numbers). Exits 1 when some lines are bad.
    Check {
        /// Trace file (`-` reads standard input).
        file: String,
        /// The file's format; default: detected from its first 64 KB.
        #[arg(long, value_enum)]
        format: Option<TraceFormatArg>,
        /// Print lines per second read to standard error.
        #[arg(long)]
        time: bool,
    },
}

type Loader<'a> = &'a dyn Fn(&str) -> Result<Scenario, ExitCode>;

pub fn run(cmd: BlockTraceCmd, load: Loader) -> ExitCode {
    match cmd {
        BlockTraceCmd::Generate {
            preset,
            scenario,
            format,
            ios,
            seed,
            output,
        } => {
            let (workload, default_seed) =
                match workload_of(preset.as_deref(), scenario.as_deref(), load) {
                    Ok(w) => w,
                    Err(code) => return code,
                };
            generate(
                &workload,
                seed.unwrap_or(default_seed),
                format.into(),
                ios,
                &output,
            )
        }
        BlockTraceCmd::Check { file, format, time } => check(&file, format.map(Into::into), time),
    }
}

fn workload_of(
    preset: Option<&str>,
    scenario: Option<&str>,
    load: Loader,
) -> Result<(SyntheticBlockWorkload, u64), ExitCode> {
    if let Some(name) = preset {
        return match block_preset(name) {
            Some(p) => Ok((p.workload, 1)),
            None => {
                let names: Vec<String> = block_presets().into_iter().map(|p| p.name).collect();
                eprintln!(
                    "tierplan: no block workload preset \"{name}\"; the presets are {}",
                    names.join(", ")
                );
                Err(ExitCode::from(2))
            }
        };
    }
    let file = scenario.unwrap_or("-");
    let s = load(file)?;
    match s.block {
        Some(b) => match b.workload {
            BlockWorkload::Synthetic(w) => Ok((w, b.seed)),
            BlockWorkload::Trace(_) => {
                eprintln!("tierplan: {file}: block.workload is a trace, not a synthetic workload");
                Err(ExitCode::from(2))
            }
        },
        None => {
            eprintln!("tierplan: {file} has no `block` section");
            Err(ExitCode::from(2))
        }
    }
}

fn generate(
    w: &SyntheticBlockWorkload,
    seed: u64,
    format: BlockTraceFormat,
    limit: Option<u64>,
    output: &str,
) -> ExitCode {
    let mut g = SyntheticBlocks::new(w, seed);
    let ios = std::iter::from_fn(move || g.next_io()).take(limit.unwrap_or(u64::MAX) as usize);
    let mut count = 0u64;
    let counted = ios.inspect(|_| count += 1);
    let result = if output == "-" {
        write_to(
            &mut BufWriter::new(std::io::stdout().lock()),
            format,
            counted,
        )
    } else {
        std::fs::File::create(output)
            .and_then(|f| write_to(&mut BufWriter::new(f), format, counted))
    };
    match result {
        Ok(()) => {
            eprintln!("tierplan: wrote {count} I/Os to {output}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("tierplan: cannot write {output}: {e}");
            ExitCode::from(2)
        }
    }
}

fn write_to<W: Write>(
    out: &mut W,
    format: BlockTraceFormat,
    ios: impl Iterator<Item = BlockIo>,
) -> std::io::Result<()> {
    match format {
        BlockTraceFormat::Msr => write_msr(out, ios),
        BlockTraceFormat::Spc => write_spc(out, ios),
        BlockTraceFormat::Plain => write_plain(out, ios),
    }?;
    out.flush()
}

/// A trace file opened for reading in slices (`-`: standard input): its
/// format (given, or detected from its first 64 KB), those first bytes, the
/// rest of the input and the file's size when known. The messages name the
/// file.
pub struct OpenTrace {
    pub format: BlockTraceFormat,
    pub head: Vec<u8>,
    pub rest: Box<dyn Read>,
    pub total_bytes: Option<u64>,
}

/// Open `file` and read its head (see `OpenTrace`).
pub fn open_trace(file: &str, format: Option<BlockTraceFormat>) -> Result<OpenTrace, ExitCode> {
    let cannot = |e: std::io::Error| {
        eprintln!("tierplan: cannot read {file}: {e}");
        ExitCode::from(2)
    };
    let mut rest: Box<dyn Read> = if file == "-" {
        Box::new(std::io::stdin().lock())
    } else {
        Box::new(std::fs::File::open(file).map_err(cannot)?)
    };
    let mut head = vec![0u8; 1 << 16];
    let n = read_some(&mut rest, &mut head).map_err(cannot)?;
    head.truncate(n);
    let Some(format) = format.or_else(|| detect_block_format(&head)) else {
        eprintln!("tierplan: cannot tell the format of {file}; give --format msr, spc or plain");
        return Err(ExitCode::from(2));
    };
    let total_bytes = std::fs::metadata(file).ok().map(|m| m.len());
    Ok(OpenTrace {
        format,
        head,
        rest,
        total_bytes,
    })
}

/// Read a trace file in chunks, handing each I/O to `on_io` as it is
/// parsed: memory stays bounded however long the file. The reader keeps the
/// counts and the bad lines.
pub fn read_trace(
    file: &str,
    format: Option<BlockTraceFormat>,
    on_io: &mut dyn FnMut(&BlockIo),
) -> Result<(BlockTraceFormat, TraceReader), ExitCode> {
    let OpenTrace {
        format,
        head,
        mut rest,
        total_bytes,
    } = open_trace(file, format)?;
    let mut reader = TraceReader::new(format);
    if let Some(t) = total_bytes {
        reader.set_total_bytes(t);
    }
    let mut drain = |r: &mut TraceReader| {
        while let Some(io) = r.next_io() {
            on_io(&io);
        }
    };
    reader.feed(&head);
    drain(&mut reader);
    let mut buf = vec![0u8; 1 << 16];
    loop {
        match rest.read(&mut buf) {
            Ok(0) => break,
            Ok(k) => {
                reader.feed(&buf[..k]);
                drain(&mut reader);
            }
            Err(e) => {
                eprintln!("tierplan: cannot read {file}: {e}");
                return Err(ExitCode::from(2));
            }
        }
    }
    reader.end();
    drain(&mut reader);
    Ok((format, reader))
}

fn check(file: &str, format: Option<BlockTraceFormat>, time: bool) -> ExitCode {
    let started = Instant::now();
    let mut tally = Tally::default();
    let (format, reader) = match read_trace(file, format, &mut |io| tally.add(io)) {
        Ok(x) => x,
        Err(code) => return code,
    };
    let elapsed = started.elapsed().as_secs_f64();
    print!("{}", tally.report(format, &reader));
    if time {
        eprintln!(
            "read {} lines in {elapsed:.3} s ({:.0} lines/s)",
            reader.lines(),
            reader.lines() as f64 / elapsed.max(1e-9)
        );
    }
    if reader.bad_lines() > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Fills `buf` as far as the input allows (a pipe may return short reads).
fn read_some(input: &mut dyn Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match input.read(&mut buf[n..])? {
            0 => break,
            k => n += k,
        }
    }
    Ok(n)
}

#[derive(Default)]
struct Tally {
    reads: u64,
    writes: u64,
    blocks: u64,
    last_end: Option<u64>,
    sequential: u64,
    footprint: DistinctBlocks,
}

/// Distinct 4 KB blocks touched, in bounded memory: exact up to `KEEP`
/// distinct blocks, then a k-minimum-values estimate (keep the `KEEP`
/// smallest hashes; distinct ≈ (KEEP − 1) / largest kept hash, relative
/// error about 1/√KEEP ≈ 1.6 %). A trace of a billion I/Os still needs
/// only `KEEP` entries.
#[derive(Default)]
struct DistinctBlocks {
    smallest: std::collections::BTreeSet<u64>,
}

const KEEP: usize = 4096;

impl DistinctBlocks {
    fn add(&mut self, block: u64) {
        let h = splitmix64(block);
        if self.smallest.len() < KEEP {
            self.smallest.insert(h);
        } else if h < *self.smallest.last().unwrap() && self.smallest.insert(h) {
            self.smallest.pop_last();
        }
    }

    /// (distinct blocks, whether the count is exact).
    fn estimate(&self) -> (u64, bool) {
        if self.smallest.len() < KEEP {
            return (self.smallest.len() as u64, true);
        }
        let kth = *self.smallest.last().unwrap() as f64 / u64::MAX as f64;
        (((KEEP - 1) as f64 / kth).round() as u64, false)
    }
}

impl Tally {
    fn add(&mut self, io: &BlockIo) {
        if io.write {
            self.writes += 1;
        } else {
            self.reads += 1;
        }
        self.blocks += io.blocks as u64;
        for b in io.block..io.block + io.blocks as u64 {
            self.footprint.add(b);
        }
        if self.last_end == Some(io.block) {
            self.sequential += 1;
        }
        self.last_end = Some(io.block + io.blocks as u64);
    }

    fn report(&self, format: BlockTraceFormat, r: &TraceReader) -> String {
        let ios = self.reads + self.writes;
        let (footprint, exact) = self.footprint.estimate();
        let share = |x: u64| if ios > 0 { x as f64 / ios as f64 } else { 0.0 };
        let mut out = format!(
            "format: {}\nlines: {}\nios: {ios}\nreads: {}\nwrites: {}\nread_share: {:.4}\n\
             mean_io_kb: {:.2}\nfootprint_blocks: {}{}\nfootprint_gb: {:.4}\n\
             continues_previous_share: {:.4}\nspan_s: {:.6}\nclamped_times: {}\nbad_lines: {}\n",
            format!("{format:?}").to_lowercase(),
            r.lines(),
            self.reads,
            self.writes,
            share(self.reads),
            if ios > 0 {
                self.blocks as f64 * BLOCK_BYTES as f64 / 1024.0 / ios as f64
            } else {
                0.0
            },
            footprint,
            if exact { "" } else { " (estimate)" },
            footprint as f64 * BLOCK_BYTES as f64 / 1e9,
            share(self.sequential),
            r.span_s(),
            r.clamped(),
            r.bad_lines(),
        );
        for e in r.errors() {
            out.push_str(&format!("  line {}: {}\n", e.line, e.message));
        }
        if r.bad_lines() > r.errors().len() as u64 {
            out.push_str(&format!(
                "  … and {} more\n",
                r.bad_lines() - r.errors().len() as u64
            ));
        }
        out
    }
}
