//! The FTL an SSD holds (model §11): whichever of the two implementations
//! of [`FlashMapping`] it was built with. Apart from `flash.rs` so that the
//! interface does not depend on its implementations (they depend on it).

use super::flash::{FlashMapping, GcWork, Wear, WriteRun};
use super::ftl::Ftl;
use super::steady_gc::SteadyGc;
use crate::sampling::rng::SimRng;

/// The FTL an SSD runs: one of the two implementations, chosen when the
/// drive is built. An enum rather than a `Box<dyn FlashMapping>` because
/// the SSD asks its FTL several times per mapping unit written (room, the
/// write, the unit's data share) and the calls through a vtable could not
/// be inlined: `tierplan bench-ssd` measured the difference (model §11).
#[derive(Clone)]
pub enum FlashModel {
    Reference(Ftl),
    Scalable(SteadyGc),
}

/// Forward a trait method to whichever model runs (the trait's method,
/// never an inherent one of the same name).
macro_rules! each {
    ($self:ident, $m:ident $(, $a:expr)*) => {
        match $self {
            FlashModel::Reference(f) => FlashMapping::$m(f $(, $a)*),
            FlashModel::Scalable(f) => FlashMapping::$m(f $(, $a)*),
        }
    };
}

impl FlashMapping for FlashModel {
    #[inline]
    fn units(&self) -> u32 {
        each!(self, units)
    }
    #[inline]
    fn slots_per_block(&self) -> u32 {
        each!(self, slots_per_block)
    }
    #[inline]
    fn per_page(&self) -> bool {
        each!(self, per_page)
    }
    #[inline]
    fn wear(&self) -> &Wear {
        each!(self, wear)
    }
    fn reset_counters(&mut self) {
        each!(self, reset_counters)
    }
    fn reset(&mut self) {
        each!(self, reset)
    }
    fn precondition_steady(&mut self, seed: u64) {
        each!(self, precondition_steady, seed)
    }
    fn random_writes(&mut self, n: u64, rng: &mut SimRng) {
        each!(self, random_writes, n, rng)
    }
    #[inline]
    fn placed_die(&self, mu: u64) -> Option<u32> {
        each!(self, placed_die, mu)
    }
    #[inline]
    fn holds_data(&self, mu: u64) -> f64 {
        each!(self, holds_data, mu)
    }
    #[inline]
    fn can_take(&self, unit: u32) -> bool {
        each!(self, can_take, unit)
    }
    #[inline]
    fn begin_write(&mut self, run: WriteRun) {
        each!(self, begin_write, run)
    }
    #[inline]
    fn write(&mut self, unit: u32, mu: u64) -> GcWork {
        each!(self, write, unit, mu)
    }
}
