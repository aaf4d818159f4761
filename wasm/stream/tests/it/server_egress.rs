//! Egress as a tier (model §10b): a new stream is admitted only while the
//! server's egress has room for it. With the egress the only limit the
//! server is an M/G/c/c loss system with c = floor(egress / bitrate), so
//! its rejection must agree with Erlang B; with an egress that never binds
//! the run is the one without a server; bad server input is refused by
//! field, never with a panic.

use proptest::prelude::*;
use tierplan_kit::analytics::erlang_b;
use tierplan_scenario::presets::chassis::chassis_preset;
use tierplan_scenario::presets::scenario_preset;
use tierplan_scenario::server::*;
use tierplan_scenario::Scenario;
use tierplan_stream::server::Limit;
use tierplan_stream::{run, Job};

/// A chassis with one 3.5" bay, no host limit and a NIC of exactly
/// `c` + ½ streams of 1024 KB/s.
fn nic_of_streams(c: u32) -> Chassis {
    Chassis {
        id: "test".into(),
        name: "test chassis".into(),
        bays: vec![Bays {
            form_factor: FormFactor::Lff35,
            count: 1,
        }],
        dimm_slots: 0,
        max_dimm_gb: 64.0,
        nic_ports: 1,
        nic_gbps: (c as f64 + 0.5) * 1024.0 / KBPS_PER_GBPS,
        host_gbps: 1e4,
        price: 0.0,
        nic_price: 0.0,
        idle_power_w: 0.0,
        rack_units: 1,
        pcie_lanes: None,
        nic_lanes: 0,
        assumptions: vec![],
    }
}

/// HDD only, a disk far faster than the load: only the egress can bind
/// (erlang_b's loss system with the disk's limit lifted).
fn egress_loss_system(c: u32, a: f64) -> Scenario {
    let mut s = crate::erlang_b::loss_system(c, a);
    let d = s.devices.iter_mut().find(|d| d.id == "hdd15k").unwrap();
    d.read_mbps = Some(100_000.0);
    s.server = Some(ServerSpec {
        chassis: nic_of_streams(c),
        egress_headroom: 1.0,
        fleet: Fleet::default(),
    });
    s
}

#[test]
fn with_egress_the_only_limit_rejection_is_erlang_b_of_the_egress_streams() {
    for (c, a) in [(10, 8.0), (40, 40.0), (100, 90.0)] {
        let r = run(&egress_loss_system(c, a)).unwrap();
        let v = r.server.as_ref().expect("server summary");
        assert_eq!(v.egress_streams, c as u64);
        let b = erlang_b(c as u64, a);
        let est = r.summary.rejection_probability;
        eprintln!(
            "c={c} A={a}: simulated {:.5} ± {:.5}, Erlang B {:.5}",
            est.mean, est.ci95, b
        );
        assert!(
            (est.mean - b).abs() <= est.ci95,
            "c={c} A={a}: simulated {:.5} ± {:.5}, Erlang B {:.5}",
            est.mean,
            est.ci95,
            b
        );
        assert!(est.ci95 < 0.1 * b.max(0.01), "CI {:.5} too wide", est.ci95);
        // Every rejection was the egress's, and the result says so.
        assert_eq!(v.rejections_storage.mean, 0.0);
        assert!(v.rejections_egress.mean > 0.0);
        assert_eq!(v.binding, Limit::Nic);
        assert_eq!(v.egress_limit, EgressLimit::Nic);
        assert!(v.egress_util_peak.mean <= 1.0);
        // Mean egress use = carried load / c: A(1 − B) / c (Little's law).
        let carried = a * (1.0 - est.mean) / (c as f64 + 0.5);
        assert!((v.egress_util_mean.mean - carried).abs() < 0.02, "{v:?}");
    }
}

#[test]
fn an_egress_that_never_binds_changes_nothing_but_the_capital() {
    for id in ["today-plan", "mmsys11-cost-ssd", "mmsys11-cost-dram"] {
        let mut plain = scenario_preset(id).unwrap();
        plain.run.replications = 2;
        plain.run.duration_h = plain.run.warmup_h + 1.0;
        let mut served = plain.clone();
        let mut ch = chassis_preset("storage_4u_60lff").unwrap();
        ch.dimm_slots = 64;
        ch.bays[1].count = 16;
        ch.max_dimm_gb = 1024.0;
        served.server = Some(ServerSpec {
            chassis: ch,
            egress_headroom: 1.0,
            fleet: Fleet::default(),
        });
        let a = run(&plain).unwrap();
        let b = run(&served).unwrap();
        assert!(a.server.is_none());
        let v = b.server.as_ref().unwrap();
        assert_eq!(v.rejections_egress.mean, 0.0, "{id}");
        for (x, y) in a.replications.iter().zip(&b.replications) {
            assert_eq!(x.rejections, y.rejections, "{id}");
            assert_eq!(x.avg_streams.to_bits(), y.avg_streams.to_bits(), "{id}");
            assert_eq!(x.events, y.events, "{id}");
            assert_eq!(x.tiers, y.tiers, "{id}");
        }
        let chassis = served.server.as_ref().unwrap().chassis.capital();
        assert_eq!(b.capital_cost, a.capital_cost + chassis);
    }
}

#[test]
fn the_storage_limit_is_named_when_the_disks_turn_streams_away() {
    // mmsys11-cost-hdd with 5 disks rejects on disk bandwidth; a 4U
    // chassis's 200 Gb/s is far above its 155 streams.
    let mut s = scenario_preset("mmsys11-cost-hdd").unwrap();
    s.tiers.disk.count = 5;
    s.run.replications = 2;
    s.server = Some(ServerSpec {
        chassis: chassis_preset("storage_4u_60lff").unwrap(),
        egress_headroom: DEFAULT_EGRESS_HEADROOM,
        fleet: Fleet::default(),
    });
    let r = run(&s).unwrap();
    let v = r.server.unwrap();
    assert!(v.rejections_storage.mean > 0.0);
    assert_eq!(v.rejections_egress.mean, 0.0);
    assert_eq!(v.binding, Limit::DiskBandwidth);
    assert!(v.binding_utilisation > 0.5, "{}", v.binding_utilisation);
}

fn arb_num() -> impl Strategy<Value = f64> {
    prop_oneof![
        3 => 0.001..500.0f64,
        1 => Just(0.0),
        1 => Just(f64::NAN),
        1 => Just(-1.0),
        1 => Just(f64::INFINITY),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]
    /// Any chassis, headroom, fleet and drive counts: refused with every
    /// message naming a field, or run without a panic.
    #[test]
    fn bad_server_input_is_refused_by_field_never_with_a_panic(
        lff in 0u32..20, u2 in 0u32..6, ports in 0u32..4, nic in arb_num(), host in arb_num(),
        headroom in arb_num(), servers in 0u32..5, replicas in 0u32..6,
        disks in 0u32..30, ssds in 0u32..8, slots in 0u32..4, bitrate in arb_num(),
    ) {
        let mut s = scenario_preset("today-plan").unwrap();
        s.tiers.disk.count = disks;
        s.tiers.file_cache.as_mut().unwrap().count = ssds;
        s.workload.classes[0].bitrate_kbps = bitrate * 10_000.0;
        s.run.replications = 1;
        s.run.warmup_h = 0.0;
        s.run.duration_h = 0.05;
        let mut ch = chassis_preset("storage_2u_12lff").unwrap();
        ch.bays = vec![Bays { form_factor: FormFactor::Lff35, count: lff }, Bays { form_factor: FormFactor::U2, count: u2 }];
        ch.nic_ports = ports;
        ch.nic_gbps = nic;
        ch.host_gbps = host;
        ch.dimm_slots = slots;
        s.server = Some(ServerSpec {
            chassis: ch,
            egress_headroom: headroom,
            fleet: Fleet { servers, replicas, ..Fleet::default() },
        });
        match Job::new(s) {
            Err(errs) => {
                prop_assert!(!errs.is_empty());
                for e in &errs {
                    prop_assert!(!e.path.is_empty() && !e.message.is_empty());
                }
            }
            Ok(mut job) => {
                while !job.step(100_000).done {}
                let r = job.result().unwrap();
                let v = r.server.unwrap();
                prop_assert!(v.egress_util_peak.mean <= 1.0 + 1e-12);
            }
        }
    }
}
