//! Devices as queues with service times (model §11), shared by the
//! request-level engine (`request/`) and the block-cache engine to come
//! (model §13): a disk with positioning and transfer, an SSD of parallel
//! units behind a page-mapped FTL with greedy garbage collection, and a RAM
//! cache. Everything is index-based and preallocated so that an I/O costs no
//! allocation; state resets in place between replications.

pub mod burst_log;
pub mod die_times;
pub mod flash;
pub mod flash_model;
pub mod ftl;
pub mod gc_phase;
pub mod hdd;
pub mod miniature;
pub mod queue;
pub mod ram;
pub mod ssd;
pub mod steady_gc;
pub mod write_buffer;

pub use flash::GcWork;
pub use flash::{FlashMapping, Wear, WriteRun};
pub use flash_model::FlashModel;
pub use ftl::Ftl;
pub use hdd::Hdd;
pub use queue::{IoQueue, QueueStats};
pub use ram::RamCache;
pub use ssd::{Ssd, SsdGeometry};
pub use steady_gc::SteadyGc;

/// Direction of an I/O.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IoOp {
    Read,
    Write,
}

impl IoOp {
    pub fn label(self) -> &'static str {
        match self {
            IoOp::Read => "read",
            IoOp::Write => "write",
        }
    }
}
