//! Which cached block a full cache gives up: the replacement order over the
//! slots of a cache. One interface, three policies: LRU (the studies'
//! policy), SIEVE and S3-FIFO (two of today's, model §13). A policy sees only
//! slots and block numbers; the cache keeps the blocks, their flags and their
//! flash pages, so a new policy is a new implementation of [`SlotOrder`] and
//! nothing else changes. Both engines with block caches use it: the block
//! engine's `SlotCache` over all its slots, the request engine's
//! set-associative `BlockCache` one order per set.
//!
//! SIEVE and S3-FIFO follow libCacheSim's definitions (its `Sieve.c` and
//! `S3FIFO.c`, read to pin down the details the papers leave open); the
//! block crate's test `replacement_libcachesim` replays the CloudPhysics
//! trace of libCacheSim's repository through both and gets its miss counts
//! exactly, at two sizes, and the request crate's `set_orders_libcachesim`
//! does through a one-set `BlockCache`.

use crate::lru_order::LruOrder;
use std::collections::{HashMap, VecDeque};

pub use tierplan_scenario::block::ReplacementOrder;

/// A replacement order over the slots `0..capacity` of a cache.
pub trait SlotOrder: Send {
    /// `block` has just been put in `slot`, which the order did not hold.
    fn admit(&mut self, slot: u32, block: u64);
    /// A hit on `slot`.
    fn hit(&mut self, slot: u32);
    /// The cache is full and `incoming` misses: choose the slot to give up,
    /// and forget it (its block leaves the cache). `admit` follows with the
    /// same slot and `incoming`.
    fn evict(&mut self, incoming: u64, block_of: &dyn Fn(u32) -> u64) -> u32;
    /// `slot` was emptied outside eviction (an invalidation).
    fn remove(&mut self, slot: u32);
    fn clear(&mut self);
}

/// Least recently used first.
#[derive(Default)]
pub struct LruSlots {
    order: LruOrder,
}

impl LruSlots {
    /// The least recently used slot, if any.
    pub fn least_recent(&self) -> Option<u32> {
        self.order.least_recent()
    }
}

impl SlotOrder for LruSlots {
    fn admit(&mut self, slot: u32, _block: u64) {
        self.order.push_front(slot);
    }
    fn hit(&mut self, slot: u32) {
        self.order.move_to_front(slot);
    }
    fn evict(&mut self, _incoming: u64, _block_of: &dyn Fn(u32) -> u64) -> u32 {
        let s = self
            .order
            .least_recent()
            .expect("evict from an empty cache");
        self.order.unlink(s);
        s
    }
    fn remove(&mut self, slot: u32) {
        self.order.unlink(slot);
    }
    fn clear(&mut self) {
        self.order.clear();
    }
}

/// SIEVE (Zhang et al., NSDI '24): new blocks enter at the head of one
/// FIFO queue and a hit only sets a bit; a hand walks from the tail toward
/// the head, clearing bits, and evicts the first block without one. The
/// hand stays where it stopped, so a block that survived is not looked at
/// again until the hand comes round.
#[derive(Default)]
pub struct SieveSlots {
    queue: LruOrder,
    visited: Vec<bool>,
    hand: Option<u32>,
}

impl SieveSlots {
    fn mark(&mut self, slot: u32, v: bool) {
        let i = slot as usize;
        if i >= self.visited.len() {
            self.visited.resize(i + 1, false);
        }
        self.visited[i] = v;
    }
}

impl SlotOrder for SieveSlots {
    fn admit(&mut self, slot: u32, _block: u64) {
        self.queue.push_front(slot);
        self.mark(slot, false);
    }
    fn hit(&mut self, slot: u32) {
        self.mark(slot, true);
    }
    fn evict(&mut self, _incoming: u64, _block_of: &dyn Fn(u32) -> u64) -> u32 {
        let tail = self
            .queue
            .least_recent()
            .expect("evict from an empty cache");
        let mut s = self.hand.unwrap_or(tail);
        while self.visited[s as usize] {
            self.visited[s as usize] = false;
            s = self.queue.newer(s).unwrap_or(tail);
        }
        self.hand = self.queue.newer(s);
        self.queue.unlink(s);
        s
    }
    fn remove(&mut self, slot: u32) {
        if self.hand == Some(slot) {
            self.hand = self.queue.newer(slot);
        }
        self.queue.unlink(slot);
    }
    fn clear(&mut self) {
        self.queue.clear();
        self.visited.clear();
        self.hand = None;
    }
}

/// Where a block of an S3-FIFO cache sits.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Queue {
    Small,
    Main,
}

/// S3-FIFO (Yang et al., SOSP '23) with libCacheSim's defaults: a small
/// FIFO of 10 % of the slots takes new blocks; one leaving it with at least
/// two hits moves to the main FIFO (the rest of the slots), the others are
/// evicted and remembered in a ghost FIFO of 90 % of the slots' count of
/// block numbers; a miss on a remembered block goes straight to main. Main
/// evicts in FIFO order, giving a block with hits another round (its count,
/// capped at 3, less one).
pub struct S3FifoSlots {
    small: LruOrder,
    main: LruOrder,
    small_len: u32,
    main_len: u32,
    small_cap: u32,
    main_cap: u32,
    queue: Vec<Queue>,
    freq: Vec<u32>,
    ghost: Ghost,
    /// A miss found its block in the ghost (before evicting for it).
    to_main: Option<u64>,
}

/// Share of the slots the small FIFO gets; the ghost's count of block
/// numbers as a share of the slots (libCacheSim's defaults).
const SMALL_SHARE: f64 = 0.10;
const GHOST_SHARE: f64 = 0.90;
/// Hits a block needs in the small FIFO to move to main (libCacheSim's
/// `move-to-main-threshold`).
const MOVE_TO_MAIN: u32 = 2;

impl S3FifoSlots {
    pub fn new(capacity: u32) -> S3FifoSlots {
        // Truncated as libCacheSim sizes its queues.
        let small_cap = (capacity as f64 * SMALL_SHARE) as u32;
        S3FifoSlots {
            small: LruOrder::new(),
            main: LruOrder::new(),
            small_len: 0,
            main_len: 0,
            small_cap,
            main_cap: capacity - small_cap,
            queue: Vec::new(),
            freq: Vec::new(),
            ghost: Ghost::new((capacity as f64 * GHOST_SHARE) as usize),
            to_main: None,
        }
    }

    /// Bytes its tables hold, capacity included: what validation bounds
    /// per cache block (`S3_FIFO_BYTES_PER_BLOCK`).
    pub fn heap_bytes(&self) -> usize {
        use std::mem::size_of;
        self.small.heap_bytes()
            + self.main.heap_bytes()
            + self.queue.capacity() * size_of::<Queue>()
            + self.freq.capacity() * size_of::<u32>()
            // hashbrown: one control byte per bucket beside the entry.
            + self.ghost.live.capacity().next_power_of_two() * 8 / 7 * (size_of::<(u64, u64)>() + 1)
            + self.ghost.fifo.capacity() * size_of::<(u64, u64)>()
    }

    fn set(&mut self, slot: u32, q: Queue, f: u32) {
        let i = slot as usize;
        if i >= self.queue.len() {
            self.queue.resize(i + 1, Queue::Small);
            self.freq.resize(i + 1, 0);
        }
        self.queue[i] = q;
        self.freq[i] = f;
    }

    /// Evict from main: a block with hits goes round again.
    fn evict_main(&mut self) -> u32 {
        loop {
            let s = self.main.least_recent().expect("main holds a block");
            let f = self.freq[s as usize];
            if f >= 1 {
                self.freq[s as usize] = f.min(3) - 1;
                self.main.move_to_front(s);
            } else {
                self.main.unlink(s);
                self.main_len -= 1;
                return s;
            }
        }
    }

    /// Empty the small FIFO's tail into main until one block is evicted
    /// (to the ghost); None when every block it held moved to main.
    fn evict_small(&mut self, block_of: &dyn Fn(u32) -> u64) -> Option<u32> {
        while let Some(s) = self.small.least_recent() {
            self.small.unlink(s);
            self.small_len -= 1;
            if self.freq[s as usize] >= MOVE_TO_MAIN {
                self.main.push_front(s);
                self.main_len += 1;
                self.set(s, Queue::Main, 0);
            } else {
                self.ghost.insert(block_of(s));
                return Some(s);
            }
        }
        None
    }
}

impl SlotOrder for S3FifoSlots {
    fn admit(&mut self, slot: u32, block: u64) {
        let remembered = self.to_main.take() == Some(block) || self.ghost.remove(block);
        if remembered {
            self.main.push_front(slot);
            self.main_len += 1;
            self.set(slot, Queue::Main, 0);
        } else {
            self.small.push_front(slot);
            self.small_len += 1;
            self.set(slot, Queue::Small, 0);
        }
    }
    fn hit(&mut self, slot: u32) {
        self.freq[slot as usize] += 1;
    }
    fn evict(&mut self, incoming: u64, block_of: &dyn Fn(u32) -> u64) -> u32 {
        // libCacheSim looks the missing block up in the ghost before it
        // evicts for it (the eviction may push the ghost's oldest out).
        if self.ghost.remove(incoming) {
            self.to_main = Some(incoming);
        }
        loop {
            if self.main_len > self.main_cap || self.small_len == 0 {
                return self.evict_main();
            }
            if let Some(s) = self.evict_small(block_of) {
                return s;
            }
        }
    }
    fn remove(&mut self, slot: u32) {
        match self.queue[slot as usize] {
            Queue::Small => {
                self.small.unlink(slot);
                self.small_len -= 1;
            }
            Queue::Main => {
                self.main.unlink(slot);
                self.main_len -= 1;
            }
        }
    }
    fn clear(&mut self) {
        let capacity = self.small_cap + self.main_cap;
        *self = S3FifoSlots::new(capacity);
    }
}

/// A FIFO of block numbers with a bounded count: inserting a number it
/// holds changes nothing; a removed number's entry is skipped when it
/// reaches the front.
struct Ghost {
    cap: usize,
    live: HashMap<u64, u64>,
    fifo: VecDeque<(u64, u64)>,
    next: u64,
}

impl Ghost {
    fn new(cap: usize) -> Ghost {
        Ghost {
            cap,
            live: HashMap::new(),
            fifo: VecDeque::new(),
            next: 0,
        }
    }

    fn insert(&mut self, block: u64) {
        if self.cap == 0 || self.live.contains_key(&block) {
            return;
        }
        while self.live.len() >= self.cap {
            let (b, seq) = self.fifo.pop_front().expect("a live entry is queued");
            if self.live.get(&b) == Some(&seq) {
                self.live.remove(&b);
            }
        }
        self.next += 1;
        self.live.insert(block, self.next);
        self.fifo.push_back((block, self.next));
        // Entries of removed numbers pile up behind live ones: drop them
        // once they outnumber the live ones.
        if self.fifo.len() > 2 * self.cap + 64 {
            let live = &self.live;
            self.fifo.retain(|(b, s)| live.get(b) == Some(s));
        }
    }

    fn remove(&mut self, block: u64) -> bool {
        self.live.remove(&block).is_some()
    }
}

impl SlotOrder for Box<dyn SlotOrder> {
    fn admit(&mut self, slot: u32, block: u64) {
        (**self).admit(slot, block)
    }
    fn hit(&mut self, slot: u32) {
        (**self).hit(slot)
    }
    fn evict(&mut self, incoming: u64, block_of: &dyn Fn(u32) -> u64) -> u32 {
        (**self).evict(incoming, block_of)
    }
    fn remove(&mut self, slot: u32) {
        (**self).remove(slot)
    }
    fn clear(&mut self) {
        (**self).clear()
    }
}

/// The order a cache of `capacity` slots keeps under `r`.
pub fn slot_order(r: ReplacementOrder, capacity: u32) -> Box<dyn SlotOrder> {
    match r {
        ReplacementOrder::Lru => Box::<LruSlots>::default(),
        ReplacementOrder::Sieve => Box::<SieveSlots>::default(),
        ReplacementOrder::S3Fifo => Box::new(S3FifoSlots::new(capacity)),
    }
}
