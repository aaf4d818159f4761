//! flashcache (model §11): a set-associative cache of blocks. Hit runs
//! read flash; each miss run reads whole blocks from disk and writes them to
//! flash before the chunk completes.

use super::{CachePolicy, ChunkOp, ChunkRead, Engine, Lookups};
use crate::block_cache::BlockCache;
use crate::layout::Pieces;
use crate::plan::Plan;
use crate::workload::Library;

pub struct Flashcache {
    cache: BlockCache,
    disks: u32,
    stripe: u64,
    /// A run's slots, kept to save an allocation per chunk.
    runs: Vec<(u64, u64)>,
}

impl Flashcache {
    pub fn new(p: &Plan, library_bytes: u64) -> Flashcache {
        Flashcache {
            cache: BlockCache::new(
                p.flash_bytes,
                (p.block.block_kb * 1024.0) as u64,
                p.block.ways,
                p.block.replacement,
                library_bytes,
            ),
            disks: p.disks,
            stripe: p.stripe,
            runs: Vec::new(),
        }
    }
}

impl CachePolicy for Flashcache {
    fn indexed(&self) -> bool {
        true
    }

    fn reset(&mut self, _p: &Plan, _lib: &Library, _fill_piece: u64) {
        self.cache.reset();
    }

    fn fill_unit(&self) -> u64 {
        self.cache.block_bytes
    }

    fn chunk(&mut self, c: &ChunkRead, e: &Engine, ops: &mut Vec<ChunkOp>) -> Lookups {
        let (off, len) = (c.off, c.len);
        let cache = &mut self.cache;
        let bb = cache.block_bytes;
        let b0 = (off / bb) as u32;
        let b1 = ((off + len - 1) / bb) as u32;
        let mut seen = Lookups::default();
        let mut b = b0;
        while b <= b1 {
            let hit = cache.contains(b);
            let end = cache.run_end(b, b1);
            let run_lo = (b as u64 * bb).max(off);
            let run_hi = ((end as u64 + 1) * bb).min(off + len);
            seen.blocks += (end - b + 1) as u64;
            if hit {
                seen.hits += (end - b + 1) as u64;
                // One read per run of blocks whose slots are consecutive.
                // Hits touch no slot, so the policy's notes come first.
                cache.hit_run(b, end);
                let first = ops.len();
                let mut prev = None;
                let mut k = b;
                while k <= end {
                    // Blocks k..=k + more in consecutive slots from `slot`.
                    let (slot, more) = cache.slot_span(k, end, prev);
                    let last = k + more;
                    let lo = (k as u64 * bb).max(run_lo);
                    let hi = ((last as u64 + 1) * bb).min(run_hi);
                    let a = slot * bb + (lo - k as u64 * bb);
                    let joined = ops.len() > first;
                    match ops.last_mut() {
                        Some(ChunkOp::FlashRead { addr, len }) if joined && *addr + *len == a => {
                            *len += hi - lo
                        }
                        _ => ops.push(ChunkOp::FlashRead {
                            addr: a,
                            len: hi - lo,
                        }),
                    }
                    prev = Some(slot + more as u64);
                    k = last + 1;
                }
            } else {
                let lo = b as u64 * bb;
                let hi = ((end as u64 + 1) * bb).min(e.lib.bytes());
                let mut served = run_hi - run_lo;
                for piece in Pieces::new(self.disks, self.stripe, lo, hi - lo) {
                    let read = ops.len();
                    ops.push(ChunkOp::DiskRead {
                        off: piece.lib,
                        len: piece.len,
                        served,
                        fills: 0,
                    });
                    served = 0;
                    // Insert the piece's blocks. flashcache writes each block
                    // to flash once the disk read returns; released together,
                    // those 4 KB writes reach the SSD's queue at one instant,
                    // so the block layer merges each run of consecutive slots
                    // into one request — except a first block that finds the
                    // SSD idle and starts alone (the engine's `fill_unit`).
                    // One write per run stands for them.
                    let pb0 = (piece.lib / bb) as u32;
                    let pb1 = ((piece.lib + piece.len - 1) / bb) as u32;
                    self.runs.clear();
                    cache.insert_run(pb0, pb1, &mut self.runs);
                    ops.extend(self.runs.iter().map(|&(slot, n)| ChunkOp::FillWrite {
                        addr: slot * bb,
                        len: n * bb,
                    }));
                    if let ChunkOp::DiskRead { fills, .. } = &mut ops[read] {
                        *fills = self.runs.len() as u32;
                    }
                }
            }
            b = end + 1;
        }
        seen
    }
}
