//! ZFS L2ARC (model §11): a ring on flash fed every interval with chunks
//! from near the RAM cache's eviction end, in large sequential writes. A
//! chunk is readable from the ring once its write completes.

use super::{Background, CachePolicy, ChunkOp, ChunkRead, Engine, Lookups};
use crate::plan::Plan;
use crate::ring_cache::{RingCache, NOT_IN_RING};
use crate::workload::Library;
use tierplan_kit::devices::RamCache;
use tierplan_scenario::request::RingSpec;

/// RAM-cache flags of a chunk: read by prefetch, already fed.
const PREFETCHED: u8 = 1;
const FED: u8 = 2;

pub struct L2arc {
    ring: RingCache,
    spec: RingSpec,
    next_feed: f64,
    feed_in_flight: bool,
    feeds_pending: u32,
    /// The feed being written: (chunk, ring address, bytes).
    feed: Vec<(u32, u64, u32)>,
}

impl L2arc {
    pub fn new(p: &Plan, chunks: usize) -> L2arc {
        L2arc {
            ring: RingCache::new(p.flash_bytes, chunks),
            spec: p.ring.clone(),
            next_feed: f64::INFINITY,
            feed_in_flight: false,
            feeds_pending: 0,
            feed: Vec::with_capacity(256),
        }
    }

    /// Whether chunk `index` of a segment was read by prefetch
    /// (`l2arc_noprefetch` keeps those off the ring).
    fn prefetched(&self, index: u32) -> bool {
        self.spec.noprefetch && index >= self.spec.demand_chunks
    }
}

impl CachePolicy for L2arc {
    fn indexed(&self) -> bool {
        true
    }

    fn reset(&mut self, _p: &Plan, _lib: &Library, _fill_piece: u64) {
        self.ring.reset();
        self.next_feed = self.spec.feed_interval_s;
        self.feed_in_flight = false;
    }

    fn chunk(&mut self, c: &ChunkRead, e: &Engine, ops: &mut Vec<ChunkOp>) -> Lookups {
        let addr = self.ring.addr_of(c.id);
        let writing = self.feed_in_flight && (e.flash_busy)();
        if addr != NOT_IN_RING && !self.prefetched(c.index) && !(self.spec.norw && writing) {
            ops.push(ChunkOp::FlashRead { addr, len: c.len });
        } else {
            ops.push(ChunkOp::DiskRead {
                off: c.off,
                len: c.len,
                served: c.len,
                fills: 0,
            });
        }
        Lookups::default()
    }

    fn ram_flag(&self, index: u32) -> u8 {
        if self.prefetched(index) {
            PREFETCHED
        } else {
            0
        }
    }

    fn next_timer(&self) -> f64 {
        self.next_feed
    }

    fn stop_timer(&mut self) {
        self.next_feed = f64::INFINITY;
    }

    fn timer(&mut self, now: f64, ram: &mut RamCache, bg: &mut Vec<Background>) {
        if self.feed_in_flight {
            self.next_feed = now + self.spec.feed_interval_s;
            return;
        }
        let ring = &self.ring;
        let mb = 1024.0 * 1024.0;
        let target = (self.spec.feed_limit_mb * mb * if ring.wrapped { 1.0 } else { 2.0 }) as u64;
        let mut scanned = 0u64;
        let mut taken = 0u64;
        let buf = &mut self.feed;
        buf.clear();
        ram.walk_from_tail(|key, bytes, flag| {
            scanned += bytes as u64;
            if flag & (PREFETCHED | FED) == 0
                && ring.addr_of(key) == NOT_IN_RING
                && taken + bytes as u64 <= target
            {
                buf.push((key, 0, bytes));
                taken += bytes as u64;
            }
            scanned < 2 * target && taken < target
        });
        let interval = if taken * 2 > target {
            self.spec.feed_interval_s * 0.2
        } else {
            self.spec.feed_interval_s
        };
        self.next_feed = now + interval;
        if taken == 0 {
            return;
        }
        // Place the chunks at the hand; one write per contiguous run (the
        // hand wraps at most once, so two).
        let mut run = (u64::MAX, 0u64);
        let mut writes: [(u64, u64); 2] = [(0, 0); 2];
        let mut nw = 0;
        for k in 0..self.feed.len() {
            let (key, _, bytes) = self.feed[k];
            let a = self.ring.place(bytes as u64);
            self.feed[k].1 = a;
            ram.set_flag(key, FED);
            if run.1 > 0 && a == run.0 + run.1 {
                run.1 += bytes as u64;
            } else {
                if run.1 > 0 && nw < 2 {
                    writes[nw] = run;
                    nw += 1;
                } else if run.1 > 0 {
                    writes[1].1 += run.1;
                }
                run = (a, bytes as u64);
            }
        }
        if nw < 2 {
            writes[nw] = run;
            nw += 1;
        } else {
            writes[1].1 += run.1;
        }
        self.feed_in_flight = true;
        self.feeds_pending = nw as u32;
        bg.extend(
            writes[..nw]
                .iter()
                .map(|&(addr, len)| Background::FlashWrite { addr, len }),
        );
    }

    fn background_done(&mut self, _bg: &mut Vec<Background>) {
        self.feeds_pending -= 1;
        if self.feeds_pending > 0 {
            return;
        }
        for &(key, addr, bytes) in &self.feed {
            self.ring.commit(key, addr, bytes);
        }
        self.feed_in_flight = false;
    }
}
