//! How an SSD's flash divides into erase blocks per unit and the controller's
//! mapping units: the arithmetic the device model builds a drive from and
//! validation checks it by, kept in one place so a drive that validates is
//! the drive that is built.

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
