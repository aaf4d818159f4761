//! An SSD's service time: the pages of an I/O are spread over its parallel
//! units (channels × dies) by logical page, each unit works through its
//! pages (reads; programs plus any garbage collection they trigger) and the
//! I/O completes when the busiest unit does. The device serves one I/O at a
//! time, so an I/O queued behind a write that stalls for GC waits for it.
//!
//! A device with a controller description (`SsdController`) is timed with
//! more of what a real drive does: each unit keeps its own clock, so work
//! left behind by one command (buffered writes, a GC burst) delays the
//! commands after it that need that unit; writes are placed on units in
//! turn and acknowledged from a write-back buffer; the FTL maps units of
//! `map_kb`, so a smaller write reads and rewrites the rest of its unit;
//! every command pays a fixed overhead and its transfer over the host link;
//! sequential reads overlap with the drive's read-ahead; and the FTL spans
//! the whole drive, not only the cache's share of it.

use super::ftl::Ftl;
use super::write_buffer::WriteBuffer;
use super::IoOp;
use tierplan_scenario::SsdController;

#[derive(Clone)]
pub struct Ssd {
    pub ftl: Ftl,
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

/// The controller's state: per-unit clocks and what it buffers.
#[derive(Clone)]
struct Controller {
    map_pages: u32,
    command_s: f64,
    link_bytes_per_s: f64,
    buffer_bytes: u64,
    /// Buffered programs not yet on flash (each one map unit).
    buffered: WriteBuffer,
    read_ahead: bool,
    unit_free: Vec<f64>,
    next_unit: u32,
    /// A map unit partly written and held in the buffer: (unit, first page,
    /// end page) within it.
    pending: Option<(u32, u32, u32)>,
    /// End address of the last read and when its command reached the flash
    /// (the read-ahead for what follows starts then).
    read_end: u64,
    read_from: f64,
    logical_units: u64,
}

/// Flash timing and geometry of one SSD as the engine uses it.
#[derive(Debug, Clone, Copy)]
pub struct SsdGeometry {
    pub units: u32,
    pub page_bytes: u64,
    pub pages_per_block: u32,
    pub read_us: f64,
    pub program_us: f64,
    pub erase_ms: f64,
    /// Advertised capacity, bytes; physical = capacity × (1 + ρ).
    pub capacity_bytes: u64,
    pub spare_factor: f64,
    /// Bytes the host addresses (the cache's share of the device).
    pub used_bytes: u64,
}

impl Ssd {
    pub fn new(g: &SsdGeometry) -> Ssd {
        Ssd::with_controller(g, None)
    }

    /// An SSD whose controller is described (`None`: the plain model).
    pub fn with_controller(g: &SsdGeometry, c: Option<&SsdController>) -> Ssd {
        let physical_pages =
            libm::floor(g.capacity_bytes as f64 * (1.0 + g.spare_factor) / g.page_bytes as f64)
                as u64;
        let blocks_per_unit =
            (physical_pages / g.pages_per_block as u64 / g.units as u64).max(4) as u32;
        let read_s = g.read_us * 1e-6;
        let program_s = g.program_us * 1e-6;
        let (ftl, ctl) = match c {
            None => {
                let logical = g.used_bytes.div_ceil(g.page_bytes) as u32;
                (
                    Ftl::new(g.units, g.pages_per_block, blocks_per_unit, logical),
                    None,
                )
            }
            Some(c) => {
                let map_pages = ((c.map_kb * 1024.0 / g.page_bytes as f64).round() as u32)
                    .clamp(1, g.pages_per_block);
                let map_bytes = g.page_bytes * map_pages as u64;
                // The whole drive is mapped, whatever share a cache uses.
                let logical = g.capacity_bytes / map_bytes;
                let slots = g.pages_per_block / map_pages;
                let link = c.link_mbps * 1024.0 * 1024.0;
                let ftl = Ftl::new(g.units, slots, blocks_per_unit, logical as u32)
                    .with_reserve(c.gc_reserve_blocks);
                let ctl = Controller {
                    map_pages,
                    command_s: c.command_us * 1e-6,
                    link_bytes_per_s: link,
                    buffer_bytes: (c.buffer_kb * 1024.0) as u64,
                    buffered: WriteBuffer::new(g.units as usize),
                    read_ahead: c.read_ahead,
                    unit_free: vec![0.0; g.units as usize],
                    next_unit: 0,
                    pending: None,
                    read_end: u64::MAX,
                    read_from: 0.0,
                    logical_units: logical,
                };
                (ftl, Some(Box::new(ctl)))
            }
        };
        Ssd {
            ftl,
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
        }
    }

    /// Back to a secure-erased drive with idle units.
    pub fn reset(&mut self) {
        self.ftl.reset();
        self.idle();
    }

    /// A drive in steady state (see `Ftl::precondition_steady`), idle.
    pub fn reset_steady(&mut self, seed: u64) {
        self.ftl.precondition_steady(seed);
        self.idle();
    }

    /// Start counting writes and GC afresh (the measured period begins).
    pub fn reset_counters(&mut self) {
        self.ftl.reset_counters();
        self.host_bytes = 0;
        self.gc_s = 0.0;
        self.work_s = 0.0;
    }

    fn idle(&mut self) {
        self.host_bytes = 0;
        self.gc_s = 0.0;
        self.work_s = 0.0;
        self.last = IoSplit::default();
        if let Some(c) = &mut self.ctl {
            c.unit_free.iter_mut().for_each(|t| *t = 0.0);
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
            None => self.ftl.host_pages * self.page_bytes,
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

    /// Bytes the FTL maps as one unit.
    pub fn map_bytes(&self) -> u64 {
        self.page_bytes * self.ctl.as_ref().map_or(1, |c| c.map_pages) as u64
    }

    pub fn page_bytes(&self) -> u64 {
        self.page_bytes
    }

    /// One erase block on every unit: the size of a large, erase-block-
    /// aligned write that leaves no block partly valid.
    pub fn erase_stripe_bytes(&self) -> u64 {
        self.map_bytes() * self.ftl.pages_per_block() as u64 * self.ftl.units() as u64
    }

    /// Serve an I/O that starts at time `now`: its service time. The plain
    /// model has no clock and ignores `now`.
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

    fn timed_read(&mut self, addr: u64, size: u64, now: f64) -> f64 {
        let c = self.ctl.as_mut().expect("controller");
        let start = now + c.command_s;
        let from = if c.read_ahead && addr == c.read_end {
            c.read_from
        } else {
            start
        };
        let first = addr / self.page_bytes;
        let last = (addr + size.max(1)).div_ceil(self.page_bytes);
        let units = c.unit_free.len() as u64;
        let mut end = start;
        let mut behind: f64 = 0.0;
        let m = c.map_pages as u64;
        let mut p = first;
        while p < last {
            // The pages of one map unit share its location: look it up once.
            let group_end = ((p / m + 1) * m).min(last);
            let mu = (p / m) % c.logical_units.max(1);
            let u = self
                .ftl
                .located_unit(mu as u32)
                .map_or(mu % units, |u| u as u64) as usize;
            // The unit's clock stays in a register for the group (the same
            // operations, without a store and reload per page).
            let mut free = c.unit_free[u];
            for _ in p..group_end {
                behind = behind.max(free - start);
                free = free.max(from) + self.read_s;
                end = end.max(free);
            }
            c.unit_free[u] = free;
            p = group_end;
        }
        let done = (end + self.page_bytes as f64 / c.link_bytes_per_s)
            .max(start + size as f64 / c.link_bytes_per_s);
        c.read_end = addr + size;
        c.read_from = start;
        let t = done - now;
        let behind = behind.clamp(0.0, t);
        self.last = self.split(behind, 0.0, t);
        t
    }

    fn timed_write(&mut self, addr: u64, size: u64, now: f64) -> f64 {
        // Addresses past the mapped space wrap, as reads do.
        let span = self
            .ctl
            .as_ref()
            .map_or(u64::MAX, |c| c.logical_units * self.map_bytes());
        let addr = addr % span.max(1);
        let size = size.min(span - addr);
        let (data_in, m) = {
            let c = self.ctl.as_ref().expect("controller");
            (
                now + c.command_s + size as f64 / c.link_bytes_per_s,
                c.map_pages as u64,
            )
        };
        let behind0 = self
            .ctl
            .as_ref()
            .map_or(0.0, |c| {
                c.unit_free.iter().copied().fold(0.0, f64::max) - data_in
            })
            .max(0.0);
        let first = addr / self.page_bytes;
        let last = (addr + size.max(1)).div_ceil(self.page_bytes);
        let mut gc_here = 0.0;
        self.write_behind = data_in;
        let mut p = first;
        while p < last {
            let mu = (p / m) as u32;
            let lo = (p % m) as u32;
            let hi = ((last - mu as u64 * m).min(m)) as u32;
            p = mu as u64 * m + hi as u64;
            let pending = self.ctl.as_ref().expect("controller").pending;
            match pending {
                // Continues the buffered unit: extend it, program when whole.
                Some((pu, plo, phi)) if pu == mu && phi == lo => {
                    if hi == m as u32 {
                        self.ctl.as_mut().expect("controller").pending = None;
                        gc_here += self.program_unit(mu, m as u32 - (hi - plo), data_in);
                    } else {
                        self.ctl.as_mut().expect("controller").pending = Some((mu, plo, hi));
                    }
                }
                _ => {
                    if let Some((pu, plo, phi)) = pending {
                        self.ctl.as_mut().expect("controller").pending = None;
                        gc_here += self.program_unit(pu, m as u32 - (phi - plo), data_in);
                    }
                    if lo == 0 && hi == m as u32 {
                        gc_here += self.program_unit(mu, 0, data_in);
                    } else {
                        self.ctl.as_mut().expect("controller").pending = Some((mu, lo, hi));
                    }
                }
            }
        }
        let c = self.ctl.as_mut().expect("controller");
        let done = if c.buffer_bytes == 0 {
            // Write-through: done when its pages are on flash.
            data_in.max(self.write_behind)
        } else {
            // Write-back: done once the buffer has room for what this write
            // left in it, i.e. when enough earlier programs have finished.
            let mut t = data_in;
            let unit_bytes = self.page_bytes * c.map_pages as u64;
            while let Some((u, finish)) = c.buffered.earliest() {
                if finish > t && c.buffered.len() as u64 * unit_bytes <= c.buffer_bytes {
                    break;
                }
                t = t.max(finish);
                c.buffered.pop(u);
            }
            t
        };
        let t = done - now;
        let behind = behind0.min(t);
        let gc = gc_here.min(t - behind);
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

    /// Program map unit `mu` on the next unit in turn, after reading the
    /// `missing` pages it must keep (only if it holds data); returns the GC
    /// time it caused.
    fn program_unit(&mut self, mu: u32, missing: u32, ready: f64) -> f64 {
        let reads = if missing > 0 && self.ftl.located_unit(mu).is_some() {
            missing
        } else {
            0
        };
        let c = self.ctl.as_mut().expect("controller");
        // The unit that frees up first takes the page (in turn on a tie), so
        // a unit stalled by GC is written around rather than waited for.
        let n = c.unit_free.len() as u32;
        // The earliest any unit is free (from `ready`), then the first unit
        // in turn from `next_unit` that is free then: two passes over a short
        // array instead of a search that wraps. The earliest of
        // max(free, ready) is max(earliest free, ready); a plain `<` scan
        // (which vectorises, and skips NaN) finds the earliest free.
        let mut earliest = f64::INFINITY;
        for &f in &c.unit_free {
            if f < earliest {
                earliest = f;
            }
        }
        let best = earliest.max(ready);
        // max(free, ready) == best, without the NaN handling `max` costs in
        // wasm.
        let at = |u: u32| {
            let f = c.unit_free[u as usize];
            if f > ready {
                f == best
            } else {
                ready == best
            }
        };
        let unit = (c.next_unit..n)
            .find(|&u| at(u))
            .or_else(|| (0..c.next_unit).find(|&u| at(u)))
            // None only when times are NaN (a degenerate drive): in turn.
            .unwrap_or(c.next_unit);
        c.next_unit = if unit + 1 == n { 0 } else { unit + 1 };
        let m = c.map_pages as f64;
        let gc = self.ftl.write_on(unit, mu);
        let gc_s =
            gc.copies as f64 * m * (self.read_s + self.program_s) + gc.erases as f64 * self.erase_s;
        let work = reads as f64 * self.read_s + m * self.program_s + gc_s;
        let u = unit as usize;
        c.unit_free[u] = c.unit_free[u].max(ready) + work;
        self.work_s += work;
        self.write_behind = self.write_behind.max(c.unit_free[u]);
        if c.buffer_bytes > 0 {
            c.buffered.push(u, c.unit_free[u]);
        }
        self.gc_s += gc_s;
        gc_s
    }

    /// Serve an I/O of `size` bytes at byte address `addr`: its service time.
    pub fn service(&mut self, op: IoOp, addr: u64, size: u64) -> f64 {
        self.work.iter_mut().for_each(|w| *w = 0.0);
        let first = addr / self.page_bytes;
        let last = (addr + size.max(1)).div_ceil(self.page_bytes);
        let logical = self.ftl.logical_pages() as u64;
        for p in first..last {
            let lpn = (p % logical.max(1)) as u32;
            let u = self.ftl.unit_of(lpn) as usize;
            self.work[u] += match op {
                IoOp::Read => self.read_s,
                IoOp::Write => {
                    let gc = self.ftl.write(lpn);
                    self.program_s
                        + gc.copies as f64 * (self.read_s + self.program_s)
                        + gc.erases as f64 * self.erase_s
                }
            };
        }
        self.work.iter().copied().fold(0.0, f64::max)
    }
}
