//! ZFS-L2ARC-like ring on flash (model §11): chunks fed from near the RAM
//! cache's eviction end are written at the hand in large sequential writes;
//! the hand evicts whatever lies ahead of it and wraps (FIFO). The index
//! (chunk → ring address) stays in RAM.

use std::collections::VecDeque;

pub const NOT_IN_RING: u64 = u64::MAX;

pub struct RingCache {
    pub bytes: u64,
    pub hand: u64,
    /// Whether the hand has wrapped once (the feed limit doubles before).
    pub wrapped: bool,
    addr: Vec<u64>,
    /// (chunk, address, size), oldest first.
    entries: VecDeque<(u32, u64, u32)>,
}

impl RingCache {
    pub fn new(bytes: u64, chunks: usize) -> RingCache {
        RingCache {
            bytes,
            hand: 0,
            wrapped: false,
            addr: vec![NOT_IN_RING; chunks],
            entries: VecDeque::with_capacity(1024),
        }
    }

    pub fn reset(&mut self) {
        for &(c, _, _) in &self.entries {
            self.addr[c as usize] = NOT_IN_RING;
        }
        self.entries.clear();
        self.hand = 0;
        self.wrapped = false;
    }

    pub fn addr_of(&self, chunk: u32) -> u64 {
        self.addr[chunk as usize]
    }

    fn evict_front(&mut self) {
        if let Some((c, _, _)) = self.entries.pop_front() {
            self.addr[c as usize] = NOT_IN_RING;
        }
    }

    /// Reserve `len` bytes at the hand (wrapping when they do not fit),
    /// evicting what they overwrite; returns the address. The entry becomes
    /// readable with [`RingCache::commit`] once its write completes.
    pub fn place(&mut self, len: u64) -> u64 {
        if self.hand + len > self.bytes {
            // Everything between the hand and the end is the oldest data.
            while self.entries.front().is_some_and(|e| e.1 >= self.hand) {
                self.evict_front();
            }
            self.hand = 0;
            self.wrapped = true;
        }
        let (a, b) = (self.hand, self.hand + len);
        while self
            .entries
            .front()
            .is_some_and(|e| e.1 < b && e.1 + e.2 as u64 > a)
        {
            self.evict_front();
        }
        self.hand = b;
        a
    }

    pub fn commit(&mut self, chunk: u32, addr: u64, len: u32) {
        if self.addr[chunk as usize] != NOT_IN_RING {
            return;
        }
        self.addr[chunk as usize] = addr;
        self.entries.push_back((chunk, addr, len));
    }
}
