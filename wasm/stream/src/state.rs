//! What the event loop (`sim.rs`) and the cache policies (`policy/`) share:
//! the streams, the tiers' bandwidth counters and peaks, the clock, the
//! pending events and the arrival generator. It lives apart from both so a
//! policy reads and changes the engine's state without importing the loop
//! (and the loop never reaches into a policy's own tables).

use crate::plan::{Class, Plan, UNLIMITED};
use std::cmp::Ordering;
use std::collections::BinaryHeap;
use tierplan_kit::sampling::lookahead::Lookahead;
use tierplan_kit::sampling::rng::SimRng;

/// `a.min(b)` for operands that are never NaN (times, durations). Rust's
/// `f64::min` has C's `fmin` NaN rule, which WebAssembly has no instruction
/// for, so in wasm it becomes an out-of-line call to `fmin` on every event;
/// a compare-and-select is the same value for non-NaN operands on both
/// targets and stays inline.
#[inline(always)]
pub(crate) fn min_t(a: f64, b: f64) -> f64 {
    if b < a {
        b
    } else {
        a
    }
}

/// `a.max(b)` for operands that are never NaN (see [`min_t`]).
#[inline(always)]
pub(crate) fn max_t(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

/// The tier a stream reads from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Place {
    Disk = 0,
    File = 1,
    Buffer = 2,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Stream {
    pub(crate) slot: u32,
    pub(crate) title: u32,
    pub(crate) bw: u64,
    pub(crate) kbps: f64,
    pub(crate) start: f64,
    /// When the stream entered its current place (for time integrals).
    pub(crate) since: f64,
    pub(crate) place: Place,
    /// Bumped whenever a pending move-to-buffer becomes void, and on reuse.
    pub(crate) gen: u32,
    pub(crate) active: bool,
}

/// Whose event it is: a policy's timer (by the tier the policy manages)
/// or the engine's popularity churn. The values order events of equal time
/// (see [`Event`]), as they did when the kinds were named after what the
/// policies do (buffer: a move to the buffer; file: a fill done).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Kind {
    Buffer = 0,
    File = 1,
    Churn = 2,
}

/// A pending event, packed into 16 bytes for a cache-friendly heap: the
/// time's bit pattern (non-negative finite f64 bits order like the values)
/// and kind | id | gen. Ties are broken by the payload, so the pop order is a
/// pure function of the pushes — identical natively and in WebAssembly.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Event {
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
    pub(crate) fn t(&self) -> f64 {
        f64::from_bits(self.t_bits)
    }
    pub(crate) fn kind(&self) -> Kind {
        match self.payload >> 62 {
            0 => Kind::Buffer,
            1 => Kind::File,
            _ => Kind::Churn,
        }
    }
    pub(crate) fn id(&self) -> u32 {
        ((self.payload >> 32) & 0x3fff_ffff) as u32
    }
    pub(crate) fn gen(&self) -> u32 {
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
pub(crate) struct Acc {
    pub(crate) streams: [f64; 3],
    pub(crate) bw: [f64; 3],
}

/// The engine's state a policy may read and change.
pub(crate) struct State {
    pub(crate) rng: SimRng,
    /// Every draw of a replication goes through it (see lookahead.rs).
    pub(crate) draws: Lookahead,
    /// Replay only: the log window this replication replays (set by the
    /// job before `reset`) and the index of its next request.
    pub(crate) trace_window: usize,
    pub(crate) trace_next: usize,
    pub(crate) t: f64,
    pub(crate) events: BinaryHeap<Event>,
    pub(crate) streams: Vec<Stream>,
    // Popularity ring: rank r is slot (head + r) % n.
    pub(crate) head: u32,
    pub(crate) title: Vec<u32>,
    // Tier state.
    pub(crate) disk_used: u64,
    pub(crate) file_used: u64,
    pub(crate) buf_used: u64,
    pub(crate) egress_used: u64,
    pub(crate) n_disk: u64,
    pub(crate) n_file: u64,
    pub(crate) n_buf: u64,
    // Accounting.
    pub(crate) acc: Acc,
    pub(crate) peak_streams: u64,
    pub(crate) peak_disk: u64,
    pub(crate) peak_file: u64,
    pub(crate) peak_buf: u64,
    pub(crate) peak_egress: u64,
    pub(crate) events_done: u64,
    /// A tier's peak utilisation rose above `Plan::halt_above` in the
    /// measured window: the replication stops there (see `check_halt`).
    pub(crate) halted: bool,
}

impl State {
    pub(crate) fn new() -> State {
        State {
            rng: SimRng::new(0),
            draws: Lookahead::default(),
            trace_window: 0,
            trace_next: 0,
            t: 0.0,
            events: BinaryHeap::new(),
            streams: Vec::new(),
            head: 0,
            title: Vec::new(),
            disk_used: 0,
            file_used: 0,
            buf_used: 0,
            egress_used: 0,
            n_disk: 0,
            n_file: 0,
            n_buf: 0,
            acc: Acc::default(),
            peak_streams: 0,
            peak_disk: 0,
            peak_file: 0,
            peak_buf: 0,
            peak_egress: 0,
            events_done: 0,
            halted: false,
        }
    }

    /// The arrival after time t. Without a rate profile this is exactly the
    /// original `t + exp(λ)` (one draw, same bits: 0.0 + x == x), so
    /// constant-rate runs are unchanged; with one, inversion of the hourly
    /// rate (`arrivals.rs`), still one draw per arrival.
    #[inline]
    pub(crate) fn next_arrival_after(&mut self, p: &Plan, t: f64) -> f64 {
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
    pub(crate) fn slot_of_rank(&self, p: &Plan, rank: u32) -> u32 {
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
    pub(crate) fn class(&self, p: &Plan, slot: u32) -> Class {
        p.classes[p.slot_class[slot as usize] as usize]
    }

    #[inline]
    pub(crate) fn push(&mut self, t: f64, kind: Kind, id: u32, gen: u32) {
        self.events.push(Event::new(t, kind, id, gen));
    }

    /// Credit a stay in `place` over [since, until] ∩ [warm-up, duration].
    #[inline]
    pub(crate) fn account(&mut self, p: &Plan, place: Place, since: f64, until: f64, bw: u64) {
        let dt = min_t(until, p.duration) - max_t(since, p.warmup);
        if dt > 0.0 {
            let k = place as usize;
            self.acc.streams[k] += dt;
            self.acc.bw[k] += dt * bw as f64;
        }
    }

    pub(crate) fn note_peaks(&mut self, p: &Plan) {
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

    /// The buffer's peak only: a stream moved onto it (no other tier rose).
    pub(crate) fn note_peaks_buf(&mut self, p: &Plan) {
        if self.t >= p.warmup {
            self.peak_buf = self.peak_buf.max(self.buf_used);
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
}

/// A tier's peak utilisation: the most bandwidth used at once over what it
/// has (0 for an unlimited tier).
#[inline]
pub(crate) fn util_peak(used: u64, bw: u64) -> f64 {
    if bw >= UNLIMITED || bw == 0 {
        0.0
    } else {
        used as f64 / bw as f64
    }
}
