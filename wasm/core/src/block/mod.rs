//! The block-cache engine (SPEC §13): block I/Os from `sampling::block`
//! (synthetic or a replayed trace) against a flash cache in front of a RAID-0
//! disk array, timed on the device queues of `devices/`.
//!
//! A cache policy (`policy`) is pure bookkeeping: for each host I/O it says
//! which flash pages and disk blocks to read or write. The engine turns those
//! operations into time on the devices, including the garbage collection the
//! flash translation layer does at the cache's actual over-provisioning.
//! With all device times zero the policies alone decide the hit ratios, which
//! the tests compare with plain replays.

pub mod policy;
pub mod result;

pub use policy::{CachePolicy, DeviceOp, PolicyCounters, Tier};
pub use result::{BlockCacheResult, BlockResult, CostAtU, PartitionPoint, TierResult};
