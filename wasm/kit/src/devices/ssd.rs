//! An SSD's service time: the pages of an I/O are spread over its parallel
//! units (channels × dies) by logical page, each unit works through its
//! pages (reads; programs plus any garbage collection they trigger) and the
//! I/O completes when the busiest unit does. The device serves one I/O at a
//! time, so an I/O queued behind a write that stalls for GC waits for it.

use super::ftl::Ftl;
use super::IoOp;

#[derive(Clone)]
pub struct Ssd {
    pub ftl: Ftl,
    page_bytes: u64,
    read_s: f64,
    program_s: f64,
    erase_s: f64,
    /// Per-unit work of the I/O being timed (scratch, reused).
    work: Vec<f64>,
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
        let physical_pages =
            libm::floor(g.capacity_bytes as f64 * (1.0 + g.spare_factor) / g.page_bytes as f64)
                as u64;
        let blocks_per_unit =
            (physical_pages / g.pages_per_block as u64 / g.units as u64).max(4) as u32;
        let logical = g.used_bytes.div_ceil(g.page_bytes) as u32;
        Ssd {
            ftl: Ftl::new(g.units, g.pages_per_block, blocks_per_unit, logical),
            page_bytes: g.page_bytes,
            read_s: g.read_us * 1e-6,
            program_s: g.program_us * 1e-6,
            erase_s: g.erase_ms * 1e-3,
            work: vec![0.0; g.units as usize],
        }
    }

    pub fn reset(&mut self) {
        self.ftl.reset();
    }

    pub fn page_bytes(&self) -> u64 {
        self.page_bytes
    }

    /// One erase block on every unit: the size of a large, erase-block-
    /// aligned write that leaves no block partly valid.
    pub fn erase_stripe_bytes(&self) -> u64 {
        self.page_bytes * self.ftl.pages_per_block() as u64 * self.ftl.units() as u64
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
