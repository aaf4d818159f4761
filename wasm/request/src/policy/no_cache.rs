//! No flash: every chunk that misses RAM is read from the disks.

use super::{CachePolicy, ChunkOp, ChunkRead, Engine, Lookups};
use crate::plan::Plan;
use crate::workload::Library;

pub struct NoCache;

impl CachePolicy for NoCache {
    fn indexed(&self) -> bool {
        false
    }
    fn reset(&mut self, _p: &Plan, _lib: &Library, _fill_piece: u64) {}
    fn chunk(&mut self, c: &ChunkRead, _e: &Engine, ops: &mut Vec<ChunkOp>) -> Lookups {
        ops.push(ChunkOp::DiskRead {
            off: c.off,
            len: c.len,
            served: c.len,
            fills: 0,
        });
        Lookups::default()
    }
}
