//! File-level LFU on the file tier (model §7): whole titles, either the
//! most popular that fit staged before the run (static) or, dynamically,
//! the most requested over a sliding window, filled one per SSD at a time
//! while the fill's writes slow the tier's reads.

use super::{history, CachePolicy};
use crate::heap::IndexedHeap;
use crate::plan::Plan;
use crate::state::{Kind, Place, State, Stream};
use std::collections::VecDeque;

#[derive(Default)]
pub(crate) struct Lfu {
    cached: Vec<bool>,
    filling: Vec<bool>,
    /// Streams reading each title from the file tier (a read title is
    /// pinned: never a victim).
    readers: Vec<u32>,
    /// Requests of each title in the window (dynamic).
    counts: Vec<u32>,
    /// The window's requests: time, slot, title.
    window_q: VecDeque<(f64, u32, u32)>,
    /// Cached titles by key (pinned, count, slot): the least is the victim.
    lfu: IndexedHeap,
    file_free_kb: u64,
    fills_active: u32,
    written_file_kb: f64,
}

impl Lfu {
    /// Static LFU: the most popular files that fit are staged before the run.
    fn stage_static(&mut self, p: &Plan, st: &State) {
        for rank in 0..p.n {
            let slot = st.slot_of_rank(p, rank);
            let size = st.class(p, slot).size_kb;
            if size <= self.file_free_kb {
                self.file_free_kb -= size;
                self.cached[slot as usize] = true;
            }
        }
    }

    /// Dynamic LFU, warm start: one window of request history before t = 0,
    /// then the most-counted files that fit are staged.
    fn warm_history(&mut self, p: &Plan, st: &mut State, seed: u64) {
        if !history::recall(p, seed, st, &mut self.counts, &mut self.window_q) {
            let mut t = st.next_arrival_after(p, -p.window);
            while t < 0.0 {
                let rank = p.alias.pick(st.draws.uniform(&mut st.rng));
                let slot = st.slot_of_rank(p, rank);
                self.counts[slot as usize] += 1;
                self.window_q.push_back((t, slot, 0));
                st.events_done += 1;
                t = st.next_arrival_after(p, t);
            }
            history::keep(p, seed, st, &self.counts, &self.window_q);
        }
        let mut order: Vec<u32> = (0..p.n).collect();
        // Most counted first; ties by popularity rank (slot = rank at t = 0).
        order.sort_by(|a, b| {
            self.counts[*b as usize]
                .cmp(&self.counts[*a as usize])
                .then(a.cmp(b))
        });
        for slot in order {
            let size = st.class(p, slot).size_kb;
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

    /// Dynamic LFU bookkeeping for a request of `slot` at the current time.
    #[inline(never)]
    fn count_request(&mut self, p: &Plan, st: &State, slot: u32) {
        let horizon = st.t - p.window;
        while let Some(&(t0, s0, title0)) = self.window_q.front() {
            if t0 > horizon {
                break;
            }
            self.window_q.pop_front();
            if st.title[s0 as usize] == title0 {
                self.counts[s0 as usize] -= 1;
                self.lfu_rekey(s0);
            }
        }
        self.counts[slot as usize] += 1;
        self.window_q
            .push_back((st.t, slot, st.title[slot as usize]));
        self.lfu_rekey(slot);
    }

    /// Dynamic LFU replacement: fill `slot` if its count beats the least
    /// counted unpinned cached file, one fill per SSD at a time.
    #[inline(never)]
    fn maybe_fill(&mut self, p: &Plan, st: &mut State, slot: u32) {
        let si = slot as usize;
        if self.cached[si] || self.filling[si] || self.fills_active >= p.file_devices {
            return;
        }
        let size = st.class(p, slot).size_kb;
        if size > p.file_cap_kb {
            return;
        }
        let count = self.counts[si] as u64;
        // Would the fill's read slowdown break admitted streams?
        if p.file_interference > 0.0 {
            let f =
                1.0 - p.file_interference * (self.fills_active + 1) as f64 / p.file_devices as f64;
            if st.file_used as f64 > p.file_bw as f64 * f {
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
                    self.file_free_kb += st.class(p, victim).size_kb;
                }
                _ => return,
            }
        }
        self.file_free_kb -= size;
        self.filling[si] = true;
        self.fills_active += 1;
        let dur = size as f64 / p.file_write_kbps;
        let title = st.title[si];
        st.push(st.t + dur, Kind::File, slot, title);
    }

    #[inline(never)]
    fn fill_done(&mut self, p: &Plan, st: &State, slot: u32, title: u32) {
        self.fills_active -= 1;
        let size = st.class(p, slot).size_kb;
        // Writes count toward wear in proportion to their overlap with the
        // measured window.
        let dur = size as f64 / p.file_write_kbps;
        let start = st.t - dur;
        let overlap = (st.t.min(p.duration) - start.max(p.warmup)).max(0.0);
        self.written_file_kb += size as f64 * if dur > 0.0 { overlap / dur } else { 1.0 };
        let si = slot as usize;
        if st.title[si] != title || !self.filling[si] {
            // The title left the catalogue while it was being written; the
            // churn already released its space.
            return;
        }
        self.filling[si] = false;
        self.cached[si] = true;
        self.lfu.insert(slot, self.lfu_key(slot));
    }
}

// The hooks the loop calls on every arrival and end are inlined by hand:
// in the loop of both policies the compiler left them out of line.
impl CachePolicy for Lfu {
    fn reset(&mut self, p: &Plan, st: &mut State, seed: u64) {
        let n = p.n as usize;
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
        self.written_file_kb = 0.0;
        if p.dynamic_lfu && p.warm_start {
            self.warm_history(p, st, seed);
        } else if !p.dynamic_lfu {
            self.stage_static(p, st);
        }
    }

    #[inline(always)]
    fn request(&mut self, p: &Plan, st: &State, slot: u32) {
        if p.dynamic_lfu {
            self.count_request(p, st, slot);
        }
    }

    #[inline(always)]
    fn serves(&self, p: &Plan, slot: u32, used: u64) -> bool {
        self.cached[slot as usize] && used <= self.file_bw_now(p)
    }

    #[inline(always)]
    fn admitted(&mut self, _p: &Plan, _st: &mut State, _id: u32, slot: u32, place: Place) {
        if place == Place::File {
            self.readers[slot as usize] += 1;
            if self.readers[slot as usize] == 1 {
                self.lfu_rekey(slot);
            }
        }
    }

    #[inline(always)]
    fn missed(&mut self, p: &Plan, st: &mut State, slot: u32) {
        if p.dynamic_lfu {
            self.maybe_fill(p, st, slot);
        }
    }

    #[inline(always)]
    fn ended(&mut self, _p: &Plan, _st: &mut State, _id: u32, s: &Stream) {
        if s.place == Place::File {
            let r = &mut self.readers[s.slot as usize];
            *r -= 1;
            if *r == 0 {
                self.lfu_rekey(s.slot);
            }
        }
    }

    fn timer(&mut self, p: &Plan, st: &mut State, slot: u32, title: u32) {
        self.fill_done(p, st, slot, title);
    }

    fn churned(&mut self, p: &Plan, st: &State, slot: u32) {
        let si = slot as usize;
        self.counts[si] = 0;
        // The departing title's space is reclaimed at once; streams still
        // playing it finish from the blocks they have (an assumption: the
        // model does not pin departed files).
        if self.cached[si] {
            self.cached[si] = false;
            if self.lfu.contains(slot) {
                self.lfu.remove(slot);
            }
            self.file_free_kb += st.class(p, slot).size_kb;
        }
        // A fill in progress is voided by the title check in fill_done.
        if self.filling[si] {
            self.filling[si] = false;
            self.file_free_kb += st.class(p, slot).size_kb;
        }
    }

    fn written_kb(&self) -> f64 {
        self.written_file_kb
    }

    fn check(&self, p: &Plan, st: &State) {
        assert!(
            st.file_used <= self.file_bw_now(p),
            "file cache over bandwidth at t={}",
            st.t
        );
        assert!(
            self.file_free_kb <= p.file_cap_kb,
            "file cache over capacity at t={}",
            st.t
        );
    }
}
