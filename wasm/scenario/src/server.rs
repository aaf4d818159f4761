//! Servers and fleets (model §10b): the chassis the devices go into, the
//! network egress that bounds what one server ships, and the fleet of
//! identical servers behind a load balancer. A scenario without a `server`
//! section is the single storage subsystem of the studies, unchanged.

use serde::{Deserialize, Serialize};

use crate::{Device, DeviceKind};

/// The physical slot a device needs. Drives go into bays, memory modules
/// into DIMM slots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum FormFactor {
    /// 3.5" disk bay (SAS/SATA).
    Lff35,
    /// 2.5" SAS/SATA bay.
    Sff25,
    /// 2.5" U.2 NVMe.
    U2,
    /// 2.5" U.3 (tri-mode) NVMe.
    U3,
    /// EDSFF E1.L (long ruler).
    E1l,
    /// EDSFF E3.S.
    E3s,
    /// A memory module (DIMM slot, not a bay).
    Dimm,
}

impl FormFactor {
    pub const ALL: [FormFactor; 7] = [
        FormFactor::Lff35,
        FormFactor::Sff25,
        FormFactor::U2,
        FormFactor::U3,
        FormFactor::E1l,
        FormFactor::E3s,
        FormFactor::Dimm,
    ];

    pub fn label(self) -> &'static str {
        match self {
            FormFactor::Lff35 => "3.5\" disk",
            FormFactor::Sff25 => "2.5\" SAS/SATA",
            FormFactor::U2 => "U.2 NVMe",
            FormFactor::U3 => "U.3 NVMe",
            FormFactor::E1l => "E1.L NVMe",
            FormFactor::E3s => "E3.S NVMe",
            FormFactor::Dimm => "DIMM",
        }
    }

    /// The name in a scenario file.
    pub fn key(self) -> &'static str {
        match self {
            FormFactor::Lff35 => "lff35",
            FormFactor::Sff25 => "sff25",
            FormFactor::U2 => "u2",
            FormFactor::U3 => "u3",
            FormFactor::E1l => "e1l",
            FormFactor::E3s => "e3s",
            FormFactor::Dimm => "dimm",
        }
    }

    /// Whether a drive of this form factor goes into a bay of `bay`. Exact
    /// matches only, but for one published compatibility: a U.3 drive works
    /// in a U.2 bay (SFF-TA-1001 keeps the U.2 pin-out), not the reverse.
    pub fn fits(self, bay: FormFactor) -> bool {
        self == bay || (self == FormFactor::U3 && bay == FormFactor::U2)
    }
}

/// A device's form factor: its own, or its kind's usual one (a disk is
/// 3.5", an SSD U.2, DRAM a DIMM) when the catalog entry states none.
pub fn form_factor_of(d: &Device) -> FormFactor {
    d.form_factor.unwrap_or(match d.kind {
        DeviceKind::Hdd => FormFactor::Lff35,
        DeviceKind::Ssd => FormFactor::U2,
        DeviceKind::Dram => FormFactor::Dimm,
    })
}

/// A group of identical bays of a chassis.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Bays {
    pub form_factor: FormFactor,
    pub count: u32,
}

/// A server chassis as bought: bays, memory slots, network ports, what its
/// host can push, power and space. Figures are from the sources in
/// `assumptions`; the price is an assumption.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Chassis {
    pub id: String,
    pub name: String,
    /// Drive bays by form factor.
    pub bays: Vec<Bays>,
    /// DIMM slots for the DRAM tier.
    pub dimm_slots: u32,
    /// Largest memory module the board takes, GB.
    pub max_dimm_gb: f64,
    /// Network ports of the server's NICs.
    pub nic_ports: u32,
    /// Line rate of one port, Gb/s (10⁹ bit/s).
    pub nic_gbps: f64,
    /// What the host (CPU, memory bandwidth, TLS) can serve, Gb/s: an
    /// assumption cited to a published figure.
    pub host_gbps: f64,
    /// Price of the server without its drives and memory (CPU, board, power
    /// supplies), $: an assumption.
    pub price: f64,
    /// Price of its NICs, $: an assumption.
    pub nic_price: f64,
    /// Power at idle without drives and memory, W.
    pub idle_power_w: f64,
    /// Height in rack units.
    pub rack_units: u32,
    /// PCIe lanes the board gives drives and NICs; absent (a file written
    /// before the field existed, or a chassis whose lanes never bind): no
    /// lane limit. An NVMe drive takes [`NVME_LANES`], a SAS/SATA drive
    /// goes through one host bus adapter of [`HBA_LANES`], the NICs take
    /// `nic_lanes`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub pcie_lanes: Option<u32>,
    /// PCIe lanes the NICs take (x16 a 2 × 100 GbE card).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub nic_lanes: u32,
    #[serde(default)]
    pub assumptions: Vec<String>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Lanes an NVMe drive takes: x4, the link of U.2, U.3, E1.L and E3.S
/// drives (SFF-8639 / SFF-TA-1006 / SFF-TA-1008 as the drives ship).
pub const NVME_LANES: u32 = 4;
/// Lanes of the one host bus adapter all SAS/SATA drives share, when a
/// configuration has any: a x8 tri-mode HBA with an expander backplane
/// (the Broadcom 9500-16i class, PCIe 4.0 x8) — an assumption: one such
/// card serves every 3.5" and 2.5" SAS/SATA bay of the chassis.
pub const HBA_LANES: u32 = 8;

impl FormFactor {
    /// Whether a drive of this form factor is NVMe (takes its own lanes).
    pub fn is_nvme(self) -> bool {
        matches!(
            self,
            FormFactor::U2 | FormFactor::U3 | FormFactor::E1l | FormFactor::E3s
        )
    }
}

/// The PCIe lanes a configuration needs in `chassis` and the lanes it
/// has: NVMe drives × [`NVME_LANES`], [`HBA_LANES`] when any SAS/SATA
/// drive is present, and the NICs' lanes. `None` when the chassis states
/// no lane count (no limit). The one home of the lane rule: validation,
/// the run's limits and the optimiser's caps all ask it.
pub fn lane_use(chassis: &Chassis, drives: &[(FormFactor, u32)]) -> Option<(u32, u32)> {
    let lanes = chassis.pcie_lanes?;
    let nvme: u32 = drives
        .iter()
        .filter(|(f, _)| f.is_nvme())
        .map(|(_, n)| n)
        .sum();
    let sas = drives
        .iter()
        .any(|(f, n)| *n > 0 && matches!(f, FormFactor::Lff35 | FormFactor::Sff25));
    let need = nvme
        .saturating_mul(NVME_LANES)
        .saturating_add(if sas { HBA_LANES } else { 0 })
        .saturating_add(chassis.nic_lanes);
    Some((need, lanes))
}

/// How many NVMe drives the lanes leave room for, beside the NICs and (with
/// `sas`) the HBA; `None` without a lane count.
pub fn nvme_lane_room(chassis: &Chassis, sas: bool) -> Option<u32> {
    let lanes = chassis.pcie_lanes?;
    let taken = chassis.nic_lanes + if sas { HBA_LANES } else { 0 };
    Some(lanes.saturating_sub(taken) / NVME_LANES)
}

impl Chassis {
    /// NIC line rate, Gb/s.
    pub fn nic_total_gbps(&self) -> f64 {
        self.nic_ports as f64 * self.nic_gbps
    }

    /// Bays of exactly this form factor.
    pub fn bays_of(&self, ff: FormFactor) -> u32 {
        self.bays
            .iter()
            .filter(|b| b.form_factor == ff)
            .map(|b| b.count)
            .sum()
    }

    /// The smaller of the NIC and the host ceiling, Gb/s, and which it is.
    pub fn egress_limit(&self) -> (f64, EgressLimit) {
        let nic = self.nic_total_gbps();
        if self.host_gbps < nic {
            (self.host_gbps, EgressLimit::Host)
        } else {
            (nic, EgressLimit::Nic)
        }
    }

    /// Capital of one server without its devices: chassis and NICs, $.
    pub fn capital(&self) -> f64 {
        self.price + self.nic_price
    }
}

/// Which of the two egress ceilings is the lower.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum EgressLimit {
    Nic,
    Host,
}

impl EgressLimit {
    pub fn label(self) -> &'static str {
        match self {
            EgressLimit::Nic => "network (NIC)",
            EgressLimit::Host => "host (CPU and memory bandwidth)",
        }
    }
}

/// A limit a plan can meet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Limit {
    /// The NIC's line rate (after the headroom).
    Nic,
    /// The host's serving ceiling (after the headroom).
    Host,
    /// The disks' streaming bandwidth.
    DiskBandwidth,
    /// The flash file cache's read bandwidth.
    SsdBandwidth,
    /// The interval cache's buffer bandwidth.
    BufferBandwidth,
    /// The disks' capacity against the library.
    Capacity,
    /// The chassis's drive bays.
    Bays,
    /// The chassis's DIMM slots.
    Slots,
    /// The PCIe lanes for NVMe drives and NICs.
    PcieLanes,
}

impl Limit {
    pub fn label(self) -> &'static str {
        match self {
            Limit::Nic => "network (NIC)",
            Limit::Host => "host (CPU and memory bandwidth)",
            Limit::DiskBandwidth => "disk bandwidth",
            Limit::SsdBandwidth => "SSD bandwidth",
            Limit::BufferBandwidth => "interval-cache bandwidth",
            Limit::Capacity => "disk capacity",
            Limit::Bays => "drive bays",
            Limit::Slots => "DIMM slots",
            Limit::PcieLanes => "PCIe lanes",
        }
    }

    pub fn of_egress(e: EgressLimit) -> Limit {
        match e {
            EgressLimit::Nic => Limit::Nic,
            EgressLimit::Host => Limit::Host,
        }
    }
}

/// One limit and how much of it the plan uses (0–1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LimitUse {
    pub limit: Limit,
    /// Mean use over the run for bandwidths; the share taken for bays,
    /// slots and capacity.
    pub utilisation: f64,
}

/// How the load balancer sends a request to a server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Routing {
    /// Consistent hashing of the title: each title lives on one server (the
    /// `hot_titles` most popular on `replicas`), so a server sees its
    /// titles' share of the arrivals — uneven under Zipf.
    ByTitle,
    /// Any server: each sees 1/N of the arrivals and the whole popularity
    /// curve, so each must hold the whole library.
    AnyServer,
}

/// N identical servers behind a load balancer.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Fleet {
    pub servers: u32,
    pub routing: Routing,
    /// By title: the most popular titles are each on this many servers,
    /// their requests spread evenly over them.
    #[serde(default = "one")]
    pub replicas: u32,
    /// By title: how many of the most popular titles are replicated.
    #[serde(default)]
    pub hot_titles: u32,
    /// Seed of the title hash (placement is deterministic given it).
    #[serde(default)]
    pub hash_seed: u32,
}

fn one() -> u32 {
    1
}

impl Default for Fleet {
    fn default() -> Self {
        Fleet {
            servers: 1,
            routing: Routing::AnyServer,
            replicas: 1,
            hot_titles: 0,
            hash_seed: 0,
        }
    }
}

/// The server the tiers are built into, and the fleet of them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct ServerSpec {
    pub chassis: Chassis,
    /// Share of the egress a server may fill, 0 < h ≤ 1: the rest is kept
    /// for TCP retransmissions, bursts and control traffic (a named
    /// assumption, default [`DEFAULT_EGRESS_HEADROOM`]).
    #[serde(default = "default_headroom")]
    pub egress_headroom: f64,
    #[serde(default)]
    pub fleet: Fleet,
}

/// Fill at most 90 % of the egress (assumption: the usual planning margin
/// for a link that must absorb bursts without loss).
pub const DEFAULT_EGRESS_HEADROOM: f64 = 0.9;

fn default_headroom() -> f64 {
    DEFAULT_EGRESS_HEADROOM
}

/// KB/s (KB = 1024 B) in one Gb/s: 10⁹ / 8 / 1024.
pub const KBPS_PER_GBPS: f64 = 1e9 / 8.0 / 1024.0;

impl ServerSpec {
    /// The egress a server may fill, Gb/s: min(NIC, host) × headroom.
    pub fn egress_gbps(&self) -> f64 {
        self.chassis.egress_limit().0 * self.egress_headroom
    }

    /// The same in KB/s (model §2 units).
    pub fn egress_kbps(&self) -> f64 {
        self.egress_gbps() * KBPS_PER_GBPS
    }
}

/// How the drives of a configuration fill a chassis's bays: per form
/// factor, the drives that need it and the bays that can take them. The
/// placement is exact for the one compatibility [`FormFactor::fits`]
/// allows: U.2 drives take U.2 bays; U.3 drives take U.3 bays, then the
/// U.2 bays left; every other form factor its own bays.
#[derive(Debug, Clone, PartialEq)]
pub struct BayUse {
    pub form_factor: FormFactor,
    pub drives: u32,
    /// Bays available to these drives once drives placed before them took
    /// theirs.
    pub available: u32,
}

/// The drives per form factor (DIMMs excluded) placed into `chassis`.
pub fn bay_use(chassis: &Chassis, drives: &[(FormFactor, u32)]) -> Vec<BayUse> {
    let mut need = std::collections::BTreeMap::<u8, u32>::new();
    let idx = |f: FormFactor| FormFactor::ALL.iter().position(|x| *x == f).unwrap_or(0) as u8;
    for (f, n) in drives {
        if *f != FormFactor::Dimm {
            *need.entry(idx(*f)).or_default() += n;
        }
    }
    let u2_drives = need.get(&idx(FormFactor::U2)).copied().unwrap_or(0);
    let u2_left = chassis.bays_of(FormFactor::U2).saturating_sub(u2_drives);
    need.into_iter()
        .map(|(i, drives)| {
            let f = FormFactor::ALL[i as usize];
            let available = match f {
                FormFactor::U3 => chassis.bays_of(FormFactor::U3) + u2_left,
                _ => chassis.bays_of(f),
            };
            BayUse {
                form_factor: f,
                drives,
                available,
            }
        })
        .collect()
}
