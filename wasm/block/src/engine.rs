//! One cache of a block run on its devices: the event loop that takes host
//! I/Os in time order, asks the policy for device operations and turns them
//! into time on the flash tiers and the disk array.
//!
//! Timing rules (stated, not hidden):
//! - Every operation of a host I/O is issued at the I/O's arrival, in the
//!   order the policy lists them: foreground operations first, then the
//!   background ones (destaging, fills, migration). Each flash unit and
//!   each disk serves what it is given in issue order (FIFO, no
//!   preemption), so background work occupies the same units and disks and
//!   later I/Os queue behind it; a garbage-collecting unit stalls what is
//!   queued on it.
//! - The host I/O's response time is the latest completion of its
//!   foreground operations minus its arrival.
//! - Data dependencies are kept where they share a device (a victim's page
//!   is read before the same page is reprogrammed: same unit, FIFO) and
//!   dropped across devices: a destage's disk write does not wait for its
//!   flash read, a fill's flash program does not wait for the disk read.
//!   Chaining them would reserve devices in the future and leave them idle
//!   in between, which a real controller would not do.

use super::disk_array::DiskArray;
use super::flash_tier::{FlashCounts, FlashTier};
use super::latency::Latency;
use super::policy::{CachePolicy, DeviceOp};
use super::result::PartitionPoint;
use crate::sampling::BlockIo;

/// The most partition points kept per cache (OP-FCL's series).
const MAX_PARTITION_POINTS: usize = 2000;

pub struct CacheSim {
    pub policy: Box<dyn CachePolicy>,
    pub tiers: Vec<FlashTier>,
    pub disks: DiskArray,
    pub latency: Latency,
    fg: Vec<DeviceOp>,
    bg: Vec<DeviceOp>,
    pub first_t: Option<f64>,
    pub last_t: f64,
    /// Latest completion of any operation, s.
    pub end_t: f64,
    pub partition: Vec<PartitionPoint>,
}

/// Append `op`, merging it into the previous operation when it continues
/// it (same kind, next address): policies call this so a run of blocks
/// becomes one multi-page or multi-block operation.
pub fn push_op(ops: &mut Vec<DeviceOp>, op: DeviceOp) {
    use DeviceOp::*;
    if let Some(last) = ops.last_mut() {
        match (last, op) {
            (
                FlashRead { tier, page, pages },
                FlashRead {
                    tier: t2,
                    page: p2,
                    pages: n2,
                },
            )
            | (
                FlashWrite { tier, page, pages },
                FlashWrite {
                    tier: t2,
                    page: p2,
                    pages: n2,
                },
            )
            | (
                FlashTrim { tier, page, pages },
                FlashTrim {
                    tier: t2,
                    page: p2,
                    pages: n2,
                },
            ) if *tier == t2 && *page + *pages == p2 => {
                *pages += n2;
                return;
            }
            (
                DiskRead { block, blocks },
                DiskRead {
                    block: b2,
                    blocks: n2,
                },
            )
            | (
                DiskWrite { block, blocks },
                DiskWrite {
                    block: b2,
                    blocks: n2,
                },
            ) if *block + *blocks as u64 == b2 => {
                *blocks += n2;
                return;
            }
            _ => {}
        }
    }
    ops.push(op);
}

impl CacheSim {
    pub fn new(policy: Box<dyn CachePolicy>, tiers: Vec<FlashTier>, disks: DiskArray) -> CacheSim {
        CacheSim {
            policy,
            tiers,
            disks,
            latency: Latency::new(),
            fg: Vec::with_capacity(256),
            bg: Vec::with_capacity(256),
            first_t: None,
            last_t: 0.0,
            end_t: 0.0,
            partition: Vec::new(),
        }
    }

    fn exec(&mut self, op: &DeviceOp, t: f64) -> f64 {
        match *op {
            DeviceOp::FlashRead { tier, page, pages } => {
                self.tiers[tier as usize].read(t, page, pages)
            }
            DeviceOp::FlashWrite { tier, page, pages } => {
                self.tiers[tier as usize].write(t, page, pages)
            }
            DeviceOp::FlashTrim { tier, page, pages } => {
                self.tiers[tier as usize].trim(page, pages);
                t
            }
            DeviceOp::DiskRead { block, blocks } => self.disks.io(t, block, blocks, false),
            DeviceOp::DiskWrite { block, blocks } => self.disks.io(t, block, blocks, true),
        }
    }

    /// Issue `ops` at `t`: the latest completion.
    fn run(&mut self, ops: &[DeviceOp], t: f64) -> f64 {
        let mut done = t;
        for op in ops {
            done = done.max(self.exec(op, t));
        }
        done
    }

    /// Serve one host I/O (arrivals must come in time order).
    pub fn process(&mut self, io: &BlockIo) {
        if self.first_t.is_none() {
            self.first_t = Some(io.t);
        }
        self.last_t = io.t;
        let mut fg = std::mem::take(&mut self.fg);
        let mut bg = std::mem::take(&mut self.bg);
        fg.clear();
        bg.clear();
        let flash = self
            .tiers
            .first()
            .map_or_else(FlashCounts::default, |t| t.counts());
        if let Some((u, r)) = self.policy.tick(io.t, &flash, &mut bg) {
            let changed = self.partition.last().is_none_or(|p| p.u != u || p.r != r);
            if changed && self.partition.len() < MAX_PARTITION_POINTS {
                self.partition.push(PartitionPoint { t_s: io.t, u, r });
            }
        }
        if !bg.is_empty() {
            let ticked = std::mem::take(&mut bg);
            let end = self.run(&ticked, io.t);
            self.end_t = self.end_t.max(end);
            bg = ticked;
            bg.clear();
        }
        self.policy.access(io, &mut fg, &mut bg);
        let done = self.run(&fg, io.t);
        self.latency.add(done - io.t);
        let end = self.run(&bg, io.t);
        self.end_t = self.end_t.max(end).max(done);
        self.fg = fg;
        self.bg = bg;
    }

    /// Arrival span of the I/Os served, s (never 0 for rates).
    pub fn span_s(&self) -> f64 {
        let span = self.last_t - self.first_t.unwrap_or(0.0);
        if span > 0.0 {
            span
        } else {
            (self.end_t - self.first_t.unwrap_or(0.0)).max(1e-9)
        }
    }

    /// Host write rate into tier `i`, MB/s (policy programs × page size).
    pub fn tier_write_mb_s(&self, i: usize) -> f64 {
        let t = &self.tiers[i];
        t.ftl.wear.host_pages as f64 * t.page_bytes() as f64 / (1u64 << 20) as f64 / self.span_s()
    }

    pub fn flash_counts(&self) -> Vec<FlashCounts> {
        self.tiers.iter().map(|t| t.counts()).collect()
    }
}
