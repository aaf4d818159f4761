//! A request-level scenario resolved against the device catalog: every
//! number the simulation needs, in bytes and seconds, computed once per job.

use serde::{Deserialize, Serialize};
use tierplan_kit::devices::ssd::SsdGeometry;
use tierplan_scenario::request::*;
use tierplan_scenario::server::EgressLimit;
use tierplan_scenario::{DeviceKind, Scenario, SsdController, ValidRequest};

/// Default bytes per index entry by policy (editable through
/// `cache.index.bytes_per_entry`); all are assumptions.
pub const BLOCK_ENTRY_B: f64 = 24.0;
pub const RING_ENTRY_B: f64 = 200.0;
pub const OBJECT_ENTRY_B: f64 = 64.0;
/// FlashStore: 2-byte signature + 4-byte flash pointer (seed 003).
pub const FLASHSTORE_ENTRY_B: f64 = 6.0;

/// The flash cache's in-RAM index and what it costs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct IndexRam {
    pub kind: IndexKind,
    pub entries: f64,
    pub bytes_per_entry: f64,
    /// Index size, GB, taken out of the RAM cache.
    pub ram_gb: f64,
    /// Its share of the DRAM price, $.
    pub cost: f64,
    /// Extra flash page reads per flash-index lookup.
    pub flash_reads_per_lookup: f64,
}

/// The server's egress as the request engine sends through it (model §10b,
/// §11): one FIFO queue served at the egress rate.
#[derive(Debug, Clone, PartialEq)]
pub struct NicPlan {
    pub chassis: String,
    /// Bytes a second the queue sends: min(NIC, host) × headroom, the
    /// egress the stream engine admits against (`ServerSpec::egress_kbps`).
    pub bytes_per_s: f64,
    pub egress_gbps: f64,
    pub egress_limit: EgressLimit,
    pub egress_headroom: f64,
}

pub struct Plan {
    pub w: SegmentWorkload,
    pub rate: f64,
    pub warm_rate: f64,
    pub warmup_s: f64,
    pub duration_s: f64,
    pub deadline_s: f64,
    pub disks: u32,
    pub stripe: u64,
    pub chunk: u64,
    pub hdd: HddMechanics,
    /// Capacity of one disk, B: its zones are placed over it.
    pub disk_bytes: u64,
    pub scan: bool,
    pub policy: CachePolicyKind,
    pub ssd: Option<SsdGeometry>,
    /// The SSD's controller, when its device describes one.
    pub ssd_controller: Option<SsdController>,
    pub ssd_model: tierplan_scenario::SsdModelKind,
    /// Start each replication with the SSD in steady state (a used drive).
    pub ssd_steady: bool,
    /// Commands the SSD takes at once from the host.
    pub ssd_queue_depth: u32,
    pub flash_bytes: u64,
    pub read_priority: bool,
    pub ram_bytes: u64,
    pub index: IndexRam,
    pub block: BlockCacheSpec,
    pub ring: RingSpec,
    pub object: ObjectSpec,
    pub seed: u32,
    /// The scenario's replication the run's first one is (`run.first_replication`).
    pub first_replication: u32,
    pub replications: u32,
    /// End a replication at a checkpoint once it is certainly saturated.
    pub stop_when_saturated: bool,
    pub capital_cost: f64,
    pub name: String,
    pub disk_names: Vec<String>,
    /// The NIC queue, with a `server` section; without one the segments
    /// leave the server the instant they are read, as in the study.
    pub nic: Option<NicPlan>,
}

const GB: f64 = 1024.0 * 1024.0 * 1024.0;

fn mean_video_bytes(w: &SegmentWorkload) -> f64 {
    w.bitrate_kbps * 1024.0 * w.segment_s * w.segments as f64
}

impl Plan {
    /// Resolve the request study `v` of the validated scenario `s`.
    pub fn new(s: &Scenario, v: ValidRequest) -> Plan {
        let r = v.spec;
        let (disk, hdd) = (v.disk, v.hdd);
        let policy = r.cache.policy;
        let uses_flash = policy != CachePolicyKind::None;
        let flash = v.flash.filter(|_| uses_flash);
        let flash_dev = flash.map(|(d, _)| d);
        let flash_bytes = if uses_flash {
            (r.cache.flash_gb * GB) as u64
        } else {
            0
        };
        let ssd = flash.map(|(d, f)| SsdGeometry::of(d.capacity_gb, f, Some(flash_bytes)));
        let chunk = (r.chunk_kb * 1024.0) as u64;
        let index = index_ram(r, flash_bytes as f64, chunk as f64, s);
        let ram_total = (r.ram.capacity_gb * GB) as u64;
        let ram_bytes = ram_total.saturating_sub((index.ram_gb * GB) as u64);
        let dram_per_gb = s
            .device(&r.ram.device)
            .map_or(0.0, |d| d.price / d.capacity_gb.max(1e-9));
        let capital_cost = disk.price * r.layout.disks as f64
            + flash_dev.map_or(0.0, |d| d.price)
            + r.ram.capacity_gb * dram_per_gb;
        Plan {
            w: r.workload.clone(),
            rate: r.workload.rate,
            warm_rate: r.run.warmup_rate.unwrap_or(r.workload.rate),
            // A cold start measures from an empty cache: no warm-up phase.
            warmup_s: if r.cache.start == CacheStart::Warm {
                r.run.warmup_h * 3600.0
            } else {
                0.0
            },
            duration_s: r.run.duration_h * 3600.0,
            deadline_s: r.workload.segment_s,
            disks: r.layout.disks,
            stripe: (r.layout.stripe_kb * 1024.0) as u64,
            chunk,
            hdd,
            disk_bytes: (disk.capacity_gb * GB) as u64,
            scan: r.layout.scheduler == DiskScheduler::Scan,
            policy,
            ssd,
            ssd_controller: flash_dev.and_then(|d| d.flash.as_ref().and_then(|f| f.controller)),
            ssd_model: r.cache.ssd_model.unwrap_or_default(),
            ssd_steady: r.cache.ssd_state == Some(SsdState::Steady),
            ssd_queue_depth: r.cache.ssd_queue_depth(),
            flash_bytes,
            read_priority: r
                .cache
                .read_priority
                .unwrap_or(matches!(policy, CachePolicyKind::Object)),
            ram_bytes,
            index,
            block: r.cache.block.clone(),
            ring: r.cache.ring.clone(),
            object: r.cache.object.clone(),
            seed: r.run.seed,
            first_replication: r.run.first_replication.unwrap_or(0),
            replications: r.run.replications,
            stop_when_saturated: r.run.stop_when_saturated,
            capital_cost,
            name: s.name.clone(),
            disk_names: (0..r.layout.disks).map(|i| format!("hdd{i}")).collect(),
            nic: s.server.as_ref().map(|v| NicPlan {
                chassis: v.chassis.id.clone(),
                bytes_per_s: v.egress_kbps() * 1024.0,
                egress_gbps: v.egress_gbps(),
                egress_limit: v.chassis.egress_limit().1,
                egress_headroom: v.egress_headroom,
            }),
        }
    }

    /// How arrivals map to seconds (common random numbers across rates).
    pub fn arrival_clock(&self) -> super::workload::ArrivalClock {
        super::workload::ArrivalClock {
            warm_rate: self.warm_rate,
            warmup_s: self.warmup_s,
            rate: self.rate,
        }
    }

    /// Expected I/Os of one replication (for progress and the event limit).
    pub fn expected_ios(&self) -> f64 {
        expected_ios(
            &self.w,
            self.chunk as f64,
            self.rate,
            self.warm_rate,
            self.warmup_s,
            self.duration_s,
        )
    }
}

/// The index of the cache policy: entries × bytes per entry (model §11).
fn index_ram(r: &RequestSpec, flash_bytes: f64, chunk: f64, s: &Scenario) -> IndexRam {
    let c = &r.cache;
    let (entries, default_b) = match c.policy {
        CachePolicyKind::None => (0.0, 0.0),
        CachePolicyKind::Block => (
            libm::floor(flash_bytes / (c.block.block_kb * 1024.0)),
            BLOCK_ENTRY_B,
        ),
        CachePolicyKind::Ring => (libm::floor(flash_bytes / chunk), RING_ENTRY_B),
        CachePolicyKind::Object | CachePolicyKind::ObjectStatic => (
            libm::floor(flash_bytes / mean_video_bytes(&r.workload)),
            OBJECT_ENTRY_B,
        ),
    };
    let k = c.index.skimpy_k.max(1) as f64;
    let (b, reads) = match c.index.kind {
        IndexKind::Plain => (c.index.bytes_per_entry.unwrap_or(default_b), 0.0),
        IndexKind::FlashStore => (FLASHSTORE_ENTRY_B, 0.0),
        IndexKind::SkimpyStash => (1.0 + 5.0 / k, k / 2.0),
    };
    let ram_gb = entries * b / GB;
    let dram_per_gb = s
        .device(&r.ram.device)
        .filter(|d| d.kind == DeviceKind::Dram)
        .map_or(0.0, |d| d.price / d.capacity_gb.max(1e-9));
    IndexRam {
        kind: c.index.kind,
        entries,
        bytes_per_entry: b,
        ram_gb,
        cost: ram_gb * dram_per_gb,
        flash_reads_per_lookup: reads,
    }
}
