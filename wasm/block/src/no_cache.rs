//! No flash cache: every host I/O goes to the disk array as it is (the
//! baseline, and the run the queueing checks use).

use super::engine::push_op;
use super::policy::{CachePolicy, DeviceOp, PolicyCounters};
use crate::sampling::BlockIo;

#[derive(Default)]
pub struct NoCache {
    counters: PolicyCounters,
}

impl CachePolicy for NoCache {
    fn access(&mut self, io: &BlockIo, fg: &mut Vec<DeviceOp>, _bg: &mut Vec<DeviceOp>) {
        let op = if io.write {
            self.counters.write_blocks += io.blocks as u64;
            DeviceOp::DiskWrite {
                block: io.block,
                blocks: io.blocks,
            }
        } else {
            self.counters.read_blocks += io.blocks as u64;
            DeviceOp::DiskRead {
                block: io.block,
                blocks: io.blocks,
            }
        };
        push_op(fg, op);
    }

    fn counters(&self) -> &PolicyCounters {
        &self.counters
    }

    fn tiers(&self) -> usize {
        0
    }
}
