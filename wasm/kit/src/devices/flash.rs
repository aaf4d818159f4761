//! One interface to an SSD's flash translation layer (model §11): where a
//! mapping unit goes, what garbage collection that costs and what the flash
//! has worn. The SSD (`ssd.rs`) is the host interface and the flash timing
//! around it — commands, the write buffer, dies, channels and the link —
//! and asks the FTL only through `FlashMapping`, as MQSim and FEMU keep
//! their host interface, FTL and flash back end apart.
//!
//! Two implementations: the per-page reference (`Ftl`: every page mapped
//! and collected, greedy; memory grows with the drive) and the scalable
//! model (`SteadyGc`: no table, the victims' valid share from the age model
//! and a miniature of the reference on a spatial sample; memory fixed).
//! Which one runs is `SsdModelKind::runs_on`, one rule for every caller;
//! `flash_model.rs` holds the one the SSD built.

use crate::sampling::rng::SimRng;

/// Work one page program caused beyond itself (part of the interface: both
/// models report it).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GcWork {
    pub copies: u32,
    pub erases: u32,
}

/// What the flash has done since the counters were reset: host writes and
/// NAND programs (both in mapping units), and block erases. The one
/// counter of wear and write amplification every flash model keeps.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Wear {
    pub host_pages: u64,
    pub nand_pages: u64,
    pub erases: u64,
}

impl Wear {
    /// NAND programs per host write (NaN before the first host write).
    pub fn write_amplification(&self) -> f64 {
        if self.host_pages == 0 {
            f64::NAN
        } else {
            self.nand_pages as f64 / self.host_pages as f64
        }
    }

    /// A host write of one mapping unit, programmed once.
    #[inline]
    pub fn host_write(&mut self) {
        self.host_pages += 1;
        self.nand_pages += 1;
    }

    /// Zero every count (the measured period begins).
    pub fn reset(&mut self) {
        *self = Wear::default();
    }
}

/// The erase stripes the write being placed covers: `first..end` whole
/// stripes (one erase block on every die) of the run of writes that
/// continue each other, and whether the write is part of such a run (or a
/// stripe long itself). What a stream-aware FTL needs from the host side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteRun {
    pub first: u64,
    pub end: u64,
    pub part: bool,
}

/// A page-mapped FTL with garbage collection, as the SSD's host interface
/// and flash timing use it. Mapping units (`mu`) are the host's logical
/// units; dies (`unit`) the flash's parallel units.
pub trait FlashMapping: Send + Sync {
    /// Parallel units (dies).
    fn units(&self) -> u32;
    /// Mapping units one erase block holds.
    fn slots_per_block(&self) -> u32;
    /// Whether every page is mapped and simulated (the reference): its
    /// memory and cost grow with the drive.
    fn per_page(&self) -> bool;
    /// Counts since the last reset of the counters.
    fn wear(&self) -> &Wear;
    fn reset_counters(&mut self);
    /// Back to a secure-erased drive: every block clean, nothing mapped.
    fn reset(&mut self);
    /// The state uniform random overwrites of the whole logical space leave
    /// (model §8's age model), laid out without simulating them; each die a
    /// `seed`ed way into its GC cycle. Counters at zero.
    fn precondition_steady(&mut self, seed: u64);
    /// `n` uniform random writes of one mapping unit each, untimed: the
    /// reference simulates them, the scalable model applies their expected
    /// effect (so a large drive costs no more than a small one).
    fn random_writes(&mut self, n: u64, rng: &mut SimRng);
    /// The die a read of mapping unit `mu` goes to when the mapping places
    /// data itself (the reference's table; a unit never written: its static
    /// stripe); `None` when the model keeps no table and the caller reads
    /// from the die of the unit's stripe.
    fn placed_die(&self, mu: u64) -> Option<u32>;
    /// Whether mapping unit `mu` holds data (a partial write reads the rest):
    /// 0 or 1 from a table, else the expected share.
    fn holds_data(&self, mu: u64) -> f64;
    /// Whether `unit` can take a write now (false only when its blocks
    /// hold nothing to reclaim; a controller then writes elsewhere).
    fn can_take(&self, _unit: u32) -> bool {
        true
    }
    /// The write about to be placed, as runs of erase stripes.
    fn begin_write(&mut self, _run: WriteRun) {}
    /// The host writes mapping unit `mu` and the controller placed it on
    /// `unit`: the garbage collection that caused there.
    fn write(&mut self, unit: u32, mu: u64) -> GcWork;
}
