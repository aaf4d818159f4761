//! Present-day disks with timing (model §4): the request-level engine runs
//! them and its own disk model confirms the streaming bandwidth the stream
//! planner derives (the stream engine's side: stream/tests/it/present_day_disks.rs).

use crate::request_support;

use request_support::*;
use tierplan_kit::devices::hdd::streaming_mbps;
use tierplan_request::run_request;
use tierplan_scenario::presets::scenario_preset;
use tierplan_scenario::presets::today::{today_device_presets, KBPS_PER_MBPS};
use tierplan_scenario::request::*;
use tierplan_scenario::validate::problems;
use tierplan_scenario::{Popularity, ZipfConvention};

const GB: f64 = 1024.0 * 1024.0 * 1024.0;

/// The NOSSDAV'12 request-level preset on Exos X24 disks: every request
/// reads one 2 048 KB segment (8 Mbps × 2.1 s) in one chunk, titles
/// uniformly popular, no RAM cache, and the disk just large enough for the
/// library so that requests land over all of its zones.
fn exos_requests(rate: f64) -> tierplan_scenario::Scenario {
    let mut s = preset("nossdav12-hdd-only");
    s.devices.extend(today_device_presets());
    let read_kb = 2048.0;
    let r = req(&mut s);
    r.layout.disk = "exos_x24".into();
    r.layout.disks = 1;
    r.workload.videos = 100;
    r.workload.segments = 500;
    r.workload.bitrate_kbps = 8.0 * KBPS_PER_MBPS;
    r.workload.segment_s = read_kb / (8.0 * KBPS_PER_MBPS);
    r.workload.size_cv = 0.0;
    r.workload.arrivals = ArrivalPattern::Poisson;
    r.workload.popularity = Popularity {
        convention: ZipfConvention::Exponent,
        value: 0.0,
    };
    r.workload.rate = rate;
    r.chunk_kb = read_kb;
    r.ram.capacity_gb = 0.0;
    r.run.duration_h = 1.0;
    r.run.replications = 2;
    let library = 100.0 * 500.0 * read_kb * 1024.0;
    device(&mut s, "exos_x24").capacity_gb = (library * 1.03 / GB * 100.0).ceil() / 100.0;
    s
}

#[test]
fn request_scenarios_accept_present_day_disks() {
    let s = exos_requests(10.0);
    assert_eq!(problems(&s), vec![]);
    // A disk without timing is still refused, naming the field.
    let mut s = s;
    device(&mut s, "exos_x24").hdd = None;
    let errs = problems(&s);
    assert!(
        errs.iter()
            .any(|e| e.path == "request.layout.disk" && e.message.contains("hdd")),
        "{errs:?}"
    );
}

#[test]
fn timing_is_validated_with_field_named_messages() {
    let mut s = scenario_preset("today-plan").unwrap();
    let i = s.devices.iter().position(|d| d.id == "exos_x24").unwrap();
    let m = s.devices[i].hdd.as_mut().unwrap();
    m.inner_mbps = Some(m.media_mbps * 2.0);
    m.seek_ms = -1.0;
    s.tiers.disk_read_kb = Some(1);
    let errs = problems(&s);
    let at = |p: &str| errs.iter().find(|e| e.path == p).map(|e| e.message.clone());
    let inner = at(&format!("devices[{i}].hdd.inner_mbps")).expect("inner rate flagged");
    assert!(inner.contains("outer"), "{inner}");
    assert!(
        at(&format!("devices[{i}].hdd.seek_ms")).is_some(),
        "{errs:?}"
    );
    let read = at("tiers.disk_read_kb").expect("read size flagged");
    assert!(read.contains("65536") || read.contains("65 536"), "{read}");
}

/// The derived streaming bandwidth of the Exos X24 at 2 048 KB reads (an
/// 8 Mbps stream's two seconds) against the request-level engine itself:
/// at utilisation U and request rate r its disk spends U / r per read, so
/// it streams S·r / U.
#[test]
fn exos_x24_derived_bandwidth_matches_the_request_engine() {
    let d = today_device_presets()
        .into_iter()
        .find(|d| d.id == "exos_x24")
        .unwrap();
    let derived = streaming_mbps(&d.hdd.unwrap(), 2048.0);
    let rate = 20.0;
    let res = run_request(&exos_requests(rate)).expect("valid");
    let u = res.devices[0].utilisation.mean;
    let simulated = 2.0 * rate / u;
    let err = (derived - simulated).abs() / simulated;
    eprintln!(
        "Exos X24 at 2048 KB reads: derived {derived:.1} MB/s, request engine {simulated:.1} MB/s (utilisation {u:.3} at {rate}/s), error {:.1} %",
        err * 100.0
    );
    assert!(err < 0.10, "derived {derived} vs engine {simulated}");
}
