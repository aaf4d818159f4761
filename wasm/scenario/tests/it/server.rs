//! The server section (model §10b): a chassis takes drives only into bays
//! of their form factor and memory into its DIMM slots; bad figures are
//! refused with the field named.

use tierplan_scenario::presets::chassis::chassis_preset;
use tierplan_scenario::presets::scenario_preset;
use tierplan_scenario::server::*;
use tierplan_scenario::validate::problems;
use tierplan_scenario::*;

/// today-plan (1 × Exos X24 + 1 × PM9A3) in a chassis.
fn in_chassis(id: &str) -> Scenario {
    let mut s = scenario_preset("today-plan").unwrap();
    s.server = Some(ServerSpec {
        chassis: chassis_preset(id).unwrap(),
        egress_headroom: DEFAULT_EGRESS_HEADROOM,
        fleet: Fleet::default(),
    });
    s
}

fn error_at<'a>(s: &'a [tierplan_scenario::validate::FieldError], path: &str) -> &'a str {
    s.iter()
        .find(|e| e.path == path)
        .unwrap_or_else(|| panic!("no error at {path}: {s:?}"))
        .message
        .as_str()
}

#[test]
fn a_plan_that_fits_its_chassis_is_valid() {
    let s = in_chassis("storage_2u_12lff");
    assert_eq!(problems(&s), vec![]);
}

#[test]
fn a_disk_refuses_a_bay_of_another_form_factor() {
    // The all-NVMe edge has only U.2 bays: a 3.5" disk does not go in.
    let s = in_chassis("edge_1u_nvme");
    let errs = problems(&s);
    let m = error_at(&errs, "tiers.disk.device");
    assert!(
        m.contains("exos_x24") && m.contains("lff35") && m.contains("10 × u2"),
        "{m}"
    );
    // An SSD declared E3.S does not go into a U.2 bay either …
    let mut s = in_chassis("storage_2u_12lff");
    let i = s.devices.iter().position(|d| d.id == "pm9a3_7t68").unwrap();
    s.devices[i].form_factor = Some(FormFactor::E3s);
    let errs = problems(&s);
    let m = error_at(&errs, "tiers.file_cache.device");
    assert!(
        m.contains("e3s") && m.contains("12 × lff35") && m.contains("4 × u2"),
        "{m}"
    );
    // … while a U.3 drive does (the one published compatibility).
    s.devices[i].form_factor = Some(FormFactor::U3);
    assert_eq!(problems(&s), vec![]);
}

#[test]
fn more_drives_than_bays_or_modules_than_slots_are_refused_with_the_limit() {
    let mut s = in_chassis("storage_2u_12lff");
    s.tiers.disk.count = 13;
    s.tiers.file_cache.as_mut().unwrap().count = 5;
    let errs = problems(&s);
    assert!(error_at(&errs, "tiers.disk.count").contains("at most 12"));
    assert!(error_at(&errs, "tiers.file_cache.count").contains("at most 4"));
    // Memory: the DRAM + SSD + HDD architecture with more modules than slots.
    let mut s = in_chassis("storage_2u_12lff");
    s.architecture = Architecture::DramSsdHdd;
    s.tiers.interval_cache.as_mut().unwrap().count = 17;
    let errs = problems(&s);
    assert!(error_at(&errs, "tiers.interval_cache.count").contains("16 DIMM slots"));
}

#[test]
fn a_chassis_without_network_or_a_stream_above_it_is_refused() {
    let mut s = in_chassis("storage_2u_12lff");
    s.server.as_mut().unwrap().chassis.nic_gbps = 0.0;
    let errs = problems(&s);
    assert!(error_at(&errs, "server.chassis.nic_gbps").contains("0 < value"));
    let mut s = in_chassis("storage_2u_12lff");
    // 2 × 1 GbE × 0.9 = 1.8 Gb/s: a 2 Gb/s stream cannot be sent.
    s.server.as_mut().unwrap().chassis.nic_gbps = 1.0;
    s.workload.classes[0].bitrate_kbps = 2.0 * KBPS_PER_GBPS;
    let errs = problems(&s);
    assert!(error_at(&errs, "workload.classes[0].bitrate_kbps").contains("1.8 Gb/s"));
    let mut s = in_chassis("storage_2u_12lff");
    let v = s.server.as_mut().unwrap();
    v.egress_headroom = 0.0;
    v.fleet.servers = 0;
    let errs = problems(&s);
    error_at(&errs, "server.egress_headroom");
    error_at(&errs, "server.fleet.servers");
}

#[test]
fn the_egress_is_the_lesser_of_nic_and_host_times_the_headroom() {
    let s = in_chassis("oca_2021_nvme");
    let v = s.server.unwrap();
    // 4 × 100 GbE = 400 > host 240: the host binds; 240 × 0.9 = 216 Gb/s.
    assert_eq!(v.chassis.egress_limit(), (240.0, EgressLimit::Host));
    assert!((v.egress_gbps() - 216.0).abs() < 1e-9);
    // 1 Gb/s = 10⁹ / 8 / 1024 KB/s.
    assert_eq!(KBPS_PER_GBPS, 122_070.312_5);
    let edge = chassis_preset("storage_2u_12lff").unwrap();
    assert_eq!(edge.egress_limit(), (50.0, EgressLimit::Nic));
}

#[test]
fn a_scenario_without_a_server_reads_and_writes_as_before() {
    let s = scenario_preset("today-plan").unwrap();
    let json = serde_json::to_string(&s).unwrap();
    assert!(!json.contains("server") && !json.contains("form_factor"));
    let s2 = in_chassis("storage_4u_60lff");
    let back: Scenario = serde_json::from_str(&serde_json::to_string(&s2).unwrap()).unwrap();
    assert_eq!(back, s2);
}

#[test]
fn more_nvme_drives_than_pcie_lanes_are_refused_like_bays() {
    // The 2U chassis with 28 lanes: 8 for the NIC, 8 for the disks' HBA,
    // 12 left = 3 NVMe drives × 4.
    let mut s = in_chassis("storage_2u_12lff");
    s.server.as_mut().unwrap().chassis.pcie_lanes = Some(28);
    s.tiers.file_cache.as_mut().unwrap().count = 3;
    assert_eq!(problems(&s), vec![]);
    s.tiers.file_cache.as_mut().unwrap().count = 4;
    let errs = problems(&s);
    let m = error_at(&errs, "tiers.file_cache.count");
    assert!(
        m.contains("needs 32 PCIe lanes")
            && m.contains("has 28")
            && m.contains("4 NVMe drives × 4"),
        "{m}"
    );
    // The same run's limits would name the lanes: 32 / 28.
    let ch = &s.server.as_ref().unwrap().chassis;
    assert_eq!(
        lane_use(ch, &[(FormFactor::Lff35, 1), (FormFactor::U2, 4)]),
        Some((32, 28))
    );
    // At least one lane when stated.
    s.server.as_mut().unwrap().chassis.pcie_lanes = Some(0);
    assert!(error_at(&problems(&s), "server.chassis.pcie_lanes").contains("from 1 to"));
}

#[test]
fn a_chassis_written_before_lanes_reads_with_no_lane_limit() {
    let s = in_chassis("storage_2u_12lff");
    let mut v = serde_json::to_value(&s).unwrap();
    let ch = v["server"]["chassis"].as_object_mut().unwrap();
    assert!(ch.remove("pcie_lanes").is_some() && ch.remove("nic_lanes").is_some());
    let back: Scenario = serde_json::from_value(v).unwrap();
    let c = &back.server.as_ref().unwrap().chassis;
    assert_eq!((c.pcie_lanes, c.nic_lanes), (None, 0));
    assert_eq!(lane_use(c, &[(FormFactor::U2, 1000)]), None);
    // Every preset states its lanes, and its largest configuration fits.
    for c in tierplan_scenario::presets::chassis::chassis_presets() {
        let all: Vec<(FormFactor, u32)> = c.bays.iter().map(|b| (b.form_factor, b.count)).collect();
        let (need, lanes) = lane_use(&c, &all).unwrap();
        assert!(need <= lanes, "{}: {need} > {lanes}", c.id);
    }
}

mod random_sections {
    use super::*;
    use proptest::prelude::*;

    fn ff() -> impl Strategy<Value = FormFactor> {
        prop::sample::select(FormFactor::ALL.to_vec())
    }

    fn num() -> impl Strategy<Value = f64> {
        prop_oneof![
            Just(0.0),
            Just(-1.0),
            Just(f64::NAN),
            Just(f64::INFINITY),
            Just(1e300),
            0.0..2000.0f64,
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

        /// Whatever the server section holds, validate answers with field
        /// errors or a valid scenario — never a panic — and every error
        /// names a field of the scenario.
        #[test]
        fn random_server_sections_never_panic_validate(
            bays in prop::collection::vec((ff(), 0u32..2000), 0..20),
            dimm_slots in 0u32..300,
            max_dimm_gb in num(),
            nic_ports in 0u32..80,
            nic_gbps in num(),
            host_gbps in num(),
            price in num(),
            rack_units in 0u32..60,
            headroom in num(),
            servers in 0u32..200_000,
            replicas in 0u32..50,
            hot_titles in 0u32..20_000,
            by_title in any::<bool>(),
            disk in 0u32..100,
            ssd in 0u32..10,
            ssd_ff in prop::option::of(ff()),
            bitrate in num(),
            lanes in prop::option::of(0u32..2000),
            nic_lanes in 0u32..300,
        ) {
            let mut s = in_chassis("storage_2u_12lff");
            let v = s.server.as_mut().unwrap();
            v.chassis.bays = bays.into_iter().map(|(form_factor, count)| Bays { form_factor, count }).collect();
            v.chassis.dimm_slots = dimm_slots;
            v.chassis.max_dimm_gb = max_dimm_gb;
            v.chassis.nic_ports = nic_ports;
            v.chassis.nic_gbps = nic_gbps;
            v.chassis.host_gbps = host_gbps;
            v.chassis.price = price;
            v.chassis.rack_units = rack_units;
            v.egress_headroom = headroom;
            v.chassis.pcie_lanes = lanes;
            v.chassis.nic_lanes = nic_lanes;
            v.fleet = Fleet {
                servers,
                routing: if by_title { Routing::ByTitle } else { Routing::AnyServer },
                replicas,
                hot_titles,
                hash_seed: 7,
            };
            s.tiers.disk.count = disk;
            s.tiers.file_cache.as_mut().unwrap().count = ssd;
            let i = s.devices.iter().position(|d| d.id == "pm9a3_7t68").unwrap();
            s.devices[i].form_factor = ssd_ff;
            s.workload.classes[0].bitrate_kbps = bitrate;
            for e in problems(&s) {
                prop_assert!(
                    e.path.starts_with("server.") || e.path.starts_with("tiers.") || e.path.starts_with("workload.") || e.path.starts_with("devices"),
                    "{} {}", e.path, e.message
                );
                prop_assert!(!e.message.is_empty());
            }
        }
    }
}

#[test]
fn an_all_nvme_server_is_valid_and_memory_cannot_be_the_bulk_tier() {
    use tierplan_scenario::presets::published::nvme_2021;
    let s = nvme_2021();
    assert_eq!(problems(&s), vec![]);
    let mut bad = s.clone();
    bad.tiers.disk.device = "ddr5_64gb".into();
    assert!(error_at(&problems(&bad), "tiers.disk.device").contains("hdd"));
    // 19 drives do not go into its 18 U.2 bays.
    let mut over = s;
    over.tiers.disk.count = 19;
    assert!(error_at(&problems(&over), "tiers.disk.count").contains("at most 18"));
}
