//! One policy type for the three FAST'12 layers; the mode decides whether
//! reads and writes share a list and whether the partition moves.

use super::joint::ListCurves;
use super::list::{Evicted, FclList};
use super::{FclConfig, OP_R_STEPS, OP_U_STEPS};
use crate::engine::push_op;
use crate::flash_tier::FlashCounts;
use crate::policy::{CachePolicy, DeviceOp, PolicyCounters};
use crate::sampling::BlockIo;
use tierplan_kit::analytics::cost_model::CostFunctions;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FclMode {
    /// FP-FCL: one list.
    Unified,
    /// RW-FCL: read and write lists, fixed r.
    Split,
    /// OP-FCL: read and write lists, (u, r) chosen every period.
    Adaptive,
}

const READ: usize = 0;
const WRITE: usize = 1;

/// How much of the past periods' curves OP-FCL keeps at each re-partition.
const CURVE_DECAY: f64 = 0.5;

/// Fewest erases in a period for OP-FCL to learn from its GC (fewer say
/// little about what a victim holds).
const MIN_GC_ERASES: u64 = 16;

/// Most periods OP-FCL waits for a GC measurement once the cache is full.
const HOLD_PERIODS: u32 = 3;

/// Bounds of the measured GC exponent (1 is the §9 model's own case).
const EXPONENT_RANGE: (f64, f64) = (0.5, 8.0);

pub struct Fcl {
    mode: FclMode,
    cfg: FclConfig,
    /// [read list (FP-FCL: the only list), write list].
    lists: [FclList; 2],
    /// Flash pages given back by evictions, reused first.
    free: Vec<u32>,
    /// Next never-used page.
    fresh: u32,
    counters: PolicyCounters,
    u: f64,
    r: f64,
    next_period: Option<f64>,
    /// OP-FCL's hit curves of its read and write lists.
    curves: Option<ListCurves>,
    /// OP-FCL's GC calibration: victims are taken to hold a share u^k of
    /// valid pages at occupancy u. The §9 model assumes k = 1 (victims as
    /// full as the flash); LRU fills invalidate pages in about the order
    /// they were written, so greedy GC finds emptier victims and k > 1.
    /// k is measured every period from the FTL's copies per erase.
    gc_exponent: f64,
    /// The tier's (GC copies, erases) at the last re-partition.
    gc_seen: (u64, u64),
    /// Whether `gc_exponent` has been measured yet.
    gc_measured: bool,
    /// Periods OP-FCL has held its starting partition with the cache full.
    held: u32,
    /// Whether a list has evicted yet: OP-FCL keeps its starting partition
    /// until the cache is full, because cold curves undervalue caching.
    warm: bool,
}

impl Fcl {
    pub fn new(cfg: &FclConfig, mode: FclMode) -> Fcl {
        let mut fcl = Fcl {
            mode,
            cfg: cfg.clone(),
            lists: [FclList::new(0), FclList::new(0)],
            free: Vec::new(),
            fresh: 0,
            counters: PolicyCounters {
                read_hits: vec![0],
                write_hits: vec![0],
                ..Default::default()
            },
            u: cfg.u,
            r: cfg.r.clamp(0.0, 1.0),
            next_period: None,
            curves: (mode == FclMode::Adaptive).then(|| ListCurves::new(cfg.physical_pages)),
            gc_exponent: 1.0,
            gc_seen: (0, 0),
            gc_measured: false,
            held: 0,
            warm: false,
        };
        match mode {
            FclMode::Unified => fcl.lists[READ].cap = cfg.logical_pages,
            FclMode::Split => fcl.set_caps(cfg.logical_pages),
            FclMode::Adaptive => fcl.set_caps(fcl.caching_pages(cfg.u)),
        }
        fcl
    }

    /// Caching space of share u, pages (never beyond the FTL's logical space).
    fn caching_pages(&self, u: f64) -> u32 {
        ((u * self.cfg.physical_pages as f64).round() as u32).min(self.cfg.logical_pages)
    }

    fn set_caps(&mut self, total: u32) {
        let read = ((self.r * total as f64).round() as u32).min(total);
        self.lists[READ].cap = read;
        self.lists[WRITE].cap = total - read;
    }

    /// Current caps of the read and write lists, blocks.
    pub fn caps(&self) -> (u32, u32) {
        (self.lists[READ].cap, self.lists[WRITE].cap)
    }

    fn take_page(&mut self) -> u32 {
        self.free.pop().unwrap_or_else(|| {
            self.fresh += 1;
            self.fresh - 1
        })
    }

    /// Let go of an evicted block: destage it when dirty (flash read now,
    /// disk write behind), trim its page when the caching space shrank.
    fn release(&mut self, e: Evicted, rd: &mut Vec<DeviceOp>, bg: &mut Vec<DeviceOp>, trim: bool) {
        let page = e.page;
        if e.dirty {
            self.counters.destages += 1;
            push_op(
                rd,
                DeviceOp::FlashRead {
                    tier: 0,
                    page,
                    pages: 1,
                },
            );
            push_op(
                bg,
                DeviceOp::DiskWrite {
                    block: e.block,
                    blocks: 1,
                },
            );
        }
        if trim {
            push_op(
                bg,
                DeviceOp::FlashTrim {
                    tier: 0,
                    page,
                    pages: 1,
                },
            );
        }
        self.free.push(page);
    }

    /// Put `block` into list `l` (making room); false when the list has no
    /// space at all.
    fn insert(
        &mut self,
        l: usize,
        block: u64,
        dirty: bool,
        fg: &mut Vec<DeviceOp>,
        bg: &mut Vec<DeviceOp>,
    ) -> Option<u32> {
        if self.lists[l].cap == 0 {
            return None;
        }
        while self.lists[l].len() >= self.lists[l].cap {
            self.warm = true;
            let e = self.lists[l].pop_lru().expect("a full list is not empty");
            self.release(e, fg, bg, false);
        }
        let page = self.take_page();
        self.lists[l].push(block, page, dirty);
        Some(page)
    }

    fn read_block(&mut self, b: u64, fg: &mut Vec<DeviceOp>, bg: &mut Vec<DeviceOp>) {
        self.counters.read_blocks += 1;
        let hit = self.lists[READ]
            .touch(b, false)
            .or_else(|| match self.mode {
                FclMode::Unified => None,
                _ => self.lists[WRITE].touch(b, false),
            });
        if let Some(page) = hit {
            self.counters.read_hits[0] += 1;
            push_op(
                fg,
                DeviceOp::FlashRead {
                    tier: 0,
                    page,
                    pages: 1,
                },
            );
            return;
        }
        push_op(
            fg,
            DeviceOp::DiskRead {
                block: b,
                blocks: 1,
            },
        );
        // The fill runs behind the response.
        let mut rd = Vec::new();
        if let Some(page) = self.insert(READ, b, false, &mut rd, bg) {
            bg.extend(rd);
            push_op(
                bg,
                DeviceOp::FlashWrite {
                    tier: 0,
                    page,
                    pages: 1,
                },
            );
        }
    }

    fn write_block(&mut self, b: u64, fg: &mut Vec<DeviceOp>, bg: &mut Vec<DeviceOp>) {
        self.counters.write_blocks += 1;
        let list = if self.mode == FclMode::Unified {
            READ
        } else {
            WRITE
        };
        let page = match self.lists[list].touch(b, true) {
            Some(page) => {
                self.counters.write_hits[0] += 1;
                Some(page)
            }
            None => {
                if list == WRITE {
                    // A write to a block of the read list moves it over.
                    if let Some(e) = self.lists[READ].remove(b) {
                        self.counters.write_hits[0] += 1;
                        self.release(e, fg, bg, true);
                    }
                }
                self.insert(list, b, true, fg, bg)
            }
        };
        match page {
            Some(page) => push_op(
                fg,
                DeviceOp::FlashWrite {
                    tier: 0,
                    page,
                    pages: 1,
                },
            ),
            // No write space: write through to disk.
            None => push_op(
                fg,
                DeviceOp::DiskWrite {
                    block: b,
                    blocks: 1,
                },
            ),
        }
    }

    /// OP-FCL: the (u, r) of least C_H on the grid with the measured curves
    /// and write share; None before any I/O was measured.
    pub fn best_partition(&self) -> Option<(f64, f64)> {
        let curves = self.curves.as_ref()?;
        let params = self.cfg.params.with_write_share(curves.write_share()?);
        let n = self.cfg.physical_pages as f64;
        let u_max = self.cfg.logical_pages as f64 / self.cfg.physical_pages as f64;
        let mut best: Option<(f64, f64, f64)> = None;
        for i in 1..OP_U_STEPS {
            let u = i as f64 / OP_U_STEPS as f64;
            if u > u_max + 1e-12 {
                break;
            }
            let victim_valid = u.powf(self.gc_exponent);
            for j in 0..=OP_R_STEPS {
                let r = j as f64 / OP_R_STEPS as f64;
                let (h_r, h_w) = curves.hits(u * r * n, u * (1.0 - r) * n);
                let c = params.c_h_at(victim_valid, h_r, h_w);
                if best.is_none_or(|b| c < b.2) {
                    best = Some((u, r, c));
                }
            }
        }
        best.map(|(u, r, _)| (u, r))
    }

    /// Learn the GC exponent from the copies per erase since the last
    /// period, at the flash's current occupancy.
    fn measure_gc(&mut self, flash: &FlashCounts) {
        let copies = flash.gc_copies - self.gc_seen.0;
        let erases = flash.erases - self.gc_seen.1;
        self.gc_seen = (flash.gc_copies, flash.erases);
        let cached = (self.lists[READ].len() + self.lists[WRITE].len()) as f64;
        let occupancy = cached / self.cfg.physical_pages as f64;
        if erases < MIN_GC_ERASES || !(0.01..0.99).contains(&occupancy) {
            return;
        }
        let ppb = self.cfg.params.pages_per_block as f64;
        // An empty victim still says "emptier than any exponent in range".
        let valid = (copies as f64 / (erases as f64 * ppb)).clamp(1e-6, 1.0 - 1e-6);
        let k = (valid.ln() / occupancy.ln()).clamp(EXPONENT_RANGE.0, EXPONENT_RANGE.1);
        // The first measurement replaces the model's k = 1 outright.
        let keep = if self.gc_measured { CURVE_DECAY } else { 0.0 };
        self.gc_exponent = keep * self.gc_exponent + (1.0 - keep) * k;
        self.gc_measured = true;
    }

    /// Move to partition (u, r): lists over their new caps are cut back,
    /// destaging dirty blocks and trimming the freed pages.
    fn apply(&mut self, u: f64, r: f64, bg: &mut Vec<DeviceOp>) {
        self.u = u;
        self.r = r;
        self.set_caps(self.caching_pages(u));
        for l in [READ, WRITE] {
            while self.lists[l].len() > self.lists[l].cap {
                let e = self.lists[l].pop_lru().expect("over cap is not empty");
                let mut rd = Vec::new();
                self.release(e, &mut rd, bg, true);
                bg.splice(0..0, rd);
            }
        }
    }
}

impl CachePolicy for Fcl {
    fn access(&mut self, io: &BlockIo, fg: &mut Vec<DeviceOp>, bg: &mut Vec<DeviceOp>) {
        for b in io.block..io.block + io.blocks as u64 {
            if let Some(c) = &mut self.curves {
                c.observe(b, io.write);
            }
            if io.write {
                self.write_block(b, fg, bg);
            } else {
                self.read_block(b, fg, bg);
            }
        }
    }

    fn counters(&self) -> &PolicyCounters {
        &self.counters
    }

    fn tiers(&self) -> usize {
        1
    }

    fn tick(&mut self, t: f64, flash: &FlashCounts, bg: &mut Vec<DeviceOp>) -> Option<(f64, f64)> {
        match self.mode {
            FclMode::Unified => None,
            FclMode::Split => Some((self.u, self.r)),
            FclMode::Adaptive => {
                match self.next_period {
                    None => self.next_period = Some(t + self.cfg.period_s),
                    Some(next) if t >= next => {
                        self.measure_gc(flash);
                        // Hold the partition while the cache fills (cold curves
                        // undervalue caching) and until GC has been measured
                        // (the model's own GC term overprices LRU fills), but
                        // not for more than HOLD_PERIODS periods.
                        if self.warm {
                            self.held += 1;
                        }
                        let gc_known = self.gc_measured || self.held > HOLD_PERIODS;
                        if !self.warm || !gc_known {
                            self.next_period = Some(t + self.cfg.period_s);
                            return Some((self.u, self.r));
                        }
                        if let Some((u, r)) = self.best_partition() {
                            self.apply(u, r, bg);
                        }
                        if let Some(c) = &mut self.curves {
                            c.decay(CURVE_DECAY);
                        }
                        self.next_period = Some(t + self.cfg.period_s);
                    }
                    Some(_) => {}
                }
                Some((self.u, self.r))
            }
        }
    }
}
