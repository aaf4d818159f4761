//! Every cache of a block job serves the same I/Os and shares nothing with
//! the others, so a batch of I/Os can go through one cache after another —
//! or, natively, through several caches at once on threads. The results
//! are the same either way: each cache sees the batch in arrival order.

use super::engine::CacheSim;
use crate::sampling::BlockIo;

/// Smallest batch worth spreading over threads (below it the spawn costs
/// more than it saves).
#[cfg(not(target_arch = "wasm32"))]
const THREAD_MIN_BATCH: usize = 4096;

fn serve(sims: &mut [CacheSim], batch: &[BlockIo]) {
    for sim in sims {
        for io in batch {
            sim.process(io);
        }
    }
}

/// Let every cache in `sims` serve `batch`.
pub fn process_all(sims: &mut [CacheSim], batch: &[BlockIo]) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        if threads > 1 && sims.len() > 1 && batch.len() >= THREAD_MIN_BATCH {
            let per = sims.len().div_ceil(threads.min(sims.len()));
            std::thread::scope(|s| {
                for group in sims.chunks_mut(per) {
                    s.spawn(move || serve(group, batch));
                }
            });
            return;
        }
    }
    serve(sims, batch);
}
