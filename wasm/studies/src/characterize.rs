//! Device characterisation in the simulator (model §11, "Device
//! characterisation and SSD state"): microbenchmarks run on a catalog
//! device's own model, as fio would run on the drive — 4 KB random reads and
//! writes, 128 KB sequential reads and writes and a 70/30 random mix, at
//! queue depths 1, 4, 32 and 128, fresh out of the box and in steady state.
//! Each test reports MB/s, IOPS, mean, p99, p99.9 and maximum latency and
//! the write amplification; the preconditioning run (random 4 KB writes
//! from fresh) is the throughput-over-time series, so the fall from fresh to
//! steady state (the GC cliff) shows.
//!
//! A test is a closed loop of `q` outstanding I/Os: each completion issues
//! the next. An SSD with a controller takes up to its own queue depth of
//! them at once (NCQ, NVMe), each waiting only for the dies, channels,
//! controller and link it needs, so IOPS grow with the queue depth up to
//! the drive's parallelism; commands beyond the drive's depth wait in the
//! host. Disks and SSDs without a controller serve one I/O at a time.

use serde::{Deserialize, Serialize};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use tierplan_kit::devices::ssd::SsdGeometry;
use tierplan_kit::devices::{Hdd, IoOp, Ssd};
use tierplan_kit::progress::{Done, SteppedJob};
use tierplan_kit::sampling::rng::SimRng;
use tierplan_scenario::validate::FieldError;
use tierplan_scenario::{Device, DeviceKind, SsdModelKind, ValidDevice};

const KB: u64 = 1024;

/// The access patterns of a characterisation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Pattern {
    RandRead4k,
    RandWrite4k,
    SeqRead128k,
    SeqWrite128k,
    /// 70 % 4 KB random reads, 30 % 4 KB random writes.
    Mixed4k,
}

impl Pattern {
    pub const ALL: [Pattern; 5] = [
        Pattern::RandRead4k,
        Pattern::RandWrite4k,
        Pattern::SeqRead128k,
        Pattern::SeqWrite128k,
        Pattern::Mixed4k,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Pattern::RandRead4k => "rand_read_4k",
            Pattern::RandWrite4k => "rand_write_4k",
            Pattern::SeqRead128k => "seq_read_128k",
            Pattern::SeqWrite128k => "seq_write_128k",
            Pattern::Mixed4k => "mixed_70_30_4k",
        }
    }

    fn size(self) -> u64 {
        match self {
            Pattern::SeqRead128k | Pattern::SeqWrite128k => 128 * KB,
            _ => 4 * KB,
        }
    }
}

/// Whether the drive starts erased or preconditioned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DriveState {
    Fresh,
    Steady,
}

/// What to run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct CharacterizeSpec {
    pub queue_depths: Vec<u32>,
    /// Simulated seconds of each measured test.
    pub seconds: f64,
    /// Preconditioning for steady state: the logical space written this many times.
    pub precondition_passes: f64,
    pub seed: u64,
    /// The SSD model: scalable (default) or the per-page reference.
    pub model: SsdModelKind,
}

impl Default for CharacterizeSpec {
    fn default() -> Self {
        CharacterizeSpec {
            queue_depths: vec![1, 4, 32, 128],
            // Long enough for several GC bursts per die of the X25-M (its
            // steady random writes settle), the same as the Study claims
            // rows; fast drives stop at `MAX_TEST_IOS` first.
            seconds: 60.0,
            precondition_passes: 2.0,
            seed: 1,
            model: SsdModelKind::Scalable,
        }
    }
}

/// What a characterisation of a device will run, before it runs: the SSD
/// model the one rule (`SsdModelKind::runs_on`) picks — the spec's, or the
/// per-page reference on a drive without a controller — and the 4 KB
/// writes its preconditioning simulates one by one (what its run time
/// grows with: the per-page model's; the scalable model samples them, and
/// a disk has none). The app shows these before a run.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CharacterizePlan {
    /// Null for a disk.
    pub model: Option<SsdModelKind>,
    pub precondition_writes: f64,
}

/// The plan of characterising `d` by `spec` (see `CharacterizePlan`).
pub fn characterize_plan(d: &Device, spec: &CharacterizeSpec) -> CharacterizePlan {
    match (d.kind, &d.flash) {
        (DeviceKind::Ssd, Some(f)) => {
            let model = spec.model.runs_on(f.controller.is_some());
            let pages = SsdGeometry::of(d.capacity_gb, f, None).capacity_bytes / (4 * KB);
            CharacterizePlan {
                model: Some(model),
                precondition_writes: if model.per_page() {
                    spec.precondition_passes * pages as f64
                } else {
                    0.0
                },
            }
        }
        _ => CharacterizePlan {
            model: None,
            precondition_writes: 0.0,
        },
    }
}

/// Most flash pages a drive characterised with the per-page reference may
/// have: its mapping tables take about 8 bytes a page, and a browser worker
/// has a few GB at most. The scalable model has no such limit.
pub const MAX_PAGES: u64 = 128 << 20;

/// Most I/Os one characterisation may simulate (preconditioning included),
/// so no device makes it run without bound.
pub const MAX_IOS: f64 = 400e6;

/// Most I/Os one measured test simulates: a fast drive reaches it before
/// `seconds` of simulated time (its steady figures are reached long before).
pub const MAX_TEST_IOS: usize = 50_000;

/// Most writes the scalable model times per bucket of the preconditioning
/// series; the rest of the bucket is applied to its state untimed.
const SAMPLE_PER_BUCKET: u64 = 5_000;

/// One measured test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CharacterizeRow {
    pub pattern: Pattern,
    pub state: DriveState,
    pub queue_depth: u32,
    pub mbps: f64,
    pub iops: f64,
    pub mean_ms: f64,
    pub p99_ms: f64,
    pub p999_ms: f64,
    pub max_ms: f64,
    /// NAND pages programmed per host page during the test (1 for reads only).
    pub wa: f64,
}

/// The preconditioning run: MB/s of random 4 KB writes over time from fresh.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ThroughputSeries {
    /// Seconds since the first write, at the end of each bucket.
    pub t_s: Vec<f64>,
    pub mbps: Vec<f64>,
    /// Write amplification within each bucket (NAND pages / host pages).
    pub wa: Vec<f64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Characterization {
    pub device: String,
    pub rows: Vec<CharacterizeRow>,
    /// Fresh to steady state under random 4 KB writes (SSDs only).
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub precondition: Option<ThroughputSeries>,
    pub notes: Vec<String>,
}

/// One device model behind the tests.
#[derive(Clone)]
enum Model {
    Ssd(Box<Ssd>),
    Hdd(Hdd, SimRng),
}

impl Model {
    fn serve(&mut self, write: bool, addr: u64, size: u64, now: f64) -> f64 {
        match self {
            Model::Ssd(s) => {
                let op = if write { IoOp::Write } else { IoOp::Read };
                s.service_at(op, addr, size, now)
            }
            Model::Hdd(h, rng) => h.service(addr, size, rng),
        }
    }

    fn wa_counters(&self) -> (u64, u64) {
        match self {
            Model::Ssd(s) => (s.wear().host_pages, s.wear().nand_pages),
            Model::Hdd(..) => (0, 0),
        }
    }

    /// Commands the device takes at once (1: one at a time, timed here).
    fn device_depth(&self) -> Option<u32> {
        match self {
            Model::Ssd(s) => s.queue_depth(),
            Model::Hdd(..) => None,
        }
    }
}

fn err(path: &str, message: String) -> Vec<FieldError> {
    vec![FieldError {
        path: path.into(),
        message,
    }]
}

/// The SSD geometry a catalog device's flash spec gives (the whole drive
/// addressed: a characterisation owns the device).
pub fn ssd_geometry(d: &ValidDevice) -> Result<SsdGeometry, Vec<FieldError>> {
    ssd_geometry_for(d, SsdModelKind::Reference)
}

/// The SSD geometry of the validated device `d` (the one geometry,
/// `SsdGeometry::of`, whose blocks validation has checked) for `model`:
/// only a per-page model (`SsdModelKind::runs_on`) is bounded by its
/// tables.
pub fn ssd_geometry_for(
    d: &ValidDevice,
    model: SsdModelKind,
) -> Result<SsdGeometry, Vec<FieldError>> {
    let f = d.flash.as_ref().ok_or_else(|| {
        err(
            "device.flash",
            format!("{} has no flash description to characterise", d.id),
        )
    })?;
    let g = SsdGeometry::of(d.capacity_gb, f, None);
    let pages = g.logical_pages();
    if model.runs_on(f.controller.is_some()).per_page() && pages > MAX_PAGES {
        return Err(err(
            "device.capacity_gb",
            format!(
                "{}: {} GiB in {} KB pages is {} M pages; the FTL model's tables hold at most {} M (about 1 GiB of memory): characterise a smaller device or use the scalable model",
                d.id,
                d.capacity_gb,
                f.page_kb,
                pages >> 20,
                MAX_PAGES >> 20
            ),
        ));
    }
    Ok(g)
}

/// Run every test of `spec` on `device` (validated on its own by
/// `validate_device`: this adds only the checks of `spec`): the
/// `Characterizer` job stepped to the end in one call.
pub fn characterize(
    device: &ValidDevice,
    spec: &CharacterizeSpec,
) -> Result<Characterization, Vec<FieldError>> {
    Ok(Characterizer::new(device, spec)?.run_to_end(u64::MAX))
}

/// How far a characterisation has got (`Characterizer::step`): the
/// preconditioning's 4 KB writes (timed, or applied untimed by the scalable
/// model) and the measured tests, each done and in all.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CharacterizeProgress {
    pub done: bool,
    pub precondition_writes_done: f64,
    pub precondition_writes: f64,
    pub tests_done: u32,
    pub tests: u32,
}

/// A characterisation advanced in bounded steps (`step`), so that a front
/// end can show how far it has got and stop it between two steps: the
/// preconditioning some writes at a time, then the measured tests one at a
/// time. `characterize` steps it to the end in one call: the same work in
/// the same order, so the same result.
pub struct Characterizer {
    device: String,
    spec: CharacterizeSpec,
    span: u64,
    notes: Vec<String>,
    /// The device as it starts (erased, or a disk), where the fresh tests start.
    fresh: Model,
    /// The preconditioning under way (SSDs only; taken when it ends).
    pre: Option<Preconditioning>,
    /// Its writes in all (0 for a disk).
    pre_writes: u64,
    /// The steady state the steady tests start from, once laid out.
    steady: Option<Model>,
    precondition: Option<ThroughputSeries>,
    /// Every measured test, in the order of the rows.
    tests: Vec<(DriveState, Pattern, u32)>,
    rows: Vec<CharacterizeRow>,
}

impl Characterizer {
    /// Check `spec` against `device` (validated on its own by
    /// `validate_device`) and build the device's model; no test runs yet.
    pub fn new(device: &ValidDevice, spec: &CharacterizeSpec) -> Result<Self, Vec<FieldError>> {
        if spec.queue_depths.is_empty() || spec.queue_depths.iter().any(|&q| q == 0 || q > 1024) {
            return Err(err(
                "characterize.queue_depths",
                format!(
                    "{:?}: give one or more queue depths from 1 to 1024",
                    spec.queue_depths
                ),
            ));
        }
        if !(spec.seconds > 0.0 && spec.seconds <= 3600.0) {
            return Err(err(
                "characterize.seconds",
                format!(
                    "{} is out of range: must be 0 < value ≤ 3600 s",
                    spec.seconds
                ),
            ));
        }
        if !(spec.precondition_passes >= 0.0 && spec.precondition_passes <= 10.0) {
            return Err(err(
                "characterize.precondition_passes",
                format!(
                    "{} is out of range: must be 0 ≤ value ≤ 10",
                    spec.precondition_passes
                ),
            ));
        }
        let mut notes = Vec::new();
        let (fresh, span) = match device.kind {
            DeviceKind::Ssd => {
                let g = ssd_geometry_for(device, spec.model)?;
                let ctl = device.flash.as_ref().and_then(|f| f.controller);
                let model = spec.model.runs_on(ctl.is_some());
                // Bound the work (and the FTL's memory) before building the model:
                // a per-page model's preconditioning writes the logical space
                // `passes` times in 4 KB pages.
                let ios = characterize_plan(device, spec).precondition_writes;
                if ios > MAX_IOS {
                    return Err(err("characterize.precondition_passes", format!("steady state of {} needs {:.0} million 4 KB writes: the limit is {:.0} million; lower precondition_passes, characterise a smaller device or use the scalable model", device.id, ios / 1e6, MAX_IOS / 1e6)));
                }
                notes.push(match (ctl, model) {
                    (None, _) => "No controller described: the plain per-page model, one command at a time; a deeper queue adds latency (Little's law), not throughput.".to_string(),
                    (Some(c), SsdModelKind::Scalable) => format!("Scalable model: per-die timelines, GC derived analytically (model §11); the drive takes {} command(s) at once.", c.queue_depth.max(1)),
                    (Some(c), SsdModelKind::Reference) => format!("Per-page reference model: every page mapped and collected (model §11); the drive takes {} command(s) at once.", c.queue_depth.max(1)),
                });
                (
                    Model::Ssd(Box::new(Ssd::with_model(&g, ctl.as_ref(), model))),
                    g.capacity_bytes,
                )
            }
            DeviceKind::Hdd => {
                let m = device.hdd.ok_or_else(|| {
                    err(
                        "device.hdd",
                        format!(
                            "{} has no disk mechanics (seek, revolution, media rate) to characterise",
                            device.id
                        ),
                    )
                })?;
                let span = (device.capacity_gb * (1u64 << 30) as f64) as u64;
                if span < 128 * KB {
                    return Err(err(
                        "device.capacity_gb",
                        format!(
                            "{}: {} GiB is too small to characterise",
                            device.id, device.capacity_gb
                        ),
                    ));
                }
                notes.push("A disk serves one I/O at a time: a deeper queue adds latency (Little's law), not throughput.".into());
                notes.push("A disk has no fresh-out-of-box state: one state is reported.".into());
                (Model::Hdd(Hdd::new(&m, span), SimRng::new(spec.seed)), span)
            }
            DeviceKind::Dram => {
                return Err(err(
                    "device.kind",
                    format!(
                        "{}: DRAM has no service time in the model; characterise an SSD or a disk",
                        device.id
                    ),
                ))
            }
        };
        // The cliff, from fresh (SSDs only): its own copy of the drive, so the
        // fresh tests still start erased.
        let pre =
            matches!(fresh, Model::Ssd(_)).then(|| Preconditioning::new(fresh.clone(), span, spec));
        let states: &[DriveState] = if pre.is_some() {
            &[DriveState::Fresh, DriveState::Steady]
        } else {
            &[DriveState::Fresh]
        };
        let mut tests = Vec::new();
        for &state in states {
            for pattern in Pattern::ALL {
                for &q in &spec.queue_depths {
                    tests.push((state, pattern, q));
                }
            }
        }
        Ok(Characterizer {
            device: device.id.clone(),
            spec: spec.clone(),
            span,
            notes,
            fresh,
            pre_writes: pre.as_ref().map_or(0, |p| p.writes()),
            pre,
            steady: None,
            precondition: None,
            tests,
            rows: Vec::new(),
        })
    }

    /// Run about `budget` I/Os (at least one piece of work that is not
    /// divided: some preconditioning writes, one measured test, or laying
    /// out the steady state), then say how far the job has got.
    pub fn step(&mut self, budget: u64) -> CharacterizeProgress {
        let mut left = budget.max(1);
        while left > 0 {
            if let Some(p) = &mut self.pre {
                if !p.finished() {
                    left -= p.advance(left);
                    continue;
                }
                let series = self.pre.take().expect("preconditioning").out;
                self.lay_out_steady(series);
                // Laying out a large per-page drive is as much work as a
                // step: report after it.
                left = 0;
                continue;
            }
            let Some(&(state, pattern, q)) = self.tests.get(self.rows.len()) else {
                break;
            };
            let start = match state {
                DriveState::Fresh => &self.fresh,
                DriveState::Steady => self.steady.as_ref().expect("steady state laid out"),
            };
            let mut m = start.clone();
            let (row, ios) = measure(&mut m, pattern, state, q, self.span, 0.0, &self.spec);
            self.rows.push(row);
            left = left.saturating_sub(ios.max(1));
        }
        self.progress()
    }

    /// The steady-state tests run on the state the preconditioning
    /// converges to, laid out (reference) or derived (scalable) directly
    /// (model §8's age model), so they agree with the request engine's
    /// steady start and do not depend on how far a few passes got.
    fn lay_out_steady(&mut self, series: ThroughputSeries) {
        let Model::Ssd(ssd) = &self.fresh else {
            return;
        };
        let wa_end = series.wa.iter().rev().skip(1).take(5).copied().sum::<f64>() / 5.0;
        self.precondition = Some(series);
        let mut steady = ssd.clone();
        steady.reset_steady(self.spec.seed);
        self.notes.push(format!(
            "Steady state: the layout uniform random writes converge to (WA under them {:.2} by model §8's age model); the preconditioning from fresh had reached WA {:.2} after {} passes.",
            layout_wa(&steady),
            wa_end,
            self.spec.precondition_passes
        ));
        self.steady = Some(Model::Ssd(steady));
    }

    pub fn progress(&self) -> CharacterizeProgress {
        CharacterizeProgress {
            done: self.pre.is_none() && self.rows.len() == self.tests.len(),
            precondition_writes_done: self
                .pre
                .as_ref()
                .map_or(self.pre_writes, |p| p.writes_done())
                as f64,
            precondition_writes: self.pre_writes as f64,
            tests_done: self.rows.len() as u32,
            tests: self.tests.len() as u32,
        }
    }

    /// The characterisation, once `step` has reported `done` (None before).
    pub fn result(&self) -> Option<Characterization> {
        self.progress().done.then(|| Characterization {
            device: self.device.clone(),
            rows: self.rows.clone(),
            precondition: self.precondition.clone(),
            notes: self.notes.clone(),
        })
    }
}

impl Done for CharacterizeProgress {
    fn done(&self) -> bool {
        self.done
    }
}

/// Driven like every long job (`src/engine/drive.ts` in the browser).
impl SteppedJob for Characterizer {
    type Progress = CharacterizeProgress;
    type Output = Characterization;
    fn advance(&mut self, budget: u64) -> CharacterizeProgress {
        self.step(budget)
    }
    fn output(&self) -> Option<Characterization> {
        self.result()
    }
}

/// The write amplification uniform random writes see on `ssd` as laid out
/// (or derived): a sample of untimed random writes of one mapping unit.
fn layout_wa(ssd: &Ssd) -> f64 {
    let mut probe = ssd.clone();
    probe.reset_counters();
    let mut rng = SimRng::new(0x1a_7e);
    let flash = probe.flash_mut();
    // The reference simulates a quarter of its logical space (at most
    // 200 000 writes); the scalable model's cost does not depend on it.
    let n = if flash.per_page() {
        (ssd.logical_units() / 4).clamp(1, 200_000)
    } else {
        10_000_000
    };
    flash.random_writes(n, &mut rng);
    flash.wear().write_amplification()
}

/// Random 4 KB writes over the whole span, `passes` times from fresh, with
/// up to 32 outstanding (the drive's queue depth if less); the series of
/// MB/s over time, one point per bucket of writes. The scalable model times
/// a sample of each bucket's writes and applies the rest untimed, so a large
/// drive's series costs the same as a small one's. Advanced a number of
/// writes at a time (`advance`); where it stops does not change the result.
struct Preconditioning {
    m: Model,
    rng: SimRng,
    pages: u64,
    /// Writes per bucket, and buckets in all (none when there is nothing to write).
    per: u64,
    buckets: u64,
    scalable: bool,
    map_pages: u64,
    /// Buckets finished.
    bucket: u64,
    t: f64,
    clock: f64,
    depth: usize,
    host: BinaryHeap<Reverse<u64>>,
    /// The bucket under way.
    cur: Option<Bucket>,
    out: ThroughputSeries,
}

/// A bucket of the preconditioning under way.
struct Bucket {
    host0: u64,
    nand0: u64,
    /// Its writes that are timed, and those issued so far.
    timed: u64,
    issued: u64,
    c0: f64,
    end: f64,
}

impl Preconditioning {
    fn new(m: Model, span: u64, spec: &CharacterizeSpec) -> Self {
        let pages = span / (4 * KB);
        let total = (spec.precondition_passes * pages as f64) as u64;
        let scalable = matches!(&m, Model::Ssd(s) if !s.flash().per_page());
        let map_pages = match &m {
            Model::Ssd(s) => (s.map_bytes() / (4 * KB)).max(1),
            Model::Hdd(..) => 1,
        };
        // The drive's own queue, up to 32 writes (SNIA preconditions with a deep
        // queue, so the series is the drive's throughput, not one command's).
        let depth = m.device_depth().unwrap_or(1).clamp(1, 32) as usize;
        Preconditioning {
            rng: SimRng::new(spec.seed ^ 0x5eed),
            pages,
            per: (total / 100).max(1),
            buckets: if total == 0 { 0 } else { 100 },
            scalable,
            map_pages,
            bucket: 0,
            t: 0.0,
            clock: 0.0,
            depth,
            host: BinaryHeap::with_capacity(depth + 1),
            cur: None,
            out: ThroughputSeries {
                t_s: Vec::new(),
                mbps: Vec::new(),
                wa: Vec::new(),
            },
            m,
        }
    }

    fn finished(&self) -> bool {
        self.bucket == self.buckets
    }

    /// Writes in all (timed or applied).
    fn writes(&self) -> u64 {
        self.per * self.buckets
    }

    fn writes_done(&self) -> u64 {
        self.per * self.bucket + self.cur.as_ref().map_or(0, |b| b.issued)
    }

    /// Simulate up to `budget` timed writes (at least one) and the untimed
    /// rest of each bucket they finish; returns the timed writes simulated.
    fn advance(&mut self, budget: u64) -> u64 {
        let mut used = 0;
        while !self.finished() && used < budget.max(1) {
            let b = self.cur.get_or_insert_with(|| {
                let (host0, nand0) = self.m.wa_counters();
                // A closed loop of `depth` writes outstanding (one at a time on a
                // device that queues nothing), started from where the last bucket
                // left the clock.
                self.host.clear();
                Bucket {
                    host0,
                    nand0,
                    timed: if self.scalable {
                        self.per.min(SAMPLE_PER_BUCKET)
                    } else {
                        self.per
                    },
                    issued: 0,
                    c0: self.clock,
                    end: self.clock,
                }
            });
            while b.issued < b.timed && used < budget.max(1) {
                let addr = (self.rng.uniform() * self.pages as f64) as u64 % self.pages * 4 * KB;
                let at = if self.host.len() < self.depth {
                    self.clock
                } else {
                    time(self.host.pop().expect("outstanding write"))
                };
                let done = at + self.m.serve(true, addr, 4 * KB, at);
                b.end = b.end.max(done);
                self.host.push(key(done));
                b.issued += 1;
                used += 1;
            }
            if b.issued == b.timed {
                let b = self.cur.take().expect("bucket");
                self.end_bucket(&b);
            }
        }
        used
    }

    fn end_bucket(&mut self, b: &Bucket) {
        let m = &mut self.m;
        // Until the drive has done all the work these writes left (a GC
        // burst behind the write buffer counts in full).
        self.clock = match m {
            Model::Ssd(s) => b.end.max(s.busy_until()),
            Model::Hdd(..) => b.end,
        };
        let per_write = (self.clock - b.c0) / b.timed as f64;
        if b.timed < self.per {
            if let Model::Ssd(s) = m {
                // A 4 KB write is a whole mapping unit or a part of one;
                // the scalable model applies them untimed (and draws
                // nothing from `rng`).
                s.flash_mut()
                    .random_writes((self.per - b.timed) / self.map_pages, &mut self.rng);
            }
        }
        self.t += per_write * self.per as f64;
        let (host, nand) = m.wa_counters();
        self.out.t_s.push(self.t);
        self.out.mbps.push(4.0 / 1024.0 / per_write.max(1e-12));
        self.out.wa.push(if host > b.host0 {
            (nand - b.nand0) as f64 / (host - b.host0) as f64
        } else {
            1.0
        });
        self.bucket += 1;
    }
}

/// f64 times (never negative) ordered in a heap by their bits.
fn key(t: f64) -> Reverse<u64> {
    Reverse(t.max(0.0).to_bits())
}

fn time(k: Reverse<u64>) -> f64 {
    f64::from_bits(k.0)
}

/// One closed-loop test of `seconds` simulated seconds (or `MAX_TEST_IOS`
/// I/Os) with `q` I/Os outstanding; the row and the I/Os it simulated.
#[allow(clippy::too_many_arguments)]
fn measure(
    m: &mut Model,
    pattern: Pattern,
    state: DriveState,
    q: u32,
    span: u64,
    t0: f64,
    spec: &CharacterizeSpec,
) -> (CharacterizeRow, u64) {
    let size = pattern.size();
    let slots = (span / size).max(1);
    let mut rng = SimRng::new(spec.seed.wrapping_add(pattern as u64 * 1000 + q as u64));
    let (host0, nand0) = m.wa_counters();
    let mut next_seq = 0u64;
    // Completion times of the I/Os the host has outstanding, and of those
    // inside the device (at most its own queue depth).
    let mut host: BinaryHeap<Reverse<u64>> = BinaryHeap::with_capacity(q as usize + 1);
    let depth = m.device_depth();
    let mut device: BinaryHeap<Reverse<u64>> = BinaryHeap::new();
    // A device without queueing serves one I/O at a time from here.
    let mut free = 0.0f64;
    let mut latencies = Vec::new();
    let mut bytes = 0u64;
    let mut end = 0.0f64;
    loop {
        // Closed loop: the next I/O is issued when an outstanding one
        // completes (the first q at 0).
        let issued = if host.len() < q as usize {
            0.0
        } else {
            time(host.pop().expect("outstanding I/O"))
        };
        if issued >= spec.seconds || latencies.len() >= MAX_TEST_IOS {
            break;
        }
        let (write, addr) = match pattern {
            Pattern::RandRead4k => (false, (rng.uniform() * slots as f64) as u64 % slots * size),
            Pattern::RandWrite4k => (true, (rng.uniform() * slots as f64) as u64 % slots * size),
            Pattern::SeqRead128k | Pattern::SeqWrite128k => {
                let a = next_seq % slots * size;
                next_seq += 1;
                (pattern == Pattern::SeqWrite128k, a)
            }
            Pattern::Mixed4k => (
                rng.uniform() < 0.3,
                (rng.uniform() * slots as f64) as u64 % slots * size,
            ),
        };
        let done = match depth {
            Some(d) => {
                // Wait in the host while the device's queue is full.
                let enter = if device.len() >= d as usize {
                    issued.max(time(device.pop().expect("I/O in the device")))
                } else {
                    issued
                };
                let done = enter + m.serve(write, addr, size, t0 + enter);
                device.push(key(done));
                done
            }
            None => {
                let start = issued.max(free);
                free = start + m.serve(write, addr, size, t0 + start);
                free
            }
        };
        host.push(key(done));
        end = end.max(done);
        latencies.push(done - issued);
        bytes += size;
    }
    let (host1, nand1) = m.wa_counters();
    let n = latencies.len().max(1) as f64;
    let mean = latencies.iter().sum::<f64>() / n;
    latencies.sort_by(f64::total_cmp);
    let pct = |p: f64| {
        latencies
            .get(((latencies.len() as f64 * p).ceil() as usize).saturating_sub(1))
            .copied()
            .unwrap_or(0.0)
    };
    let host_w = host1 - host0;
    let row = CharacterizeRow {
        pattern,
        state,
        queue_depth: q,
        mbps: bytes as f64 / (1024.0 * 1024.0) / end.max(1e-12),
        iops: latencies.len() as f64 / end.max(1e-12),
        mean_ms: mean * 1e3,
        p99_ms: pct(0.99) * 1e3,
        p999_ms: pct(0.999) * 1e3,
        max_ms: latencies.last().copied().unwrap_or(0.0) * 1e3,
        wa: if host_w > 0 {
            (nand1 - nand0) as f64 / host_w as f64
        } else {
            1.0
        },
    };
    (row, latencies.len() as u64)
}

/// The CSV header of `rows_csv`.
pub const CSV_HEADER: &str =
    "pattern,state,queue_depth,mbps,iops,mean_ms,p99_ms,p999_ms,max_ms,wa,published_mbps,published_iops,published_source";

/// CSV of the rows (`CSV_HEADER`), each with the drive's published figure
/// for the same test when the catalog has one (empty otherwise), then the
/// throughput-over-time series as `precondition,…` rows: `t_s`, MB/s, WA.
pub fn rows_csv(c: &Characterization) -> String {
    let figures = tierplan_scenario::presets::figures_of(&c.device);
    let mut s = format!("{CSV_HEADER}\n");
    for r in &c.rows {
        let state = r.state.label();
        let f = published_for(&figures, r);
        let (pm, pi, src) = match f {
            Some(f) => (
                format!("{}", f.mbps),
                f.iops.map_or(String::new(), |i| format!("{i}")),
                format!("\"{}\"", f.cite.replace('"', "'")),
            ),
            None => (String::new(), String::new(), String::new()),
        };
        s.push_str(&format!(
            "{},{},{},{:.3},{:.1},{:.3},{:.3},{:.3},{:.3},{:.3},{pm},{pi},{src}\n",
            r.pattern.label(),
            state,
            r.queue_depth,
            r.mbps,
            r.iops,
            r.mean_ms,
            r.p99_ms,
            r.p999_ms,
            r.max_ms,
            r.wa
        ));
    }
    if let Some(p) = &c.precondition {
        s.push_str("\nseries,t_s,mbps,wa\n");
        for i in 0..p.t_s.len() {
            s.push_str(&format!(
                "precondition,{:.3},{:.3},{:.3}\n",
                p.t_s[i], p.mbps[i], p.wa[i]
            ));
        }
    }
    s
}

/// The published figure that matches row `r` (its pattern, and its state
/// and queue depth when the figure names them), if any.
pub fn published_for<'a>(
    figures: &'a [tierplan_scenario::presets::DeviceFigure],
    r: &CharacterizeRow,
) -> Option<&'a tierplan_scenario::presets::DeviceFigure> {
    let pattern = serde_json::to_value(r.pattern).expect("serialisable");
    figures.iter().find(|f| {
        pattern == f.pattern.as_str()
            && f.state.as_deref().is_none_or(|s| s == r.state.label())
            && f.queue_depth.is_none_or(|q| q == r.queue_depth)
    })
}

impl DriveState {
    pub fn label(self) -> &'static str {
        match self {
            DriveState::Fresh => "fresh",
            DriveState::Steady => "steady",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tierplan_kit::analytics::write_amplification;
    use tierplan_scenario::presets::request_device_presets;

    /// The device validated on its own, then characterised, as the front
    /// ends do.
    fn characterize(
        d: &Device,
        spec: &CharacterizeSpec,
    ) -> Result<Characterization, Vec<FieldError>> {
        let d = tierplan_scenario::validate::validate_device(d.clone())?;
        super::characterize(&d, spec)
    }

    fn preset(id: &str) -> Device {
        request_device_presets()
            .into_iter()
            .find(|d| d.id == id)
            .expect("preset")
    }

    /// A small page-mapped SSD (so the tests run in a moment) with the
    /// X25-M's flash timings and no controller model.
    fn small_ssd(gb: f64, spare: f64) -> Device {
        let mut d = preset("x25m");
        d.capacity_gb = gb;
        let f = d.flash.as_mut().unwrap();
        f.spare_factor = spare;
        f.controller = None;
        d
    }

    #[test]
    fn steady_state_wa_meets_the_lambert_w_formula() {
        // Uniform random 4 KB writes under greedy GC: once the drive has been
        // written over many times, WA approaches α / (α + W0(−α e^−α)) (model §8).
        let d = small_ssd(0.25, 0.28);
        let spec = CharacterizeSpec {
            precondition_passes: 8.0,
            seconds: 0.5,
            ..CharacterizeSpec::default()
        };
        let c = characterize(&d, &spec).unwrap();
        let p = c.precondition.unwrap();
        let tail = &p.wa[p.wa.len() - 10..];
        let wa = tail.iter().sum::<f64>() / tail.len() as f64;
        let formula = write_amplification(0.28);
        assert!(
            (wa - formula).abs() / formula < 0.12,
            "steady-state WA {wa} vs formula {formula}"
        );
        // The cliff: fresh writes are faster than the steady state's.
        assert!(p.mbps[0] > 1.5 * p.mbps[p.mbps.len() - 1], "{:?}", p.mbps);
    }

    #[test]
    fn fresh_is_faster_than_steady_and_reads_match_their_page_time() {
        let d = small_ssd(0.25, 0.07);
        let c = characterize(
            &d,
            &CharacterizeSpec {
                seconds: 2.0,
                ..CharacterizeSpec::default()
            },
        )
        .unwrap();
        let row = |p: Pattern, s: DriveState, q: u32| {
            c.rows
                .iter()
                .find(|r| r.pattern == p && r.state == s && r.queue_depth == q)
                .unwrap()
                .clone()
        };
        let fresh = row(Pattern::RandWrite4k, DriveState::Fresh, 1);
        let steady = row(Pattern::RandWrite4k, DriveState::Steady, 1);
        assert!(
            fresh.mbps > steady.mbps,
            "{} vs {}",
            fresh.mbps,
            steady.mbps
        );
        assert!(steady.wa > 1.0 && fresh.wa == 1.0);
        // A 4 KB read is one page read: 4 KB / read time, the preset's own figure.
        let read = row(Pattern::RandRead4k, DriveState::Fresh, 1);
        let f = d.flash.as_ref().unwrap();
        let expect = 4.0 / 1024.0 / (f.read_us * 1e-6);
        assert!(
            (read.mbps - expect).abs() / expect < 1e-6,
            "{} vs {expect}",
            read.mbps
        );
        // One I/O at a time: queue depth 32 keeps the throughput and multiplies the latency (Little's law).
        let deep = row(Pattern::RandRead4k, DriveState::Fresh, 32);
        assert!((deep.mbps - read.mbps).abs() / read.mbps < 1e-3);
        assert!((deep.mean_ms / read.mean_ms - 32.0).abs() < 0.5);
    }

    /// Step `job` with `budget` until done; each step's progress never goes back.
    fn stepped(d: &Device, spec: &CharacterizeSpec, budget: u64) -> (Characterization, usize) {
        let d = tierplan_scenario::validate::validate_device(d.clone()).unwrap();
        let mut job = Characterizer::new(&d, spec).unwrap();
        let mut steps = 0;
        let mut last = job.progress();
        assert!(!last.done && job.result().is_none());
        loop {
            let p = job.step(budget);
            steps += 1;
            assert!(
                p.precondition_writes_done >= last.precondition_writes_done
                    && p.tests_done >= last.tests_done
            );
            last = p;
            if p.done {
                break;
            }
        }
        assert_eq!(last.precondition_writes_done, last.precondition_writes);
        assert_eq!(last.tests_done, last.tests);
        (job.result().unwrap(), steps)
    }

    #[test]
    fn the_stepped_job_equals_the_one_shot_call_wherever_its_steps_end() {
        // The per-page reference (every write timed), the scalable model
        // (a sample of each bucket timed, the rest applied) and a disk (no
        // preconditioning): small budgets cut buckets and tests anywhere.
        let mut scalable = preset("x25m");
        scalable.capacity_gb = 1.0;
        let cases = [
            (small_ssd(0.25, 0.07), SsdModelKind::Reference),
            (scalable, SsdModelKind::Scalable),
            (preset("hdd7200"), SsdModelKind::Scalable),
        ];
        for (d, model) in cases {
            let spec = CharacterizeSpec {
                queue_depths: vec![1, 8],
                seconds: 0.05,
                precondition_passes: 1.5,
                seed: 7,
                model,
            };
            let whole = characterize(&d, &spec).unwrap();
            for budget in [1, 4_099] {
                let (c, steps) = stepped(&d, &spec, budget);
                assert_eq!(c, whole, "{} budget {budget}", d.id);
                // A budget of one I/O ends a step after every write or test.
                assert!(
                    budget > 1 || steps >= c.rows.len(),
                    "{} budget {budget}: {steps} steps",
                    d.id
                );
            }
        }
    }

    #[test]
    fn a_step_of_the_reference_preconditioning_stops_at_its_budget() {
        // 1.5 passes of a 0.25 GB drive in 4 KB pages: about 100 000
        // writes, of which a step of 1 000 does 1 000 and no test.
        let d = tierplan_scenario::validate::validate_device(small_ssd(0.25, 0.07)).unwrap();
        let spec = CharacterizeSpec {
            precondition_passes: 1.5,
            seconds: 0.05,
            model: SsdModelKind::Reference,
            ..CharacterizeSpec::default()
        };
        let mut job = Characterizer::new(&d, &spec).unwrap();
        let p = job.step(1_000);
        assert!(!p.done);
        assert_eq!(p.precondition_writes_done, 1_000.0);
        assert!(p.precondition_writes > 30_000.0, "{p:?}");
        assert_eq!((p.tests_done, p.tests), (0, 2 * 5 * 4));
    }

    #[test]
    fn bad_input_names_the_field() {
        let d = small_ssd(0.25, 0.07);
        let e = characterize(
            &d,
            &CharacterizeSpec {
                queue_depths: vec![0],
                ..CharacterizeSpec::default()
            },
        )
        .unwrap_err();
        assert_eq!(e[0].path, "characterize.queue_depths");
        let e = characterize(
            &d,
            &CharacterizeSpec {
                seconds: -1.0,
                ..CharacterizeSpec::default()
            },
        )
        .unwrap_err();
        assert_eq!(e[0].path, "characterize.seconds");
        let mut bad = d.clone();
        bad.flash.as_mut().unwrap().pages_per_block = 0;
        let e = characterize(&bad, &CharacterizeSpec::default()).unwrap_err();
        assert_eq!(e[0].path, "device.flash.pages_per_block");
        let mut huge = d.clone();
        huge.capacity_gb = 4000.0;
        let e = characterize(&huge, &CharacterizeSpec::default()).unwrap_err();
        assert!(
            e[0].path == "characterize.precondition_passes" || e[0].path == "device.capacity_gb",
            "{e:?}"
        );
        let dram = tierplan_scenario::presets::device_presets()
            .into_iter()
            .find(|d| d.kind == DeviceKind::Dram)
            .unwrap();
        assert_eq!(
            characterize(&dram, &CharacterizeSpec::default()).unwrap_err()[0].path,
            "device.kind"
        );
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
        /// Any controller and geometry: a field-named error or a
        /// characterisation, never a panic.
        #[test]
        fn any_controller_gives_rows_or_field_errors(
            units in 0u32..70,
            channels in 0u32..80,
            channel_mbps in proptest::prop_oneof![proptest::strategy::Just(0.0), 1.0f64..5000.0, proptest::strategy::Just(f64::NAN)],
            queue_depth in 0u32..300,
            map_kb in proptest::prop_oneof![proptest::strategy::Just(0.0), 0.1f64..1024.0, proptest::strategy::Just(4.0), proptest::strategy::Just(16.0), proptest::strategy::Just(64.0)],
            page_kb in proptest::prop_oneof![proptest::strategy::Just(4.0), proptest::strategy::Just(16.0), 0.2f64..64.0],
            ppb in 0u32..300,
            reserve in 0u32..40,
            kiops in proptest::prop_oneof![proptest::strategy::Just(0.0), 0.01f64..2000.0, proptest::strategy::Just(-1.0)],
            gb in proptest::prop_oneof![proptest::strategy::Just(0.0), 0.01f64..50.0, proptest::strategy::Just(61_000.0)],
            model in proptest::prop_oneof![proptest::strategy::Just(SsdModelKind::Scalable), proptest::strategy::Just(SsdModelKind::Reference)],
        ) {
            let mut d = preset("x25m");
            d.capacity_gb = gb;
            let f = d.flash.as_mut().unwrap();
            f.units = Some(units);
            f.page_kb = page_kb;
            f.pages_per_block = ppb;
            let c = f.controller.as_mut().unwrap();
            c.channels = channels;
            c.channel_mbps = channel_mbps;
            c.queue_depth = queue_depth;
            c.map_kb = map_kb;
            c.gc_reserve_blocks = reserve;
            c.max_kiops = kiops;
            let spec = CharacterizeSpec {
                queue_depths: vec![1, 8],
                seconds: 0.002,
                precondition_passes: 0.01,
                model,
                ..CharacterizeSpec::default()
            };
            match characterize(&d, &spec) {
                Ok(c) => {
                    proptest::prop_assert!(!c.rows.is_empty());
                    for r in &c.rows {
                        proptest::prop_assert!(r.mbps.is_finite() && r.mbps >= 0.0, "{r:?}");
                    }
                }
                Err(e) => {
                    proptest::prop_assert!(!e.is_empty());
                    for x in &e {
                        proptest::prop_assert!(x.path.starts_with("device") || x.path.starts_with("characterize"), "{x:?}");
                        proptest::prop_assert!(!x.message.is_empty());
                    }
                }
            }
        }
    }

    #[test]
    fn bad_controller_fields_are_named() {
        let mut d = preset("x25m");
        let c = d.flash.as_mut().unwrap().controller.as_mut().unwrap();
        c.queue_depth = 0;
        c.map_kb = 6.0;
        c.channels = 11;
        let e = characterize(&d, &CharacterizeSpec::default()).unwrap_err();
        let paths: Vec<&str> = e.iter().map(|x| x.path.as_str()).collect();
        for p in [
            "device.flash.controller.queue_depth",
            "device.flash.controller.map_kb",
            "device.flash.controller.channels",
        ] {
            assert!(paths.contains(&p), "{p} missing in {e:?}");
        }
        // A mapping unit beyond the erase block.
        let mut d = preset("x25m");
        d.flash
            .as_mut()
            .unwrap()
            .controller
            .as_mut()
            .unwrap()
            .map_kb = 1024.0;
        let e = characterize(&d, &CharacterizeSpec::default()).unwrap_err();
        assert_eq!(e[0].path, "device.flash.controller.map_kb", "{e:?}");
        // 16 KB mapping units in 20 KB erase blocks leave a 10 MB drive's
        // spare flash in pieces no mapping unit fills: garbage collection
        // would find nothing to reclaim (the reference FTL stopped there).
        for model in [SsdModelKind::Reference, SsdModelKind::Scalable] {
            let mut d = preset("x25m");
            d.capacity_gb = 0.01;
            let f = d.flash.as_mut().unwrap();
            f.units = Some(15);
            f.pages_per_block = 5;
            f.controller.as_mut().unwrap().map_kb = 16.0;
            let spec = CharacterizeSpec {
                model,
                ..CharacterizeSpec::default()
            };
            let e = characterize(&d, &spec).unwrap_err();
            assert_eq!(e.len(), 1, "{e:?}");
            assert_eq!(e[0].path, "device.flash.spare_factor", "{e:?}");
            assert!(e[0].message.contains("divides the erase block"), "{e:?}");
            // Blocks of 4 pages hold 16 KB units whole: the drive is fine.
            d.flash.as_mut().unwrap().pages_per_block = 4;
            assert!(characterize(&d, &spec).is_ok());
        }
    }

    #[test]
    fn a_disk_is_characterised_in_one_state() {
        let hdd = request_device_presets()
            .into_iter()
            .find(|d| d.kind == DeviceKind::Hdd && d.hdd.is_some())
            .expect("a disk preset");
        let c = characterize(
            &hdd,
            &CharacterizeSpec {
                seconds: 1.0,
                queue_depths: vec![1],
                ..CharacterizeSpec::default()
            },
        )
        .unwrap();
        assert!(c.precondition.is_none());
        assert!(c
            .rows
            .iter()
            .all(|r| r.state == DriveState::Fresh && r.wa == 1.0));
        let seq = c
            .rows
            .iter()
            .find(|r| r.pattern == Pattern::SeqRead128k)
            .unwrap();
        let rnd = c
            .rows
            .iter()
            .find(|r| r.pattern == Pattern::RandRead4k)
            .unwrap();
        // Sequential reads skip positioning: far faster than random ones.
        assert!(seq.mbps > 20.0 * rnd.mbps, "{} vs {}", seq.mbps, rnd.mbps);
    }
}
