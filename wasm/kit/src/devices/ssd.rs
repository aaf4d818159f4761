//! An SSD's service time: the pages of an I/O are spread over its parallel
//! units (channels × dies) by logical page, each unit works through its
//! pages (reads; programs plus any garbage collection they trigger) and the
//! I/O completes when the busiest unit does. The plain model (no
//! controller) serves one I/O at a time, so an I/O queued behind a write
//! that stalls for GC waits for it.
//!
//! A device with a controller description (`SsdController`) is timed with
//! more of what a real drive does: each unit (die) keeps its own timeline
//! (the time it is busy until), as do the channels the dies share, the
//! controller's command pipeline and the host link, so commands issued
//! while others are in flight overlap wherever they need different dies —
//! a queue of commands gets the drive's parallelism (model §11). Writes are
//! placed on the die that frees first and acknowledged from a write-back
//! buffer; the FTL maps units of `map_kb`, so a smaller write reads and
//! rewrites the rest of its unit; every command pays a fixed overhead and
//! its transfer over the host link; sequential reads overlap with the
//! drive's read-ahead; and the FTL spans the whole drive.
//!
//! This file is the host interface and the flash timing; where data lives
//! and what garbage collection costs is the FTL's, asked through
//! `FlashMapping` (`flash.rs`): the scalable model (`SteadyGc`: no mapping
//! table, memory independent of capacity) or the per-page reference
//! (`Ftl`: every page mapped and simulated), chosen by
//! `SsdModelKind::runs_on`.

use super::die_times::DieTimes;
use super::flash::{FlashMapping, Wear, WriteRun};
use super::flash_model::FlashModel;
use super::ftl::Ftl;
use super::steady_gc::SteadyGc;
use super::write_buffer::WriteBuffer;
use super::IoOp;
use crate::float;
use tierplan_scenario::flash_layout::MappedLayout;
pub use tierplan_scenario::flash_layout::SsdGeometry;
use tierplan_scenario::{SsdController, SsdModelKind};

#[derive(Clone)]
pub struct Ssd {
    map: FlashModel,
    /// Mapping units the host addresses (pages for the plain model).
    logical_units: u64,
    page_bytes: u64,
    read_s: f64,
    program_s: f64,
    erase_s: f64,
    /// Per-unit work of the I/O being timed (scratch, reused).
    work: Vec<f64>,
    ctl: Option<Box<Controller>>,
    /// Where the last I/O's time went (controller model only).
    pub last: IoSplit,
    /// GC work done so far, s (all units), and all flash work.
    pub gc_s: f64,
    work_s: f64,
    /// When the flash finishes the programs of the write being timed.
    write_behind: f64,
    /// Bytes the host has written (since the counters were reset).
    host_bytes: u64,
    /// Flash operations (page reads, programs, copies, erases) so far.
    pub flash_ops: u64,
    /// Start and end address of the run of writes that continue each
    /// other, and whether the write being timed is part of one.
    run: (u64, u64),
    run_part: bool,
    /// Program a write's whole units one at a time through the loop over
    /// its units, as before the run of whole units was programmed in one
    /// call: the path the tests compare that call with.
    per_unit: bool,
}

/// How one I/O's service time divides: waiting for work already on its
/// units (earlier buffered writes, GC), garbage collection this I/O itself
/// triggered, and the rest (its own command, flash and transfer time).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct IoSplit {
    pub behind_s: f64,
    pub gc_s: f64,
    pub own_s: f64,
}

/// The controller's state: timelines and what it buffers.
#[derive(Clone)]
struct Controller {
    /// Bytes of one host sector the write path tracks (min of 4 KB, the
    /// page and the mapping unit) and how many make a mapping unit.
    grain: u64,
    map_grains: u32,
    map_bytes: u64,
    /// Flash pages one mapping unit fills (a fraction when several units
    /// share a page), the flash operations its program counts (at least
    /// one), and that count as an integer.
    unit_pages: f64,
    program_ops: f64,
    program_ops_n: u64,
    /// Bytes of logical space on one die before the next (the larger of
    /// the page and the mapping unit).
    stripe: u64,
    command_s: f64,
    link_bytes_per_s: f64,
    buffer_bytes: u64,
    /// Buffered programs not yet on flash (each one map unit).
    buffered: WriteBuffer,
    read_ahead: bool,
    unit_free: DieTimes,
    /// Channel timelines (empty: transfers folded into the page times).
    ch_free: Vec<f64>,
    ch_s_per_byte: f64,
    /// The controller starts one command per `ctrl_gap` s at most.
    ctrl_free: f64,
    ctrl_gap: f64,
    link_free: f64,
    next_unit: u32,
    /// A map unit partly written and held in the buffer: (unit, first
    /// grain, end grain) within it.
    pending: Option<(u64, u32, u32)>,
    /// End address of the last read and when its command reached the flash
    /// (the read-ahead for what follows starts then).
    read_end: u64,
    read_from: f64,
    queue_depth: u32,
}

impl Ssd {
    pub fn new(g: &SsdGeometry) -> Ssd {
        Ssd::with_controller(g, None)
    }

    /// An SSD whose controller is described (`None`: the plain model),
    /// timed by the scalable model.
    pub fn with_controller(g: &SsdGeometry, c: Option<&SsdController>) -> Ssd {
        Ssd::with_model(g, c, SsdModelKind::Scalable)
    }

    /// An SSD whose controller is described, timed by the FTL
    /// `model.runs_on` picks (the plain model, without a controller, is
    /// always the per-page one).
    pub fn with_model(g: &SsdGeometry, c: Option<&SsdController>, model: SsdModelKind) -> Ssd {
        let blocks_per_unit = g.blocks_per_unit();
        let read_s = g.read_us * 1e-6;
        let program_s = g.program_us * 1e-6;
        let model = model.runs_on(c.is_some());
        let (map, ctl, logical_units): (FlashModel, _, _) = match c {
            None => {
                let logical = g.used_bytes.div_ceil(g.page_bytes) as u32;
                (
                    FlashModel::Reference(Ftl::new(
                        g.units,
                        g.pages_per_block,
                        blocks_per_unit,
                        logical,
                    )),
                    None,
                    logical as u64,
                )
            }
            Some(c) => {
                // The whole drive is mapped, whatever share a cache uses.
                let MappedLayout {
                    map_bytes,
                    grain,
                    logical,
                    slots,
                    ..
                } = MappedLayout::new(
                    g.capacity_bytes,
                    g.spare_factor,
                    g.page_bytes,
                    g.pages_per_block,
                    g.units,
                    c.map_kb,
                );
                let map = match model {
                    SsdModelKind::Reference => FlashModel::Reference(
                        Ftl::new(g.units, slots, blocks_per_unit, logical as u32)
                            .with_reserve(c.gc_reserve_blocks),
                    ),
                    SsdModelKind::Scalable => FlashModel::Scalable(SteadyGc::new(
                        g.units,
                        slots,
                        blocks_per_unit,
                        logical,
                        c.gc_reserve_blocks,
                    )),
                };
                let channels = if c.channels > 0 && c.channel_mbps > 0.0 {
                    c.channels.min(g.units) as usize
                } else {
                    0
                };
                let ctl = Controller {
                    grain,
                    map_grains: (map_bytes / grain) as u32,
                    map_bytes,
                    unit_pages: map_bytes as f64 / g.page_bytes as f64,
                    program_ops: (map_bytes as f64 / g.page_bytes as f64).max(1.0),
                    program_ops_n: (map_bytes as f64 / g.page_bytes as f64).max(1.0) as u64,
                    stripe: map_bytes.max(g.page_bytes),
                    command_s: c.command_us * 1e-6,
                    link_bytes_per_s: c.link_mbps * 1024.0 * 1024.0,
                    buffer_bytes: (c.buffer_kb * 1024.0) as u64,
                    buffered: WriteBuffer::new(g.units as usize),
                    read_ahead: c.read_ahead,
                    unit_free: DieTimes::new(g.units as usize),
                    ch_free: vec![0.0; channels],
                    ch_s_per_byte: if channels > 0 {
                        1.0 / (c.channel_mbps * 1024.0 * 1024.0)
                    } else {
                        0.0
                    },
                    ctrl_free: 0.0,
                    ctrl_gap: if c.max_kiops > 0.0 {
                        1.0 / (c.max_kiops * 1000.0)
                    } else {
                        0.0
                    },
                    link_free: 0.0,
                    next_unit: 0,
                    pending: None,
                    read_end: u64::MAX,
                    read_from: 0.0,
                    queue_depth: c.queue_depth.max(1),
                };
                (map, Some(Box::new(ctl)), logical)
            }
        };
        Ssd {
            map,
            logical_units,
            page_bytes: g.page_bytes,
            read_s,
            program_s,
            erase_s: g.erase_ms * 1e-3,
            work: vec![0.0; g.units as usize],
            ctl,
            last: IoSplit::default(),
            gc_s: 0.0,
            work_s: 0.0,
            write_behind: 0.0,
            host_bytes: 0,
            flash_ops: 0,
            run: (u64::MAX, u64::MAX),
            run_part: false,
            per_unit: false,
        }
    }

    /// When the last work queued on any die ends (0 for the plain model).
    pub fn busy_until(&self) -> f64 {
        self.ctl.as_ref().map_or(0.0, |c| c.unit_free.latest())
    }

    /// Program every mapping unit of a write on its own (the reference the
    /// tests hold the faster path for runs of whole units to; same numbers).
    #[doc(hidden)]
    pub fn set_per_unit_writes(&mut self, on: bool) {
        self.per_unit = on;
    }

    /// Commands the drive takes at once (its NCQ/NVMe queue depth); none
    /// for the plain model, which serves one I/O at a time.
    pub fn queue_depth(&self) -> Option<u32> {
        self.ctl.as_ref().map(|c| c.queue_depth)
    }

    /// The FTL: where data lives, what GC costs, what the flash wore.
    pub fn flash(&self) -> &dyn FlashMapping {
        &self.map
    }

    pub fn flash_mut(&mut self) -> &mut dyn FlashMapping {
        &mut self.map
    }

    /// Host writes (mapping units, or pages for the plain model), NAND
    /// programs and erases since the counters were reset.
    pub fn wear(&self) -> &Wear {
        self.map.wear()
    }

    /// Back to a secure-erased drive with idle units.
    pub fn reset(&mut self) {
        self.map.reset();
        self.idle();
    }

    /// A drive in steady state (see `Ftl::precondition_steady`,
    /// `SteadyGc::precondition_steady`), idle.
    pub fn reset_steady(&mut self, seed: u64) {
        self.map.precondition_steady(seed);
        self.idle();
    }

    /// Start counting writes and GC afresh (the measured period begins).
    pub fn reset_counters(&mut self) {
        self.map.reset_counters();
        self.host_bytes = 0;
        self.gc_s = 0.0;
        self.work_s = 0.0;
        self.flash_ops = 0;
    }

    fn idle(&mut self) {
        self.run = (u64::MAX, u64::MAX);
        self.host_bytes = 0;
        self.gc_s = 0.0;
        self.work_s = 0.0;
        self.flash_ops = 0;
        self.last = IoSplit::default();
        if let Some(c) = &mut self.ctl {
            c.unit_free.fill(0.0);
            c.ch_free.iter_mut().for_each(|t| *t = 0.0);
            c.ctrl_free = 0.0;
            c.link_free = 0.0;
            c.next_unit = 0;
            c.pending = None;
            c.buffered.clear();
            c.read_end = u64::MAX;
            c.read_from = 0.0;
        }
    }

    /// Bytes the host wrote since the counters were reset (the plain model
    /// counts whole pages, as it always has).
    pub fn host_written_bytes(&self) -> u64 {
        match self.ctl {
            Some(_) => self.host_bytes,
            None => self.wear().host_pages * self.page_bytes,
        }
    }

    /// The share of the flash units' work so far that was garbage collection.
    pub fn gc_share(&self) -> f64 {
        if self.work_s > 0.0 {
            (self.gc_s / self.work_s).clamp(0.0, 1.0)
        } else {
            0.0
        }
    }

    /// Mapping units the host addresses (pages for the plain model).
    pub fn logical_units(&self) -> u64 {
        self.logical_units
    }

    /// Bytes the FTL maps as one unit.
    pub fn map_bytes(&self) -> u64 {
        self.ctl.as_ref().map_or(self.page_bytes, |c| c.map_bytes)
    }

    pub fn page_bytes(&self) -> u64 {
        self.page_bytes
    }

    fn units(&self) -> u32 {
        self.map.units()
    }

    /// One erase block on every unit: the size of a large, erase-block-
    /// aligned write that leaves no block partly valid.
    pub fn erase_stripe_bytes(&self) -> u64 {
        self.map_bytes() * self.map.slots_per_block() as u64 * self.units() as u64
    }

    /// Serve an I/O that starts at time `now`: its service time. The plain
    /// model has no clock and ignores `now`. With a controller, I/Os may be
    /// issued while earlier ones are still in flight (a host queue): each
    /// waits only for the timelines (dies, channels, controller, link) it
    /// needs. Issue them in order of `now`.
    pub fn service_at(&mut self, op: IoOp, addr: u64, size: u64, now: f64) -> f64 {
        if op == IoOp::Write {
            self.host_bytes += size;
        }
        if self.ctl.is_none() {
            let t = self.service(op, addr, size);
            self.last = IoSplit {
                behind_s: 0.0,
                gc_s: 0.0,
                own_s: t,
            };
            return t;
        }
        match op {
            IoOp::Read => self.timed_read(addr, size, now),
            IoOp::Write => self.timed_write(addr, size, now),
        }
    }

    /// When the controller starts a command that arrives at `now`.
    fn admit(c: &mut Controller, now: f64) -> f64 {
        let at = if c.ctrl_free > now { c.ctrl_free } else { now };
        c.ctrl_free = at + c.ctrl_gap;
        at + c.command_s
    }

    fn timed_read(&mut self, addr: u64, size: u64, now: f64) -> f64 {
        let units = self.units() as u64;
        // An address past the mapped span (a capacity that is not whole
        // mapping units) wraps onto it, for the stripes and the pages alike.
        let (stripe, first, last, addr) = {
            let c = self.ctl.as_ref().expect("controller");
            let span = self.logical_units.max(1) * c.map_bytes;
            let addr = addr % span;
            (
                c.stripe,
                addr / c.stripe,
                (addr + size.max(1)).div_ceil(c.stripe),
                addr,
            )
        };
        let map_bytes = self.map_bytes();
        // Dies of the stripes this read touches, looked up before the
        // controller is borrowed.
        let page = self.page_bytes;
        let c_start = {
            let c = self.ctl.as_mut().expect("controller");
            Self::admit(c, now)
        };
        let start = c_start;
        let mut end = start;
        let mut behind: f64 = 0.0;
        let mut ops = 0u64;
        let addr0 = addr;
        // Without divisions per stripe (three of them were a fifth of a
        // large read's time): a stripe the read covers whole has the same
        // pages as every other (a mapping unit is whole pages), and the
        // stripes' dies in turn are stepped along.
        let whole_pages = if stripe % page == 0 { stripe / page } else { 0 };
        let mut in_turn = (first % units) as usize;
        let table = matches!(self.map, FlashModel::Reference(_));
        for s in first..last {
            let lo = (s * stripe).max(addr0);
            let hi = ((s + 1) * stripe).min(addr0 + size.max(1));
            let pages = if whole_pages > 0 && hi - lo == stripe {
                whole_pages
            } else {
                hi.div_ceil(page) - lo / page
            };
            // Where the table put the data; without a table, the stripe's
            // die (a sequential stream writes its mapping units together,
            // so they share it).
            let u = if table {
                self.map
                    .placed_die(lo / map_bytes)
                    .map_or(in_turn, |u| u as usize)
            } else {
                in_turn
            };
            in_turn += 1;
            if in_turn as u64 == units {
                in_turn = 0;
            }
            let c = self.ctl.as_mut().expect("controller");
            let from = if c.read_ahead && addr0 == c.read_end {
                c.read_from
            } else {
                start
            };
            let mut free = c.unit_free.get(u);
            behind = float::max(behind, free - start);
            // The die reads the pages one after another: the first once
            // the die and the command are ready, each next one when the
            // one before ends (already past `from`, so no second wait:
            // the same sums as waiting for both before every page, without
            // a comparison in the chain of additions).
            if pages > 0 {
                free = float::max(free, from) + self.read_s;
                for _ in 1..pages {
                    free += self.read_s;
                }
            }
            c.unit_free.set(u, free);
            ops += pages;
            let done = if c.ch_free.is_empty() {
                free
            } else {
                let ch = u % c.ch_free.len();
                let t = float::max(c.ch_free[ch], free) + (hi - lo) as f64 * c.ch_s_per_byte;
                c.ch_free[ch] = t;
                t
            };
            end = float::max(end, done);
        }
        let c = self.ctl.as_mut().expect("controller");
        // The link carries the data as it arrives: busy for size / rate
        // from when the command starts (or the link frees), and the last
        // page crosses it after the flash has read it.
        c.link_free = float::max(start, c.link_free) + size as f64 / c.link_bytes_per_s;
        let done = float::max(
            end + page.min(size) as f64 / c.link_bytes_per_s,
            c.link_free,
        );
        c.read_end = addr0 + size;
        c.read_from = start;
        self.flash_ops += ops;
        let t = done - now;
        let behind = behind.clamp(0.0, t);
        self.last = self.split(behind, 0.0, t);
        t
    }

    fn timed_write(&mut self, addr: u64, size: u64, now: f64) -> f64 {
        // Erase stripes the run this write belongs to covers whole (a
        // stream: writes that continue each other), scalable model.
        let stripe = self.erase_stripe_bytes().max(1);
        // The controller is borrowed once for the whole write (taken out
        // of `self` and put back), not looked up again for every map unit.
        let mut c = self.ctl.take().expect("controller");
        let t = self.timed_write_on(&mut c, addr, size, now, stripe);
        self.ctl = Some(c);
        t
    }

    fn timed_write_on(
        &mut self,
        c: &mut Controller,
        addr: u64,
        size: u64,
        now: f64,
        stripe: u64,
    ) -> f64 {
        // Addresses past the mapped space wrap, as reads do.
        let span = self.logical_units * c.map_bytes;
        let addr = addr % span.max(1);
        let size = size.min(span - addr);
        let start = Self::admit(c, now);
        let data_in = float::max(start, c.link_free) + size as f64 / c.link_bytes_per_s;
        c.link_free = data_in;
        let (m, grain) = (c.map_grains as u64, c.grain);
        let behind0 = float::max(c.unit_free.latest() - data_in, 0.0);
        let first = addr / grain;
        let last = (addr + size.max(1)).div_ceil(grain);
        let mut gc_here = 0.0;
        self.write_behind = data_in;
        let continues = addr == self.run.1;
        if !continues {
            self.run.0 = addr;
        }
        self.run.1 = addr + size;
        self.run_part = continues || size >= stripe;
        self.map.begin_write(WriteRun {
            first: self.run.0.div_ceil(stripe),
            end: (addr + size) / stripe,
            part: self.run_part,
        });
        let mut p = first;
        while p < last {
            let mu = p / m;
            let lo = (p % m) as u32;
            let hi = ((last - mu * m).min(m)) as u32;
            p = mu * m + hi as u64;
            match c.pending {
                // Continues the buffered unit: extend it, program when whole.
                Some((pu, plo, phi)) if pu == mu && phi == lo => {
                    if hi == m as u32 {
                        c.pending = None;
                        gc_here += self.program_unit(c, mu, m as u32 - (hi - plo), data_in);
                    } else {
                        c.pending = Some((mu, plo, hi));
                    }
                }
                pending => {
                    if let Some((pu, plo, phi)) = pending {
                        c.pending = None;
                        gc_here += self.program_unit(c, pu, m as u32 - (phi - plo), data_in);
                    }
                    if lo == 0 && hi == m as u32 {
                        gc_here += self.program_unit(c, mu, 0, data_in);
                    } else {
                        c.pending = Some((mu, lo, hi));
                    }
                }
            }
            // At a unit's end with whole units ahead (the body of a large
            // write): what the loop would do for each of them — program any
            // unit still pending, then each whole unit in turn — done in one
            // call, without this loop's divisions and branches per unit.
            if hi == m as u32 && !self.per_unit {
                let whole = (last - p) / m;
                if whole > 0 {
                    if let Some((pu, plo, phi)) = c.pending.take() {
                        gc_here += self.program_unit(c, pu, m as u32 - (phi - plo), data_in);
                    }
                    self.program_whole(c, mu + 1, whole, data_in, &mut gc_here);
                    p += whole * m;
                }
            }
        }
        let done = if c.buffer_bytes == 0 {
            // Write-through: done when its pages are on flash.
            float::max(data_in, self.write_behind)
        } else {
            // Write-back: done once the buffer has room for what this write
            // left in it, i.e. when enough earlier programs have finished.
            let room = (c.buffer_bytes / c.map_bytes.max(1)).min(usize::MAX as u64) as usize;
            c.buffered.drain(data_in, room)
        };
        let t = done - now;
        let behind = float::min(behind0, t);
        let gc = float::min(gc_here, t - behind);
        self.last = self.split(behind, gc, t);
        t
    }

    /// An I/O of `t` s that waited `behind` s on earlier work and caused
    /// `gc` s of collection: the wait is put down to GC in the share GC has
    /// of all the flash work so far.
    fn split(&self, behind: f64, gc: f64, t: f64) -> IoSplit {
        let share = self.gc_share();
        IoSplit {
            behind_s: behind * (1.0 - share),
            gc_s: gc + behind * share,
            own_s: t - behind - gc,
        }
    }

    /// Program map unit `mu` on the die that frees first, after reading the
    /// `missing` grains it must keep (only if it holds data); returns the GC
    /// time it caused.
    fn program_unit(&mut self, c: &mut Controller, mu: u64, missing: u32, ready: f64) -> f64 {
        // The pages the rest of the unit occupies, read once each.
        let reads = if missing > 0 {
            let pages = (missing as u64 * c.grain).div_ceil(self.page_bytes) as f64;
            pages * self.map.holds_data(mu)
        } else {
            0.0
        };
        let mut gc_here = 0.0;
        self.program_units(c, mu, 1, reads, ready, &mut gc_here);
        gc_here
    }

    /// Program the `count` whole map units from `mu0` on, in order, as
    /// `program_unit` does one at a time, adding the GC time of each to
    /// `gc_here` in turn.
    fn program_whole(
        &mut self,
        c: &mut Controller,
        mu0: u64,
        count: u64,
        ready: f64,
        gc_here: &mut f64,
    ) {
        self.program_units(c, mu0, count, 0.0, ready, gc_here);
    }

    /// The FTL is matched once for a run of units, not once per unit for
    /// each of its calls, and the drive's totals are carried in locals
    /// through the run (the same sums in the same order).
    fn program_units(
        &mut self,
        c: &mut Controller,
        mu0: u64,
        count: u64,
        reads: f64,
        ready: f64,
        gc_here: &mut f64,
    ) {
        let costs = OpCosts {
            read_s: self.read_s,
            program_s: self.program_s,
            erase_s: self.erase_s,
        };
        let mut sums = Sums {
            work_s: self.work_s,
            gc_s: self.gc_s,
            flash_ops: self.flash_ops,
            write_behind: self.write_behind,
        };
        match &mut self.map {
            FlashModel::Scalable(f) => {
                program_run(f, c, &costs, &mut sums, mu0, count, reads, ready, gc_here)
            }
            FlashModel::Reference(f) => {
                program_run(f, c, &costs, &mut sums, mu0, count, reads, ready, gc_here)
            }
        }
        self.work_s = sums.work_s;
        self.gc_s = sums.gc_s;
        self.flash_ops = sums.flash_ops;
        self.write_behind = sums.write_behind;
    }

    /// Serve an I/O of `size` bytes at byte address `addr`: its service time.
    pub fn service(&mut self, op: IoOp, addr: u64, size: u64) -> f64 {
        self.work.iter_mut().for_each(|w| *w = 0.0);
        let first = addr / self.page_bytes;
        let last = (addr + size.max(1)).div_ceil(self.page_bytes);
        let (logical, units) = (self.logical_units.max(1), self.map.units() as u64);
        for p in first..last {
            // Statically striped: page `lpn` on unit `lpn % units`.
            let lpn = p % logical;
            let u = (lpn % units) as u32;
            self.work[u as usize] += match op {
                IoOp::Read => self.read_s,
                IoOp::Write => {
                    let gc = self.map.write(u, lpn);
                    self.program_s
                        + gc.copies as f64 * (self.read_s + self.program_s)
                        + gc.erases as f64 * self.erase_s
                }
            };
        }
        self.work.iter().copied().fold(0.0, f64::max)
    }
}

/// The flash's operation times, s.
struct OpCosts {
    read_s: f64,
    program_s: f64,
    erase_s: f64,
}

/// The drive's running totals a program adds to (`Ssd`'s fields of the
/// same names), kept in locals through a run of units.
struct Sums {
    work_s: f64,
    gc_s: f64,
    flash_ops: u64,
    write_behind: f64,
}

/// Program map units `mu0 .. mu0 + count`, each after `reads` page reads,
/// each on the die that frees first: the work `Ssd::program_unit` describes,
/// per unit, generic over the FTL so that its calls inline.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn program_run<M: FlashMapping>(
    map: &mut M,
    c: &mut Controller,
    k: &OpCosts,
    sums: &mut Sums,
    mu0: u64,
    count: u64,
    reads: f64,
    ready: f64,
    gc_here: &mut f64,
) {
    let unit_pages = c.unit_pages;
    // The unit that frees up first takes the page (in turn on a tie), so
    // a unit stalled by GC is written around rather than waited for.
    let n = c.unit_free.len() as u32;
    // No die's time is below `floor` (NaN ones aside): the earliest time
    // the last look at every die found, lowered by any time set since
    // below it. The run moves only the dies it programs, and each to no
    // earlier than it was, so it stays a floor without a look at them.
    let mut floor = f64::NEG_INFINITY;
    for mu in mu0..mu0 + count {
        // The first unit in turn from `next_unit` that is free by `ready`,
        // else the first in turn of those that free up earliest. When the
        // unit in turn is at the floor, it is one of the earliest and the
        // first in turn of them, whether or not it is free by `ready`: no
        // look at the other dies needed (in a large write on idle dies,
        // which all take the same time per unit, that is nine picks in ten).
        let next = c.next_unit as usize;
        let at = c.unit_free.get(next);
        let mut unit = if at <= ready || at <= floor {
            next as u32
        } else {
            let (u, earliest) = c.unit_free.pick_earliest(next, ready);
            floor = earliest;
            u as u32
        };
        if !map.can_take(unit) {
            // Validation keeps more mapping units than the host addresses,
            // so some unit has room (without one, the unit in turn stays:
            // no drive the checks pass gets here).
            if let Some(u) = (0..n).map(|i| (unit + i) % n).find(|&u| map.can_take(u)) {
                unit = u;
            }
        }
        c.next_unit = if unit + 1 == n { 0 } else { unit + 1 };
        let gc = map.write(unit, mu);
        let gc_s =
            gc.copies as f64 * unit_pages * (k.read_s + k.program_s) + gc.erases as f64 * k.erase_s;
        let work = reads * k.read_s + unit_pages * k.program_s + gc_s;
        let u = unit as usize;
        // The data crosses the die's channel before it is programmed.
        let ready = if c.ch_free.is_empty() {
            ready
        } else {
            let ch = u % c.ch_free.len();
            let t = float::max(c.ch_free[ch], ready) + c.map_bytes as f64 * c.ch_s_per_byte;
            c.ch_free[ch] = t;
            t
        };
        let until = float::max(c.unit_free.get(u), ready) + work;
        c.unit_free.set(u, until);
        if until < floor {
            floor = until;
        }
        sums.work_s += work;
        // (0 + x is x exactly, so a unit written whole skips the sum.)
        let own_ops = if reads == 0.0 {
            c.program_ops_n
        } else {
            (reads + c.program_ops) as u64
        };
        sums.flash_ops += own_ops + gc.copies as u64 * 2 * c.program_ops_n + gc.erases as u64;
        sums.write_behind = float::max(sums.write_behind, until);
        if c.buffer_bytes > 0 {
            c.buffered.push(u, until);
        }
        sums.gc_s += gc_s;
        *gc_here += gc_s;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn x25m_like(gb: u64) -> (SsdGeometry, SsdController) {
        (
            SsdGeometry {
                units: 10,
                page_bytes: 4096,
                pages_per_block: 128,
                read_us: 170.0,
                program_us: 558.0,
                erase_ms: 3.8,
                capacity_bytes: gb << 30,
                spare_factor: 0.07,
                used_bytes: gb << 30,
            },
            SsdController {
                map_kb: 8.0,
                command_us: 68.0,
                link_mbps: 280.0,
                buffer_kb: 1024.0,
                gc_reserve_blocks: 16,
                read_ahead: true,
                channels: 0,
                channel_mbps: 0.0,
                queue_depth: 32,
                max_kiops: 35.0,
            },
        )
    }

    /// A read reads every page it touches once, and on the scalable model
    /// stripe `s` is read on die `s % units`: over reads of every
    /// alignment and size (whole stripes, a part of one, parts at both
    /// ends), as the per-stripe arithmetic without shortcuts gives them.
    #[test]
    fn a_read_reads_each_page_it_touches_once_on_its_stripes_dies() {
        let (g, c) = x25m_like(1);
        let page = g.page_bytes;
        let stripe = (c.map_kb * 1024.0) as u64;
        let mut x = 11u64;
        let mut next = |n: u64| {
            x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (x >> 33) % n
        };
        for model in [SsdModelKind::Scalable, SsdModelKind::Reference] {
            for _ in 0..300 {
                let mut ssd = Ssd::with_model(&g, Some(&c), model);
                ssd.reset_steady(1);
                let addr = next(64 << 20);
                let span = if next(2) == 0 { 3 * stripe } else { 2 << 20 };
                let size = 1 + next(span);
                ssd.service_at(IoOp::Read, addr, size, 0.0);
                let pages = (addr + size).div_ceil(page) - addr / page;
                assert_eq!(ssd.flash_ops, pages, "{model:?}: {size} B at {addr}");
                if model == SsdModelKind::Scalable {
                    let units = ssd.units() as u64;
                    let ctl = ssd.ctl.as_ref().expect("controller");
                    let stripes = addr / stripe..(addr + size).div_ceil(stripe);
                    for u in 0..units {
                        let read_on = stripes.clone().any(|s| s % units == u);
                        let busy = ctl.unit_free.get(u as usize) > 0.0;
                        assert_eq!(busy, read_on, "die {u}: {size} B at {addr}");
                    }
                }
            }
        }
    }

    /// A ring rewritten with large sequential writes (L2ARC's feeder) empties
    /// whole blocks: once it has wrapped, both models copy next to nothing.
    #[test]
    fn a_ring_of_large_writes_is_collected_without_copies() {
        let (g, c) = x25m_like(8);
        for model in [SsdModelKind::Scalable, SsdModelKind::Reference] {
            let mut ssd = Ssd::with_model(&g, Some(&c), model);
            ssd.reset_steady(1);
            let ring = 1u64 << 30;
            let write = 8u64 << 20;
            let mut t = 0.0;
            for pass in 0..3 {
                if pass == 2 {
                    ssd.reset_counters();
                }
                let mut a = 0;
                while a < ring {
                    t += ssd.service_at(IoOp::Write, a, write, t);
                    a += write;
                }
            }
            let wa = ssd.wear().write_amplification();
            assert!(wa < 1.5, "{model:?}: WA {wa}");
        }
    }
}
