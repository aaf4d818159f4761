//! HySSC (model §13; Oh et al.): an SLC tier (0) in front of a read-only TLC
//! tier (1), each with its own LRU list.
//!
//! - New data and every write go to SLC (write-back: the block is dirty).
//! - When SLC needs room its LRU block leaves: dirty → destaged to disk;
//!   clean → migrated to TLC only if it was read again while in SLC (a hit
//!   after the fill), otherwise dropped. This is our selective-migration
//!   rule: blocks that proved re-use go to TLC, one-touch blocks never
//!   cost a TLC program.
//! - TLC is read-only: a read hit is served there (and moves to TLC's MRU
//!   end); a write to a block held in TLC invalidates that copy (TRIM when
//!   its 8 KB page holds nothing else) and the new data goes to SLC. TLC
//!   evicts its LRU block (always clean) to make room for a migration.
//! - Sequential detector: the last 8 runs are tracked by their end block;
//!   an I/O that continues a run whose length, itself included, reaches
//!   128 KB (32 blocks), or any single I/O of 128 KB or more, bypasses the
//!   cache: reads of blocks not cached come from disk and are not filled,
//!   writes go to disk and invalidate cached copies.

use super::engine::push_op;
use super::lru::{SlotLru, DIRTY, REREAD};
use super::policy::{CachePolicy, DeviceOp, PolicyCounters};
use crate::sampling::BlockIo;

/// Runs tracked by the sequential detector.
const STREAMS: usize = 8;
/// Run length from which I/O bypasses the cache, blocks (128 KB).
pub const SEQ_BYPASS_BLOCKS: u64 = 32;

#[derive(Clone, Copy, Default)]
struct Stream {
    end: u64,
    run: u64,
    used: u64,
}

/// Detects I/O that continues one of the last few sequential runs.
pub struct SeqDetector {
    streams: [Stream; STREAMS],
    clock: u64,
}

impl Default for SeqDetector {
    fn default() -> Self {
        SeqDetector {
            streams: [Stream::default(); STREAMS],
            clock: 0,
        }
    }
}

impl SeqDetector {
    /// Record `io`; whether it belongs to a long sequential run.
    pub fn observe(&mut self, io: &BlockIo) -> bool {
        self.clock += 1;
        let n = io.blocks as u64;
        let i = match self
            .streams
            .iter()
            .position(|s| s.run > 0 && s.end == io.block)
        {
            Some(i) => {
                self.streams[i].run += n;
                i
            }
            None => {
                let i = (0..STREAMS)
                    .min_by_key(|&i| self.streams[i].used)
                    .unwrap_or(0);
                self.streams[i].run = n;
                i
            }
        };
        let s = &mut self.streams[i];
        s.end = io.block + n;
        s.used = self.clock;
        s.run >= SEQ_BYPASS_BLOCKS
    }
}

pub struct Hyssc {
    slc: SlotLru,
    tlc: SlotLru,
    seq: SeqDetector,
    counters: PolicyCounters,
}

const SLC: u8 = 0;
const TLC: u8 = 1;

impl Hyssc {
    /// SLC of `slc_pages` 4 KB pages, TLC of `tlc_pages` 8 KB pages.
    pub fn new(slc_pages: u32, tlc_pages: u32) -> Hyssc {
        Hyssc {
            slc: SlotLru::new(slc_pages),
            tlc: SlotLru::new(tlc_pages * 2),
            seq: SeqDetector::default(),
            counters: PolicyCounters {
                read_hits: vec![0, 0],
                write_hits: vec![0, 0],
                ..Default::default()
            },
        }
    }

    /// Drop TLC slot `s`, trimming its page when the page is then empty.
    fn tlc_invalidate(&mut self, s: u32, ops: &mut Vec<DeviceOp>) {
        self.tlc.remove(s);
        if !self.tlc.occupied(s ^ 1) {
            push_op(
                ops,
                DeviceOp::FlashTrim {
                    tier: TLC,
                    page: s / 2,
                    pages: 1,
                },
            );
        }
    }

    fn slc_invalidate(&mut self, s: u32, ops: &mut Vec<DeviceOp>) {
        self.slc.remove(s);
        push_op(
            ops,
            DeviceOp::FlashTrim {
                tier: SLC,
                page: s,
                pages: 1,
            },
        );
    }

    /// Move clean `block` (just read from SLC) into TLC: read-modify-write
    /// of its 8 KB page when the other half holds a block.
    fn migrate(&mut self, block: u64, bg: &mut Vec<DeviceOp>) {
        self.counters.migrations += 1;
        let s = if self.tlc.is_full() {
            self.tlc.replace_lru(block, 0).0
        } else {
            self.tlc.insert(block, 0)
        };
        if self.tlc.occupied(s ^ 1) {
            push_op(
                bg,
                DeviceOp::FlashRead {
                    tier: TLC,
                    page: s / 2,
                    pages: 1,
                },
            );
        }
        push_op(
            bg,
            DeviceOp::FlashWrite {
                tier: TLC,
                page: s / 2,
                pages: 1,
            },
        );
    }

    /// A slot in SLC for `block`, making room by the rule above. The
    /// victim's flash read goes to `rd` (the host waits for it on a write,
    /// since the page is reused), its disk write or TLC program to `bg`.
    fn slc_allocate(
        &mut self,
        block: u64,
        flags: u8,
        rd_in_fg: bool,
        fg: &mut Vec<DeviceOp>,
        bg: &mut Vec<DeviceOp>,
    ) -> u32 {
        if !self.slc.is_full() {
            return self.slc.insert(block, flags);
        }
        let (s, old, old_flags) = self.slc.replace_lru(block, flags);
        let leaves = old_flags & DIRTY != 0 || old_flags & REREAD != 0;
        if leaves {
            let rd = if rd_in_fg { &mut *fg } else { &mut *bg };
            push_op(
                rd,
                DeviceOp::FlashRead {
                    tier: SLC,
                    page: s,
                    pages: 1,
                },
            );
        }
        if old_flags & DIRTY != 0 {
            self.counters.destages += 1;
            push_op(
                bg,
                DeviceOp::DiskWrite {
                    block: old,
                    blocks: 1,
                },
            );
        } else if old_flags & REREAD != 0 {
            self.migrate(old, bg);
        }
        s
    }
}

impl CachePolicy for Hyssc {
    fn access(&mut self, io: &BlockIo, fg: &mut Vec<DeviceOp>, bg: &mut Vec<DeviceOp>) {
        let bypass = self.seq.observe(io);
        for b in io.block..io.block + io.blocks as u64 {
            let in_slc = self.slc.get(b);
            let in_tlc = self.tlc.get(b);
            if io.write {
                self.counters.write_blocks += 1;
                if let Some(t) = in_tlc {
                    self.counters.write_hits[1] += 1;
                    self.tlc_invalidate(t, fg);
                }
                if bypass {
                    self.counters.bypassed += 1;
                    if let Some(s) = in_slc {
                        self.slc_invalidate(s, fg);
                    }
                    push_op(
                        fg,
                        DeviceOp::DiskWrite {
                            block: b,
                            blocks: 1,
                        },
                    );
                    continue;
                }
                let s = match in_slc {
                    Some(s) => {
                        self.counters.write_hits[0] += 1;
                        self.slc.touch(s);
                        self.slc.set_flag(s, DIRTY);
                        s
                    }
                    None => self.slc_allocate(b, DIRTY, true, fg, bg),
                };
                push_op(
                    fg,
                    DeviceOp::FlashWrite {
                        tier: SLC,
                        page: s,
                        pages: 1,
                    },
                );
            } else {
                self.counters.read_blocks += 1;
                if let Some(s) = in_slc {
                    self.counters.read_hits[0] += 1;
                    self.slc.touch(s);
                    self.slc.set_flag(s, REREAD);
                    push_op(
                        fg,
                        DeviceOp::FlashRead {
                            tier: SLC,
                            page: s,
                            pages: 1,
                        },
                    );
                } else if let Some(t) = in_tlc {
                    self.counters.read_hits[1] += 1;
                    self.tlc.touch(t);
                    push_op(
                        fg,
                        DeviceOp::FlashRead {
                            tier: TLC,
                            page: t / 2,
                            pages: 1,
                        },
                    );
                } else {
                    push_op(
                        fg,
                        DeviceOp::DiskRead {
                            block: b,
                            blocks: 1,
                        },
                    );
                    if bypass {
                        self.counters.bypassed += 1;
                    } else {
                        let s = self.slc_allocate(b, 0, false, fg, bg);
                        push_op(
                            bg,
                            DeviceOp::FlashWrite {
                                tier: SLC,
                                page: s,
                                pages: 1,
                            },
                        );
                    }
                }
            }
        }
    }

    fn counters(&self) -> &PolicyCounters {
        &self.counters
    }

    fn tiers(&self) -> usize {
        2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn io(block: u64, blocks: u32, write: bool) -> BlockIo {
        BlockIo {
            t: 0.0,
            block,
            blocks,
            write,
        }
    }

    fn access(h: &mut Hyssc, x: BlockIo) -> (Vec<DeviceOp>, Vec<DeviceOp>) {
        let (mut fg, mut bg) = (Vec::new(), Vec::new());
        h.access(&x, &mut fg, &mut bg);
        (fg, bg)
    }

    /// SLC of 4 blocks: a block read again while in SLC moves to TLC when
    /// evicted; a block read once is dropped; a dirty one is destaged.
    #[test]
    fn selective_migration_and_destage() {
        let mut h = Hyssc::new(4, 8);
        access(&mut h, io(1, 1, false)); // fill
        access(&mut h, io(1, 1, false)); // re-read: marked
        access(&mut h, io(2, 1, false)); // read once
        access(&mut h, io(3, 1, true)); // dirty
        access(&mut h, io(4, 1, false));
        // Evict 1 (re-read → TLC), 2 (dropped), 3 (dirty → disk).
        let (_, bg) = access(&mut h, io(10, 1, false));
        assert!(bg.contains(&DeviceOp::FlashWrite {
            tier: TLC,
            page: 0,
            pages: 1
        }));
        access(&mut h, io(11, 1, false));
        let (fg, bg) = access(&mut h, io(12, 1, false));
        assert!(fg.contains(&DeviceOp::DiskRead {
            block: 12,
            blocks: 1
        }));
        assert!(bg.contains(&DeviceOp::DiskWrite {
            block: 3,
            blocks: 1
        }));
        let c = h.counters();
        assert_eq!((c.migrations, c.destages), (1, 1));
        // Block 1 is now read from TLC.
        let (fg, _) = access(&mut h, io(1, 1, false));
        assert_eq!(
            fg,
            vec![DeviceOp::FlashRead {
                tier: TLC,
                page: 0,
                pages: 1
            }]
        );
        // A write to it invalidates the TLC copy (trim) and goes to SLC.
        let (fg, _) = access(&mut h, io(1, 1, true));
        assert!(fg.contains(&DeviceOp::FlashTrim {
            tier: TLC,
            page: 0,
            pages: 1
        }));
        assert!(matches!(
            fg.last(),
            Some(DeviceOp::FlashWrite { tier: SLC, .. })
        ));
        assert!(h.tlc.get(1).is_none() && h.slc.get(1).is_some());
    }

    /// A long sequential run passes the cache once it reaches 128 KB.
    #[test]
    fn sequential_runs_bypass() {
        let mut h = Hyssc::new(1000, 1000);
        for i in 0..16 {
            access(&mut h, io(1000 + 4 * i, 4, false));
        }
        // 64 blocks read: the first 28 (runs below 32 blocks) are cached.
        assert_eq!(h.slc.len(), 28);
        assert_eq!(h.counters().bypassed, 36);
        let (fg, _) = access(&mut h, io(1064, 8, true));
        assert_eq!(
            fg,
            vec![DeviceOp::DiskWrite {
                block: 1064,
                blocks: 8
            }]
        );
    }
}
