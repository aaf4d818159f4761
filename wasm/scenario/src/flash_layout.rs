//! How an SSD's flash divides into erase blocks per unit and the controller's
//! mapping units: the arithmetic the device model builds a drive from and
//! validation checks it by, kept in one place so a drive that validates is
//! the drive that is built.

use crate::FlashSpec;

/// Bytes in one GiB: catalog capacities are in GiB.
const GIB: f64 = (1u64 << 30) as f64;

/// The fewest erase blocks per unit a drive may have: greedy garbage
/// collection needs blocks to choose among beyond the open one and its
/// reserve (validation rejects fewer, naming the spare factor).
pub const MIN_BLOCKS_PER_UNIT: u32 = 8;

/// Flash timing and geometry of one SSD as the device models use it, built
/// once from the catalog device (`SsdGeometry::of`) by every engine.
#[derive(Debug, Clone, Copy, PartialEq)]
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

impl SsdGeometry {
    /// The drive of `capacity_gb` GiB with flash `f`, of which the host
    /// addresses `used_bytes` (None: all of it). Units absent mean one;
    /// validation rejects 0 (`flash.units`), and a spec that was not
    /// validated gets one unit rather than a drive without dies.
    pub fn of(capacity_gb: f64, f: &FlashSpec, used_bytes: Option<u64>) -> SsdGeometry {
        let capacity_bytes = (capacity_gb * GIB) as u64;
        SsdGeometry {
            units: f.units.unwrap_or(1).max(1),
            page_bytes: (f.page_kb * 1024.0) as u64,
            pages_per_block: f.pages_per_block,
            read_us: f.read_us,
            program_us: f.program_us,
            erase_ms: f.erase_ms,
            capacity_bytes,
            spare_factor: f.spare_factor,
            used_bytes: used_bytes.unwrap_or(capacity_bytes),
        }
    }

    /// Erase blocks on each unit (`blocks_per_unit`).
    pub fn blocks_per_unit(&self) -> u32 {
        blocks_per_unit(
            self.capacity_bytes,
            self.spare_factor,
            self.page_bytes,
            self.pages_per_block,
            self.units,
        )
    }

    /// Flash pages of the advertised capacity (what a per-page table holds).
    pub fn logical_pages(&self) -> u64 {
        self.capacity_bytes / self.page_bytes.max(1)
    }
}

/// The most a write path tracks at once: a host sector of 4 KB.
pub const GRAIN_BYTES: u64 = 4096;

/// Erase blocks of `ppb` pages on each of `units` units, for `capacity_bytes`
/// advertised and `spare_factor` more behind them (at least 4 per unit).
pub fn blocks_per_unit(
    capacity_bytes: u64,
    spare_factor: f64,
    page_bytes: u64,
    ppb: u32,
    units: u32,
) -> u32 {
    let physical_pages =
        libm::floor(capacity_bytes as f64 * (1.0 + spare_factor) / page_bytes as f64) as u64;
    (physical_pages / ppb.max(1) as u64 / units.max(1) as u64).max(4) as u32
}

/// A drive whose controller maps units of `map_bytes`: how many fit an
/// erase block and how many the host addresses (the whole drive is mapped).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MappedLayout {
    pub units: u32,
    pub blocks_per_unit: u32,
    /// Mapping units programmed into one erase block.
    pub slots: u32,
    pub map_bytes: u64,
    /// The write path's unit of account (≤ a page, ≤ a mapping unit).
    pub grain: u64,
    /// Mapping units the host addresses.
    pub logical: u64,
}

impl MappedLayout {
    pub fn new(
        capacity_bytes: u64,
        spare_factor: f64,
        page_bytes: u64,
        ppb: u32,
        units: u32,
        map_kb: f64,
    ) -> MappedLayout {
        let block_bytes = page_bytes * ppb as u64;
        let map_bytes = ((map_kb * 1024.0).round() as u64).clamp(1, block_bytes.max(1));
        let grain = GRAIN_BYTES.min(page_bytes).min(map_bytes).max(1);
        let map_bytes = (map_bytes / grain).max(1) * grain;
        MappedLayout {
            units,
            blocks_per_unit: blocks_per_unit(capacity_bytes, spare_factor, page_bytes, ppb, units),
            slots: (block_bytes / map_bytes).max(1) as u32,
            map_bytes,
            grain,
            logical: capacity_bytes / map_bytes,
        }
    }

    /// Mapping units one unit holds when all its blocks but the open one
    /// are full.
    pub fn closed_slots_per_unit(&self) -> u64 {
        (self.blocks_per_unit as u64).saturating_sub(1) * self.slots as u64
    }

    /// The logical mapping units one unit is given (the most any unit gets
    /// when they are dealt out in turn).
    pub fn logical_per_unit(&self) -> u64 {
        self.logical.div_ceil(self.units.max(1) as u64)
    }

    /// Whether garbage collection always finds a block to reclaim: each unit
    /// holds more mapping units, in its closed blocks, than it is given.
    /// Spare flash that no whole mapping unit fills does not count.
    pub fn has_spare(&self) -> bool {
        self.closed_slots_per_unit() > self.logical_per_unit()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flash(units: Option<u32>) -> FlashSpec {
        FlashSpec {
            cell: crate::CellType::Mlc,
            pe_cycles: 10_000,
            page_kb: 4.0,
            pages_per_block: 128,
            read_us: 50.0,
            program_us: 600.0,
            erase_ms: 3.0,
            spare_factor: 0.07,
            write_read_interference: 0.0,
            units,
            controller: None,
        }
    }

    /// The one geometry: units absent are one, and a spec with 0 units
    /// (which validation rejects at `flash.units`) still builds a drive of
    /// one unit rather than none (the request engine's copy once built 0 and
    /// divided by it; characterisation's took at least one).
    #[test]
    fn the_geometry_has_at_least_one_unit() {
        for (units, want) in [(None, 1), (Some(0), 1), (Some(10), 10)] {
            let g = SsdGeometry::of(80.0, &flash(units), None);
            assert_eq!(g.units, want, "{units:?}");
            assert_eq!(g.capacity_bytes, 80 << 30);
            assert_eq!(g.used_bytes, g.capacity_bytes);
            // 80 GiB × 1.07 in 4 KB pages, 128 to a block, over the units.
            let blocks = (80u64 << 30) as f64 * 1.07 / 4096.0 / 128.0 / want as f64;
            assert_eq!(g.blocks_per_unit(), blocks as u32);
        }
        let g = SsdGeometry::of(80.0, &flash(Some(10)), Some(60 << 30));
        assert_eq!(g.used_bytes, 60 << 30);
    }

    #[test]
    fn a_block_that_holds_no_whole_extra_unit_has_no_spare() {
        // 10 MB, 7 % spare, 4 KB pages, 5 pages per block (20 KB), 15 units:
        // 16 KB mapping units fill 16 KB of each block, so the flash holds
        // fewer mapping units than the drive advertises.
        let l = MappedLayout::new(10 << 20, 0.07, 4096, 5, 15, 16.0);
        assert_eq!(l.slots, 1);
        assert_eq!(l.logical, 640);
        assert!(l.closed_slots_per_unit() * l.units as u64 <= l.logical);
        assert!(!l.has_spare());
        // Mapping units that divide the block keep the spare.
        let l = MappedLayout::new(10 << 20, 0.07, 4096, 4, 15, 16.0);
        assert!(l.has_spare(), "{l:?}");
    }

    #[test]
    fn the_x25m_layout_keeps_its_spare() {
        let l = MappedLayout::new(80 << 30, 0.07, 4096, 64, 10, 4.0);
        assert_eq!(l.slots, 64);
        assert_eq!(l.logical, (80u64 << 30) / 4096);
        let spare = l.closed_slots_per_unit() as f64 / l.logical_per_unit() as f64 - 1.0;
        assert!((spare - 0.07).abs() < 0.001, "{spare}");
    }
}
