//! Checks of the `server` section (model §10b): the chassis's figures, the
//! fleet, and whether the tiers fit the chassis (bays of the right form
//! factor, DIMM slots, a stream's bitrate within the egress).

use super::checker::{fmt_num, Checker};
use crate::server::*;
use crate::*;

/// The most servers a fleet may have.
pub const MAX_SERVERS: u32 = 100_000;

pub(crate) fn check_server(c: &mut Checker, s: &Scenario, v: &ServerSpec) {
    let before = c.errors.len();
    let at = "server.chassis";
    let ch = &v.chassis;
    if ch.id.is_empty() || ch.id.len() > 40 {
        c.push(format!("{at}.id"), "must be 1 to 40 characters");
    }
    if ch.name.chars().count() > 120 {
        c.push(format!("{at}.name"), "is longer than 120 characters");
    }
    c.count(&format!("{at}.nic_ports"), ch.nic_ports, 1, 64);
    c.range(
        &format!("{at}.nic_gbps"),
        ch.nic_gbps,
        0.0,
        true,
        1600.0,
        "Gb/s per port",
    );
    c.range(
        &format!("{at}.host_gbps"),
        ch.host_gbps,
        0.0,
        true,
        10_000.0,
        "Gb/s",
    );
    c.count(&format!("{at}.dimm_slots"), ch.dimm_slots, 0, 256);
    c.range(
        &format!("{at}.max_dimm_gb"),
        ch.max_dimm_gb,
        0.0,
        true,
        4096.0,
        "GB",
    );
    c.range(&format!("{at}.price"), ch.price, 0.0, false, 1e7, "$");
    c.range(
        &format!("{at}.nic_price"),
        ch.nic_price,
        0.0,
        false,
        1e7,
        "$",
    );
    c.range(
        &format!("{at}.idle_power_w"),
        ch.idle_power_w,
        0.0,
        false,
        1e5,
        "W",
    );
    c.count(&format!("{at}.rack_units"), ch.rack_units, 1, 48);
    if let Some(lanes) = ch.pcie_lanes {
        c.count(&format!("{at}.pcie_lanes"), lanes, 1, 1024);
    }
    c.count(&format!("{at}.nic_lanes"), ch.nic_lanes, 0, 256);
    if ch.bays.len() > 16 {
        c.push(
            format!("{at}.bays"),
            format!("has {} groups: at most 16", ch.bays.len()),
        );
    }
    for (i, b) in ch.bays.iter().enumerate() {
        c.count(&format!("{at}.bays[{i}].count"), b.count, 0, 1000);
        if b.form_factor == FormFactor::Dimm {
            c.push(
                format!("{at}.bays[{i}].form_factor"),
                "is dimm: memory goes into dimm_slots, a bay takes a drive (lff35, sff25, u2, u3, e1l, e3s)",
            );
        }
    }
    c.range(
        "server.egress_headroom",
        v.egress_headroom,
        0.0,
        true,
        1.0,
        "(share of the egress)",
    );
    let f = &v.fleet;
    c.count("server.fleet.servers", f.servers, 1, MAX_SERVERS);
    c.count("server.fleet.replicas", f.replicas, 1, f.servers.max(1));
    c.count(
        "server.fleet.hot_titles",
        f.hot_titles,
        0,
        s.workload.videos,
    );
    if c.errors.len() > before {
        return;
    }
    let egress = v.egress_kbps();
    for (i, k) in s.workload.classes.iter().enumerate() {
        if k.bitrate_kbps > egress {
            c.push(
                format!("workload.classes[{i}].bitrate_kbps"),
                format!(
                    "{} KB/s is above what one server may send ({} Gb/s = {} KB/s after the {} headroom): lower the bitrate or pick a chassis with more egress",
                    fmt_num(k.bitrate_kbps),
                    fmt_num(v.egress_gbps()),
                    fmt_num(egress.floor()),
                    fmt_num(v.egress_headroom)
                ),
            );
        }
    }
    // The request engine sends each segment through the NIC queue: one
    // that cannot keep up with a single viewer's bitrate is no server.
    #[cfg(feature = "studies")]
    if let Some(r) = &s.request {
        let b = r.workload.bitrate_kbps;
        if b > egress {
            c.push(
                "request.workload.bitrate_kbps",
                format!(
                    "{} KB/s is above what one server may send ({} Gb/s = {} KB/s after the {} headroom): lower the bitrate or pick a chassis with more egress",
                    fmt_num(b),
                    fmt_num(v.egress_gbps()),
                    fmt_num(egress.floor()),
                    fmt_num(v.egress_headroom)
                ),
            );
        }
    }
    check_fit(c, &tier_placements(s), ch);
    // The request engine's drives go into the same chassis (its own
    // section: the HTTP tab runs it behind this server).
    #[cfg(feature = "studies")]
    {
        check_fit(c, &request_placements(s), ch);
        check_request_ram(c, s, ch);
    }
}

fn tier_path(role: TierRole) -> &'static str {
    match role {
        TierRole::Disk => "tiers.disk",
        TierRole::FileCache => "tiers.file_cache",
        TierRole::IntervalCache => "tiers.interval_cache",
    }
}

/// The bays a chassis offers, for messages: "12 × lff35 (3.5" disk), 4 × u2 (U.2 NVMe)".
fn bays_text(ch: &Chassis) -> String {
    let parts: Vec<String> = ch
        .bays
        .iter()
        .filter(|b| b.count > 0)
        .map(|b| {
            format!(
                "{} × {} ({})",
                b.count,
                b.form_factor.key(),
                b.form_factor.label()
            )
        })
        .collect();
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(", ")
    }
}

/// What one engine puts into the chassis: a device, how many of it, and the
/// field paths its messages name (the count's and the device's).
struct Placement<'a> {
    device: &'a Device,
    count: u32,
    count_path: String,
    device_path: String,
}

/// The stream engine's tiers in use, each as a placement.
fn tier_placements(s: &Scenario) -> Vec<Placement<'_>> {
    s.tiers_in_use()
        .filter(|(_, t)| t.count > 0)
        .filter_map(|(role, t)| {
            let d = s.device(&t.device)?;
            let path = tier_path(role);
            Some(Placement {
                device: d,
                count: t.count,
                count_path: format!("{path}.count"),
                device_path: format!("{path}.device"),
            })
        })
        .collect()
}

/// The request engine's drives (model §11): the striped disks and, with a
/// cache, its one flash drive. Its RAM is a capacity, checked against the
/// slots apart ([`check_request_ram`]).
#[cfg(feature = "studies")]
fn request_placements(s: &Scenario) -> Vec<Placement<'_>> {
    let Some(r) = &s.request else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if let Some(d) = s.device(&r.layout.disk).filter(|_| r.layout.disks > 0) {
        out.push(Placement {
            device: d,
            count: r.layout.disks,
            count_path: "request.layout.disks".into(),
            device_path: "request.layout.disk".into(),
        });
    }
    if r.cache.policy != crate::request::CachePolicyKind::None {
        if let Some(d) = s.device(&r.cache.flash_device) {
            out.push(Placement {
                device: d,
                count: 1,
                count_path: "request.cache.flash_device".into(),
                device_path: "request.cache.flash_device".into(),
            });
        }
    }
    out
}

/// The request engine's page cache in the chassis's DIMM slots: at most
/// slots × the largest module.
#[cfg(feature = "studies")]
fn check_request_ram(c: &mut Checker, s: &Scenario, ch: &Chassis) {
    let Some(r) = &s.request else { return };
    let most = ch.dimm_slots as f64 * ch.max_dimm_gb;
    if r.ram.capacity_gb > most {
        c.push(
            "request.ram.capacity_gb",
            format!(
                "{} GB of RAM but {} holds at most {} GB ({} DIMM slots × {} GB modules)",
                fmt_num(r.ram.capacity_gb),
                ch.name,
                fmt_num(most),
                ch.dimm_slots,
                fmt_num(ch.max_dimm_gb)
            ),
        );
    }
}

/// Every device an engine places into the chassis: drives into bays of a
/// form factor they fit, memory into DIMM slots.
fn check_fit(c: &mut Checker, placements: &[Placement<'_>], ch: &Chassis) {
    let mut drives: Vec<(FormFactor, u32)> = Vec::new();
    let mut first_path: Vec<(FormFactor, String)> = Vec::new();
    for p in placements {
        let (d, count) = (p.device, p.count);
        let ff = form_factor_of(d);
        if d.kind == DeviceKind::Dram {
            if ff != FormFactor::Dimm {
                c.push(
                    p.device_path.clone(),
                    format!(
                        "{} is memory but its form factor is {}: memory takes dimm",
                        d.id,
                        ff.key()
                    ),
                );
                continue;
            }
            if count > ch.dimm_slots {
                c.push(
                    p.count_path.clone(),
                    format!(
                        "{} modules but {} has {} DIMM slots: at most {}",
                        count, ch.name, ch.dimm_slots, ch.dimm_slots
                    ),
                );
            }
            if d.capacity_gb > ch.max_dimm_gb {
                c.push(
                    p.device_path.clone(),
                    format!(
                        "{} is a {} GB module but {} takes modules of at most {} GB",
                        d.id,
                        fmt_num(d.capacity_gb),
                        ch.name,
                        fmt_num(ch.max_dimm_gb)
                    ),
                );
            }
            continue;
        }
        if ff == FormFactor::Dimm {
            c.push(
                p.device_path.clone(),
                format!("{} is a drive but its form factor is dimm: a drive takes lff35, sff25, u2, u3, e1l or e3s", d.id),
            );
            continue;
        }
        if !ch
            .bays
            .iter()
            .any(|b| b.count > 0 && ff.fits(b.form_factor))
        {
            c.push(
                p.device_path.clone(),
                format!(
                    "{} is a {} ({}) but {} has no bay for it: its bays are {}",
                    d.id,
                    ff.label(),
                    ff.key(),
                    ch.name,
                    bays_text(ch)
                ),
            );
            continue;
        }
        drives.push((ff, count));
        if !first_path.iter().any(|(f, _)| *f == ff) {
            first_path.push((ff, p.count_path.clone()));
        }
    }
    if let Some((need, lanes)) = lane_use(ch, &drives) {
        if need > lanes {
            // Named at the first NVMe tier (the drives that take lanes),
            // else the chassis's own lanes.
            let path = first_path.iter().find(|(f, _)| f.is_nvme()).map_or(
                format!("{at}.pcie_lanes", at = "server.chassis"),
                |(_, p)| p.clone(),
            );
            let nvme: u32 = drives
                .iter()
                .filter(|(f, _)| f.is_nvme())
                .map(|(_, n)| n)
                .sum();
            c.push(
                path,
                format!(
                    "needs {need} PCIe lanes but {} has {lanes}: {nvme} NVMe drives × {NVME_LANES}{}, the NICs' {} — fewer NVMe drives, or a chassis with more lanes",
                    ch.name,
                    if drives.iter().any(|(f, n)| *n > 0 && !f.is_nvme()) {
                        format!(", the SAS/SATA adapter's {HBA_LANES}")
                    } else {
                        String::new()
                    },
                    ch.nic_lanes
                ),
            );
        }
    }
    for u in bay_use(ch, &drives) {
        if u.drives > u.available {
            let path = first_path
                .iter()
                .find(|(f, _)| *f == u.form_factor)
                .map_or("tiers", |(_, p)| p.as_str());
            c.push(
                path,
                format!(
                    "{} {} drives but {} has {} bays that take them: at most {} (its bays: {})",
                    u.drives,
                    u.form_factor.label(),
                    ch.name,
                    u.available,
                    u.available,
                    bays_text(ch)
                ),
            );
        }
    }
}
