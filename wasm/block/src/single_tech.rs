//! A single-technology flash cache (model §13): one SLC, MLC or TLC tier,
//! 4 KB blocks replaced in LRU order (or SIEVE's or S3-FIFO's,
//! `crate::slot_order`), write-back. Reads that miss go to disk and are
//! filled into the cache behind the response; writes go to flash only and
//! leave the block dirty; a dirty block is destaged (read from flash,
//! written to disk) when it is evicted. On a tier with 8 KB pages (TLC) a
//! 4 KB block is half a page: writing it rewrites the whole page, so when
//! the other half holds a block the page is read first (read-modify-write:
//! the "small write problem" of the HySSC paper).

use super::engine::push_op;
use super::lru::{SlotCache, DIRTY};
use super::policy::{CachePolicy, DeviceOp, PolicyCounters};
use super::slot_order::{slot_order, ReplacementOrder, SlotOrder};
use crate::sampling::BlockIo;

pub struct SingleTechCache {
    lru: SlotCache<Box<dyn SlotOrder>>,
    /// 4 KB blocks per flash page (1 or 2).
    per_page: u32,
    counters: PolicyCounters,
}

impl SingleTechCache {
    /// A cache over `logical_pages` flash pages of `page_kb` each, giving
    /// up blocks in the order `replacement` keeps.
    pub fn new(logical_pages: u32, page_kb: f64, replacement: ReplacementOrder) -> SingleTechCache {
        let per_page = ((page_kb / 4.0).round() as u32).max(1);
        let slots = logical_pages * per_page;
        SingleTechCache {
            lru: SlotCache::with_order(slots, slot_order(replacement, slots)),
            per_page,
            counters: PolicyCounters {
                read_hits: vec![0],
                write_hits: vec![0],
                ..Default::default()
            },
        }
    }

    pub fn capacity_blocks(&self) -> u32 {
        self.lru.capacity()
    }

    fn page(&self, slot: u32) -> u32 {
        slot / self.per_page
    }

    /// Program `slot`'s page, reading it first when a neighbour in the same
    /// page holds a block.
    fn program(&self, slot: u32, ops: &mut Vec<DeviceOp>) {
        let page = self.page(slot);
        if self.per_page > 1 {
            let first = page * self.per_page;
            let shared = (first..first + self.per_page).any(|s| s != slot && self.lru.occupied(s));
            if shared {
                push_op(
                    ops,
                    DeviceOp::FlashRead {
                        tier: 0,
                        page,
                        pages: 1,
                    },
                );
            }
        }
        push_op(
            ops,
            DeviceOp::FlashWrite {
                tier: 0,
                page,
                pages: 1,
            },
        );
    }

    /// Find room for `block`: its slot, and the block evicted dirty (to be
    /// destaged) if any.
    fn allocate(&mut self, block: u64, flags: u8) -> (u32, Option<u64>) {
        if !self.lru.is_full() {
            return (self.lru.insert(block, flags), None);
        }
        let (slot, old, old_flags) = self.lru.replace_victim(block, flags);
        if old_flags & DIRTY != 0 {
            self.counters.destages += 1;
            (slot, Some(old))
        } else {
            (slot, None)
        }
    }

    /// Destaging `old` from `slot`'s page: the flash read of the victim
    /// and its disk write.
    fn destage(&self, slot: u32, old: u64) -> (DeviceOp, DeviceOp) {
        let (tier, page, pages) = (0, self.page(slot), 1);
        let read = DeviceOp::FlashRead { tier, page, pages };
        (
            read,
            DeviceOp::DiskWrite {
                block: old,
                blocks: 1,
            },
        )
    }
}

impl CachePolicy for SingleTechCache {
    fn access(&mut self, io: &BlockIo, fg: &mut Vec<DeviceOp>, bg: &mut Vec<DeviceOp>) {
        for b in io.block..io.block + io.blocks as u64 {
            let hit = self.lru.get(b);
            if io.write {
                self.counters.write_blocks += 1;
                let slot = match hit {
                    Some(s) => {
                        self.counters.write_hits[0] += 1;
                        self.lru.touch(s);
                        self.lru.set_flag(s, DIRTY);
                        s
                    }
                    None => {
                        let (s, victim) = self.allocate(b, DIRTY);
                        // The victim is read before its page is reused.
                        if let Some(old) = victim {
                            let (read, write) = self.destage(s, old);
                            push_op(fg, read);
                            push_op(bg, write);
                        }
                        s
                    }
                };
                self.program(slot, fg);
            } else {
                self.counters.read_blocks += 1;
                match hit {
                    Some(s) => {
                        self.counters.read_hits[0] += 1;
                        self.lru.touch(s);
                        push_op(
                            fg,
                            DeviceOp::FlashRead {
                                tier: 0,
                                page: self.page(s),
                                pages: 1,
                            },
                        );
                    }
                    None => {
                        push_op(
                            fg,
                            DeviceOp::DiskRead {
                                block: b,
                                blocks: 1,
                            },
                        );
                        let (s, victim) = self.allocate(b, 0);
                        if let Some(old) = victim {
                            let (read, write) = self.destage(s, old);
                            push_op(bg, read);
                            push_op(bg, write);
                        }
                        self.program(s, bg);
                    }
                }
            }
        }
    }

    fn counters(&self) -> &PolicyCounters {
        &self.counters
    }

    fn tiers(&self) -> usize {
        1
    }
}
