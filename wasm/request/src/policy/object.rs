//! Object caches (model §11, §7): whole videos in flash. Dynamic: admitted
//! by request counts over a sliding window and written off the critical
//! path, one erase-block-aligned piece at a time (read from disk, then
//! written); servable after the last piece. Static: the most popular videos
//! staged before the run, packed back to back; no writes.

use super::{Background, CachePolicy, ChunkOp, ChunkRead, Engine, Lookups};
use crate::object_cache::{ObjectCache, NO_SLOT};
use crate::plan::Plan;
use crate::workload::Library;

/// The fill under way: a video being copied to its slot.
#[derive(Clone, Copy)]
struct Fill {
    video: u32,
    slot_addr: u64,
    lib_off: u64,
    size: u64,
    next: u64,
    piece: u64,
}

pub struct Objects {
    dynamic: bool,
    cache: ObjectCache,
    fill: Option<Fill>,
    /// Piece of a fill, bytes (the SSD's erase stripe).
    piece: u64,
    /// Library offset of the first video (static: flash is packed from it).
    lib_base: u64,
}

impl Objects {
    pub fn new(p: &Plan, dynamic: bool) -> Objects {
        Objects {
            dynamic,
            cache: ObjectCache::new(
                p.w.videos,
                0,
                1,
                p.object.window_h * 3600.0,
                p.object.margin,
            ),
            fill: None,
            piece: 1 << 20,
            lib_base: 0,
        }
    }

    /// The next piece of the fill under way as background work, or the
    /// video made servable when it is all written.
    fn fill_step(&mut self, bg: &mut Vec<Background>) {
        let Some(f) = &mut self.fill else { return };
        if f.next >= f.size {
            let v = f.video as usize;
            if self.cache.slot_of[v] != NO_SLOT {
                self.cache.ready[v] = true;
            }
            self.fill = None;
            return;
        }
        let len = f.piece.min(f.size - f.next);
        bg.push(Background::Fill {
            off: f.lib_off + f.next,
            len,
            addr: f.slot_addr + f.next,
        });
        f.next += len;
    }
}

impl CachePolicy for Objects {
    fn indexed(&self) -> bool {
        true
    }

    fn reset(&mut self, p: &Plan, lib: &Library, fill_piece: u64) {
        let max_video = (0..p.w.videos)
            .map(|v| lib.video_extent(v).1)
            .max()
            .unwrap_or(1);
        self.piece = fill_piece;
        self.lib_base = lib.video_extent(0).0;
        let slot_bytes = max_video.div_ceil(fill_piece) * fill_piece;
        let slots = if self.dynamic {
            (p.flash_bytes / slot_bytes) as u32
        } else {
            // Staged videos are packed back to back: as many of the most
            // popular as fit.
            let mut used = 0;
            let mut k = 0;
            while k < p.w.videos && used + lib.video_extent(k).1 <= p.flash_bytes {
                used += lib.video_extent(k).1;
                k += 1;
            }
            k
        };
        self.cache = ObjectCache::new(
            p.w.videos,
            slots,
            if self.dynamic { slot_bytes } else { 1 },
            p.object.window_h * 3600.0,
            p.object.margin,
        );
        if !self.dynamic {
            self.cache.stage_top();
        }
        self.fill = None;
    }

    fn chunk(&mut self, c: &ChunkRead, e: &Engine, ops: &mut Vec<ChunkOp>) -> Lookups {
        let v = c.seg / e.lib.segments;
        let (start, _) = e.lib.video_extent(v);
        let within = c.off - start;
        let at = self.cache.cached(v).map(|base| {
            if self.dynamic {
                base + within
            } else {
                start - self.lib_base + within
            }
        });
        ops.push(match at {
            Some(addr) => ChunkOp::FlashRead { addr, len: c.len },
            None => ChunkOp::DiskRead {
                off: c.off,
                len: c.len,
                served: c.len,
                fills: 0,
            },
        });
        Lookups::default()
    }

    fn arrival(&mut self, v: u32, now: f64, lib: &Library, bg: &mut Vec<Background>) {
        if !self.dynamic {
            return;
        }
        self.cache.count(v, now);
        if self.fill.is_some() {
            return;
        }
        let (lib_off, size) = lib.video_extent(v);
        if size > self.cache.slot_bytes {
            return;
        }
        if let Some(slot) = self.cache.admit(v) {
            self.fill = Some(Fill {
                video: v,
                slot_addr: slot as u64 * self.cache.slot_bytes,
                lib_off,
                size,
                next: 0,
                piece: self.piece,
            });
            self.fill_step(bg);
        }
    }

    fn background_done(&mut self, bg: &mut Vec<Background>) {
        self.fill_step(bg);
    }
}
