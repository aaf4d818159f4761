//! What a run reports about its server (model §10b): the egress, which
//! limit turned streams away, and the binding limit with its utilisation.

use crate::results::{ReplicationResult, TierSummary};
use serde::{Deserialize, Serialize};
use tierplan_kit::analytics::streams_per_bandwidth;
use tierplan_kit::stats::Estimate;
use tierplan_scenario::server::{bay_use, form_factor_of, EgressLimit, FormFactor};
use tierplan_scenario::{Scenario, TierRole};

/// Per replication: who turned streams away, and how full the egress was.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ServerMetrics {
    /// Measured rejections because the egress was full.
    pub rejections_egress: u64,
    /// Measured rejections because the storage tiers were full.
    pub rejections_storage: u64,
    /// Mean egress used / egress available.
    pub egress_util_mean: f64,
    /// Peak egress used / egress available.
    pub egress_util_peak: f64,
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
        }
    }

    fn of_egress(e: EgressLimit) -> Limit {
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

/// The server of a run: its egress and its binding limit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ServerSummary {
    pub chassis: String,
    /// Egress a server may fill, Gb/s: min(NIC, host) × headroom.
    pub egress_gbps: f64,
    /// Which of NIC and host is the lower.
    pub egress_limit: EgressLimit,
    pub egress_headroom: f64,
    /// Streams of the first class the egress carries: floor(egress / b).
    pub egress_streams: u64,
    pub egress_util_mean: Estimate,
    pub egress_util_peak: Estimate,
    pub rejections_egress: Estimate,
    pub rejections_storage: Estimate,
    /// Every limit with its utilisation, the most used first.
    pub limits: Vec<LimitUse>,
    /// The limit that decides: the one that turned most streams away, or
    /// without rejections the most used.
    pub binding: Limit,
    /// The binding limit's utilisation.
    pub binding_utilisation: f64,
}

/// The server summary of a run of `s`, `None` without a server section.
pub fn summarise_server(
    s: &Scenario,
    reps: &[ReplicationResult],
    tiers: &[TierSummary],
) -> Option<ServerSummary> {
    let v = s.server.as_ref()?;
    let ms: Vec<&ServerMetrics> = reps.iter().filter_map(|r| r.server.as_ref()).collect();
    let est = |f: &dyn Fn(&ServerMetrics) -> f64| {
        tierplan_kit::stats::mean_ci95(&ms.iter().map(|m| f(m)).collect::<Vec<_>>())
    };
    let (_, egress_limit) = v.chassis.egress_limit();
    let egress_util_mean = est(&|m| m.egress_util_mean);
    let rejections_egress = est(&|m| m.rejections_egress as f64);
    let rejections_storage = est(&|m| m.rejections_storage as f64);
    let egress = Limit::of_egress(egress_limit);
    let mut limits = vec![LimitUse {
        limit: egress,
        utilisation: egress_util_mean.mean,
    }];
    for t in tiers {
        if t.bandwidth_mbps.is_none() {
            continue;
        }
        let limit = match t.role {
            TierRole::Disk => Limit::DiskBandwidth,
            TierRole::FileCache => Limit::SsdBandwidth,
            TierRole::IntervalCache => Limit::BufferBandwidth,
        };
        limits.push(LimitUse {
            limit,
            utilisation: t.util_mean.mean,
        });
    }
    if let Some(disk) = tiers.iter().find(|t| t.role == TierRole::Disk) {
        let lib_gb = s.library_mb() / 1024.0;
        if disk.capacity_gb > 0.0 && lib_gb.is_finite() {
            limits.push(LimitUse {
                limit: Limit::Capacity,
                utilisation: lib_gb / disk.capacity_gb,
            });
        }
    }
    let (bays, slots) = bay_and_slot_use(s);
    limits.push(LimitUse {
        limit: Limit::Bays,
        utilisation: bays,
    });
    if v.chassis.dimm_slots > 0 {
        limits.push(LimitUse {
            limit: Limit::Slots,
            utilisation: slots,
        });
    }
    limits.sort_by(|a, b| b.utilisation.total_cmp(&a.utilisation));
    let binding = if rejections_egress.mean > 0.0 || rejections_storage.mean > 0.0 {
        if rejections_egress.mean >= rejections_storage.mean {
            egress
        } else {
            // Storage turned streams away: the busiest bandwidth tier.
            limits
                .iter()
                .find(|l| {
                    matches!(
                        l.limit,
                        Limit::DiskBandwidth | Limit::SsdBandwidth | Limit::BufferBandwidth
                    )
                })
                .map_or(Limit::DiskBandwidth, |l| l.limit)
        }
    } else {
        limits[0].limit
    };
    let binding_utilisation = limits
        .iter()
        .find(|l| l.limit == binding)
        .map_or(0.0, |l| l.utilisation);
    Some(ServerSummary {
        chassis: v.chassis.id.clone(),
        egress_gbps: v.egress_gbps(),
        egress_limit,
        egress_headroom: v.egress_headroom,
        egress_streams: streams_per_bandwidth(
            v.egress_kbps() / 1024.0,
            s.workload.classes[0].bitrate_kbps,
        ),
        egress_util_mean,
        egress_util_peak: est(&|m| m.egress_util_peak),
        rejections_egress,
        rejections_storage,
        limits,
        binding,
        binding_utilisation,
    })
}

/// The largest share of bays any form factor takes, and of DIMM slots.
pub fn bay_and_slot_use(s: &Scenario) -> (f64, f64) {
    let Some(v) = &s.server else {
        return (0.0, 0.0);
    };
    let mut drives = Vec::new();
    let mut modules = 0;
    for (_, t) in s.tiers_in_use() {
        if let Some(d) = s.device(&t.device) {
            match form_factor_of(d) {
                FormFactor::Dimm => modules += t.count,
                f => drives.push((f, t.count)),
            }
        }
    }
    let bays = bay_use(&v.chassis, &drives)
        .iter()
        .map(|u| {
            if u.available == 0 {
                f64::from(u.drives.min(1))
            } else {
                u.drives as f64 / u.available as f64
            }
        })
        .fold(0.0, f64::max);
    let slots = if v.chassis.dimm_slots == 0 {
        0.0
    } else {
        modules as f64 / v.chassis.dimm_slots as f64
    };
    (bays, slots)
}
