//! One timed flash tier of a cache: a page-mapped FTL (greedy GC) at the
//! tier's actual over-provisioning, spread over parallel units, with the
//! chip timings of model §4 (`analytics::cost_model::flash_timing`). A page
//! operation occupies its unit; a program that triggers garbage collection
//! also occupies the unit for the copies (read + program each) and erases,
//! so host I/O queued behind it stalls.
//!
//! The FTL is the kit's per-page reference (`Ftl`), its wear the kit's one
//! counter (`Wear`), its lifetime model §8's formula
//! (`analytics::lifetime_hours`) with the P/E cycles of the cell presets
//! (`cost_model::pe_cycles`): this file adds only the tier's geometry and
//! its page-level timing.

use tierplan_kit::analytics::cost_model::{flash_timing, FlashTiming};
use tierplan_kit::analytics::lifetime_hours;
use tierplan_kit::devices::Ftl;
pub use tierplan_scenario::cost_model::pe_cycles;
use tierplan_scenario::flash_layout::{SsdGeometry, MIN_BLOCKS_PER_UNIT};
use tierplan_scenario::{CellType, FlashSpec};

/// ASSUMPTION (the HySSC study does not say): 8 parallel units (channels ×
/// dies) per flash tier.
pub const UNITS_PER_TIER: u32 = 8;

/// The tier as a drive: `capacity_gb` of physical flash of `cell` on
/// `UNITS_PER_TIER` units, built by the one geometry constructor every SSD
/// model uses (`SsdGeometry::of`). The tier's capacity is its physical
/// flash, so the drive has no spare factor of its own: what the tier keeps
/// back (`ops`) is taken from its logical space (`geometry`).
pub fn tier_geometry(cell: CellType, capacity_gb: f64) -> SsdGeometry {
    let t = flash_timing(cell).expect("SLC, MLC and TLC have timings");
    let spec = FlashSpec {
        cell,
        pe_cycles: pe_cycles(cell),
        page_kb: t.page_kb,
        pages_per_block: t.pages_per_block,
        read_us: t.read_us,
        program_us: t.program_us,
        erase_ms: t.erase_ms,
        spare_factor: 0.0,
        write_read_interference: 0.0,
        units: Some(UNITS_PER_TIER),
        controller: None,
    };
    SsdGeometry::of(capacity_gb, &spec, None)
}

/// Erase blocks per unit and logical pages of a tier of `capacity_gb`
/// physical flash with `ops` of it over-provisioned. The FTL keeps one open
/// block per unit and needs a clean spare, so the logical space never eats
/// into those two blocks per unit; greedy GC needs blocks to choose among
/// (`MIN_BLOCKS_PER_UNIT`).
pub fn geometry(cell: CellType, capacity_gb: f64, ops: f64) -> (u32, u32) {
    let g = tier_geometry(cell, capacity_gb);
    let ppb = g.pages_per_block as f64;
    let units = g.units as f64;
    let blocks_per_unit = g.blocks_per_unit().max(MIN_BLOCKS_PER_UNIT);
    let physical = blocks_per_unit as f64 * ppb * units;
    let reserve = 2.0 * ppb * units;
    let logical = (physical * (1.0 - ops)).min(physical - reserve).max(1.0) as u32;
    (blocks_per_unit, logical)
}

pub fn cell_label(cell: CellType) -> &'static str {
    match cell {
        CellType::Slc => "SLC",
        CellType::Mlc => "MLC",
        CellType::Tlc => "TLC",
        CellType::Qlc => "QLC",
    }
}

/// What a flash tier did, for costs and results: its page reads and its
/// FTL's wear counter, read as operations.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct FlashCounts {
    pub page_reads: u64,
    pub programs: u64,
    pub gc_copies: u64,
    pub erases: u64,
}

pub struct FlashTier {
    pub cell: CellType,
    pub timing: FlashTiming,
    /// Physical flash of the tier, GB.
    pub capacity_gb: f64,
    pub ftl: Ftl,
    /// When each unit finishes its queued work, s.
    unit_free: Vec<f64>,
    read_s: f64,
    program_s: f64,
    erase_s: f64,
    page_reads: u64,
    /// Seconds of work given to the units, summed over units.
    pub busy_s: f64,
}

impl FlashTier {
    /// A tier of `capacity_gb` physical flash of which `ops` is kept back
    /// as over-provisioning; `timed = false` zeroes every chip time.
    pub fn new(cell: CellType, capacity_gb: f64, ops: f64, timed: bool) -> FlashTier {
        let timing = flash_timing(cell).expect("SLC, MLC and TLC have timings");
        let g = tier_geometry(cell, capacity_gb);
        let (blocks_per_unit, logical) = geometry(cell, capacity_gb, ops);
        let k = if timed { 1e-6 } else { 0.0 };
        FlashTier {
            cell,
            timing,
            capacity_gb,
            ftl: Ftl::new(g.units, g.pages_per_block, blocks_per_unit, logical),
            unit_free: vec![0.0; g.units as usize],
            read_s: g.read_us * k,
            program_s: g.program_us * k,
            erase_s: g.erase_ms * 1e3 * k,
            page_reads: 0,
            busy_s: 0.0,
        }
    }

    /// What the tier did so far: programs, copies and erases are the
    /// FTL's wear (never reset in a block run).
    pub fn counts(&self) -> FlashCounts {
        let w = self.ftl.wear;
        FlashCounts {
            page_reads: self.page_reads,
            programs: w.host_pages,
            gc_copies: w.nand_pages - w.host_pages,
            erases: w.erases,
        }
    }

    pub fn page_bytes(&self) -> u64 {
        (self.timing.page_kb * 1024.0) as u64
    }

    /// Logical pages the policy may use.
    pub fn logical_pages(&self) -> u32 {
        self.ftl.logical_pages()
    }

    /// Read `pages` pages from `page`, none starting before `t`: completion.
    pub fn read(&mut self, t: f64, page: u32, pages: u32) -> f64 {
        let mut done = t;
        for p in page..page + pages {
            let u = self.ftl.unit_of(p) as usize;
            let end = self.unit_free[u].max(t) + self.read_s;
            self.busy_s += self.read_s;
            self.unit_free[u] = end;
            done = done.max(end);
        }
        self.page_reads += pages as u64;
        done
    }

    /// Program `pages` pages through the FTL: completion, including any
    /// garbage collection the programs set off on their units.
    pub fn write(&mut self, t: f64, page: u32, pages: u32) -> f64 {
        let mut done = t;
        for p in page..page + pages {
            let gc = self.ftl.write(p);
            let u = self.ftl.unit_of(p) as usize;
            let work = self.program_s
                + gc.copies as f64 * (self.read_s + self.program_s)
                + gc.erases as f64 * self.erase_s;
            let end = self.unit_free[u].max(t) + work;
            self.busy_s += work;
            self.unit_free[u] = end;
            done = done.max(end);
        }
        done
    }

    pub fn trim(&mut self, page: u32, pages: u32) {
        for p in page..page + pages {
            self.ftl.trim(p);
        }
    }

    /// model §8 lifetime in days at `host_mb_s` host writes to this tier.
    pub fn lifetime_days(&self, host_mb_s: f64) -> Option<f64> {
        let wa = self.ftl.write_amplification();
        if host_mb_s.is_nan() || host_mb_s <= 0.0 || !wa.is_finite() {
            return None;
        }
        Some(lifetime_hours(self.capacity_gb, pe_cycles(self.cell), host_mb_s, wa) / 24.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// model §8 check value: 128 GB MLC, 100 MB/s, WA 1 → 3641 h.
    #[test]
    fn lifetime_matches_spec_check_value() {
        let mut t = FlashTier::new(CellType::Mlc, 128.0, 0.1, true);
        // Sequential writes of whole blocks: WA = 1.
        for p in 0..10_000 {
            t.write(0.0, p, 1);
        }
        let days = t.lifetime_days(100.0).unwrap();
        assert!((days * 24.0 - 3641.0).abs() < 1.0, "{}", days * 24.0);
    }

    /// The tier's geometry, now built by `SsdGeometry::of`, is the one the
    /// tier computed by itself before (physical pages in f64, blocks per
    /// unit floored, at least 8), for every cell and a spread of sizes,
    /// fractional ones included.
    #[test]
    fn the_tier_geometry_is_the_tiers_own_arithmetic() {
        let own = |cell: CellType, capacity_gb: f64, ops: f64| {
            let timing = flash_timing(cell).unwrap();
            let page_bytes = timing.page_kb * 1024.0;
            let ppb = timing.pages_per_block as f64;
            let units = UNITS_PER_TIER as f64;
            let physical_pages = capacity_gb * (1u64 << 30) as f64 / page_bytes;
            let blocks_per_unit = ((physical_pages / (ppb * units)).floor() as u32).max(8);
            let physical = blocks_per_unit as f64 * ppb * units;
            let reserve = 2.0 * ppb * units;
            let logical = (physical * (1.0 - ops)).min(physical - reserve).max(1.0) as u32;
            (blocks_per_unit, logical)
        };
        for cell in [CellType::Slc, CellType::Mlc, CellType::Tlc] {
            for i in 0..4000 {
                let gb = 0.001 + i as f64 * 0.0731;
                for ops in [0.0, 0.07, 0.1, 0.28, 0.5] {
                    assert_eq!(
                        geometry(cell, gb, ops),
                        own(cell, gb, ops),
                        "{cell:?} {gb} GB {ops}"
                    );
                }
            }
        }
    }

    /// Eight pages on eight units run in parallel; a ninth waits.
    #[test]
    fn pages_spread_over_units() {
        let mut t = FlashTier::new(CellType::Slc, 1.0, 0.1, true);
        let one = t.read(0.0, 0, 1);
        assert!((one - 135e-6).abs() < 1e-12);
        let mut t = FlashTier::new(CellType::Slc, 1.0, 0.1, true);
        let eight = t.read(0.0, 0, 8);
        assert!((eight - 135e-6).abs() < 1e-12);
        let nine = t.read(0.0, 8, 1);
        assert!((nine - 270e-6).abs() < 1e-12);
    }
}
