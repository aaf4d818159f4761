//! A page-mapped flash translation layer with greedy garbage collection,
//! per parallel unit (model §11). Logical page `lpn` lives on unit
//! `lpn % units`; each unit appends to one open block and, when no clean
//! block is left, copies the valid pages of its block with the fewest valid
//! pages and erases it. Blocks sit in per-unit buckets by valid count, so
//! choosing the victim is O(pages per block), not a scan of the device.
//! The caller turns the returned work into time: a unit busy with garbage
//! collection delays every I/O queued behind it.

const NONE: u32 = u32::MAX;

/// Work one page program caused beyond itself.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GcWork {
    pub copies: u32,
    pub erases: u32,
}

#[derive(Clone)]
pub struct Ftl {
    units: u32,
    ppb: u32,
    blocks_per_unit: u32,
    /// Logical page → physical page (global block × ppb + offset).
    l2p: Vec<u32>,
    /// Physical page → logical page last programmed there (stale entries are
    /// told apart by checking `l2p`).
    p2l: Vec<u32>,
    valid: Vec<u32>,
    /// Bucket lists by valid count: head per (unit, count), links per block.
    bucket_head: Vec<u32>,
    next: Vec<u32>,
    prev: Vec<u32>,
    /// Whether a block is in a bucket (closed, not open, not free).
    listed: Vec<bool>,
    free: Vec<Vec<u32>>,
    open: Vec<u32>,
    fill: Vec<u32>,
    pub host_pages: u64,
    pub nand_pages: u64,
    pub erases: u64,
}

impl Ftl {
    /// `logical_pages` the host may address; `physical_blocks_per_unit`
    /// erase blocks of `ppb` pages on each of `units` units.
    pub fn new(units: u32, ppb: u32, physical_blocks_per_unit: u32, logical_pages: u32) -> Ftl {
        let blocks = (units * physical_blocks_per_unit) as usize;
        let mut f = Ftl {
            units,
            ppb,
            blocks_per_unit: physical_blocks_per_unit,
            l2p: vec![NONE; logical_pages as usize],
            p2l: vec![NONE; blocks * ppb as usize],
            valid: vec![0; blocks],
            bucket_head: vec![NONE; (units * (ppb + 1)) as usize],
            next: vec![NONE; blocks],
            prev: vec![NONE; blocks],
            listed: vec![false; blocks],
            free: (0..units)
                .map(|_| Vec::with_capacity(physical_blocks_per_unit as usize))
                .collect(),
            open: vec![0; units as usize],
            fill: vec![0; units as usize],
            host_pages: 0,
            nand_pages: 0,
            erases: 0,
        };
        f.reset();
        f
    }

    /// Every page unmapped, every block clean (a secure-erased device).
    pub fn reset(&mut self) {
        self.l2p.iter_mut().for_each(|x| *x = NONE);
        self.valid.iter_mut().for_each(|x| *x = 0);
        self.bucket_head.iter_mut().for_each(|x| *x = NONE);
        self.listed.iter_mut().for_each(|x| *x = false);
        for u in 0..self.units {
            let base = u * self.blocks_per_unit;
            let free = &mut self.free[u as usize];
            free.clear();
            // Block `base` is opened first; the rest are handed out in order.
            free.extend((base + 1..base + self.blocks_per_unit).rev());
            self.open[u as usize] = base;
            self.fill[u as usize] = 0;
        }
        self.reset_counters();
    }

    pub fn reset_counters(&mut self) {
        self.host_pages = 0;
        self.nand_pages = 0;
        self.erases = 0;
    }

    pub fn units(&self) -> u32 {
        self.units
    }

    pub fn pages_per_block(&self) -> u32 {
        self.ppb
    }

    pub fn logical_pages(&self) -> u32 {
        self.l2p.len() as u32
    }

    pub fn unit_of(&self, lpn: u32) -> u32 {
        lpn % self.units
    }

    fn bucket(&self, block: u32, v: u32) -> usize {
        ((block / self.blocks_per_unit) * (self.ppb + 1) + v) as usize
    }

    fn list_add(&mut self, b: u32) {
        let h = self.bucket(b, self.valid[b as usize]);
        let old = self.bucket_head[h];
        self.next[b as usize] = old;
        self.prev[b as usize] = NONE;
        if old != NONE {
            self.prev[old as usize] = b;
        }
        self.bucket_head[h] = b;
        self.listed[b as usize] = true;
    }

    fn list_remove(&mut self, b: u32) {
        let h = self.bucket(b, self.valid[b as usize]);
        let (p, n) = (self.prev[b as usize], self.next[b as usize]);
        if p == NONE {
            self.bucket_head[h] = n
        } else {
            self.next[p as usize] = n
        }
        if n != NONE {
            self.prev[n as usize] = p;
        }
        self.listed[b as usize] = false;
    }

    fn invalidate(&mut self, ppn: u32) {
        let b = ppn / self.ppb;
        let listed = self.listed[b as usize];
        if listed {
            self.list_remove(b);
        }
        self.valid[b as usize] -= 1;
        if listed {
            self.list_add(b);
        }
    }

    fn program(&mut self, unit: usize, lpn: u32) {
        let ob = self.open[unit];
        let ppn = ob * self.ppb + self.fill[unit];
        self.fill[unit] += 1;
        let old = self.l2p[lpn as usize];
        if old != NONE {
            self.invalidate(old);
        }
        self.l2p[lpn as usize] = ppn;
        self.p2l[ppn as usize] = lpn;
        self.valid[ob as usize] += 1;
        self.nand_pages += 1;
    }

    /// Open a fresh block when the open one is full, collecting garbage
    /// until a clean block is in reserve again.
    fn ensure_room(&mut self, unit: usize, work: &mut GcWork) {
        if self.fill[unit] < self.ppb {
            return;
        }
        let closed = self.open[unit];
        self.list_add(closed);
        let next = self.free[unit].pop().expect("a clean block is kept");
        self.open[unit] = next;
        self.fill[unit] = 0;
        while self.free[unit].is_empty() {
            self.collect(unit, work);
        }
    }

    fn collect(&mut self, unit: usize, work: &mut GcWork) {
        let base = unit as u32 * (self.ppb + 1);
        let room = self.ppb - self.fill[unit];
        let victim = (0..=room)
            .map(|v| self.bucket_head[(base + v) as usize])
            .find(|&b| b != NONE)
            .expect("spare factor leaves a block to reclaim");
        self.list_remove(victim);
        let first = victim * self.ppb;
        for ppn in first..first + self.ppb {
            let lpn = self.p2l[ppn as usize];
            if lpn != NONE && self.l2p[lpn as usize] == ppn {
                self.program(unit, lpn);
                work.copies += 1;
            }
        }
        debug_assert_eq!(self.valid[victim as usize], 0);
        self.erases += 1;
        work.erases += 1;
        self.free[unit].push(victim);
    }

    /// The host writes logical page `lpn`; returns the GC work it caused on
    /// the page's unit.
    pub fn write(&mut self, lpn: u32) -> GcWork {
        let unit = self.unit_of(lpn) as usize;
        let mut work = GcWork::default();
        self.ensure_room(unit, &mut work);
        self.program(unit, lpn);
        self.host_pages += 1;
        work
    }

    /// The host no longer needs logical page `lpn` (TRIM): its physical copy
    /// becomes garbage that GC reclaims without copying, so unmapped logical
    /// space acts as extra over-provisioning. Trimming an unmapped page is a
    /// no-op.
    pub fn trim(&mut self, lpn: u32) {
        let old = self.l2p[lpn as usize];
        if old != NONE {
            self.invalidate(old);
            self.l2p[lpn as usize] = NONE;
        }
    }

    /// Logical pages currently mapped (written and not trimmed since).
    pub fn mapped_pages(&self) -> u64 {
        self.valid.iter().map(|&v| v as u64).sum()
    }

    /// Write amplification so far: NAND programs / host page writes.
    pub fn write_amplification(&self) -> f64 {
        if self.host_pages == 0 {
            f64::NAN
        } else {
            self.nand_pages as f64 / self.host_pages as f64
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequential_overwrites_need_no_copies() {
        let mut f = Ftl::new(2, 8, 16, 100);
        for _ in 0..20 {
            for lpn in 0..100 {
                f.write(lpn);
            }
        }
        assert_eq!(f.nand_pages, f.host_pages);
        assert!(f.erases > 0);
    }

    /// Random overwrites of a quarter of the logical space: with the other
    /// three quarters trimmed, GC finds emptier victims and copies less than
    /// when they stay mapped.
    #[test]
    fn trimmed_space_acts_as_over_provisioning() {
        let wa = |trim: bool| {
            let mut f = Ftl::new(1, 32, 110, 3200);
            for lpn in 0..3200 {
                f.write(lpn);
            }
            if trim {
                (800..3200).for_each(|lpn| f.trim(lpn));
                assert_eq!(f.mapped_pages(), 800);
            }
            f.reset_counters();
            let mut x: u32 = 12345;
            for _ in 0..200_000 {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                f.write((x >> 8) % 800);
            }
            f.write_amplification()
        };
        let (with, without) = (wa(true), wa(false));
        assert!(with < 1.3, "trimmed WA {with}");
        assert!(
            without > 2.0 * with,
            "untrimmed WA {without} vs trimmed {with}"
        );
    }
}
