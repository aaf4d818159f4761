//! Scenarios shared by the request-level tests: the NOSSDAV'12 presets cut
//! down, and small devices so that a test allocates little.
#![allow(dead_code)]

use tierplan_scenario::presets::request_preset;
use tierplan_scenario::request::*;
use tierplan_scenario::{CellType, Device, DeviceKind, FlashSpec, Scenario};

pub fn preset(id: &str) -> Scenario {
    request_preset(id).expect("request preset")
}

pub fn req(s: &mut Scenario) -> &mut RequestSpec {
    s.request.as_mut().expect("request section")
}

pub fn device<'a>(s: &'a mut Scenario, id: &str) -> &'a mut Device {
    s.devices.iter_mut().find(|d| d.id == id).expect("device")
}

/// A small SSD (1 GB, 2 units) added to the catalog as `small_ssd`.
pub fn add_small_ssd(s: &mut Scenario, read_us: f64, program_us: f64, erase_ms: f64) {
    s.devices.push(Device {
        id: "small_ssd".into(),
        name: "small SSD (tests)".into(),
        kind: DeviceKind::Ssd,
        capacity_gb: 1.0,
        read_mbps: Some(100.0),
        write_mbps: Some(50.0),
        price: 10.0,
        power_w: 1.0,
        flash: Some(FlashSpec {
            cell: CellType::Mlc,
            pe_cycles: 10_000,
            page_kb: 4.0,
            pages_per_block: 64,
            read_us,
            program_us,
            erase_ms,
            spare_factor: 0.07,
            write_read_interference: 0.0,
            units: Some(2),
            controller: None,
        }),
        assumptions: vec![],
        hdd: None,
        form_factor: None,
    });
}

/// A small library (20 videos × 30 segments of 200 KB) on the preset's
/// disks, one replication of `hours`.
pub fn small(policy: CachePolicyKind, rate: f64, hours: f64) -> Scenario {
    let mut s = preset("nossdav12-hdd-only");
    add_small_ssd(&mut s, 100.0, 500.0, 2.0);
    let r = req(&mut s);
    r.workload.videos = 20;
    r.workload.segments = 30;
    r.workload.bitrate_kbps = 20.0;
    r.workload.rate = rate;
    r.chunk_kb = 64.0;
    r.ram.capacity_gb = 0.0;
    r.cache.policy = policy;
    r.cache.flash_device = "small_ssd".into();
    r.cache.flash_gb = 0.03;
    r.cache.block.ways = 16;
    r.run.duration_h = hours;
    r.run.replications = 1;
    s
}

/// Little's law, L = λW within 1 %, on every device queue of a replication
/// that served I/Os (`what` names the run in the message).
pub fn assert_littles_law(rep: &tierplan_request::RequestReplication, what: &str) {
    for d in &rep.devices {
        if d.completions == 0 {
            continue;
        }
        let lw = d.arrival_rate * d.mean_sojourn_s;
        assert!(
            (d.mean_in_system - lw).abs() <= 0.01 * lw.max(1e-6),
            "{what} {}: L = {} vs λW = {}",
            d.name,
            d.mean_in_system,
            lw
        );
    }
}
