//! One replication of the stream-level model: a single event loop over a
//! binary heap (stream ends, interval-cache moves, file fills, churn), with
//! Poisson arrivals generated one ahead. All state lives in `Sim` and is
//! reused by the next replication, so the loop does not allocate per event.

use super::heap::IndexedHeap;
use crate::plan::{Class, Plan, BW_SCALE, DEVICE_TIME, UNLIMITED};
use crate::results::{FlashWear, ReplicationResult, TierMetrics};
use crate::server::ServerMetrics;
use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};
use tierplan_kit::analytics::lifetime_hours;
use tierplan_kit::sampling::lookahead::Lookahead;
use tierplan_kit::sampling::rng::SimRng;
use tierplan_scenario::*;

const NONE: u32 = u32::MAX;

/// Window entries of warm-up histories kept per thread, all histories
/// together (16 bytes each: at most about 48 MB).
const HISTORY_MEMO_ENTRIES: usize = 3_000_000;

/// A dynamic LFU's warm-start history as the draw loop leaves it: the
/// window's requests, their counts and the generator's state after them. It
/// depends on the seed, the arrival process and the popularity table only —
/// not on the devices — so an optimiser's candidates, which differ in their
/// device counts, all draw the same one per replication (a window of 24 h at
/// 8 arrivals/s is 700 000 draws, more than the 4 h run itself). It is drawn
/// once and copied: the run goes on from exactly the state it would have
/// drawn, so every result is the same bit for bit (a test checks it).
struct History {
    seed: u64,
    window: u64,
    lambda: u64,
    profile: Option<tierplan_kit::sampling::arrivals::RateSteps>,
    alias: tierplan_kit::sampling::alias::AliasTable,
    rng: SimRng,
    draws: Lookahead,
    counts: Vec<u32>,
    window_q: VecDeque<(f64, u32, u32)>,
    events: u64,
}

impl History {
    fn fits(&self, p: &Plan, seed: u64) -> bool {
        self.seed == seed
            && self.window == p.window.to_bits()
            && self.lambda == p.lambda.to_bits()
            && self.profile == p.profile
            && self.counts.len() == p.n as usize
            && self.alias == p.alias
    }
}

thread_local! {
    /// Histories kept, least recently used first.
    static HISTORIES: std::cell::RefCell<VecDeque<History>> =
        const { std::cell::RefCell::new(VecDeque::new()) };
}

/// Forget the kept warm-start histories of this thread and say how many
/// there were (tests compare runs with and without them).
pub fn forget_histories() -> usize {
    HISTORIES.with(|h| {
        let mut kept = h.borrow_mut();
        let n = kept.len();
        kept.clear();
        n
    })
}

/// `a.min(b)` for operands that are never NaN (times, durations). Rust's
/// `f64::min` has C's `fmin` NaN rule, which WebAssembly has no instruction
/// for, so in wasm it becomes an out-of-line call to `fmin` on every event;
/// a compare-and-select is the same value for non-NaN operands on both
/// targets and stays inline.
#[inline(always)]
fn min_t(a: f64, b: f64) -> f64 {
    if b < a {
        b
    } else {
        a
    }
}

/// `a.max(b)` for operands that are never NaN (see [`min_t`]).
#[inline(always)]
fn max_t(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Place {
    Disk = 0,
    File = 1,
    Buffer = 2,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ic {
    None,
    /// Cached, still reading the first Δ seconds from disk.
    CatchUp,
    /// Reading from the interval-cache buffer.
    Buffered,
}

#[derive(Clone, Copy, Debug)]
struct Stream {
    slot: u32,
    title: u32,
    bw: u64,
    kbps: f64,
    start: f64,
    /// When the stream entered its current place (for time integrals).
    since: f64,
    place: Place,
    ic: Ic,
    /// Buffer blocks (MB) reserved for this stream's interval.
    blocks: u64,
    /// Flash-buffer device time reserved for it (0 on DRAM).
    ic_cost: u64,
    /// Bumped whenever a pending move-to-buffer becomes void, and on reuse.
    gen: u32,
    active: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    MoveToBuffer = 0,
    FillDone = 1,
    Churn = 2,
}

/// A pending event, packed into 16 bytes for a cache-friendly heap: the
/// time's bit pattern (non-negative finite f64 bits order like the values)
/// and kind | id | gen. Ties are broken by the payload, so the pop order is a
/// pure function of the pushes — identical natively and in WebAssembly.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Event {
    t_bits: u64,
    payload: u64,
}

impl Event {
    fn new(t: f64, kind: Kind, id: u32, gen: u32) -> Event {
        debug_assert!(t >= 0.0 && t.is_finite());
        let k = kind as u64;
        Event {
            t_bits: t.to_bits(),
            payload: (k << 62) | ((id as u64 & 0x3fff_ffff) << 32) | gen as u64,
        }
    }
    fn t(&self) -> f64 {
        f64::from_bits(self.t_bits)
    }
    fn kind(&self) -> Kind {
        match self.payload >> 62 {
            0 => Kind::MoveToBuffer,
            1 => Kind::FillDone,
            _ => Kind::Churn,
        }
    }
    fn id(&self) -> u32 {
        ((self.payload >> 32) & 0x3fff_ffff) as u32
    }
    fn gen(&self) -> u32 {
        self.payload as u32
    }
}

impl PartialOrd for Event {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Event {
    /// Reversed, so `BinaryHeap` pops the earliest event.
    fn cmp(&self, o: &Self) -> Ordering {
        (o.t_bits, o.payload).cmp(&(self.t_bits, self.payload))
    }
}

/// Time integrals over the measured window: stream-seconds and
/// bandwidth-seconds per place. Accumulated per stream when it leaves a
/// place (not per event), which keeps the event loop short.
#[derive(Default, Clone, Copy)]
struct Acc {
    streams: [f64; 3],
    bw: [f64; 3],
}

pub struct Sim {
    rng: SimRng,
    /// Every draw of a replication goes through it (see lookahead.rs).
    draws: Lookahead,
    /// Replay only: the log window this replication replays (set by the
    /// job before `reset`) and the index of its next request.
    pub(crate) trace_window: usize,
    trace_next: usize,
    t: f64,
    next_arrival: f64,
    events: BinaryHeap<Event>,
    /// Stream ends, one FIFO per video class: all streams of a class last
    /// the same time, so their ends are pushed in time order and a queue is
    /// an exact (and much cheaper) priority queue for them. Every other
    /// event goes through the binary heap.
    ends: Vec<VecDeque<(f64, u32, u32)>>,
    streams: Vec<Stream>,
    free_ids: Vec<u32>,
    // Popularity ring: rank r is slot (head + r) % n.
    head: u32,
    title: Vec<u32>,
    last_stream: Vec<u32>,
    // Tier state.
    disk_used: u64,
    file_used: u64,
    buf_used: u64,
    buf_reserved: u64,
    buf_free_blocks: u64,
    n_disk: u64,
    n_file: u64,
    n_buf: u64,
    intervals: IndexedHeap,
    scratch: BinaryHeap<std::cmp::Reverse<(u64, u32)>>,
    victims: Vec<u32>,
    // File cache (LFU).
    cached: Vec<bool>,
    filling: Vec<bool>,
    readers: Vec<u32>,
    counts: Vec<u32>,
    window_q: VecDeque<(f64, u32, u32)>,
    lfu: IndexedHeap,
    file_free_kb: u64,
    fills_active: u32,
    // Accounting.
    acc: Acc,
    peak_streams: u64,
    peak_disk: u64,
    peak_file: u64,
    peak_buf: u64,
    arrivals: u64,
    rejections: u64,
    /// Rejections the server's egress turned away (model §10b); the rest
    /// were turned away by the storage tiers.
    rejections_egress: u64,
    egress_used: u64,
    peak_egress: u64,
    pub events_done: u64,
    /// A tier's peak utilisation rose above `Plan::halt_above` in the
    /// measured window: the replication stops there (see `check_halt`).
    pub halted: bool,
    admitted: u64,
    ended: u64,
    written_file_kb: f64,
    next_sample: f64,
    pub ts: [Vec<f64>; 4],
    pub check_invariants: bool,
}

impl Sim {
    pub fn new() -> Sim {
        Sim {
            rng: SimRng::new(0),
            draws: Lookahead::default(),
            trace_window: 0,
            trace_next: 0,
            t: 0.0,
            next_arrival: 0.0,
            events: BinaryHeap::new(),
            ends: Vec::new(),
            streams: Vec::new(),
            free_ids: Vec::new(),
            head: 0,
            title: Vec::new(),
            last_stream: Vec::new(),
            disk_used: 0,
            file_used: 0,
            buf_used: 0,
            buf_reserved: 0,
            buf_free_blocks: 0,
            n_disk: 0,
            n_file: 0,
            n_buf: 0,
            intervals: IndexedHeap::default(),
            scratch: BinaryHeap::new(),
            victims: Vec::new(),
            cached: Vec::new(),
            filling: Vec::new(),
            readers: Vec::new(),
            counts: Vec::new(),
            window_q: VecDeque::new(),
            lfu: IndexedHeap::default(),
            file_free_kb: 0,
            fills_active: 0,
            acc: Acc::default(),
            peak_streams: 0,
            peak_disk: 0,
            peak_file: 0,
            peak_buf: 0,
            arrivals: 0,
            rejections: 0,
            rejections_egress: 0,
            egress_used: 0,
            peak_egress: 0,
            events_done: 0,
            halted: false,
            admitted: 0,
            ended: 0,
            written_file_kb: 0.0,
            next_sample: 0.0,
            ts: Default::default(),
            check_invariants: false,
        }
    }

    /// Reset for a replication with the given seed, keeping allocations.
    #[inline(never)]
    pub fn reset(&mut self, p: &Plan, seed: u64) {
        let n = p.n as usize;
        self.rng = SimRng::new(seed);
        self.draws.clear();
        self.trace_next = 0;
        self.t = 0.0;
        self.events.clear();
        self.ends.resize_with(p.classes.len(), VecDeque::new);
        for q in &mut self.ends {
            q.clear();
        }
        self.streams.clear();
        self.free_ids.clear();
        self.head = 0;
        self.title.clear();
        self.title.resize(n, 0);
        self.last_stream.clear();
        self.last_stream.resize(n, NONE);
        self.disk_used = 0;
        self.file_used = 0;
        self.buf_used = 0;
        self.buf_reserved = 0;
        self.buf_free_blocks = p.ic_blocks;
        self.n_disk = 0;
        self.n_file = 0;
        self.n_buf = 0;
        self.intervals.clear();
        self.cached.clear();
        self.cached.resize(n, false);
        self.filling.clear();
        self.filling.resize(n, false);
        self.readers.clear();
        self.readers.resize(n, 0);
        self.counts.clear();
        self.counts.resize(n, 0);
        self.window_q.clear();
        self.lfu.clear();
        self.file_free_kb = p.file_cap_kb;
        self.fills_active = 0;
        self.acc = Acc::default();
        self.peak_streams = 0;
        self.peak_disk = 0;
        self.peak_file = 0;
        self.peak_buf = 0;
        self.arrivals = 0;
        self.rejections = 0;
        self.rejections_egress = 0;
        self.egress_used = 0;
        self.peak_egress = 0;
        self.events_done = 0;
        self.halted = false;
        self.admitted = 0;
        self.ended = 0;
        self.written_file_kb = 0.0;
        self.next_sample = 0.0;
        for v in &mut self.ts {
            v.clear();
        }
        if p.has_file {
            if p.dynamic_lfu && p.warm_start {
                self.warm_history(p, seed);
            } else if !p.dynamic_lfu {
                self.stage_static(p);
            }
        }
        if let Some((period, _)) = p.churn {
            self.push(period, Kind::Churn, 0, 0);
        }
        self.next_arrival = self.next_arrival_after(p, 0.0);
    }

    /// The arrival after time t. Without a rate profile this is exactly the
    /// original `t + exp(λ)` (one draw, same bits: 0.0 + x == x), so
    /// constant-rate runs are unchanged; with one, inversion of the hourly
    /// rate (`arrivals.rs`), still one draw per arrival.
    #[inline]
    fn next_arrival_after(&mut self, p: &Plan, t: f64) -> f64 {
        if let Some(trace) = &p.trace {
            // Times before the window (warm LFU history) do not exist in a
            // replay: the first request is the log's own first.
            return trace.time(self.trace_window, self.trace_next);
        }
        match &p.profile {
            None => t + self.draws.exp(&mut self.rng, p.lambda),
            Some(steps) => steps.after(t, self.draws.exp(&mut self.rng, 1.0)),
        }
    }

    #[inline]
    fn slot_of_rank(&self, p: &Plan, rank: u32) -> u32 {
        // head < n and rank < n, so one conditional subtraction replaces the
        // modulo (a 64-bit division per arrival, slowest in wasm).
        debug_assert!(self.head < p.n && rank < p.n);
        let s = self.head + rank;
        if s >= p.n {
            s - p.n
        } else {
            s
        }
    }

    #[inline]
    fn class(&self, p: &Plan, slot: u32) -> Class {
        p.classes[p.slot_class[slot as usize] as usize]
    }

    #[inline]
    fn push(&mut self, t: f64, kind: Kind, id: u32, gen: u32) {
        self.events.push(Event::new(t, kind, id, gen));
    }

    /// Static LFU: the most popular files that fit are staged before the run.
    fn stage_static(&mut self, p: &Plan) {
        for rank in 0..p.n {
            let slot = self.slot_of_rank(p, rank);
            let size = self.class(p, slot).size_kb;
            if size <= self.file_free_kb {
                self.file_free_kb -= size;
                self.cached[slot as usize] = true;
            }
        }
    }

    /// Take a kept history of this seed and arrival process (see
    /// [`History`]) if there is one: the state the draw loop would leave.
    #[inline(never)]
    fn recall_history(&mut self, p: &Plan, seed: u64) -> bool {
        if p.trace.is_some() {
            return false;
        }
        HISTORIES.with(|h| {
            let mut kept = h.borrow_mut();
            let Some(i) = kept.iter().position(|x| x.fits(p, seed)) else {
                return false;
            };
            // Most recently used last: the first is the one to drop.
            let x = kept.remove(i).expect("found");
            self.rng = x.rng.clone();
            self.draws = x.draws.clone();
            self.counts.clone_from(&x.counts);
            self.window_q.clone_from(&x.window_q);
            self.events_done = x.events;
            kept.push_back(x);
            true
        })
    }

    /// Keep the history just drawn for the next run of the same arrivals.
    #[inline(never)]
    fn keep_history(&mut self, p: &Plan, seed: u64) {
        if p.trace.is_some() || self.window_q.len() > HISTORY_MEMO_ENTRIES {
            return;
        }
        HISTORIES.with(|h| {
            let mut kept = h.borrow_mut();
            let mut held: usize = kept.iter().map(|x| x.window_q.len()).sum();
            // Make room from the least recently used history of other
            // arrivals only: a run of more seeds than fit keeps its first
            // ones (dropping its own would make a seed-by-seed scan miss
            // every time).
            let same = |x: &History| {
                x.window == p.window.to_bits()
                    && x.lambda == p.lambda.to_bits()
                    && x.profile == p.profile
            };
            while held + self.window_q.len() > HISTORY_MEMO_ENTRIES {
                let Some(i) = kept.iter().position(|x| !same(x)) else {
                    return;
                };
                let old = kept.remove(i).expect("found");
                held -= old.window_q.len();
            }
            kept.push_back(History {
                seed,
                window: p.window.to_bits(),
                lambda: p.lambda.to_bits(),
                profile: p.profile.clone(),
                alias: p.alias.clone(),
                rng: self.rng.clone(),
                draws: self.draws.clone(),
                counts: self.counts.clone(),
                window_q: self.window_q.clone(),
                events: self.events_done,
            });
        });
    }

    /// Dynamic LFU, warm start: one window of request history before t = 0,
    /// then the most-counted files that fit are staged.
    fn warm_history(&mut self, p: &Plan, seed: u64) {
        if !self.recall_history(p, seed) {
            let mut t = self.next_arrival_after(p, -p.window);
            while t < 0.0 {
                let rank = p.alias.pick(self.draws.uniform(&mut self.rng));
                let slot = self.slot_of_rank(p, rank);
                self.counts[slot as usize] += 1;
                self.window_q.push_back((t, slot, 0));
                self.events_done += 1;
                t = self.next_arrival_after(p, t);
            }
            self.keep_history(p, seed);
        }
        let mut order: Vec<u32> = (0..p.n).collect();
        // Most counted first; ties by popularity rank (slot = rank at t = 0).
        order.sort_by(|a, b| {
            self.counts[*b as usize]
                .cmp(&self.counts[*a as usize])
                .then(a.cmp(b))
        });
        for slot in order {
            let size = self.class(p, slot).size_kb;
            if size <= self.file_free_kb && self.counts[slot as usize] > 0 {
                self.file_free_kb -= size;
                self.cached[slot as usize] = true;
                self.lfu.insert(slot, self.lfu_key(slot));
            }
        }
    }

    #[inline]
    fn lfu_key(&self, slot: u32) -> u64 {
        let pinned = (self.readers[slot as usize] > 0) as u64;
        (pinned << 63) | ((self.counts[slot as usize] as u64) << 32) | slot as u64
    }

    #[inline]
    fn lfu_rekey(&mut self, slot: u32) {
        if self.lfu.contains(slot) {
            let k = self.lfu_key(slot);
            self.lfu.update(slot, k);
        }
    }

    /// Effective read bandwidth of the file cache while fills are running.
    #[inline]
    fn file_bw_now(&self, p: &Plan) -> u64 {
        if self.fills_active == 0 || p.file_interference == 0.0 {
            p.file_bw
        } else {
            let f = 1.0 - p.file_interference * self.fills_active as f64 / p.file_devices as f64;
            (p.file_bw as f64 * f).floor() as u64
        }
    }

    /// Advance the clock to `t`, integrating the piecewise-constant state over
    /// the measured window [warm-up, duration] and taking time-series samples.
    #[inline]
    fn advance(&mut self, p: &Plan, t: f64) {
        if p.timeseries {
            while self.next_sample <= t && self.next_sample <= p.duration {
                self.ts[0].push((self.n_disk + self.n_file + self.n_buf) as f64);
                self.ts[1].push(self.n_disk as f64);
                self.ts[2].push(self.n_file as f64);
                self.ts[3].push(self.n_buf as f64);
                self.next_sample += p.ts_interval;
            }
        }
        self.t = t;
    }

    /// Credit a stay in `place` over [since, until] ∩ [warm-up, duration].
    #[inline]
    fn account(&mut self, p: &Plan, place: Place, since: f64, until: f64, bw: u64) {
        let dt = min_t(until, p.duration) - max_t(since, p.warmup);
        if dt > 0.0 {
            let k = place as usize;
            self.acc.streams[k] += dt;
            self.acc.bw[k] += dt * bw as f64;
        }
    }

    /// At the end of the run, credit the streams still playing.
    #[inline(never)]
    fn flush(&mut self, p: &Plan) {
        for i in 0..self.streams.len() {
            let s = self.streams[i];
            if s.active {
                self.account(p, s.place, s.since, p.duration, s.bw);
            }
        }
    }

    fn note_peaks(&mut self, p: &Plan) {
        if self.t >= p.warmup {
            self.peak_streams = self
                .peak_streams
                .max(self.n_disk + self.n_file + self.n_buf);
            self.peak_disk = self.peak_disk.max(self.disk_used);
            self.peak_file = self.peak_file.max(self.file_used);
            self.peak_buf = self.peak_buf.max(self.buf_used);
            self.peak_egress = self.peak_egress.max(self.egress_used);
            if p.halt_above.is_some() {
                self.check_halt(p);
            }
        }
    }

    /// Whether a tier's peak so far is above `Plan::halt_above`, computed
    /// as the result reports it (`util_peak`): the run is then sure to
    /// break that ceiling whatever follows, since a peak never falls.
    #[inline(never)]
    fn check_halt(&mut self, p: &Plan) {
        let Some(limit) = p.halt_above else { return };
        let over = |used: u64, bw: u64| util_peak(used, bw) > limit;
        if over(self.peak_disk, p.disk_bw)
            || (p.has_file && over(self.peak_file, p.file_bw))
            || (p.has_ic && over(self.peak_buf, p.ic_bw))
        {
            self.halted = true;
        }
    }

    /// Process events until `budget` are done or the replication ends.
    /// Returns true when the replication is finished.
    ///
    /// What few events take (dynamic-LFU counting and fills, buffer moves,
    /// churn, evictions, invariant checks, the final flush) is kept out of
    /// line with `#[inline(never)]`: this loop is one function in wasm, and
    /// V8 keeps more of it in registers when it is smaller (HDD only +1.5 %
    /// in Node; native unchanged).
    pub fn run(&mut self, p: &Plan, budget: u64) -> bool {
        let stop = self.events_done + budget;
        while self.events_done < stop {
            if self.halted {
                return true;
            }
            let heap_t = self.events.peek().map_or(f64::INFINITY, |e| e.t());
            // Earliest stream end over the class queues (ties: lowest class).
            let (mut end_t, mut end_q) = (f64::INFINITY, 0);
            for (k, q) in self.ends.iter().enumerate() {
                if let Some(&(te, _, _)) = q.front() {
                    if te < end_t {
                        end_t = te;
                        end_q = k;
                    }
                }
            }
            // At equal times: arrival, then stream end, then heap events.
            let t = min_t(min_t(heap_t, end_t), self.next_arrival);
            if t > p.duration {
                self.advance(p, p.duration);
                self.flush(p);
                return true;
            }
            self.events_done += 1;
            self.advance(p, t);
            if self.next_arrival == t {
                self.arrival(p);
                self.next_arrival = self.next_arrival_after(p, t);
            } else if end_t == t {
                let (_, id, gen) = self.ends[end_q].pop_front().expect("peeked");
                self.end(p, id, gen);
            } else {
                let e = self.events.pop().expect("peeked");
                match e.kind() {
                    Kind::MoveToBuffer => self.move_to_buffer(p, e.id(), e.gen()),
                    Kind::FillDone => self.fill_done(p, e.id(), e.gen()),
                    Kind::Churn => self.churn(p),
                }
            }
            if self.check_invariants {
                self.check(p);
            }
        }
        false
    }

    fn alloc_stream(&mut self, s: Stream) -> u32 {
        match self.free_ids.pop() {
            Some(id) => {
                let gen = self.streams[id as usize].gen.wrapping_add(1);
                self.streams[id as usize] = Stream { gen, ..s };
                id
            }
            None => {
                self.streams.push(s);
                (self.streams.len() - 1) as u32
            }
        }
    }

    fn arrival(&mut self, p: &Plan) {
        let t = self.t;
        let measured = t >= p.warmup;
        if measured {
            self.arrivals += 1;
        }
        let rank = match &p.trace {
            None => p.alias.pick(self.draws.uniform(&mut self.rng)),
            Some(trace) => {
                self.trace_next += 1;
                trace.rank(self.trace_window, self.trace_next - 1)
            }
        };
        let slot = self.slot_of_rank(p, rank);
        let c = self.class(p, slot);
        if p.has_file && p.dynamic_lfu {
            self.count_request(p, slot);
        }
        // The network first: a stream the egress cannot carry is turned away
        // whatever tier holds its title (never, without a server section:
        // `egress_bw` is then `UNLIMITED`).
        if self.egress_used + c.bw > p.egress_bw {
            if measured {
                self.rejections += 1;
                self.rejections_egress += 1;
            }
            if p.has_file && p.dynamic_lfu {
                self.maybe_fill(p, slot);
            }
            return;
        }
        let place = if p.has_file
            && self.cached[slot as usize]
            && self.file_used + c.bw <= self.file_bw_now(p)
        {
            Place::File
        } else if self.disk_used + c.bw <= p.disk_bw {
            Place::Disk
        } else {
            if measured {
                self.rejections += 1;
            }
            if p.has_file && p.dynamic_lfu {
                self.maybe_fill(p, slot);
            }
            return;
        };
        let id = self.alloc_stream(Stream {
            slot,
            title: self.title[slot as usize],
            bw: c.bw,
            kbps: c.kbps,
            start: t,
            since: t,
            place,
            ic: Ic::None,
            blocks: 0,
            ic_cost: 0,
            gen: 0,
            active: true,
        });
        self.admitted += 1;
        self.egress_used += c.bw;
        match place {
            Place::File => {
                self.file_used += c.bw;
                self.n_file += 1;
                self.readers[slot as usize] += 1;
                if self.readers[slot as usize] == 1 {
                    self.lfu_rekey(slot);
                }
            }
            _ => {
                self.disk_used += c.bw;
                self.n_disk += 1;
                if p.has_ic {
                    self.try_cache_interval(p, id);
                }
            }
        }
        let gen = self.streams[id as usize].gen;
        self.ends[p.slot_class[slot as usize] as usize].push_back((t + c.len_s, id, gen));
        self.last_stream[slot as usize] = id;
        self.note_peaks(p);
        if p.has_file && p.dynamic_lfu && place != Place::File {
            self.maybe_fill(p, slot);
        }
    }

    /// Interval caching (model §6) for stream `j`, just admitted on disk.
    fn try_cache_interval(&mut self, p: &Plan, j: u32) {
        let sj = self.streams[j as usize];
        let i = self.last_stream[sj.slot as usize];
        if i == NONE {
            return;
        }
        let si = self.streams[i as usize];
        if !si.active || si.title != sj.title {
            return;
        }
        let delta = sj.start - si.start;
        // `f64::ceil` is exact, like `libm::ceil`, so the value is the same;
        // it is one instruction in wasm (`f64.ceil`) instead of a call.
        let need = max_t((delta * sj.kbps / 1024.0).ceil(), 1.0) as u64;
        if need > p.ic_blocks {
            return;
        }
        // A flash buffer must also carry the follower's reads.
        let cost = p.ic_cost[p.slot_class[sj.slot as usize] as usize];
        if self.buf_free_blocks < need || self.buf_reserved + cost > DEVICE_TIME {
            if p.greedy || !self.plan_evictions(p, need, cost) {
                return;
            }
            let victims = std::mem::take(&mut self.victims);
            for &v in &victims {
                self.evict_interval(p, v);
            }
            self.victims = victims;
        }
        self.buf_free_blocks -= need;
        self.buf_reserved += cost;
        let s = &mut self.streams[j as usize];
        s.ic = Ic::CatchUp;
        s.blocks = need;
        s.ic_cost = cost;
        let gen = s.gen;
        self.intervals.insert(j, !((need << 32) | j as u64));
        self.push(sj.start + delta, Kind::MoveToBuffer, j, gen);
    }

    /// Choose victims among cached intervals strictly larger than `need`,
    /// largest first, skipping any whose follower could not return to disk;
    /// true if evicting them makes room (blocks and, on flash, device time).
    #[inline(never)]
    fn plan_evictions(&mut self, p: &Plan, need: u64, cost: u64) -> bool {
        self.victims.clear();
        self.scratch.clear();
        if self.intervals.is_empty() {
            return false;
        }
        let mut free = self.buf_free_blocks;
        let mut reserved = self.buf_reserved;
        let mut disk_extra = 0u64;
        let fits = |free: u64, reserved: u64| free >= need && reserved + cost <= DEVICE_TIME;
        // Visit the min-heap of complemented keys in order: largest first.
        let (k0, _) = self.intervals.at(0);
        self.scratch.push(std::cmp::Reverse((k0, 0)));
        while let Some(std::cmp::Reverse((key, pos))) = self.scratch.pop() {
            let size = (!key) >> 32;
            if size <= need {
                break;
            }
            let (_, v) = self.intervals.at(pos as usize);
            let sv = &self.streams[v as usize];
            let returnable =
                sv.ic != Ic::Buffered || self.disk_used + disk_extra + sv.bw <= p.disk_bw;
            if returnable {
                if sv.ic == Ic::Buffered {
                    disk_extra += sv.bw;
                }
                free += sv.blocks;
                reserved -= sv.ic_cost;
                self.victims.push(v);
                if fits(free, reserved) {
                    return true;
                }
            }
            for c in [2 * pos as usize + 1, 2 * pos as usize + 2] {
                if c < self.intervals.len() {
                    self.scratch
                        .push(std::cmp::Reverse((self.intervals.at(c).0, c as u32)));
                }
            }
        }
        false
    }

    /// Drop stream `v`'s cached interval; a buffered follower returns to disk.
    #[inline(never)]
    fn evict_interval(&mut self, p: &Plan, v: u32) {
        self.intervals.remove(v);
        let t = self.t;
        let s = &mut self.streams[v as usize];
        let (since, bw, was_buffered) = (s.since, s.bw, s.ic == Ic::Buffered);
        self.buf_free_blocks += s.blocks;
        self.buf_reserved -= s.ic_cost;
        s.blocks = 0;
        s.ic_cost = 0;
        match s.ic {
            Ic::Buffered => {
                s.place = Place::Disk;
                s.since = t;
                self.buf_used -= s.bw;
                self.disk_used += s.bw;
                self.n_buf -= 1;
                self.n_disk += 1;
            }
            // A pending move-to-buffer finds `ic` no longer CatchUp and is void.
            Ic::CatchUp => {}
            Ic::None => {}
        }
        s.ic = Ic::None;
        if was_buffered {
            self.account(p, Place::Buffer, since, t, bw);
        }
    }

    #[inline(never)]
    fn move_to_buffer(&mut self, p: &Plan, j: u32, gen: u32) {
        let s = &mut self.streams[j as usize];
        if !s.active || s.gen != gen || s.ic != Ic::CatchUp {
            // Evicted while catching up, or a later occupant of the slot.
            return;
        }
        s.ic = Ic::Buffered;
        s.place = Place::Buffer;
        let (since, bw) = (s.since, s.bw);
        s.since = self.t;
        self.disk_used -= s.bw;
        self.buf_used += s.bw;
        self.n_disk -= 1;
        self.n_buf += 1;
        self.note_peaks_buf(p);
        self.account(p, Place::Disk, since, self.t, bw);
    }

    fn note_peaks_buf(&mut self, p: &Plan) {
        if self.t >= p.warmup {
            self.peak_buf = self.peak_buf.max(self.buf_used);
            if p.halt_above.is_some() {
                self.check_halt(p);
            }
        }
    }

    fn end(&mut self, p: &Plan, id: u32, gen: u32) {
        let s = self.streams[id as usize];
        assert!(s.active && s.gen == gen, "stream {id} ended twice");
        self.egress_used -= s.bw;
        match s.place {
            Place::Disk => {
                self.disk_used -= s.bw;
                self.n_disk -= 1;
            }
            Place::File => {
                self.file_used -= s.bw;
                self.n_file -= 1;
                let r = &mut self.readers[s.slot as usize];
                *r -= 1;
                if *r == 0 {
                    self.lfu_rekey(s.slot);
                }
            }
            Place::Buffer => {
                self.buf_used -= s.bw;
                self.n_buf -= 1;
            }
        }
        if s.ic != Ic::None {
            self.intervals.remove(id);
            self.buf_free_blocks += s.blocks;
            self.buf_reserved -= s.ic_cost;
        }
        if self.last_stream[s.slot as usize] == id {
            self.last_stream[s.slot as usize] = NONE;
        }
        let st = &mut self.streams[id as usize];
        st.active = false;
        st.ic = Ic::None;
        st.blocks = 0;
        self.free_ids.push(id);
        self.ended += 1;
        self.account(p, s.place, s.since, self.t, s.bw);
    }

    /// Dynamic LFU bookkeeping for a request of `slot` at the current time.
    #[inline(never)]
    fn count_request(&mut self, p: &Plan, slot: u32) {
        let horizon = self.t - p.window;
        while let Some(&(t0, s0, title0)) = self.window_q.front() {
            if t0 > horizon {
                break;
            }
            self.window_q.pop_front();
            if self.title[s0 as usize] == title0 {
                self.counts[s0 as usize] -= 1;
                self.lfu_rekey(s0);
            }
        }
        self.counts[slot as usize] += 1;
        self.window_q
            .push_back((self.t, slot, self.title[slot as usize]));
        self.lfu_rekey(slot);
    }

    /// Dynamic LFU replacement: fill `slot` if its count beats the least
    /// counted unpinned cached file, one fill per SSD at a time.
    #[inline(never)]
    fn maybe_fill(&mut self, p: &Plan, slot: u32) {
        let si = slot as usize;
        if self.cached[si] || self.filling[si] || self.fills_active >= p.file_devices {
            return;
        }
        let size = self.class(p, slot).size_kb;
        if size > p.file_cap_kb {
            return;
        }
        let count = self.counts[si] as u64;
        // Would the fill's read slowdown break admitted streams?
        if p.file_interference > 0.0 {
            let f =
                1.0 - p.file_interference * (self.fills_active + 1) as f64 / p.file_devices as f64;
            if self.file_used as f64 > p.file_bw as f64 * f {
                return;
            }
        }
        while self.file_free_kb < size {
            match self.lfu.peek() {
                Some((key, victim))
                    if key >> 63 == 0 && ((key >> 32) & 0x7fff_ffff) + p.margin < count =>
                {
                    self.lfu.remove(victim);
                    self.cached[victim as usize] = false;
                    self.file_free_kb += self.class(p, victim).size_kb;
                }
                _ => return,
            }
        }
        self.file_free_kb -= size;
        self.filling[si] = true;
        self.fills_active += 1;
        let dur = size as f64 / p.file_write_kbps;
        let title = self.title[si];
        self.push(self.t + dur, Kind::FillDone, slot, title);
    }

    #[inline(never)]
    fn fill_done(&mut self, p: &Plan, slot: u32, title: u32) {
        self.fills_active -= 1;
        let size = self.class(p, slot).size_kb;
        // Writes count toward wear in proportion to their overlap with the
        // measured window.
        let dur = size as f64 / p.file_write_kbps;
        let start = self.t - dur;
        let overlap = (self.t.min(p.duration) - start.max(p.warmup)).max(0.0);
        self.written_file_kb += size as f64 * if dur > 0.0 { overlap / dur } else { 1.0 };
        let si = slot as usize;
        if self.title[si] != title || !self.filling[si] {
            // The title left the catalogue while it was being written; the
            // churn already released its space.
            return;
        }
        self.filling[si] = false;
        self.cached[si] = true;
        self.lfu.insert(slot, self.lfu_key(slot));
    }

    /// Popularity churn: K new titles take the top ranks, the K least popular
    /// leave (their slots are reused for the new titles).
    #[inline(never)]
    fn churn(&mut self, p: &Plan) {
        let (period, k) = p.churn.expect("churn event without churn");
        let n = p.n;
        self.head = (self.head + n - k % n) % n;
        for r in 0..k.min(n) {
            let slot = self.slot_of_rank(p, r);
            let si = slot as usize;
            self.title[si] = self.title[si].wrapping_add(1);
            self.last_stream[si] = NONE;
            self.counts[si] = 0;
            // The departing title's space is reclaimed at once; streams still
            // playing it finish from the blocks they have (an assumption:
            // the model does not pin departed files).
            if self.cached[si] {
                self.cached[si] = false;
                if self.lfu.contains(slot) {
                    self.lfu.remove(slot);
                }
                self.file_free_kb += self.class(p, slot).size_kb;
            }
            // A fill in progress is voided by the title check in fill_done.
            if self.filling[si] {
                self.filling[si] = false;
                self.file_free_kb += self.class(p, slot).size_kb;
            }
        }
        self.push(self.t + period, Kind::Churn, 0, 0);
    }

    #[inline(never)]
    fn check(&self, p: &Plan) {
        assert!(
            self.egress_used <= p.egress_bw
                && self.egress_used == self.disk_used + self.file_used + self.buf_used,
            "egress over its limit or out of step with the tiers at t={}",
            self.t
        );
        assert!(
            self.disk_used <= p.disk_bw,
            "disk over bandwidth at t={}",
            self.t
        );
        assert!(
            self.file_used <= self.file_bw_now(p),
            "file cache over bandwidth at t={}",
            self.t
        );
        assert!(
            self.buf_free_blocks <= p.ic_blocks,
            "buffer accounting broken at t={}",
            self.t
        );
        if p.ic_flash {
            assert!(
                self.buf_reserved <= DEVICE_TIME,
                "flash buffer over bandwidth at t={}",
                self.t
            );
        }
        assert!(
            self.file_free_kb <= p.file_cap_kb,
            "file cache over capacity at t={}",
            self.t
        );
        let active = self.n_disk + self.n_file + self.n_buf;
        assert_eq!(
            self.admitted,
            self.ended + active,
            "streams lost at t={}",
            self.t
        );
        // Full recount: the counters equal the sums over active streams.
        let (mut d, mut f, mut b, mut blocks, mut cost) = (0u64, 0u64, 0u64, 0u64, 0u64);
        for s in self.streams.iter().filter(|s| s.active) {
            match s.place {
                Place::Disk => d += s.bw,
                Place::File => f += s.bw,
                Place::Buffer => b += s.bw,
            }
            blocks += s.blocks;
            cost += s.ic_cost;
        }
        assert_eq!(
            cost, self.buf_reserved,
            "flash buffer device time drifts at t={}",
            self.t
        );
        assert_eq!(
            (d, f, b),
            (self.disk_used, self.file_used, self.buf_used),
            "bandwidth counters drift at t={}",
            self.t
        );
        assert_eq!(
            blocks + self.buf_free_blocks,
            p.ic_blocks,
            "buffer blocks drift at t={}",
            self.t
        );
    }

    /// Metrics of the finished replication.
    #[inline(never)]
    pub fn result(&self, p: &Plan, seed: u32) -> ReplicationResult {
        let span = p.duration - p.warmup;
        let a = self.acc;
        let to_mb = |units_s: f64| units_s / BW_SCALE / 1024.0;
        let util = |area: f64, bw: u64| {
            if bw >= UNLIMITED || bw == 0 {
                0.0
            } else {
                area / (span * bw as f64)
            }
        };
        let peak = util_peak;
        let mut tiers = vec![TierMetrics {
            role: TierRole::Disk,
            avg_streams: a.streams[0] / span,
            util_mean: util(a.bw[0], p.disk_bw),
            util_peak: peak(self.peak_disk, p.disk_bw),
            read_mb: to_mb(a.bw[0]),
            written_mb: 0.0,
        }];
        let mut flash = Vec::new();
        let file_written_mb = self.written_file_kb / 1024.0;
        if p.has_file {
            tiers.push(TierMetrics {
                role: TierRole::FileCache,
                avg_streams: a.streams[1] / span,
                util_mean: util(a.bw[1], p.file_bw),
                util_peak: peak(self.peak_file, p.file_bw),
                read_mb: to_mb(a.bw[1]),
                written_mb: file_written_mb,
            });
            if let Some((cap, pe, cost)) = p.file_flash {
                flash.push(wear(
                    TierRole::FileCache,
                    file_written_mb / span,
                    1.0,
                    cap,
                    pe,
                    cost,
                ));
            }
        }
        if p.has_ic {
            let buf_mb = to_mb(a.bw[2]);
            tiers.push(TierMetrics {
                role: TierRole::IntervalCache,
                avg_streams: a.streams[2] / span,
                util_mean: util(a.bw[2], p.ic_bw),
                util_peak: peak(self.peak_buf, p.ic_bw),
                read_mb: buf_mb,
                // Every byte a follower reads from the buffer was written
                // there once by its predecessor.
                written_mb: buf_mb,
            });
            if let Some((cap, pe, cost, wa)) = p.ic_wear {
                flash.push(wear(
                    TierRole::IntervalCache,
                    buf_mb / span,
                    wa,
                    cap,
                    pe,
                    cost,
                ));
            }
        }
        let all_read: f64 = tiers.iter().map(|t| t.read_mb).sum();
        // fold from +0.0: an empty f64 sum is −0.0.
        let cache_read: f64 = tiers
            .iter()
            .filter(|t| t.role != TierRole::Disk)
            .map(|t| t.read_mb)
            .fold(0.0, |a, b| a + b);
        let avg_streams = (a.streams[0] + a.streams[1] + a.streams[2]) / span;
        ReplicationResult {
            seed,
            events: self.events_done,
            arrivals: self.arrivals,
            rejections: self.rejections,
            rejection_probability: if self.arrivals == 0 {
                0.0
            } else {
                self.rejections as f64 / self.arrivals as f64
            },
            avg_streams,
            buffered_streams: a.streams[2] / span,
            hit_ratio: if all_read > 0.0 {
                cache_read / all_read
            } else {
                0.0
            },
            peak_streams: self.peak_streams,
            halted: self.halted,
            streams_per_dollar: if p.capital_cost > 0.0 {
                avg_streams / p.capital_cost
            } else {
                0.0
            },
            tiers,
            flash,
            server: (p.egress_bw < UNLIMITED).then(|| ServerMetrics {
                rejections_egress: self.rejections_egress,
                rejections_storage: self.rejections - self.rejections_egress,
                egress_util_mean: util(a.bw[0] + a.bw[1] + a.bw[2], p.egress_bw),
                egress_util_peak: peak(self.peak_egress, p.egress_bw),
            }),
        }
    }
}

/// A tier's peak utilisation: the most bandwidth used at once over what it
/// has (0 for an unlimited tier).
#[inline]
fn util_peak(used: u64, bw: u64) -> f64 {
    if bw >= UNLIMITED || bw == 0 {
        0.0
    } else {
        used as f64 / bw as f64
    }
}

fn wear(role: TierRole, w_mbps: f64, wa: f64, cap_gb: f64, pe: u32, cost: f64) -> FlashWear {
    let lifetime_h = if w_mbps > 0.0 {
        Some(lifetime_hours(cap_gb, pe, w_mbps, wa))
    } else {
        None
    };
    FlashWear {
        role,
        host_write_mbps: w_mbps,
        write_amplification: wa,
        lifetime_h,
        replacement_cost_per_year: lifetime_h.map_or(0.0, |h| cost * 8766.0 / h),
    }
}
