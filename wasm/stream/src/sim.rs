//! One replication of the stream-level model: a single event loop over a
//! binary heap (the cache policies' timers, churn) and one queue of stream
//! ends per class, with Poisson arrivals generated one ahead. The loop
//! admits streams to the tiers and keeps their bandwidth; what the caches
//! hold is their policies' (`policy/`), told of each event by a hook. All
//! state is reused by the next replication, so the loop does not allocate
//! per event.

use crate::plan::{Plan, BW_SCALE, UNLIMITED};
use crate::policy::{self, AnyPolicy, CachePolicy};
use crate::results::{FlashWear, ReplicationResult, TierMetrics};
use crate::server::ServerMetrics;
use crate::state::{min_t, util_peak, Kind, Place, State, Stream};
use std::collections::VecDeque;
use tierplan_kit::analytics::lifetime_hours;
use tierplan_scenario::*;

pub struct Sim {
    lp: Loop,
    /// The file tier's policy (LFU) and the buffer's (interval caching).
    file: AnyPolicy,
    buffer: AnyPolicy,
}

/// The event loop's own state, apart from the policies so the loop can run
/// with each pair of them as its own types (see [`Sim::run`]).
struct Loop {
    /// What the policies may read and change: clock, streams, tiers.
    st: State,
    next_arrival: f64,
    /// Stream ends, one FIFO per video class: all streams of a class last
    /// the same time, so their ends are pushed in time order and a queue is
    /// an exact (and much cheaper) priority queue for them. Every other
    /// event goes through the binary heap.
    ends: Vec<VecDeque<(f64, u32, u32)>>,
    free_ids: Vec<u32>,
    arrivals: u64,
    rejections: u64,
    /// Rejections the server's egress turned away (model §10b); the rest
    /// were turned away by the storage tiers.
    rejections_egress: u64,
    admitted: u64,
    ended: u64,
    next_sample: f64,
    ts: [Vec<f64>; 4],
    check_invariants: bool,
}

impl Sim {
    pub fn new() -> Sim {
        Sim {
            lp: Loop {
                st: State::new(),
                next_arrival: 0.0,
                ends: Vec::new(),
                free_ids: Vec::new(),
                arrivals: 0,
                rejections: 0,
                rejections_egress: 0,
                admitted: 0,
                ended: 0,
                next_sample: 0.0,
                ts: Default::default(),
                check_invariants: false,
            },
            file: AnyPolicy::None(policy::NoCache),
            buffer: AnyPolicy::None(policy::NoCache),
        }
    }

    /// The time series of the replication (`Plan::timeseries`).
    pub fn ts(&self) -> &[Vec<f64>; 4] {
        &self.lp.ts
    }

    /// Check the invariants after every event (slow; for tests).
    pub fn set_check_invariants(&mut self, on: bool) {
        self.lp.check_invariants = on;
    }

    /// Events processed so far in this replication.
    pub fn events_done(&self) -> u64 {
        self.lp.st.events_done
    }

    /// Whether the replication stopped at `Plan::halt_above`.
    pub fn halted(&self) -> bool {
        self.lp.st.halted
    }

    /// Replay only: the log window the next replication replays.
    pub fn set_trace_window(&mut self, w: usize) {
        self.lp.st.trace_window = w;
    }

    /// Reset for a replication with the given seed, keeping allocations.
    #[inline(never)]
    pub fn reset(&mut self, p: &Plan, seed: u64) {
        let n = p.n as usize;
        let lp = &mut self.lp;
        let st = &mut lp.st;
        st.rng = tierplan_kit::sampling::rng::SimRng::new(seed);
        st.draws.clear();
        st.trace_next = 0;
        st.t = 0.0;
        st.events.clear();
        lp.ends.resize_with(p.classes.len(), VecDeque::new);
        for q in &mut lp.ends {
            q.clear();
        }
        st.streams.clear();
        lp.free_ids.clear();
        st.head = 0;
        st.title.clear();
        st.title.resize(n, 0);
        st.disk_used = 0;
        st.file_used = 0;
        st.buf_used = 0;
        st.n_disk = 0;
        st.n_file = 0;
        st.n_buf = 0;
        st.acc = Default::default();
        st.peak_streams = 0;
        st.peak_disk = 0;
        st.peak_file = 0;
        st.peak_buf = 0;
        lp.arrivals = 0;
        lp.rejections = 0;
        lp.rejections_egress = 0;
        st.egress_used = 0;
        st.peak_egress = 0;
        st.events_done = 0;
        st.halted = false;
        lp.admitted = 0;
        lp.ended = 0;
        lp.next_sample = 0.0;
        for v in &mut lp.ts {
            v.clear();
        }
        policy::keep_or_make(&mut self.buffer, p, policy::buffer);
        policy::keep_or_make(&mut self.file, p, policy::file);
        // The file policy may draw a warm-up history from the generator.
        self.buffer.reset(p, &mut self.lp.st, seed);
        self.file.reset(p, &mut self.lp.st, seed);
        if let Some((period, _)) = p.churn {
            self.lp.st.push(period, Kind::Churn, 0, 0);
        }
        self.lp.next_arrival = self.lp.st.next_arrival_after(p, 0.0);
    }

    /// Process events until `budget` are done or the replication ends.
    /// Returns true when the replication is finished.
    ///
    /// The pairs of policies a scenario has each run a loop of their own
    /// types, every hook inlined (matching `AnyPolicy` at each hook cost
    /// `tierplan bench` 8.7 % more instructions); any other pair runs
    /// through `AnyPolicy`'s match.
    pub fn run(&mut self, p: &Plan, budget: u64) -> bool {
        use AnyPolicy as A;
        let lp = &mut self.lp;
        match (&mut self.file, &mut self.buffer) {
            (A::None(f), A::None(b)) => lp.run(p, budget, f, b),
            (A::Lfu(f), A::None(b)) => lp.run(p, budget, f, b),
            (A::None(f), A::Interval(b)) => lp.run(p, budget, f, b),
            (A::Lfu(f), A::Interval(b)) => lp.run(p, budget, f, b),
            (f, b) => lp.run(p, budget, f, b),
        }
    }

    /// Metrics of the finished replication.
    #[inline(never)]
    pub fn result(&self, p: &Plan, seed: u32) -> ReplicationResult {
        let span = p.duration - p.warmup;
        let a = self.lp.st.acc;
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
            util_peak: peak(self.lp.st.peak_disk, p.disk_bw),
            read_mb: to_mb(a.bw[0]),
            written_mb: 0.0,
        }];
        let mut flash = Vec::new();
        let file_written_mb = self.file.written_kb() / 1024.0;
        if p.has_file {
            tiers.push(TierMetrics {
                role: TierRole::FileCache,
                avg_streams: a.streams[1] / span,
                util_mean: util(a.bw[1], p.file_bw),
                util_peak: peak(self.lp.st.peak_file, p.file_bw),
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
                util_peak: peak(self.lp.st.peak_buf, p.ic_bw),
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
            events: self.lp.st.events_done,
            arrivals: self.lp.arrivals,
            rejections: self.lp.rejections,
            rejection_probability: if self.lp.arrivals == 0 {
                0.0
            } else {
                self.lp.rejections as f64 / self.lp.arrivals as f64
            },
            avg_streams,
            buffered_streams: a.streams[2] / span,
            hit_ratio: if all_read > 0.0 {
                cache_read / all_read
            } else {
                0.0
            },
            peak_streams: self.lp.st.peak_streams,
            halted: self.lp.st.halted,
            streams_per_dollar: if p.capital_cost > 0.0 {
                avg_streams / p.capital_cost
            } else {
                0.0
            },
            tiers,
            flash,
            server: (p.egress_bw < UNLIMITED).then(|| ServerMetrics {
                rejections_egress: self.lp.rejections_egress,
                rejections_storage: self.lp.rejections - self.lp.rejections_egress,
                egress_util_mean: util(a.bw[0] + a.bw[1] + a.bw[2], p.egress_bw),
                egress_util_peak: peak(self.lp.st.peak_egress, p.egress_bw),
            }),
        }
    }
}

impl Loop {
    /// Advance the clock to `t`, integrating the piecewise-constant state over
    /// the measured window [warm-up, duration] and taking time-series samples.
    #[inline]
    fn advance(&mut self, p: &Plan, t: f64) {
        if p.timeseries {
            let st = &self.st;
            while self.next_sample <= t && self.next_sample <= p.duration {
                self.ts[0].push((st.n_disk + st.n_file + st.n_buf) as f64);
                self.ts[1].push(st.n_disk as f64);
                self.ts[2].push(st.n_file as f64);
                self.ts[3].push(st.n_buf as f64);
                self.next_sample += p.ts_interval;
            }
        }
        self.st.t = t;
    }

    /// At the end of the run, credit the streams still playing.
    #[inline(never)]
    fn flush(&mut self, p: &Plan) {
        for i in 0..self.st.streams.len() {
            let s = self.st.streams[i];
            if s.active {
                self.st.account(p, s.place, s.since, p.duration, s.bw);
            }
        }
    }

    /// Process events until `budget` are done or the replication ends,
    /// with these policies. Returns true when the replication is finished.
    ///
    /// What few events take (dynamic-LFU counting and fills, buffer moves,
    /// churn, evictions, invariant checks, the final flush) is kept out of
    /// line with `#[inline(never)]`: this loop is one function in wasm, and
    /// V8 keeps more of it in registers when it is smaller (HDD only +1.5 %
    /// in Node; native unchanged).
    fn run<F: CachePolicy, B: CachePolicy>(
        &mut self,
        p: &Plan,
        budget: u64,
        file: &mut F,
        buffer: &mut B,
    ) -> bool {
        let stop = self.st.events_done + budget;
        while self.st.events_done < stop {
            if self.st.halted {
                return true;
            }
            let heap_t = self.st.events.peek().map_or(f64::INFINITY, |e| e.t());
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
            self.st.events_done += 1;
            self.advance(p, t);
            if self.next_arrival == t {
                self.arrival(p, file, buffer);
                self.next_arrival = self.st.next_arrival_after(p, t);
            } else if end_t == t {
                let (_, id, gen) = self.ends[end_q].pop_front().expect("peeked");
                self.end(p, id, gen, file, buffer);
            } else {
                let e = self.st.events.pop().expect("peeked");
                match e.kind() {
                    Kind::Buffer => buffer.timer(p, &mut self.st, e.id(), e.gen()),
                    Kind::File => file.timer(p, &mut self.st, e.id(), e.gen()),
                    Kind::Churn => self.churn(p, file, buffer),
                }
            }
            if self.check_invariants {
                self.check(p, file, buffer);
            }
        }
        false
    }

    // Inlined by hand: once the loop became generic over its policies,
    // the compiler left it out of line (+2 % instructions on the bench).
    #[inline(always)]
    fn alloc_stream(&mut self, s: Stream) -> u32 {
        let streams = &mut self.st.streams;
        match self.free_ids.pop() {
            Some(id) => {
                let gen = streams[id as usize].gen.wrapping_add(1);
                streams[id as usize] = Stream { gen, ..s };
                id
            }
            None => {
                streams.push(s);
                (streams.len() - 1) as u32
            }
        }
    }

    fn arrival<F: CachePolicy, B: CachePolicy>(&mut self, p: &Plan, file: &mut F, buffer: &mut B) {
        let t = self.st.t;
        let measured = t >= p.warmup;
        if measured {
            self.arrivals += 1;
        }
        let st = &mut self.st;
        let rank = match &p.trace {
            None => p.alias.pick(st.draws.uniform(&mut st.rng)),
            Some(trace) => {
                st.trace_next += 1;
                trace.rank(st.trace_window, st.trace_next - 1)
            }
        };
        let slot = st.slot_of_rank(p, rank);
        let c = st.class(p, slot);
        file.request(p, &self.st, slot);
        // The network first: a stream the egress cannot carry is turned away
        // whatever tier holds its title (never, without a server section:
        // `egress_bw` is then `UNLIMITED`).
        if self.st.egress_used + c.bw > p.egress_bw {
            if measured {
                self.rejections += 1;
                self.rejections_egress += 1;
            }
            file.missed(p, &mut self.st, slot);
            return;
        }
        let place = if file.serves(p, slot, self.st.file_used + c.bw) {
            Place::File
        } else if self.st.disk_used + c.bw <= p.disk_bw {
            Place::Disk
        } else {
            if measured {
                self.rejections += 1;
            }
            file.missed(p, &mut self.st, slot);
            return;
        };
        let id = self.alloc_stream(Stream {
            slot,
            title: self.st.title[slot as usize],
            bw: c.bw,
            kbps: c.kbps,
            start: t,
            since: t,
            place,
            gen: 0,
            active: true,
        });
        self.admitted += 1;
        let st = &mut self.st;
        st.egress_used += c.bw;
        match place {
            Place::File => {
                st.file_used += c.bw;
                st.n_file += 1;
            }
            _ => {
                st.disk_used += c.bw;
                st.n_disk += 1;
            }
        }
        file.admitted(p, &mut self.st, id, slot, place);
        buffer.admitted(p, &mut self.st, id, slot, place);
        let gen = self.st.streams[id as usize].gen;
        self.ends[p.slot_class[slot as usize] as usize].push_back((t + c.len_s, id, gen));
        self.st.note_peaks(p);
        if place != Place::File {
            file.missed(p, &mut self.st, slot);
        }
    }

    fn end<F: CachePolicy, B: CachePolicy>(
        &mut self,
        p: &Plan,
        id: u32,
        gen: u32,
        file: &mut F,
        buffer: &mut B,
    ) {
        let st = &mut self.st;
        let s = st.streams[id as usize];
        assert!(s.active && s.gen == gen, "stream {id} ended twice");
        st.egress_used -= s.bw;
        match s.place {
            Place::Disk => {
                st.disk_used -= s.bw;
                st.n_disk -= 1;
            }
            Place::File => {
                st.file_used -= s.bw;
                st.n_file -= 1;
            }
            Place::Buffer => {
                st.buf_used -= s.bw;
                st.n_buf -= 1;
            }
        }
        file.ended(p, &mut self.st, id, &s);
        buffer.ended(p, &mut self.st, id, &s);
        self.st.streams[id as usize].active = false;
        self.free_ids.push(id);
        self.ended += 1;
        let t = self.st.t;
        self.st.account(p, s.place, s.since, t, s.bw);
    }

    /// Popularity churn: K new titles take the top ranks, the K least popular
    /// leave (their slots are reused for the new titles).
    #[inline(never)]
    fn churn<F: CachePolicy, B: CachePolicy>(&mut self, p: &Plan, file: &mut F, buffer: &mut B) {
        let (period, k) = p.churn.expect("churn event without churn");
        let n = p.n;
        let st = &mut self.st;
        st.head = (st.head + n - k % n) % n;
        for r in 0..k.min(n) {
            let slot = self.st.slot_of_rank(p, r);
            let si = slot as usize;
            self.st.title[si] = self.st.title[si].wrapping_add(1);
            buffer.churned(p, &self.st, slot);
            file.churned(p, &self.st, slot);
        }
        let t = self.st.t;
        self.st.push(t + period, Kind::Churn, 0, 0);
    }

    #[inline(never)]
    fn check<F: CachePolicy, B: CachePolicy>(&self, p: &Plan, file: &F, buffer: &B) {
        let st = &self.st;
        assert!(
            st.egress_used <= p.egress_bw
                && st.egress_used == st.disk_used + st.file_used + st.buf_used,
            "egress over its limit or out of step with the tiers at t={}",
            st.t
        );
        assert!(
            st.disk_used <= p.disk_bw,
            "disk over bandwidth at t={}",
            st.t
        );
        let active = st.n_disk + st.n_file + st.n_buf;
        assert_eq!(
            self.admitted,
            self.ended + active,
            "streams lost at t={}",
            st.t
        );
        // Full recount: the counters equal the sums over active streams.
        let (mut d, mut f, mut b) = (0u64, 0u64, 0u64);
        for s in st.streams.iter().filter(|s| s.active) {
            match s.place {
                Place::Disk => d += s.bw,
                Place::File => f += s.bw,
                Place::Buffer => b += s.bw,
            }
        }
        assert_eq!(
            (d, f, b),
            (st.disk_used, st.file_used, st.buf_used),
            "bandwidth counters drift at t={}",
            st.t
        );
        file.check(p, st);
        buffer.check(p, st);
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

#[cfg(test)]
mod tests {
    use super::*;
    use tierplan_scenario::presets::scenario_preset;
    use tierplan_scenario::validate::validate;

    /// The loop through `AnyPolicy`'s match (what a pair of policies
    /// without a loop of its own runs, see `Sim::run`) gives each pair's
    /// replication bit for bit, invariants checked after every event.
    #[test]
    fn the_any_policy_loop_equals_each_pairs_own() {
        // No cache; LFU; interval caching; both.
        for id in [
            "mmsys11-cost-hdd",
            "mmsys11-cost-ssd",
            "mmsys11-cost-dram",
            "hyssc-slc-tlc",
        ] {
            let mut s = scenario_preset(id).expect("preset");
            s.run.duration_h = 2.0;
            s.policy.lfu = LfuPolicy::Dynamic;
            s.workload.churn = Some(Churn {
                period_h: 0.5,
                new_titles: 10,
            });
            let p = Plan::new(&validate(s).expect("valid"));
            let budget = 1 << 40;
            let mut own = Sim::new();
            own.set_check_invariants(true);
            own.reset(&p, 7);
            assert!(own.run(&p, budget));
            let mut any = Sim::new();
            any.set_check_invariants(true);
            any.reset(&p, 7);
            let Sim { lp, file, buffer } = &mut any;
            assert!(lp.run(&p, budget, file, buffer));
            let (a, b) = (own.result(&p, 7), any.result(&p, 7));
            assert!(a.events > 1000 && !a.tiers.is_empty(), "{id}");
            assert_eq!(a, b, "{id}");
        }
    }
}
