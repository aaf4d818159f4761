//! The disk array behind the cache: `disks` 15K disks in RAID 0. Each disk
//! is a FIFO single server (start = max(arrival, previous completion), the
//! Lindley recursion) whose service time comes from `devices::Hdd`:
//! positioning unless the I/O continues where the head stopped, then
//! transfer.

use crate::sampling::BLOCK_BYTES;
use tierplan_kit::devices::Hdd;
use tierplan_kit::sampling::rng::SimRng;
use tierplan_scenario::request::{HddMechanics, SeekModel};

/// ASSUMPTION (the studies give only "15K disks"): average seek 3.4 ms
/// (Cheetah 15K.6 datasheet read seek), 15 000 rpm (4 ms per revolution,
/// uniform rotational delay), 125 MB/s media rate, constant-mean seek.
pub const DISK_15K: HddMechanics = HddMechanics {
    seek_ms: 3.4,
    revolution_ms: 4.0,
    media_mbps: 125.0,
    seek_model: SeekModel::Constant,
    inner_mbps: None,
};

/// ASSUMPTION: RAID-0 stripe unit 64 KB (16 blocks).
pub const STRIPE_BLOCKS: u64 = 16;

/// Per-disk bytes the seek model spans (146 GB, the Cheetah's capacity).
const DISK_BYTES: u64 = 146 * (1 << 30);

pub struct DiskArray {
    disks: Vec<Hdd>,
    free_at: Vec<f64>,
    rng: SimRng,
    timed: bool,
    pub busy_s: Vec<f64>,
    /// Σ (start − arrival) and the count of disk I/Os (for the queueing check).
    pub wait_s: f64,
    pub ios: u64,
    pub reads: u64,
    pub writes: u64,
}

impl DiskArray {
    pub fn new(disks: u32, seed: u64, timed: bool) -> DiskArray {
        let n = disks.max(1) as usize;
        DiskArray {
            disks: (0..n).map(|_| Hdd::new(&DISK_15K, DISK_BYTES)).collect(),
            free_at: vec![0.0; n],
            rng: SimRng::new(seed ^ 0xD15C_D15C),
            timed,
            busy_s: vec![0.0; n],
            wait_s: 0.0,
            ios: 0,
            reads: 0,
            writes: 0,
        }
    }

    pub fn disks(&self) -> usize {
        self.disks.len()
    }

    /// Read or write `blocks` blocks from `block`, none starting before `t`:
    /// completion of the last stripe piece.
    pub fn io(&mut self, t: f64, block: u64, blocks: u32, write: bool) -> f64 {
        let n = self.disks.len() as u64;
        let mut b = block;
        let end = block + blocks as u64;
        let mut done = t;
        if write {
            self.writes += blocks as u64;
        } else {
            self.reads += blocks as u64;
        }
        while b < end {
            let stripe = b / STRIPE_BLOCKS;
            let piece_end = ((stripe + 1) * STRIPE_BLOCKS).min(end);
            let d = (stripe % n) as usize;
            let addr = ((stripe / n) * STRIPE_BLOCKS + b % STRIPE_BLOCKS) * BLOCK_BYTES;
            let size = (piece_end - b) * BLOCK_BYTES;
            let service = if self.timed {
                self.disks[d].service(addr, size, &mut self.rng)
            } else {
                0.0
            };
            let start = self.free_at[d].max(t);
            self.free_at[d] = start + service;
            self.busy_s[d] += service;
            self.wait_s += start - t;
            self.ios += 1;
            done = done.max(start + service);
            b = piece_end;
        }
        done
    }

    /// Mean utilisation over `span_s`.
    pub fn utilisation(&self, span_s: f64) -> f64 {
        if span_s <= 0.0 {
            return 0.0;
        }
        self.busy_s.iter().sum::<f64>() / (span_s * self.disks.len() as f64)
    }
}
