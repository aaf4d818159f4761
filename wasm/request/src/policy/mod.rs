//! What a flash cache policy tells the request engine to do (model §11).
//!
//! The engine (`sim.rs`) owns the devices, the RAM cache and the requests;
//! a policy owns its cache and turns each chunk that misses RAM into device
//! operations ([`ChunkOp`]: read flash, read disk, fill flash after the disk
//! read) and, off the critical path, into [`Background`] work (the ring
//! feeder's writes, object fills). The engine never asks which policy it
//! runs, so a new policy is a new file here and one line in [`make`] —
//! as `block/src/policy.rs` is for the block engine.

mod flashcache;
mod l2arc;
mod no_cache;
mod object;

use crate::plan::Plan;
use crate::workload::Library;
use tierplan_kit::devices::RamCache;
use tierplan_scenario::request::CachePolicyKind;

/// One device operation of a chunk read, in the order the engine issues
/// them. Library offsets are bytes of the striped library; flash addresses
/// are bytes of the cache's flash.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChunkOp {
    /// A hit: read `len` bytes of flash at `addr`.
    FlashRead { addr: u64, len: u64 },
    /// Read the library bytes [off, off + len) from the disks; `served` of
    /// them are the chunk's own (the rest fills whole cache blocks). The
    /// `fills` operations that follow are its [`ChunkOp::FillWrite`]s.
    DiskRead {
        off: u64,
        len: u64,
        served: u64,
        fills: u32,
    },
    /// Write `len` bytes of flash at `addr` once the disk read before it
    /// completes; the chunk waits for it (a fill on the critical path).
    FillWrite { addr: u64, len: u64 },
}

/// Work a policy does behind the requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Background {
    /// Write `len` bytes of flash at `addr` (the ring feeder).
    FlashWrite { addr: u64, len: u64 },
    /// Read the library bytes [off, off + len) from the disks, then write
    /// them to flash at `addr` (an object fill's piece).
    Fill { off: u64, len: u64, addr: u64 },
}

/// The chunk a request reads next (it missed the RAM cache).
#[derive(Debug, Clone, Copy)]
pub struct ChunkRead {
    /// Library offset and length, bytes.
    pub off: u64,
    pub len: u64,
    /// Chunk id (the RAM cache's key).
    pub id: u32,
    /// The request's segment, and the chunk's index within it.
    pub seg: u32,
    pub index: u32,
}

/// Cache blocks a chunk looked up and found (block caches), for the counters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Lookups {
    pub blocks: u64,
    pub hits: u64,
}

/// What a policy may read of the engine at a chunk.
pub struct Engine<'a> {
    pub lib: &'a Library,
    /// Whether the SSD is writing or has I/O queued (`l2arc_norw`); asked
    /// only by a policy that needs it.
    pub flash_busy: &'a dyn Fn() -> bool,
}

/// A flash cache policy of the request engine. Every `Vec` is the engine's
/// and reused, so a policy allocates nothing per chunk.
pub trait CachePolicy: Send {
    /// Whether chunks are looked up in an index on flash (a flash cache),
    /// so the index's flash reads apply.
    fn indexed(&self) -> bool;
    /// Start a replication: empty the cache (or stage it).
    fn reset(&mut self, p: &Plan, lib: &Library, fill_piece: u64);
    /// Append to `ops` the device operations of reading chunk `c`.
    fn chunk(&mut self, c: &ChunkRead, e: &Engine, ops: &mut Vec<ChunkOp>) -> Lookups;
    /// The flag the RAM cache keeps with chunk `index` of a segment once read.
    fn ram_flag(&self, _index: u32) -> u8 {
        0
    }
    /// A request for `video` arrived at `now`.
    fn arrival(&mut self, _video: u32, _now: f64, _lib: &Library, _bg: &mut Vec<Background>) {}
    /// When the policy's timer fires next (infinite: never). The engine
    /// reads it after `reset`, `arrival`, `timer`, `stop_timer` and
    /// `background_done` (not after `chunk`), and keeps it until the next.
    fn next_timer(&self) -> f64 {
        f64::INFINITY
    }
    /// Nothing is left to serve: the timer stops.
    fn stop_timer(&mut self) {}
    /// The timer fired at `now` (the ring feeder picks chunks near the RAM
    /// cache's eviction end).
    fn timer(&mut self, _now: f64, _ram: &mut RamCache, _bg: &mut Vec<Background>) {}
    /// A background write completed.
    fn background_done(&mut self, _bg: &mut Vec<Background>) {}
    /// Cache block of the fills, bytes (0: no critical-path fills): a fill
    /// run stands for that many block writes released together.
    fn fill_unit(&self) -> u64 {
        0
    }
}

/// Every policy, held by value: the engine's calls go to the policy by a
/// `match` the compiler can inline, not through a vtable (the boxed trait
/// object cost HDD only about 5 % of its events per second). A new policy
/// is a file, a variant here and an arm in [`make`].
pub enum AnyPolicy {
    None(no_cache::NoCache),
    Flashcache(flashcache::Flashcache),
    L2arc(l2arc::L2arc),
    Objects(object::Objects),
}

/// `$body` with `$p` bound to the policy inside `$self`, whichever it is.
macro_rules! each {
    ($self:expr, $p:ident => $body:expr) => {
        match $self {
            AnyPolicy::None($p) => $body,
            AnyPolicy::Flashcache($p) => $body,
            AnyPolicy::L2arc($p) => $body,
            AnyPolicy::Objects($p) => $body,
        }
    };
}

impl CachePolicy for AnyPolicy {
    #[inline]
    fn indexed(&self) -> bool {
        each!(self, p => p.indexed())
    }
    #[inline]
    fn reset(&mut self, plan: &Plan, lib: &Library, fill_piece: u64) {
        each!(self, p => p.reset(plan, lib, fill_piece))
    }
    #[inline]
    fn chunk(&mut self, c: &ChunkRead, e: &Engine, ops: &mut Vec<ChunkOp>) -> Lookups {
        each!(self, p => p.chunk(c, e, ops))
    }
    #[inline]
    fn ram_flag(&self, index: u32) -> u8 {
        each!(self, p => p.ram_flag(index))
    }
    #[inline]
    fn arrival(&mut self, video: u32, now: f64, lib: &Library, bg: &mut Vec<Background>) {
        each!(self, p => p.arrival(video, now, lib, bg))
    }
    #[inline]
    fn next_timer(&self) -> f64 {
        each!(self, p => p.next_timer())
    }
    #[inline]
    fn stop_timer(&mut self) {
        each!(self, p => p.stop_timer())
    }
    #[inline]
    fn timer(&mut self, now: f64, ram: &mut RamCache, bg: &mut Vec<Background>) {
        each!(self, p => p.timer(now, ram, bg))
    }
    #[inline]
    fn background_done(&mut self, bg: &mut Vec<Background>) {
        each!(self, p => p.background_done(bg))
    }
    #[inline]
    fn fill_unit(&self) -> u64 {
        each!(self, p => p.fill_unit())
    }
}

/// The policy plan `p` names, its tables sized for a library of at most
/// `library_bytes` bytes and `chunks` chunks.
pub fn make(p: &Plan, library_bytes: u64, chunks: usize) -> AnyPolicy {
    match p.policy {
        CachePolicyKind::None => AnyPolicy::None(no_cache::NoCache),
        CachePolicyKind::Block => {
            AnyPolicy::Flashcache(flashcache::Flashcache::new(p, library_bytes))
        }
        CachePolicyKind::Ring => AnyPolicy::L2arc(l2arc::L2arc::new(p, chunks)),
        CachePolicyKind::Object => AnyPolicy::Objects(object::Objects::new(p, true)),
        CachePolicyKind::ObjectStatic => AnyPolicy::Objects(object::Objects::new(p, false)),
    }
}
