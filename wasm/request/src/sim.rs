//! The request-level simulation of one replication: segment requests arrive,
//! the web server reads each segment chunk by chunk (one chunk in flight per
//! request), every chunk passes the RAM cache and the flash policy
//! (`policy/`: which device operations the chunk becomes) and becomes I/Os
//! queued on devices with service times. The next event is the earliest of
//! the next arrival, the next device completion and the policy's timer — a
//! handful of candidates, so a linear scan beats a heap. I/Os and requests
//! live in slabs recycled through free lists.

use super::layout::Pieces;
use super::plan::Plan;
use super::policy::{self, AnyPolicy, Background, CachePolicy, ChunkOp, ChunkRead, Engine};
use super::result::Saturation;
use super::saturation::{self, Watch};
use super::workload::{Arrival, ArrivalStream, Library};
use std::fmt::Write as _;
use tierplan_kit::devices::{Hdd, IoOp, IoQueue, QueueStats, RamCache, Ssd};
use tierplan_kit::float;
use tierplan_kit::sampling::rng::SimRng;

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Part of a chunk read (disk or flash read, or a block-cache fill write
    /// on the critical path).
    Chunk,
    /// A policy's background flash write (ring feed, object fill piece).
    Background,
    /// A background fill's disk read (its flash write parked behind it).
    FillRead,
}

#[derive(Clone, Copy)]
struct Io {
    dev: u32,
    op: IoOp,
    kind: Kind,
    addr: u64,
    size: u64,
    arrived: f64,
    owner: u32,
    /// Next I/O parked until this one completes (a fill write after its
    /// disk read), and the next in that chain.
    parked: u32,
    /// Fill writes the block layer merged into this one (their owners
    /// complete with it), chained through `riders` of each.
    riders: u32,
    /// When the device started it, and how its service time divided
    /// (waiting on work already on its flash units; GC it triggered).
    started: f64,
    behind_s: f32,
    gc_s: f32,
}

thread_local! {
    /// The last steady-state layout this thread made, by what it depends on:
    /// a worker running a figure's many jobs lays the drive out once.
    static STEADY: std::cell::RefCell<Option<(String, Ssd)>> = const { std::cell::RefCell::new(None) };
}

/// Put `ssd` in the steady state of plan `p`'s drive (laid out with the
/// scenario's seed), from the thread's copy when it has one.
fn steady_layout(p: &Plan, ssd: &mut Ssd) {
    let key = format!(
        "{:?}|{:?}|{:?}|{}",
        p.ssd, p.ssd_controller, p.ssd_model, p.seed
    );
    STEADY.with(|cell| {
        let mut cell = cell.borrow_mut();
        match &*cell {
            Some((k, saved)) if *k == key => ssd.clone_from(saved),
            _ => {
                ssd.reset_steady(p.seed as u64);
                *cell = Some((key, ssd.clone()));
            }
        }
    });
}

/// Everything `Sim::new` sizes its tables from (the rate, the run's length
/// in replications and its warm-up do not count).
fn shape_key(p: &Plan) -> String {
    let mut w = p.w.clone();
    w.rate = 0.0;
    format!(
        "{w:?}|{}|{}|{}|{}|{:?}|{:?}|{:?}|{:?}|{}|{}|{:?}|{}|{:?}|{}",
        p.chunk,
        p.seed,
        p.disks,
        p.stripe,
        p.hdd,
        p.ssd,
        p.ssd_controller,
        p.ssd_model,
        p.read_priority,
        p.duration_s,
        p.policy,
        p.flash_bytes,
        p.block,
        p.ram_bytes,
    )
}

thread_local! {
    /// The simulation this thread finished last, by its shape: the next run
    /// of the same shape (a figure's next rate) resets it in place instead of
    /// allocating and filling its tables — hundreds of MB with a flash tier.
    static POOL: std::cell::RefCell<Option<(String, Sim)>> = const { std::cell::RefCell::new(None) };
}

/// A simulation taken from the thread's pool (or built), given back when
/// dropped. It dereferences to the `Sim`.
pub struct PooledSim {
    key: String,
    sim: Option<Sim>,
}

impl PooledSim {
    pub fn new(p: &Plan) -> PooledSim {
        let key = shape_key(p);
        let pooled = POOL.with(|cell| {
            let mut cell = cell.borrow_mut();
            match cell.take() {
                Some((k, sim)) if k == key => Some(sim),
                other => {
                    *cell = other;
                    None
                }
            }
        });
        let mut sim = pooled.unwrap_or_else(|| Sim::new(p));
        sim.export = None;
        PooledSim {
            key,
            sim: Some(sim),
        }
    }
}

impl std::ops::Deref for PooledSim {
    type Target = Sim;
    fn deref(&self) -> &Sim {
        self.sim.as_ref().expect("held until dropped")
    }
}

impl std::ops::DerefMut for PooledSim {
    fn deref_mut(&mut self) -> &mut Sim {
        self.sim.as_mut().expect("held until dropped")
    }
}

impl Drop for PooledSim {
    fn drop(&mut self) {
        if let Some(sim) = self.sim.take() {
            let key = std::mem::take(&mut self.key);
            // `try_with`: a thread being torn down just frees it.
            let _ = POOL.try_with(|cell| *cell.borrow_mut() = Some((key, sim)));
        }
    }
}

/// Largest request the block layer builds by merging (max_sectors_kb).
const MAX_MERGE: u64 = 512 * 1024;

/// Where a segment's time went, s: disk I/O, flash reads, waiting behind
/// other I/O on the SSD (its queue and its units' backlog), garbage
/// collection, and the rest (fill writes' own service, RAM).
#[derive(Debug, Clone, Copy, Default)]
pub struct Split {
    pub disk_s: f64,
    pub flash_read_s: f64,
    pub behind_s: f64,
    pub gc_s: f64,
    pub other_s: f64,
}

impl Split {
    pub fn add(&mut self, o: &Split) {
        self.disk_s += o.disk_s;
        self.flash_read_s += o.flash_read_s;
        self.behind_s += o.behind_s;
        self.gc_s += o.gc_s;
        self.other_s += o.other_s;
    }
}

/// Flash write sizes by 4 KB step: index k counts writes of (4(k−1), 4k]
/// KB; the last bin holds everything larger.
pub const WRITE_SIZE_BINS: usize = 1025;

#[derive(Clone, Copy)]
struct Req {
    arrived: f64,
    seg: u32,
    next_chunk: u32,
    chunks: u32,
    pending: u32,
    measured: bool,
    alive: bool,
    /// When the chunk in flight was issued.
    chunk_at: f64,
    /// When the last byte sent so far leaves the NIC (with a server).
    sent_at: f64,
    split: Split,
}

struct Device {
    /// I/Os waiting in the host: only while the device's queue is full.
    queue: IoQueue,
    /// Commands the device takes at once (its queue depth): 1 for a disk,
    /// the scenario's `ssd_queue_depth` for the SSD (its controller times
    /// commands that overlap on its dies).
    queue_depth: usize,
    /// The commands in service as (completion time, I/O), in the order
    /// they started.
    flight: Vec<(f64, u32)>,
    /// The earliest completion in flight; infinite when idle.
    done_at: f64,
    /// When the last command in flight completes: the device is busy
    /// until then, so its busy time is the union of its commands' service.
    busy_until: f64,
    stats: QueueStats,
}

impl Device {
    fn full(&self) -> bool {
        self.flight.len() >= self.queue_depth
    }
}

/// Bytes served by each tier and other counters of the measured period.
#[derive(Debug, Clone, Default)]
pub struct Counters {
    pub requests: u64,
    pub misses: u64,
    pub ram_bytes: u64,
    pub flash_bytes: u64,
    pub disk_bytes: u64,
    pub block_lookups: u64,
    pub block_hits: u64,
    pub ios: u64,
    /// Flash writes started in the measured period by size (`WRITE_SIZE_BINS`).
    pub write_sizes: Vec<u64>,
    /// Summed over measured requests.
    pub split: Split,
    pub nic: NicCounters,
}

/// The NIC queue over the measured period (model §11 with a server).
#[derive(Debug, Clone, Copy, Default)]
pub struct NicCounters {
    /// Time the NIC spent sending within the measured period, s.
    pub busy_s: f64,
    /// Bytes handed to it within the measured period.
    pub offered_bytes: u64,
    /// Chunks of measured requests and their summed wait before their
    /// first byte left, s.
    pub chunks: u64,
    pub wait_s: f64,
}

pub struct Sim {
    pub lib: Library,
    /// The requests (`workload::ArrivalStream`: common random numbers
    /// across rates) and the next one, due at `next_arrival`.
    arrivals: ArrivalStream,
    coming: Arrival,
    dev_rng: SimRng,
    pub now: f64,
    next_arrival: f64,
    /// Early stop (`stop_when_saturated`): the next checkpoint (infinite
    /// when off), what the checkpoints saw, and the verdict once stopped.
    next_check: f64,
    watch: Watch,
    pub saturated: Option<Saturation>,
    arrivals_end: f64,
    stop_at: f64,
    measuring: bool,
    /// When the NIC has sent everything handed to it so far.
    nic_free_at: f64,
    ios: Vec<Io>,
    free_ios: Vec<u32>,
    reqs: Vec<Req>,
    free_reqs: Vec<u32>,
    live_reqs: u32,
    devices: Vec<Device>,
    hdds: Vec<Hdd>,
    pub ssd: Option<Ssd>,
    ram: RamCache,
    /// The flash cache policy, what it answered once (`CachePolicy::indexed`,
    /// `fill_unit`) and its timer as of its last callback (read at every
    /// event, so kept here rather than asked for).
    policy: AnyPolicy,
    indexed: bool,
    fill_unit: u64,
    next_timer: f64,
    pub c: Counters,
    pub responses: Vec<f64>,
    pub events: u64,
    pub done: bool,
    /// CSV rows of the I/O stream when exporting, and how many more to keep.
    pub export: Option<(String, u64)>,
    /// What the policy asked for last (a chunk's device operations, its
    /// background work), kept to save an allocation each time.
    ops: Vec<ChunkOp>,
    bg: Vec<Background>,
}

impl Sim {
    pub fn new(p: &Plan) -> Sim {
        let lib = Library::new(&p.w, p.chunk);
        // The library's size only varies by the VBR draw; size the per-block
        // tables for a generous bound and fill them per replication.
        let mut probe = Library::new(&p.w, p.chunk);
        probe.draw_shared(&p.w, p.seed as u64);
        let bound = probe.bytes() + probe.bytes() / 4;
        let chunk_bound = (probe.chunks() as usize) * 5 / 4 + 16;
        let n_dev = p.disks as usize + p.ssd.is_some() as usize;
        let series_len = libm::ceil(p.duration_s) as usize;
        let devices = (0..n_dev)
            .map(|i| Device {
                queue: IoQueue::new(i == p.disks as usize && p.read_priority),
                queue_depth: 1,
                flight: Vec::new(),
                done_at: f64::INFINITY,
                busy_until: 0.0,
                stats: QueueStats::new(series_len),
            })
            .collect();
        let stroke = bound / p.disks as u64 + p.stripe;
        let policy = policy::make(p, bound, chunk_bound);
        Sim {
            arrivals: ArrivalStream::new(&p.w, p.arrival_clock(), p.seed as u64),
            coming: Arrival {
                at_s: 0.0,
                operational: 0.0,
                video: 0,
                segment: 0,
            },
            lib,
            dev_rng: SimRng::new(0),
            now: 0.0,
            next_arrival: 0.0,
            next_check: f64::INFINITY,
            watch: Watch::default(),
            saturated: None,
            arrivals_end: 0.0,
            stop_at: 0.0,
            measuring: false,
            nic_free_at: 0.0,
            ios: Vec::with_capacity(1024),
            free_ios: Vec::with_capacity(1024),
            reqs: Vec::with_capacity(256),
            free_reqs: Vec::with_capacity(256),
            live_reqs: 0,
            devices,
            hdds: (0..p.disks)
                .map(|_| Hdd::new(&p.hdd, stroke).with_capacity(p.disk_bytes))
                .collect(),
            ssd: p
                .ssd
                .as_ref()
                .map(|g| Ssd::with_model(g, p.ssd_controller.as_ref(), p.ssd_model)),
            ram: RamCache::new(chunk_bound, p.ram_bytes),
            indexed: policy.indexed(),
            fill_unit: policy.fill_unit(),
            next_timer: f64::INFINITY,
            policy,
            c: Counters::default(),
            responses: Vec::new(),
            events: 0,
            done: false,
            export: None,
            ops: Vec::new(),
            bg: Vec::with_capacity(4),
        }
    }

    /// Start replication with seed `seed`.
    pub fn reset(&mut self, p: &Plan, seed: u64) {
        self.lib.draw_shared(&p.w, seed);
        self.arrivals.restart(p.arrival_clock(), seed);
        self.coming = self.arrivals.next().expect("endless");
        self.dev_rng = SimRng::new(seed ^ 0x0d15_c0de_0000_0000);
        self.now = 0.0;
        self.next_arrival = self.coming.at_s;
        self.arrivals_end = p.warmup_s + p.duration_s;
        self.stop_at = self.arrivals_end + p.deadline_s;
        self.watch_saturation(p, seed);
        self.measuring = p.warmup_s <= 0.0;
        self.nic_free_at = 0.0;
        self.ios.clear();
        self.free_ios.clear();
        self.reqs.clear();
        self.free_reqs.clear();
        self.live_reqs = 0;
        let flash = Self::flash_dev(p) as usize;
        for (k, d) in self.devices.iter_mut().enumerate() {
            d.queue.clear();
            d.queue_depth = if k == flash {
                p.ssd_queue_depth.max(1) as usize
            } else {
                1
            };
            d.flight.clear();
            d.done_at = f64::INFINITY;
            d.busy_until = 0.0;
            d.stats.reset();
        }
        self.hdds.iter_mut().for_each(Hdd::reset);
        if let Some(s) = &mut self.ssd {
            if p.ssd_steady {
                // The drive's history before the run is the same in every
                // replication (laid out with the scenario's seed).
                steady_layout(p, s);
            } else {
                s.reset();
            }
        }
        self.ram.reset();
        let piece = self.fill_piece();
        self.policy.reset(p, &self.lib, piece);
        self.next_timer = self.policy.next_timer();
        self.c = Counters {
            write_sizes: vec![0; WRITE_SIZE_BINS],
            ..Counters::default()
        };
        self.responses.clear();
        self.responses
            .reserve((p.rate * p.duration_s * 1.05) as usize + 16);
        self.events = 0;
        self.done = false;
    }

    fn fill_piece(&self) -> u64 {
        // One erase block on every unit: large, erase-block-aligned writes.
        self.ssd
            .as_ref()
            .map_or(1 << 20, |s| s.erase_stripe_bytes())
    }

    // ---- I/O plumbing ----

    fn new_io(&mut self, io: Io) -> u32 {
        match self.free_ios.pop() {
            Some(i) => {
                self.ios[i as usize] = io;
                i
            }
            None => {
                self.ios.push(io);
                (self.ios.len() - 1) as u32
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn io(&mut self, dev: u32, op: IoOp, kind: Kind, addr: u64, size: u64, owner: u32) -> u32 {
        self.new_io(Io {
            dev,
            op,
            kind,
            addr,
            size,
            arrived: 0.0,
            owner,
            parked: NONE,
            riders: NONE,
            started: 0.0,
            behind_s: 0.0,
            gc_s: 0.0,
        })
    }

    fn submit(&mut self, p: &Plan, i: u32) {
        let now = self.now;
        let io = &mut self.ios[i as usize];
        io.arrived = now;
        let (dev, op, addr, size) = (io.dev as usize, io.op, io.addr, io.size);
        if let Some((text, left)) = &mut self.export {
            if *left > 0 {
                *left -= 1;
                let name = if dev < p.disks as usize {
                    p.disk_names[dev].as_str()
                } else {
                    "ssd"
                };
                let _ = writeln!(text, "{now:.6},{},{name},{addr},{size}", op.label());
            }
        }
        let d = &mut self.devices[dev];
        let is_write = op == IoOp::Write;
        if d.full() && is_write && dev == Self::flash_dev(p) as usize {
            // The block layer merges a write that continues the one queued
            // last into it; the device sees one request.
            if let Some(t) = d.queue.last(true) {
                let tail = self.ios[t as usize];
                let io = self.ios[i as usize];
                if tail.op == IoOp::Write
                    && tail.kind == Kind::Chunk
                    && io.kind == Kind::Chunk
                    && tail.addr + tail.size == io.addr
                    && tail.size + io.size <= MAX_MERGE
                {
                    self.ios[t as usize].size += io.size;
                    self.ios[i as usize].riders = tail.riders;
                    self.ios[t as usize].riders = i;
                    return;
                }
            }
        }
        if !d.full() && is_write && dev == Self::flash_dev(p) as usize {
            // A fill run of several blocks stands for as many 4 KB writes
            // released together: the first starts alone on the idle SSD and
            // the rest queue behind it, merged.
            let bb = self.fill_unit;
            let io = self.ios[i as usize];
            if io.kind == Kind::Chunk && bb > 0 && io.size > bb {
                self.ios[i as usize].size = bb;
                let rest = self.io(io.dev, io.op, io.kind, io.addr + bb, io.size - bb, io.owner);
                self.reqs[io.owner as usize].pending += 1;
                self.ios[rest as usize].arrived = now;
                let d = &mut self.devices[dev];
                d.stats.arrive(now);
                self.start(p, dev, i);
                let d = &mut self.devices[dev];
                d.stats.arrive(now);
                if d.full() {
                    d.queue.push(rest, true);
                } else {
                    // A free slot takes the merged rest at once.
                    self.start(p, dev, rest);
                }
                return;
            }
        }
        let d = &mut self.devices[dev];
        d.stats.arrive(now);
        if d.full() {
            d.queue.push(i, is_write);
        } else {
            self.start(p, dev, i);
        }
    }

    fn start(&mut self, p: &Plan, dev: usize, i: u32) {
        let io = self.ios[i as usize];
        let t = if dev < p.disks as usize {
            self.hdds[dev].service(io.addr, io.size, &mut self.dev_rng)
        } else {
            let ssd = self.ssd.as_mut().expect("flash device");
            let t = ssd.service_at(io.op, io.addr, io.size, self.now);
            let x = &mut self.ios[i as usize];
            x.behind_s = ssd.last.behind_s as f32;
            x.gc_s = ssd.last.gc_s as f32;
            if io.op == IoOp::Write && self.measuring {
                let k = (io.size.div_ceil(4096) as usize).min(WRITE_SIZE_BINS - 1);
                self.c.write_sizes[k] += 1;
            }
            t
        };
        self.ios[i as usize].started = self.now;
        let (now, end) = (self.now, self.now + t);
        let d = &mut self.devices[dev];
        d.flight.push((end, i));
        d.done_at = float::min(d.done_at, end);
        // Only the part past the commands already in service adds busy time.
        d.stats.busy(float::max(d.busy_until, now), end);
        d.busy_until = float::max(d.busy_until, end);
    }

    fn next_from_queue(&mut self, p: &Plan, dev: usize) -> Option<u32> {
        if p.scan && dev < p.disks as usize {
            let head = self.hdds[dev].head;
            let ios = &self.ios;
            self.devices[dev].queue.take_by(|q| {
                // Nearest address at or after the head, else the lowest.
                let mut best = 0;
                let mut best_key = (true, u64::MAX);
                for (k, &i) in q.iter().enumerate() {
                    let a = ios[i as usize].addr;
                    let key = if head != u64::MAX && a >= head {
                        (false, a - head)
                    } else {
                        (true, a)
                    };
                    if key < best_key {
                        best_key = key;
                        best = k;
                    }
                }
                best
            })
        } else {
            self.devices[dev].queue.pop()
        }
    }

    fn complete(&mut self, p: &Plan, dev: usize) {
        let d = &mut self.devices[dev];
        // The command that completes first (of a tie, the one started first).
        let k =
            (1..d.flight.len()).fold(0, |k, j| if d.flight[j].0 < d.flight[k].0 { j } else { k });
        let (at, i) = d.flight.remove(k);
        d.done_at = d
            .flight
            .iter()
            .fold(f64::INFINITY, |m, f| float::min(m, f.0));
        let io = self.ios[i as usize];
        self.now = at;
        let d = &mut self.devices[dev];
        d.stats.depart(self.now, io.arrived, io.size);
        self.c.ios += self.measuring as u64;
        self.events += 1;
        if let Some(n) = self.next_from_queue(p, dev) {
            self.start(p, dev, n);
        }
        // Release what waited for this I/O.
        let mut k = io.parked;
        while k != NONE {
            let next = self.ios[k as usize].parked;
            self.ios[k as usize].parked = NONE;
            self.submit(p, k);
            k = next;
        }
        self.free_ios.push(i);
        match io.kind {
            Kind::Chunk => {
                // The writes merged into this one complete with it.
                let mut k = io.riders;
                while k != NONE {
                    let rider = self.ios[k as usize];
                    self.free_ios.push(k);
                    self.chunk_io_done(p, rider.owner, &io, dev);
                    k = rider.riders;
                }
                self.chunk_io_done(p, io.owner, &io, dev);
            }
            Kind::Background => {
                let mut bg = std::mem::take(&mut self.bg);
                bg.clear();
                self.policy.background_done(&mut bg);
                self.next_timer = self.policy.next_timer();
                self.background(p, &bg);
                self.bg = bg;
            }
            // Only the last read of a piece carries its write.
            Kind::FillRead => {}
        }
    }

    /// One I/O of a request's chunk is done; the chunk is when none is left,
    /// and its time is put down to what the last I/O did.
    fn chunk_io_done(&mut self, p: &Plan, q: u32, io: &Io, dev: usize) {
        let r = &mut self.reqs[q as usize];
        r.pending -= 1;
        if r.pending > 0 {
            return;
        }
        if r.measured {
            let elapsed = self.now - r.chunk_at;
            let sojourn = (self.now - io.arrived).min(elapsed);
            let mut s = Split::default();
            if dev < p.disks as usize {
                s.disk_s = elapsed;
            } else {
                let waited = io.started - io.arrived;
                let service = self.now - io.started;
                let behind = (io.behind_s as f64).min(service);
                let gc = (io.gc_s as f64).min(service - behind);
                let own = service - behind - gc;
                // Waiting in the queue is waiting on the I/Os ahead, whose
                // time went to GC in the share it has of the flash's work.
                let share = self.ssd.as_ref().map_or(0.0, Ssd::gc_share);
                s.behind_s = waited * (1.0 - share) + behind;
                s.gc_s = gc + waited * share;
                if io.op == IoOp::Read {
                    s.flash_read_s = own;
                } else {
                    s.other_s = own;
                }
                // Before this I/O was submitted: the disk read a fill waits for.
                s.disk_s = elapsed - sojourn;
            }
            r.split.add(&s);
        }
        self.chunk_done(p, q);
    }

    // ---- requests and chunks ----

    fn arrive(&mut self, p: &Plan) {
        self.now = self.next_arrival;
        let (v, s) = (self.coming.video, self.coming.segment);
        self.coming = self.arrivals.next().expect("endless");
        self.next_arrival = self.coming.at_s;
        let g = self.lib.segment(v, s);
        let measured = self.now >= p.warmup_s;
        if measured {
            self.c.requests += 1;
        }
        let mut bg = std::mem::take(&mut self.bg);
        bg.clear();
        self.policy.arrival(v, self.now, &self.lib, &mut bg);
        self.next_timer = self.policy.next_timer();
        self.background(p, &bg);
        self.bg = bg;
        let req = Req {
            arrived: self.now,
            seg: g,
            next_chunk: 0,
            chunks: self.lib.chunk_count(g),
            pending: 0,
            measured,
            alive: true,
            chunk_at: self.now,
            sent_at: self.now,
            split: Split::default(),
        };
        let q = match self.free_reqs.pop() {
            Some(q) => {
                self.reqs[q as usize] = req;
                q
            }
            None => {
                self.reqs.push(req);
                (self.reqs.len() - 1) as u32
            }
        };
        self.live_reqs += 1;
        self.advance(p, q);
    }

    /// Issue chunks of request `q` until one waits on a device (RAM hits
    /// complete at once) or the segment is done.
    fn advance(&mut self, p: &Plan, q: u32) {
        loop {
            let r = self.reqs[q as usize];
            if r.next_chunk == r.chunks {
                self.request_done(p, q);
                return;
            }
            let (off, len, cid) = self.lib.chunk(r.seg, r.next_chunk);
            if self.ram.touch(cid).is_some() {
                if r.measured {
                    self.c.ram_bytes += len;
                }
                self.send(p, q, len);
                self.reqs[q as usize].next_chunk += 1;
                continue;
            }
            self.reqs[q as usize].chunk_at = self.now;
            self.issue_chunk(p, q, off, len, cid);
            if self.reqs[q as usize].pending > 0 {
                return;
            }
            self.reqs[q as usize].next_chunk += 1;
        }
    }

    fn chunk_done(&mut self, p: &Plan, q: u32) {
        let r = self.reqs[q as usize];
        let (_, len, cid) = self.lib.chunk(r.seg, r.next_chunk);
        let flag = self.policy.ram_flag(r.next_chunk);
        self.ram.insert(cid, len as u32, flag);
        self.send(p, q, len);
        self.reqs[q as usize].next_chunk += 1;
        self.advance(p, q);
    }

    fn request_done(&mut self, p: &Plan, q: u32) {
        let r = self.reqs[q as usize];
        if r.measured {
            // With a NIC the segment is delivered when its last byte leaves.
            let done = if p.nic.is_some() {
                self.now.max(r.sent_at)
            } else {
                self.now
            };
            let rt = done - r.arrived;
            if rt > p.deadline_s {
                self.c.misses += 1;
            }
            self.responses.push(rt);
            self.c.split.add(&r.split);
        }
        self.live_reqs -= 1;
        self.reqs[q as usize].alive = false;
        self.free_reqs.push(q);
    }

    /// Hand chunk bytes of request `q`, read at `now`, to the NIC: one FIFO
    /// server at the egress rate, so its departures follow Lindley's
    /// recursion (start = max(now, when the NIC is free)) and need no event
    /// of their own. The web server reads the next chunk meanwhile (the
    /// socket buffer decouples them). No server section: nothing to do.
    fn send(&mut self, p: &Plan, q: u32, len: u64) {
        let Some(nic) = &p.nic else {
            return;
        };
        let start = self.nic_free_at.max(self.now);
        let end = start + len as f64 / nic.bytes_per_s;
        self.nic_free_at = end;
        let r = &mut self.reqs[q as usize];
        r.sent_at = end;
        let n = &mut self.c.nic;
        if r.measured {
            n.chunks += 1;
            n.wait_s += start - self.now;
        }
        // The busy time and bytes of the measured period, [warm-up, end of
        // arrivals], the period the devices' utilisation is measured over.
        if self.now >= p.warmup_s && self.now < self.arrivals_end {
            n.offered_bytes += len;
        }
        let (lo, hi) = (start.max(p.warmup_s), end.min(self.arrivals_end));
        if hi > lo {
            n.busy_s += hi - lo;
        }
    }

    fn flash_dev(p: &Plan) -> u32 {
        p.disks
    }

    /// Ask the policy what chunk `cid` of request `q` becomes, and issue it.
    fn issue_chunk(&mut self, p: &Plan, q: u32, off: u64, len: u64, cid: u32) {
        let r = &self.reqs[q as usize];
        let (seg, index, measured) = (r.seg, r.next_chunk, r.measured);
        if self.indexed {
            self.index_lookup(p, q);
        }
        let c = ChunkRead {
            off,
            len,
            id: cid,
            seg,
            index,
        };
        self.ops.clear();
        let (devices, ios) = (&self.devices, &self.ios);
        let flash = Self::flash_dev(p) as usize;
        // Whether the SSD is writing or has I/O queued (`l2arc_norw`).
        let flash_busy = || {
            devices.get(flash).is_some_and(|d| {
                d.flight
                    .iter()
                    .any(|&(_, i)| ios[i as usize].op == IoOp::Write)
                    || d.queue.has_writes()
                    || !d.queue.is_empty()
            })
        };
        let engine = Engine {
            lib: &self.lib,
            flash_busy: &flash_busy,
        };
        let seen = self.policy.chunk(&c, &engine, &mut self.ops);
        if measured {
            self.c.block_lookups += seen.blocks;
            self.c.block_hits += seen.hits;
        }
        let mut k = 0;
        while k < self.ops.len() {
            match self.ops[k] {
                ChunkOp::FlashRead { addr, len } => {
                    self.flash_read(p, q, addr, len, measured);
                    k += 1;
                }
                ChunkOp::DiskRead {
                    off,
                    len,
                    served,
                    fills,
                } => {
                    if measured {
                        self.c.disk_bytes += served;
                    }
                    // The fill writes that follow wait for this read.
                    let end = (k + 1 + fills as usize).min(self.ops.len());
                    self.disk_read(p, q, off, len, k + 1..end);
                    k = end;
                }
                // A fill with no read before it is written at once.
                ChunkOp::FillWrite { addr, len } => {
                    let w = self.park_write(Self::flash_dev(p), addr, len, q, NONE);
                    self.submit(p, w);
                    k += 1;
                }
            }
        }
    }

    /// Read library bytes [off, off + len) for request `q`, piece by piece
    /// over the disks; the fill writes `self.ops[fills]` are written to flash
    /// after the last piece.
    fn disk_read(&mut self, p: &Plan, q: u32, off: u64, len: u64, fills: std::ops::Range<usize>) {
        if fills.is_empty() {
            for piece in Pieces::new(p.disks, p.stripe, off, len) {
                let r = self.io(
                    piece.disk,
                    IoOp::Read,
                    Kind::Chunk,
                    piece.addr,
                    piece.len,
                    q,
                );
                self.reqs[q as usize].pending += 1;
                self.submit(p, r);
            }
            return;
        }
        let mut pieces = Pieces::new(p.disks, p.stripe, off, len).peekable();
        while let Some(piece) = pieces.next() {
            let r = self.io(
                piece.disk,
                IoOp::Read,
                Kind::Chunk,
                piece.addr,
                piece.len,
                q,
            );
            self.reqs[q as usize].pending += 1;
            if pieces.peek().is_none() {
                let mut chain = NONE;
                for f in fills.clone().rev() {
                    if let ChunkOp::FillWrite { addr, len } = self.ops[f] {
                        chain = self.park_write(Self::flash_dev(p), addr, len, q, chain);
                    }
                }
                self.ios[r as usize].parked = chain;
            }
            self.submit(p, r);
        }
    }

    fn park_write(&mut self, dev: u32, addr: u64, size: u64, q: u32, chain: u32) -> u32 {
        let w = self.io(dev, IoOp::Write, Kind::Chunk, addr, size, q);
        self.ios[w as usize].parked = chain;
        self.reqs[q as usize].pending += 1;
        w
    }

    /// Issue a policy's background work.
    fn background(&mut self, p: &Plan, bg: &[Background]) {
        let dev = Self::flash_dev(p);
        for &b in bg {
            match b {
                Background::FlashWrite { addr, len } => {
                    let i = self.io(dev, IoOp::Write, Kind::Background, addr, len, NONE);
                    self.submit(p, i);
                }
                Background::Fill { off, len, addr } => {
                    let w = self.io(dev, IoOp::Write, Kind::Background, addr, len, NONE);
                    let mut last = NONE;
                    for piece in Pieces::new(p.disks, p.stripe, off, len) {
                        let r = self.io(
                            piece.disk,
                            IoOp::Read,
                            Kind::FillRead,
                            piece.addr,
                            piece.len,
                            NONE,
                        );
                        if last != NONE {
                            self.submit(p, last);
                        }
                        last = r;
                    }
                    // The write waits for the last read (reads of one piece
                    // on FIFO disks finish in order per disk; the last one
                    // issued carries the write).
                    if last == NONE {
                        self.submit(p, w);
                    } else {
                        self.ios[last as usize].parked = w;
                        self.submit(p, last);
                    }
                }
            }
        }
    }

    /// The policy's timer fired.
    fn timer(&mut self, p: &Plan) {
        self.now = self.next_timer;
        let mut bg = std::mem::take(&mut self.bg);
        bg.clear();
        self.policy.timer(self.now, &mut self.ram, &mut bg);
        self.next_timer = self.policy.next_timer();
        self.background(p, &bg);
        self.bg = bg;
    }

    /// A compact index (SkimpyStash) walks its chain on flash at every
    /// lookup, hit or miss: k/2 page reads on the critical path.
    fn index_lookup(&mut self, p: &Plan, q: u32) {
        let n = libm::round(p.index.flash_reads_per_lookup) as u64;
        if n == 0 {
            return;
        }
        let page = self.ssd.as_ref().map_or(4096, |s| s.page_bytes());
        let i = self.io(Self::flash_dev(p), IoOp::Read, Kind::Chunk, 0, n * page, q);
        self.reqs[q as usize].pending += 1;
        self.submit(p, i);
    }

    fn flash_read(&mut self, p: &Plan, q: u32, addr: u64, len: u64, measured: bool) {
        let dev = Self::flash_dev(p);
        let i = self.io(dev, IoOp::Read, Kind::Chunk, addr, len, q);
        self.reqs[q as usize].pending += 1;
        if measured {
            self.c.flash_bytes += len;
        }
        self.submit(p, i);
    }

    // ---- the event loop ----

    fn begin_measuring(&mut self, p: &Plan) {
        self.measuring = true;
        let t = p.warmup_s;
        for d in &mut self.devices {
            d.stats.restart(t);
            // The I/Os in service keep their share of busy time after t.
            if !d.flight.is_empty() {
                d.stats.busy(t, d.busy_until);
            }
        }
        if let Some(s) = &mut self.ssd {
            s.reset_counters();
        }
    }

    /// Process up to `budget` device completions; true when the replication
    /// is over.
    pub fn run(&mut self, p: &Plan, budget: u64) -> bool {
        let start = self.events;
        while self.events - start < budget {
            let mut dev = usize::MAX;
            let mut t_dev = f64::INFINITY;
            for (k, d) in self.devices.iter().enumerate() {
                if d.done_at < t_dev {
                    t_dev = d.done_at;
                    dev = k;
                }
            }
            let t_arr = if self.next_arrival < self.arrivals_end {
                self.next_arrival
            } else {
                f64::INFINITY
            };
            let t_timer = self.next_timer;
            let t = float::min(float::min(t_dev, t_arr), t_timer);
            if !self.measuring && t >= p.warmup_s {
                self.now = p.warmup_s;
                self.begin_measuring(p);
            }
            // (`next_check` is infinite when off or after the last one.)
            while t >= self.next_check && self.next_check.is_finite() {
                if self.checkpoint(p) {
                    return true;
                }
            }
            let idle = self.live_reqs == 0 && t_arr == f64::INFINITY;
            if t >= self.stop_at || (idle && t_dev == f64::INFINITY) {
                self.finish(p);
                return true;
            }
            if t_dev <= t_arr && t_dev <= t_timer {
                self.complete(p, dev);
            } else if t_arr <= t_timer {
                self.arrive(p);
                self.events += 1;
            } else if idle {
                // Nothing left to serve: stop the timer.
                self.policy.stop_timer();
                self.next_timer = self.policy.next_timer();
            } else {
                self.timer(p);
            }
        }
        false
    }

    /// Requests still running at the stop time have missed their deadline.
    fn finish(&mut self, p: &Plan) {
        let end = self.stop_at.min(self.now.max(self.arrivals_end));
        self.now = end;
        for d in &mut self.devices {
            d.stats.finish(end);
        }
        for r in &self.reqs {
            if r.alive && r.measured {
                self.c.misses += 1;
                self.responses.push((end - r.arrived).max(p.deadline_s));
            }
        }
        self.done = true;
    }

    // ---- early stop of a saturated replication (`saturation.rs`) ----

    /// Set up the checkpoints when the run asks for them: the measured
    /// requests of the whole period, counted on the arrival stream itself.
    fn watch_saturation(&mut self, p: &Plan, seed: u64) {
        self.saturated = None;
        self.next_check = f64::INFINITY;
        self.watch.backlog.clear();
        if !p.stop_when_saturated || p.duration_s <= 0.0 {
            return;
        }
        let end = self.arrivals_end;
        // The engine's stream, replayed from its first request.
        self.watch.period_requests = ArrivalStream::new(&p.w, p.arrival_clock(), seed)
            .take_while(|a| a.at_s < end)
            .filter(|a| a.at_s >= p.warmup_s)
            .count() as u64;
        self.watch.every_s = p.duration_s / saturation::CHECKPOINTS as f64;
        self.next_check = p.warmup_s + self.watch.every_s;
    }

    /// The checkpoint at `next_check` (every event before it is done):
    /// true when the rule stopped the replication there.
    fn checkpoint(&mut self, p: &Plan) -> bool {
        let at = self.next_check;
        let mut backlog = 0u32;
        let mut overdue = 0u64;
        for r in &self.reqs {
            if r.alive && r.measured {
                backlog += 1;
                // It completes at `at` or later, after its deadline.
                overdue += (at - r.arrived > p.deadline_s) as u64;
            }
        }
        self.watch.backlog.push(backlog);
        let certain = self.c.misses + overdue;
        let k = self.watch.backlog.len();
        let Some(lower) =
            saturation::saturated(&self.watch.backlog, certain, self.watch.period_requests)
        else {
            self.next_check = if k + 1 < saturation::CHECKPOINTS as usize {
                p.warmup_s + (k + 1) as f64 * self.watch.every_s
            } else {
                f64::INFINITY
            };
            return false;
        };
        // Stop here: the overdue requests' responses so far are lower
        // bounds of theirs; the rest of the backlog is not counted. Every
        // chunk was handed to the NIC by `at`, so its work past `at` is one
        // busy stretch up to when it is free: not in the measured period.
        let nic_after = self.nic_free_at.min(self.arrivals_end) - at;
        if nic_after > 0.0 {
            self.c.nic.busy_s -= nic_after;
        }
        self.now = at;
        for d in &mut self.devices {
            d.stats.finish(at);
        }
        for r in &self.reqs {
            if r.alive && r.measured && at - r.arrived > p.deadline_s {
                self.responses.push(at - r.arrived);
            }
        }
        self.c.misses = certain;
        self.saturated = Some(Saturation {
            stopped_at_s: at - p.warmup_s,
            miss_ratio_lower: lower,
        });
        self.next_check = f64::INFINITY;
        self.done = true;
        true
    }

    pub fn device_stats(&self) -> impl Iterator<Item = &QueueStats> {
        self.devices.iter().map(|d| &d.stats)
    }
}
