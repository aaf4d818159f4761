//! Interval caching (model §6): a stream that follows another of the same
//! title by Δ seconds reads from a buffer the blocks its predecessor read,
//! once it has caught up the first Δ seconds from disk; when the buffer is
//! full, larger intervals are evicted for a smaller one (replacement), or
//! not (greedy).

use super::CachePolicy;
use crate::heap::IndexedHeap;
use crate::plan::{Plan, DEVICE_TIME};
use crate::state::{max_t, Kind, Place, State, Stream};
use std::collections::BinaryHeap;

const NONE: u32 = u32::MAX;

/// A stream's standing with the interval cache.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
enum Ic {
    #[default]
    None,
    /// Cached, still reading the first Δ seconds from disk.
    CatchUp,
    /// Reading from the interval-cache buffer.
    Buffered,
}

/// What the buffer holds for one stream: the policy's own, by stream id,
/// so the loop's `Stream` carries nothing of one policy.
#[derive(Clone, Copy, Debug, Default)]
struct Held {
    ic: Ic,
    /// Buffer blocks (MB) reserved for this stream's interval.
    blocks: u64,
    /// Flash-buffer device time reserved for it (0 on DRAM).
    cost: u64,
}

#[derive(Default)]
pub(crate) struct Interval {
    /// By stream id (ids are reused as the loop's are; an ended stream's
    /// entry is back to the default).
    held: Vec<Held>,
    /// Cached intervals by complemented (blocks, stream): the largest first.
    intervals: IndexedHeap,
    scratch: BinaryHeap<std::cmp::Reverse<(u64, u32)>>,
    victims: Vec<u32>,
    /// The latest stream admitted of each title (the next one's predecessor).
    last_stream: Vec<u32>,
    buf_reserved: u64,
    buf_free_blocks: u64,
}

impl Interval {
    /// Interval caching for stream `j`, just admitted on disk. Inline, as
    /// it was in the loop before the policies had files of their own.
    #[inline(always)]
    fn try_cache_interval(&mut self, p: &Plan, st: &mut State, j: u32) {
        let sj = st.streams[j as usize];
        let i = self.last_stream[sj.slot as usize];
        if i == NONE {
            return;
        }
        let si = st.streams[i as usize];
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
            if p.greedy || !self.plan_evictions(p, st, need, cost) {
                return;
            }
            let victims = std::mem::take(&mut self.victims);
            for &v in &victims {
                self.evict_interval(p, st, v);
            }
            self.victims = victims;
        }
        self.buf_free_blocks -= need;
        self.buf_reserved += cost;
        self.held[j as usize] = Held {
            ic: Ic::CatchUp,
            blocks: need,
            cost,
        };
        let gen = st.streams[j as usize].gen;
        self.intervals.insert(j, !((need << 32) | j as u64));
        st.push(sj.start + delta, Kind::Buffer, j, gen);
    }

    /// Choose victims among cached intervals strictly larger than `need`,
    /// largest first, skipping any whose follower could not return to disk;
    /// true if evicting them makes room (blocks and, on flash, device time).
    #[inline(never)]
    fn plan_evictions(&mut self, p: &Plan, st: &State, need: u64, cost: u64) -> bool {
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
            let bw = st.streams[v as usize].bw;
            let hv = self.held[v as usize];
            let returnable = hv.ic != Ic::Buffered || st.disk_used + disk_extra + bw <= p.disk_bw;
            if returnable {
                if hv.ic == Ic::Buffered {
                    disk_extra += bw;
                }
                free += hv.blocks;
                reserved -= hv.cost;
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
    fn evict_interval(&mut self, p: &Plan, st: &mut State, v: u32) {
        self.intervals.remove(v);
        let t = st.t;
        let h = std::mem::take(&mut self.held[v as usize]);
        let s = &mut st.streams[v as usize];
        let (since, bw, was_buffered) = (s.since, s.bw, h.ic == Ic::Buffered);
        self.buf_free_blocks += h.blocks;
        self.buf_reserved -= h.cost;
        match h.ic {
            Ic::Buffered => {
                s.place = Place::Disk;
                s.since = t;
                st.buf_used -= s.bw;
                st.disk_used += s.bw;
                st.n_buf -= 1;
                st.n_disk += 1;
            }
            // A pending move-to-buffer finds `ic` no longer CatchUp and is void.
            Ic::CatchUp => {}
            Ic::None => {}
        }
        if was_buffered {
            st.account(p, Place::Buffer, since, t, bw);
        }
    }

    #[inline(never)]
    fn move_to_buffer(&mut self, p: &Plan, st: &mut State, j: u32, gen: u32) {
        let s = &mut st.streams[j as usize];
        let h = &mut self.held[j as usize];
        if !s.active || s.gen != gen || h.ic != Ic::CatchUp {
            // Evicted while catching up, or a later occupant of the slot.
            return;
        }
        h.ic = Ic::Buffered;
        s.place = Place::Buffer;
        let (since, bw) = (s.since, s.bw);
        s.since = st.t;
        st.disk_used -= s.bw;
        st.buf_used += s.bw;
        st.n_disk -= 1;
        st.n_buf += 1;
        st.note_peaks_buf(p);
        let t = st.t;
        st.account(p, Place::Disk, since, t, bw);
    }
}

// The hooks the loop calls on every arrival and end are inlined by hand:
// in the loop of both policies the compiler left `admitted` out of line
// (+2.5 % instructions with dynamic LFU).
impl CachePolicy for Interval {
    fn reset(&mut self, p: &Plan, _st: &mut State, _seed: u64) {
        self.last_stream.clear();
        self.last_stream.resize(p.n as usize, NONE);
        self.buf_reserved = 0;
        self.buf_free_blocks = p.ic_blocks;
        self.intervals.clear();
        self.held.clear();
    }

    #[inline(always)]
    fn admitted(&mut self, p: &Plan, st: &mut State, id: u32, slot: u32, place: Place) {
        if self.held.len() <= id as usize {
            self.held.resize(st.streams.len(), Held::default());
        }
        if place == Place::Disk {
            self.try_cache_interval(p, st, id);
        }
        self.last_stream[slot as usize] = id;
    }

    #[inline(always)]
    fn ended(&mut self, _p: &Plan, _st: &mut State, id: u32, s: &Stream) {
        let h = &mut self.held[id as usize];
        if h.ic != Ic::None {
            let h = std::mem::take(h);
            self.intervals.remove(id);
            self.buf_free_blocks += h.blocks;
            self.buf_reserved -= h.cost;
        }
        if self.last_stream[s.slot as usize] == id {
            self.last_stream[s.slot as usize] = NONE;
        }
    }

    fn timer(&mut self, p: &Plan, st: &mut State, id: u32, gen: u32) {
        self.move_to_buffer(p, st, id, gen);
    }

    fn churned(&mut self, _p: &Plan, _st: &State, slot: u32) {
        self.last_stream[slot as usize] = NONE;
    }

    fn check(&self, p: &Plan, st: &State) {
        assert!(
            self.buf_free_blocks <= p.ic_blocks,
            "buffer accounting broken at t={}",
            st.t
        );
        if p.ic_flash {
            assert!(
                self.buf_reserved <= DEVICE_TIME,
                "flash buffer over bandwidth at t={}",
                st.t
            );
        }
        // Full recount: the reservations equal the sums over active streams.
        let (mut blocks, mut cost) = (0u64, 0u64);
        for (s, h) in st.streams.iter().zip(&self.held) {
            if s.active {
                blocks += h.blocks;
                cost += h.cost;
            } else {
                assert_eq!(
                    h.ic,
                    Ic::None,
                    "an ended stream holds an interval at t={}",
                    st.t
                );
            }
        }
        assert_eq!(
            cost, self.buf_reserved,
            "flash buffer device time drifts at t={}",
            st.t
        );
        assert_eq!(
            blocks + self.buf_free_blocks,
            p.ic_blocks,
            "buffer blocks drift at t={}",
            st.t
        );
    }
}
