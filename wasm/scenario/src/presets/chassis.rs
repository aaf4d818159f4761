//! Present-day server chassis (model §10b), beside today's drives. Bay and
//! slot counts come from the dated source first in each entry's
//! `assumptions`; the host serving ceiling is a named assumption cited to
//! Netflix's published figures; prices, like the drives', are street-price
//! assumptions in [`CHASSIS_PRICES`], the one place to update them.

use super::today::PRICES_AS_OF;
use crate::server::*;

/// Chassis (CPU, board, power supplies; no drives, no memory) and NIC
/// prices, USD: assumptions as of [`PRICES_AS_OF`].
pub const CHASSIS_PRICES: &[(&str, f64, f64)] = &[
    ("edge_1u_nvme", 9_000.0, 1_600.0),
    ("oca_2021_nvme", 10_000.0, 3_200.0),
    ("storage_2u_12lff", 7_000.0, 800.0),
    ("storage_4u_60lff", 14_000.0, 1_600.0),
];

/// Host serving ceiling with software TLS, Gb/s: what Netflix served from
/// one 32-core AMD EPYC 7502P with 256 GB DDR4-3200 without NIC TLS
/// offload (about 240 Gb/s; about 400 Gb/s with it): Drew Gallatin,
/// "Serving Netflix Video at 400Gb/s on FreeBSD", EuroBSDCon 2021-09.
pub const HOST_SOFTWARE_TLS_GBPS: f64 = 240.0;
/// The same host with inline NIC kTLS offload (same talk).
pub const HOST_NIC_TLS_GBPS: f64 = 400.0;

/// What a PCIe lane carries, GB/s each way after 128b/130b coding: 4.0 at
/// 16 GT/s ≈ 1.97, 5.0 at 32 GT/s ≈ 3.94 (PCI-SIG base specifications
/// 4.0, 2017, and 5.0, 2019). An NVMe drive's x4 link (≈ 7.9 GB/s at 4.0)
/// is above what today's drives read (6–7 GB/s), so lanes bind by their
/// count, not their bandwidth.
pub const PCIE4_GBPS_PER_LANE: f64 = 16.0 * 128.0 / 130.0 / 8.0;
pub const PCIE5_GBPS_PER_LANE: f64 = 32.0 * 128.0 / 130.0 / 8.0;

const LANES_NOTE: &str = "pcie_lanes: the CPUs' lanes for drives and NICs (a class figure; boot drive and BMC links ignored). An NVMe drive takes x4; every SAS/SATA drive goes through one x8 tri-mode HBA (Broadcom 9500-16i class, assumption); a 2 × 100 GbE card takes x16. PCIe 4.0 ≈ 1.97 GB/s a lane each way, 5.0 ≈ 3.94 (PCI-SIG 4.0 2017, 5.0 2019): an x4 drive link is above what a drive reads, so lanes bind by count";

const HOST_NOTE: &str = "host_gbps: the serving ceiling of one CPU socket of the 2021 class with software kTLS, about 240 Gb/s (Drew Gallatin, \"Serving Netflix Video at 400Gb/s on FreeBSD\", EuroBSDCon 2021-09: memory bandwidth binds; about 400 Gb/s with NIC kTLS offload) — an assumption for any host of this class, check yours";

fn prices(id: &str) -> (f64, f64, String) {
    let (_, chassis, nic) = CHASSIS_PRICES
        .iter()
        .find(|(k, _, _)| *k == id)
        .expect("every chassis has a price");
    (
        *chassis,
        *nic,
        format!("price ${chassis} + NICs ${nic} — assumption, street price without drives or memory as of {PRICES_AS_OF}: check before buying"),
    )
}

struct Spec {
    id: &'static str,
    name: &'static str,
    bays: &'static [(FormFactor, u32)],
    dimm_slots: u32,
    max_dimm_gb: f64,
    nic_ports: u32,
    nic_gbps: f64,
    host_gbps: f64,
    idle_power_w: f64,
    rack_units: u32,
    pcie_lanes: u32,
    nic_lanes: u32,
    sources: &'static [&'static str],
}

fn chassis(s: Spec) -> Chassis {
    let (price, nic_price, note) = prices(s.id);
    let mut assumptions: Vec<String> = s.sources.iter().map(|x| x.to_string()).collect();
    assumptions.push(note);
    Chassis {
        id: s.id.into(),
        name: s.name.into(),
        bays: s
            .bays
            .iter()
            .map(|&(form_factor, count)| Bays { form_factor, count })
            .collect(),
        dimm_slots: s.dimm_slots,
        max_dimm_gb: s.max_dimm_gb,
        nic_ports: s.nic_ports,
        nic_gbps: s.nic_gbps,
        host_gbps: s.host_gbps,
        price,
        nic_price,
        idle_power_w: s.idle_power_w,
        rack_units: s.rack_units,
        pcie_lanes: Some(s.pcie_lanes),
        nic_lanes: s.nic_lanes,
        assumptions,
    }
}

/// The present-day chassis.
pub fn chassis_presets() -> Vec<Chassis> {
    vec![
        chassis(Spec {
            id: "edge_1u_nvme",
            name: "1U all-NVMe edge server (10 × U.2, 2 × 100 GbE)",
            bays: &[(FormFactor::U2, 10)],
            dimm_slots: 12,
            max_dimm_gb: 128.0,
            nic_ports: 2,
            nic_gbps: 100.0,
            host_gbps: HOST_SOFTWARE_TLS_GBPS,
            idle_power_w: 180.0,
            rack_units: 1,
            pcie_lanes: 128,
            nic_lanes: 16,
            sources: &[
                "bays and slots: the 1U single-socket class of 2023 (e.g. Dell PowerEdge R6615 spec sheet, 2023: up to 10 × 2.5\" NVMe, 12 DDR5 RDIMM slots, OCP 3.0 NIC) — a class figure, check the model you buy",
                "nic: one 2 × 100 GbE card (ConnectX-6 Dx class, as in the 2021 Netflix box below)",
                "lanes: one AMD EPYC 9004 socket, 128 PCIe 5.0 lanes (AMD EPYC 9004 product brief, 2022)",
                LANES_NOTE,
                HOST_NOTE,
                "idle_power_w 180 W without drives: class figure (assumption)",
            ],
        }),
        chassis(Spec {
            id: "oca_2021_nvme",
            name: "2021 all-NVMe CDN server (18 NVMe, 4 × 100 GbE)",
            bays: &[(FormFactor::U2, 18)],
            dimm_slots: 8,
            max_dimm_gb: 64.0,
            nic_ports: 4,
            nic_gbps: 100.0,
            host_gbps: HOST_SOFTWARE_TLS_GBPS,
            idle_power_w: 200.0,
            rack_units: 2,
            pcie_lanes: 128,
            nic_lanes: 32,
            sources: &[
                "configuration: AMD EPYC 7502P (32 cores), 256 GB DDR4-3200, 18 × 2 TB NVMe, 2 × Mellanox ConnectX-6 Dx giving 4 × 100 GbE: Drew Gallatin, \"Serving Netflix Video at 400Gb/s on FreeBSD\", EuroBSDCon 2021-09 (as reported by Guru3D, 2021-09)",
                "8 DIMM slots (one per channel of the EPYC 7502P: 8 × 32 GB = 256 GB), U.2 bays for the 18 drives and 2 rack units are assumptions",
                "lanes: AMD EPYC 7502P, 128 PCIe 4.0 lanes (AMD product page, 2019): 18 NVMe × 4 + 2 NICs × 16 = 104",
                LANES_NOTE,
                HOST_NOTE,
                "idle_power_w 200 W without drives: class figure (assumption)",
            ],
        }),
        chassis(Spec {
            id: "storage_2u_12lff",
            name: "2U storage server (12 × 3.5\" + 4 × U.2, 2 × 25 GbE)",
            bays: &[(FormFactor::Lff35, 12), (FormFactor::U2, 4)],
            dimm_slots: 16,
            max_dimm_gb: 128.0,
            nic_ports: 2,
            nic_gbps: 25.0,
            host_gbps: HOST_SOFTWARE_TLS_GBPS,
            idle_power_w: 220.0,
            rack_units: 2,
            pcie_lanes: 160,
            nic_lanes: 8,
            sources: &[
                "bays: the 2U dual-socket class of 2023 with 12 × 3.5\" front bays and rear 2.5\" NVMe bays (e.g. Dell PowerEdge R760 spec sheet, 2023) — 4 U.2 rear bays and 16 DIMM slots are a class figure, check the model you buy",
                "nic: 2 × 25 GbE (OCP 3.0 class, assumption)",
                "lanes: two 4th-generation Xeon Scalable sockets, 80 PCIe 5.0 lanes each (Intel ARK, 2023); the 2 × 25 GbE OCP 3.0 card takes x8",
                LANES_NOTE,
                HOST_NOTE,
                "idle_power_w 220 W without drives: class figure (assumption)",
            ],
        }),
        chassis(Spec {
            id: "storage_4u_60lff",
            name: "4U high-density storage server (60 × 3.5\" + 4 × U.2, 2 × 100 GbE)",
            bays: &[(FormFactor::Lff35, 60), (FormFactor::U2, 4)],
            dimm_slots: 16,
            max_dimm_gb: 128.0,
            nic_ports: 2,
            nic_gbps: 100.0,
            host_gbps: HOST_SOFTWARE_TLS_GBPS,
            idle_power_w: 400.0,
            rack_units: 4,
            pcie_lanes: 128,
            nic_lanes: 16,
            sources: &[
                "bays and slots: AIC SB407-TU, ServeTheHome review 2022: 60 × 3.5\" bays, 2.5\" NVMe bays at the rear, dual Xeon Scalable with 8 DIMM slots each, OCP NIC 3.0 slot — 4 NVMe bays counted here (assumption)",
                "nic: one 2 × 100 GbE card (assumption)",
                "lanes: two 3rd-generation Xeon Scalable sockets, 64 PCIe 4.0 lanes each (Intel ARK, 2021)",
                LANES_NOTE,
                HOST_NOTE,
                "idle_power_w 400 W without drives (fans for 60 bays): class figure (assumption)",
            ],
        }),
    ]
}

/// A chassis preset by id.
pub fn chassis_preset(id: &str) -> Option<Chassis> {
    chassis_presets().into_iter().find(|c| c.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_chassis_has_a_dated_source_a_priced_assumption_and_the_classes_the_issue_needs() {
        let all = chassis_presets();
        for c in &all {
            let first = &c.assumptions[0];
            assert!(
                first
                    .as_bytes()
                    .windows(4)
                    .any(|w| w.starts_with(b"20") && w.iter().all(u8::is_ascii_digit)),
                "{}: undated source {first}",
                c.id
            );
            assert!(c
                .assumptions
                .iter()
                .any(|a| a.starts_with("price $") && a.contains(PRICES_AS_OF)));
            assert!(c.assumptions.iter().any(|a| a.contains("EuroBSDCon 2021")));
            assert!(c.nic_total_gbps() > 0.0 && c.host_gbps > 0.0 && c.rack_units > 0);
        }
        // A 1U/2U all-NVMe edge, a 2U/4U storage server with 3.5" bays and
        // some NVMe, a 4U high-density one.
        let nvme_only = |c: &Chassis| c.bays.iter().all(|b| b.form_factor != FormFactor::Lff35);
        assert!(all.iter().any(|c| c.rack_units <= 2 && nvme_only(c)));
        assert!(all.iter().any(|c| c.rack_units <= 4
            && c.bays_of(FormFactor::Lff35) > 0
            && c.bays_of(FormFactor::U2) > 0));
        assert!(all
            .iter()
            .any(|c| c.rack_units == 4 && c.bays_of(FormFactor::Lff35) >= 36));
        for (k, _, _) in CHASSIS_PRICES {
            assert!(chassis_preset(k).is_some(), "{k} has no chassis");
        }
    }
}
