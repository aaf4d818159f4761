//! The optimiser plans a fleet (model §10b): no server over its bays,
//! slots or egress; enough servers for the egress the workload needs; the
//! binding limit named; capital and rack units are N × one server's.

use tierplan_scenario::presets::chassis::chassis_preset;
use tierplan_scenario::presets::scenario_preset;
use tierplan_scenario::server::*;
use tierplan_scenario::validate::problems;
use tierplan_scenario::*;
use tierplan_studies::optimize::fleet::optimize_fleet;
use tierplan_studies::optimize::OptimizeSpec;

/// today-plan at 6 000 streams of 2 000 titles (30 Gb/s) on a 2U storage
/// server with 2 × 10 GbE (18 Gb/s after the headroom): two servers at
/// least.
fn small_fleet() -> Scenario {
    let mut s = scenario_preset("today-plan").unwrap();
    s.workload.videos = 2_000;
    s.workload.arrival_rate = 6_000.0 / 3600.0;
    s.workload.churn = None;
    s.run.duration_h = 3.0;
    let mut ch = chassis_preset("storage_2u_12lff").unwrap();
    ch.nic_gbps = 10.0;
    s.server = Some(ServerSpec {
        chassis: ch,
        egress_headroom: DEFAULT_EGRESS_HEADROOM,
        fleet: Fleet::default(),
    });
    s
}

#[test]
fn a_fleet_plan_fits_every_server_and_carries_the_egress() {
    let s = small_fleet();
    let spec = OptimizeSpec {
        architectures: vec![Architecture::SsdLfuHdd, Architecture::HddOnly],
        target: 0.0,
        max_replications: None,
        max_peak_utilisation: None,
        criterion: Default::default(),
        max_counts: Default::default(),
        tco: Some(tierplan_studies::optimize::Tco {
            years: 5.0,
            usd_per_kwh: 0.1,
            hours_per_day: None,
        }),
    };
    let r = optimize_fleet(&s, &spec).unwrap();
    assert!(
        (r.egress_needed_gbps - 30.0).abs() < 1e-9,
        "{}",
        r.egress_needed_gbps
    );
    assert!(!r.plans.is_empty(), "{:?}", r.tried);
    let ch = s.server.as_ref().unwrap().chassis.clone();
    for p in &r.plans {
        eprintln!(
            "{}: {} × ({}) limited by {} ({:.2}), ${:.0}, TCO {:?}",
            p.label,
            p.servers,
            p.devices_text,
            p.binding_label,
            p.binding_utilisation,
            p.capital,
            p.tco
        );
        // Enough servers for the egress: N ≥ 30 / 18.
        assert!(
            p.servers as f64 >= r.egress_needed_gbps / p.egress_gbps,
            "{p:?}"
        );
        assert!(p.servers >= 2);
        // The server as planned is valid: its drives in bays that take
        // them, its modules in its slots, its bitrate within its egress.
        let mut one = s.clone();
        one.architecture = p.architecture;
        one.tiers.disk.count = p.devices_per_server.disk;
        if let Some(t) = one.tiers.file_cache.as_mut() {
            t.count = p.devices_per_server.file_cache;
        }
        if let Some(t) = one.tiers.interval_cache.as_mut() {
            t.count = p.devices_per_server.interval_cache;
        }
        assert_eq!(problems(&one), vec![]);
        assert!(p.bays_used <= 1.0 && p.slots_used <= 1.0 && p.egress_peak <= 1.0);
        assert_eq!(p.rejection_probability, 0.0);
        // Capital and space are N × one server's (devices, chassis, NICs).
        let server = one.capital_cost() + ch.price + ch.nic_price;
        assert!((p.capital - p.servers as f64 * server).abs() < 1e-6);
        assert!((p.server_capital - server).abs() < 1e-6);
        assert_eq!(p.rack_units, 2 * p.servers);
        // The TCO counts the chassis (capital and idle power) N times.
        let idle = ch.idle_power_w * 5.0 * 365.25 * 24.0 / 1000.0 * 0.1;
        assert!(p.tco.unwrap() >= p.capital + p.servers as f64 * idle);
        assert!(!p.binding_label.is_empty() && p.binding_utilisation > 0.0);
        assert!(p.streams_per_dollar > 0.0);
    }
    // Cheapest first.
    assert!(r.plans.windows(2).all(|w| w[0].capital <= w[1].capital));
}

#[test]
fn a_chassis_without_a_bay_for_the_disks_is_reported_not_planned() {
    let mut s = small_fleet();
    s.server.as_mut().unwrap().chassis = chassis_preset("edge_1u_nvme").unwrap();
    let spec = OptimizeSpec {
        architectures: vec![Architecture::HddOnly],
        target: 0.0,
        max_replications: None,
        max_peak_utilisation: None,
        criterion: Default::default(),
        max_counts: Default::default(),
        tco: None,
    };
    let r = optimize_fleet(&s, &spec).unwrap();
    assert!(r.plans.is_empty());
    assert!(r.tried[0].outcome.contains("no bay"), "{:?}", r.tried);
}
