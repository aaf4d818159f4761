//! The server summary of a run (model §10b): its limits, their use and
//! the one that binds, from the replications' server metrics.

use crate::results::{ReplicationResult, TierSummary};
use crate::server::{Limit, LimitUse, ServerMetrics, ServerSummary};
use tierplan_kit::analytics::streams_per_bandwidth;
use tierplan_scenario::server::{bay_use, form_factor_of, lane_use, FormFactor};
use tierplan_scenario::{Scenario, TierRole};

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
    if let Some(lanes) = lane_share(s) {
        limits.push(LimitUse {
            limit: Limit::PcieLanes,
            utilisation: lanes,
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

/// The drives of the tiers in use by form factor, and the memory modules.
fn drives_and_modules(s: &Scenario) -> (Vec<(FormFactor, u32)>, u32) {
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
    (drives, modules)
}

/// The share of the chassis's PCIe lanes the drives and NICs take; `None`
/// without a server or a lane count.
pub fn lane_share(s: &Scenario) -> Option<f64> {
    let v = s.server.as_ref()?;
    let (drives, _) = drives_and_modules(s);
    let (need, lanes) = lane_use(&v.chassis, &drives)?;
    Some(need as f64 / lanes.max(1) as f64)
}

/// The largest share of bays any form factor takes, and of DIMM slots.
pub fn bay_and_slot_use(s: &Scenario) -> (f64, f64) {
    let Some(v) = &s.server else {
        return (0.0, 0.0);
    };
    let (drives, modules) = drives_and_modules(s);
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
