//! A block run as a resumable job: every cache of `BlockSpec::caches` (and
//! the FP-FCL instances of the cost sweep) sees the same host I/Os in
//! lockstep, so a trace is read once for all of them. Synthetic workloads
//! run `replications` times with seeds `seed, seed + 1, …` and report 95 %
//! confidence intervals; a trace runs once. Deterministic per seed.

use super::disk_array::DiskArray;
use super::engine::CacheSim;
use super::fcl::sweep::{CostSweep, OpCounts};
use super::flash_tier::{cell_label, FlashCounts, UNITS_PER_TIER};
use super::make::{fcl_params, flash_tiers, physical_pages, policy, supported, tier_layout};
use super::result::{BlockCacheResult, BlockResult, PartitionPoint, TierResult};
use crate::sampling::synthetic::SyntheticBlocks;
use crate::sampling::trace::{TraceLineError, TraceReader};
use crate::sampling::BlockIo;
use crate::sampling::BlockSource;
use tierplan_kit::progress::Progress;
use tierplan_kit::stats::mean_ci95;
use tierplan_scenario::block::BlockWorkload;
use tierplan_scenario::block::{BlockCacheKind, BlockSpec};
use tierplan_scenario::validate::FieldError;
use tierplan_scenario::Scenario;

/// Builds the synthetic source of replication seed `seed`.
pub type SourceFactory = Box<dyn FnMut(u64) -> Box<dyn BlockSource>>;

/// What one replication of one cache measured.
#[derive(Debug, Clone, Default)]
pub struct RepMetrics {
    pub mean_ms: f64,
    pub p99_ms: f64,
    pub hit_ratio: f64,
    pub tiers: Vec<TierRep>,
    pub migrations: u64,
    pub destages: u64,
    pub bypassed: u64,
    pub disk_utilisation: f64,
    /// Mean utilisation of each flash tier's units, 0–1.
    pub flash_utilisation: Vec<f64>,
    pub ios: u64,
    pub span_s: f64,
    /// Operations done, for the FAST'12 cost of the operations.
    pub flash: Vec<FlashCounts>,
    pub disk_read_blocks: u64,
    pub disk_write_blocks: u64,
    pub read_blocks: u64,
    pub write_blocks: u64,
}

impl RepMetrics {
    /// The operations of the first flash tier and the disks, for the
    /// FAST'12 cost of the operations.
    pub fn op_counts(&self) -> OpCounts {
        OpCounts {
            flash: self.flash.first().copied().unwrap_or_default(),
            disk_read_blocks: self.disk_read_blocks,
            disk_write_blocks: self.disk_write_blocks,
            host_blocks: self.read_blocks + self.write_blocks,
        }
    }
}

#[derive(Debug, Clone, Default)]
pub struct TierRep {
    pub read_hit: f64,
    pub write_hit: f64,
    pub host_pages: u64,
    pub nand_pages: u64,
    pub wa: f64,
    pub erases: u64,
    pub lifetime_days: Option<f64>,
}

enum Input {
    Generated {
        make: SourceFactory,
        src: Option<Box<dyn BlockSource>>,
    },
    /// A trace fed in chunks; replayed once.
    Trace(Box<TraceReader>),
}

/// One cache of the run: its kind and, for the cost sweep, its u.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CacheSlot {
    pub kind: BlockCacheKind,
    pub sweep_u: Option<f64>,
}

pub struct BlockJob {
    spec: BlockSpec,
    slots: Vec<CacheSlot>,
    timed: bool,
    input: Input,
    sims: Vec<CacheSim>,
    /// The I/Os of the current step (reused; no allocation once grown).
    batch: Vec<BlockIo>,
    rep: u32,
    reps: u32,
    started: bool,
    /// The last step ran out of parsed trace I/Os before the end.
    starved: bool,
    /// Arrival of the last I/O (a trace's out-of-order times are clamped).
    last_t: f64,
    events: u64,
    /// Per cache slot, one entry per finished replication.
    metrics: Vec<Vec<RepMetrics>>,
    /// Partition series of the last replication, per cache slot.
    partitions: Vec<Vec<PartitionPoint>>,
    /// The FAST'12 cost sweep's hit curves and costs (when asked for).
    sweep: Option<CostSweep>,
}

fn field(path: &str, message: impl Into<String>) -> FieldError {
    FieldError {
        path: path.into(),
        message: message.into(),
    }
}

/// Engine-side checks beyond `validate`: kinds this build has.
fn check_spec(spec: &BlockSpec) -> Vec<FieldError> {
    let mut errors = Vec::new();
    for (i, k) in spec.caches.iter().enumerate() {
        if !supported(*k) {
            errors.push(field(
                &format!("block.caches[{i}]"),
                format!("{k:?} is not available in this build"),
            ));
        }
    }
    if !spec.cost_sweep_u.is_empty() && !supported(BlockCacheKind::FpFcl) {
        errors.push(field(
            "block.cost_sweep_u",
            "the FAST'12 cost sweep is not available in this build",
        ));
    }
    if spec.caches.is_empty() {
        errors.push(field("block.caches", "is empty: name at least one cache"));
    }
    errors
}

impl BlockJob {
    /// A job for `scenario.block`: its synthetic workload, or a trace the
    /// caller then feeds with `feed_trace` / `end_trace`.
    pub fn new(scenario: &Scenario) -> Result<BlockJob, Vec<FieldError>> {
        let mut errors = tierplan_scenario::validate::problems(scenario);
        let Some(spec) = scenario.block.clone() else {
            errors.push(field(
                "block",
                "is missing: a block run needs the block section",
            ));
            return Err(errors);
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        match &spec.workload {
            BlockWorkload::Synthetic(w) => {
                let w = w.clone();
                BlockJob::with_source(
                    spec,
                    Box::new(move |seed| Box::new(SyntheticBlocks::new(&w, seed))),
                    true,
                )
            }
            BlockWorkload::Trace(t) => {
                let reader = Box::new(TraceReader::new(t.format));
                BlockJob::build(spec, Input::Trace(reader), true)
            }
        }
    }

    /// Trace runs: the next bytes of the file (any chunking).
    pub fn feed_trace(&mut self, chunk: &[u8]) {
        if let Input::Trace(r) = &mut self.input {
            r.feed(chunk);
        }
    }

    /// Trace runs: the file has no more bytes.
    pub fn end_trace(&mut self) {
        if let Input::Trace(r) = &mut self.input {
            r.end();
        }
    }

    /// Whether the run waits for more trace bytes.
    pub fn needs_input(&self) -> bool {
        match &self.input {
            Input::Trace(r) => !self.is_done() && !r.is_finished() && self.starved,
            Input::Generated { .. } => false,
        }
    }

    /// Bad trace lines so far (the first 20, with line numbers).
    pub fn trace_errors(&self) -> Vec<TraceLineError> {
        match &self.input {
            Input::Trace(r) => r.errors().to_vec(),
            Input::Generated { .. } => Vec::new(),
        }
    }

    fn bad_lines(&self) -> u64 {
        match &self.input {
            Input::Trace(r) => r.bad_lines(),
            Input::Generated { .. } => 0,
        }
    }

    /// A job over synthetic I/Os from `make(seed)`; `timed = false` zeroes
    /// every device time (the hit-ratio checks).
    pub fn with_source(
        spec: BlockSpec,
        make: SourceFactory,
        timed: bool,
    ) -> Result<BlockJob, Vec<FieldError>> {
        BlockJob::build(spec, Input::Generated { make, src: None }, timed)
    }

    fn build(spec: BlockSpec, input: Input, timed: bool) -> Result<BlockJob, Vec<FieldError>> {
        let errors = check_spec(&spec);
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut slots: Vec<CacheSlot> = spec
            .caches
            .iter()
            .map(|&kind| CacheSlot {
                kind,
                sweep_u: None,
            })
            .collect();
        slots.extend(spec.cost_sweep_u.iter().map(|&u| CacheSlot {
            kind: BlockCacheKind::FpFcl,
            sweep_u: Some(u),
        }));
        let reps = match input {
            Input::Trace(_) => 1,
            Input::Generated { .. } => spec.replications.max(1),
        };
        let sweep = (!spec.cost_sweep_u.is_empty()).then(|| {
            let cell = tier_layout(BlockCacheKind::FpFcl, &spec, None)[0].cell;
            CostSweep::new(
                &spec.cost_sweep_u,
                physical_pages(cell, spec.cache_gb),
                fcl_params(cell),
            )
        });
        Ok(BlockJob {
            sweep,
            metrics: vec![Vec::new(); slots.len()],
            partitions: vec![Vec::new(); slots.len()],
            slots,
            timed,
            input,
            starved: false,
            last_t: 0.0,
            sims: Vec::new(),
            batch: Vec::new(),
            rep: 0,
            reps,
            started: false,
            events: 0,
            spec,
        })
    }

    pub fn spec(&self) -> &BlockSpec {
        &self.spec
    }

    pub fn slots(&self) -> &[CacheSlot] {
        &self.slots
    }

    fn seed(&self) -> u64 {
        self.spec.seed.wrapping_add(self.rep as u64)
    }

    fn start_rep(&mut self) {
        let seed = self.seed();
        let spec = &self.spec;
        let timed = self.timed;
        self.sims = self
            .slots
            .iter()
            .map(|s| {
                let layout = tier_layout(s.kind, spec, s.sweep_u);
                CacheSim::new(
                    policy(s.kind, spec, s.sweep_u),
                    flash_tiers(&layout, timed),
                    DiskArray::new(spec.disks, seed, timed),
                )
            })
            .collect();
        if let Input::Generated { make, src } = &mut self.input {
            *src = Some(make(seed));
        }
        self.last_t = 0.0;
        self.started = true;
    }

    fn finish_rep(&mut self) {
        for (i, sim) in self.sims.iter().enumerate() {
            self.metrics[i].push(rep_metrics(sim));
            self.partitions[i] = sim.partition.clone();
        }
        if let Some(sweep) = &mut self.sweep {
            let ops: Vec<OpCounts> = self
                .slots
                .iter()
                .zip(&self.metrics)
                .filter(|(s, _)| s.sweep_u.is_some())
                .filter_map(|(_, m)| m.last())
                .map(RepMetrics::op_counts)
                .collect();
            sweep.finish_rep(&ops);
        }
        self.sims.clear();
        self.rep += 1;
        self.started = false;
    }

    /// Simulate up to `budget` host I/Os. A trace run returns early when
    /// it has used every parsed I/O and more bytes are needed
    /// (`needs_input`).
    pub fn step(&mut self, budget: u32) -> Progress {
        let mut left = budget.max(1);
        self.starved = false;
        while self.rep < self.reps && left > 0 {
            if !self.started {
                self.start_rep();
            }
            let src: &mut dyn BlockSource = match &mut self.input {
                Input::Generated { src, .. } => src.as_deref_mut().expect("made at the start"),
                Input::Trace(r) => r.as_mut(),
            };
            let mut ended = false;
            // Read a batch, then let each cache take the whole batch in turn
            // (its state stays hot; natively the caches run on threads).
            self.batch.clear();
            while left > 0 {
                let Some(mut io) = src.next_io() else {
                    ended = true;
                    break;
                };
                io.t = io.t.max(self.last_t);
                self.last_t = io.t;
                self.batch.push(io);
                left -= 1;
                self.events += 1;
            }
            if let Some(sweep) = &mut self.sweep {
                self.batch.iter().for_each(|io| sweep.observe(io));
            }
            super::lockstep::process_all(&mut self.sims, &self.batch);
            if ended {
                if let Input::Trace(r) = &self.input {
                    if !r.is_finished() {
                        self.starved = true;
                        break;
                    }
                }
                self.finish_rep();
            }
        }
        self.progress()
    }

    pub fn is_done(&self) -> bool {
        self.rep >= self.reps
    }

    pub fn progress(&self) -> Progress {
        let within = match &self.input {
            Input::Generated { src: Some(s), .. } if self.started => s.done_fraction(),
            Input::Trace(r) if self.started => r.done_fraction(),
            _ => 0.0,
        };
        let done = self.is_done();
        Progress {
            replications_done: self.rep,
            replications: self.reps,
            events: self.events,
            fraction: if done {
                1.0
            } else {
                ((self.rep as f64 + within) / self.reps as f64).min(1.0)
            },
            done,
        }
    }

    /// Raw per-replication metrics of cache slot `i`.
    pub fn metrics(&self, i: usize) -> &[RepMetrics] {
        &self.metrics[i]
    }

    /// The result over the finished replications.
    pub fn result(&self) -> BlockResult {
        let caches = self
            .slots
            .iter()
            .enumerate()
            .filter(|(_, s)| s.sweep_u.is_none())
            .map(|(i, s)| self.cache_result(i, s))
            .collect();
        let first = self.metrics.first().and_then(|m| m.last());
        BlockResult {
            caches,
            ios: first.map_or(0, |m| m.ios),
            bad_lines: self.bad_lines(),
            span_s: first.map_or(0.0, |m| m.span_s),
            cost_vs_u: self.sweep.as_ref().map_or_else(Vec::new, |s| s.result()),
        }
    }

    fn cache_result(&self, i: usize, slot: &CacheSlot) -> BlockCacheResult {
        let reps = &self.metrics[i];
        let est = |f: &dyn Fn(&RepMetrics) -> f64| {
            let xs: Vec<f64> = reps.iter().map(f).collect();
            mean_ci95(&xs)
        };
        let mean_u = |f: &dyn Fn(&RepMetrics) -> u64| {
            if reps.is_empty() {
                0
            } else {
                (reps.iter().map(f).sum::<u64>() as f64 / reps.len() as f64).round() as u64
            }
        };
        let layout = tier_layout(slot.kind, &self.spec, slot.sweep_u);
        let tiers = layout
            .iter()
            .enumerate()
            .map(|(t, l)| {
                let lifetimes: Vec<f64> = reps
                    .iter()
                    .filter_map(|m| m.tiers[t].lifetime_days)
                    .collect();
                TierResult {
                    cell: cell_label(l.cell).into(),
                    capacity_gb: l.gb,
                    read_hit_ratio: est(&|m| m.tiers[t].read_hit),
                    write_hit_ratio: est(&|m| m.tiers[t].write_hit),
                    host_pages_written: mean_u(&|m| m.tiers[t].host_pages),
                    nand_pages_written: mean_u(&|m| m.tiers[t].nand_pages),
                    write_amplification: est(&|m| m.tiers[t].wa).mean,
                    erases: mean_u(&|m| m.tiers[t].erases),
                    lifetime_days: (!lifetimes.is_empty())
                        .then(|| lifetimes.iter().sum::<f64>() / lifetimes.len() as f64),
                }
            })
            .collect();
        let single_tech = matches!(
            slot.kind,
            BlockCacheKind::Slc | BlockCacheKind::Mlc | BlockCacheKind::Tlc
        );
        BlockCacheResult {
            cache: slot.kind,
            replacement: single_tech.then_some(self.spec.replacement),
            mean_response_ms: est(&|m| m.mean_ms),
            p99_response_ms: est(&|m| m.p99_ms),
            hit_ratio: est(&|m| m.hit_ratio),
            tiers,
            migrations: mean_u(&|m| m.migrations),
            destages: mean_u(&|m| m.destages),
            bypassed: mean_u(&|m| m.bypassed),
            disk_utilisation: est(&|m| m.disk_utilisation),
            partition: self.partitions[i].clone(),
        }
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        a as f64 / b as f64
    }
}

/// Read the books of one cache at the end of a replication.
pub fn rep_metrics(sim: &CacheSim) -> RepMetrics {
    let c = sim.policy.counters();
    let span = sim.span_s();
    let hits: u64 = c.read_hits.iter().chain(c.write_hits.iter()).sum();
    let tiers = sim
        .tiers
        .iter()
        .enumerate()
        .map(|(t, tier)| {
            let wa = tier.ftl.write_amplification();
            TierRep {
                read_hit: ratio(c.read_hits.get(t).copied().unwrap_or(0), c.read_blocks),
                write_hit: ratio(c.write_hits.get(t).copied().unwrap_or(0), c.write_blocks),
                host_pages: tier.ftl.wear.host_pages,
                nand_pages: tier.ftl.wear.nand_pages,
                wa: if wa.is_finite() { wa } else { 1.0 },
                erases: tier.ftl.wear.erases,
                lifetime_days: tier.lifetime_days(sim.tier_write_mb_s(t)),
            }
        })
        .collect();
    RepMetrics {
        mean_ms: sim.latency.mean_s() * 1e3,
        p99_ms: sim.latency.quantile_s(0.99) * 1e3,
        hit_ratio: ratio(hits, c.read_blocks + c.write_blocks),
        tiers,
        migrations: c.migrations,
        destages: c.destages,
        bypassed: c.bypassed,
        disk_utilisation: sim.disks.utilisation(span),
        flash_utilisation: sim
            .tiers
            .iter()
            .map(|t| t.busy_s / (span * UNITS_PER_TIER as f64))
            .collect(),
        ios: sim.latency.count,
        span_s: span,
        flash: sim.flash_counts(),
        disk_read_blocks: sim.disks.reads,
        disk_write_blocks: sim.disks.writes,
        read_blocks: c.read_blocks,
        write_blocks: c.write_blocks,
    }
}

/// A job fed a trace file in slices (the block study's trace runs, the
/// miss-ratio curve): whoever drives it feeds the next slice whenever a step
/// returns wanting more (`needs_input`), and ends the file at its end.
pub trait TraceFed {
    /// The next bytes of the file (any chunking; lines may split).
    fn feed_trace(&mut self, chunk: &[u8]);
    /// The file has no more bytes.
    fn end_trace(&mut self);
    /// Whether the last step stopped for want of bytes.
    fn needs_input(&self) -> bool;
}

impl TraceFed for BlockJob {
    fn feed_trace(&mut self, chunk: &[u8]) {
        BlockJob::feed_trace(self, chunk)
    }
    fn end_trace(&mut self) {
        BlockJob::end_trace(self)
    }
    fn needs_input(&self) -> bool {
        BlockJob::needs_input(self)
    }
}

impl tierplan_kit::progress::SteppedJob for BlockJob {
    type Progress = Progress;
    type Output = BlockResult;
    fn advance(&mut self, budget: u64) -> Progress {
        self.step(u32::try_from(budget).unwrap_or(u32::MAX))
    }
    fn output(&self) -> Option<BlockResult> {
        self.is_done().then(|| self.result())
    }
}
