//! The block-cache engine (model §13): block I/Os from `sampling`
//! (synthetic or a replayed trace) against a flash cache in front of a RAID-0
//! disk array, timed on the device queues of `devices/`.
//!
//! A cache policy (`policy`) is pure bookkeeping: for each host I/O it says
//! which flash pages and disk blocks to read or write. The engine turns those
//! operations into time on the devices, including the garbage collection the
//! flash translation layer does at the cache's actual over-provisioning.
//! With all device times zero the policies alone decide the hit ratios, which
//! the tests compare with plain replays.
//!
//! Devices: `flash_tier` (FTL + chip timings per tier), `disk_array` (RAID 0
//! of 15K disks); `engine` (one cache's event loop); `latency` (response
//! time mean and quantiles); policies `single_tech`, `hyssc`, `no_cache` over
//! the shared `lru` slot list; `make` (factory); `job` (all caches in
//! lockstep, replications, the result). The FAST'12 layers: `fcl` (FP-,
//! RW-, OP-FCL and the cost sweep) over `stack_distance` (hit-ratio curves
//! for every cache size at once).

pub mod disk_array;
pub mod engine;
pub mod fcl;
pub mod fenwick;
pub mod flash_tier;
pub mod hyssc;
pub mod job;
pub mod latency;
pub mod lockstep;
pub mod lru;
pub mod make;
pub mod mrc;
pub mod no_cache;
pub mod policy;
pub mod result;
pub mod sampling;
pub mod single_tech;
pub mod slot_order;
pub mod stack_distance;

pub use policy::{CachePolicy, DeviceOp, PolicyCounters, Tier};
pub use result::{BlockCacheResult, BlockResult, CostAtU, PartitionPoint, TierResult};
