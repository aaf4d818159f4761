//! The replacement orders of the block caches (LRU, SIEVE, S3-FIFO) live in
//! the kit (`tierplan_kit::slot_order`), shared with the request engine's
//! set-associative cache; re-exported here under the name the block crate
//! has always used.

pub use tierplan_kit::slot_order::*;
