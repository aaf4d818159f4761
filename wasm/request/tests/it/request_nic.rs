//! The request engine's NIC (model §11 with a `server` section): every
//! chunk's bytes leave through one FIFO queue served at the egress rate, a
//! segment is delivered when its last byte has left. Checked against
//! Pollaczek–Khinchine (M/D/1), and past saturation for a named binding
//! limit instead of a hang; bad chassis figures are refused by field.

use crate::request_support;

use proptest::prelude::*;
use request_support::*;
use tierplan_request::run_request;
use tierplan_scenario::presets::chassis::chassis_preset;
use tierplan_scenario::request::*;
use tierplan_scenario::server::*;
use tierplan_scenario::validate::problems;
use tierplan_scenario::Scenario;

/// Segment (and chunk) size, B.
const SEGMENT_B: f64 = 2_000_000.0;

/// One port of `nic_gbps`, the default headroom, and `rate` Poisson
/// requests a second of fixed 2 000 000-byte segments read in one chunk
/// from one disk that takes no time (no seek, no rotation, a media rate of
/// 10⁹ MB/s) and no RAM cache: the devices are never the limit, so the NIC
/// sees the Poisson arrivals themselves and fixed service times.
fn behind_a_nic(nic_gbps: f64, host_gbps: f64, rate: f64, hours: f64, reps: u32) -> Scenario {
    let mut s = preset("nossdav12-hdd-only");
    let d = device(&mut s, "hdd7200");
    d.hdd = Some(HddMechanics {
        seek_ms: 0.0,
        revolution_ms: 0.0,
        media_mbps: 1e9,
        seek_model: SeekModel::Constant,
        inner_mbps: None,
    });
    let r = req(&mut s);
    r.layout.disks = 1;
    r.workload.bitrate_kbps = SEGMENT_B / 10.0 / 1024.0;
    r.workload.segment_s = 10.0;
    r.workload.size_cv = 0.0;
    r.workload.arrivals = ArrivalPattern::Poisson;
    r.workload.rate = rate;
    r.chunk_kb = SEGMENT_B / 1024.0;
    r.ram.capacity_gb = 0.0;
    r.run.duration_h = hours;
    r.run.replications = reps;
    let mut chassis = chassis_preset("storage_2u_12lff").expect("chassis");
    chassis.nic_ports = 1;
    chassis.nic_gbps = nic_gbps;
    chassis.host_gbps = host_gbps;
    s.server = Some(ServerSpec {
        chassis,
        egress_headroom: DEFAULT_EGRESS_HEADROOM,
        fleet: Fleet::default(),
    });
    s
}

/// Seconds the NIC takes for one segment: its bytes over the egress
/// (line rate × the default headroom, in bytes a second).
fn service_s(gbps: f64) -> f64 {
    SEGMENT_B / (gbps * DEFAULT_EGRESS_HEADROOM * 1e9 / 8.0)
}

#[test]
fn the_nic_queue_waits_as_pollaczek_khinchine_md1() {
    // 100 Mb/s × 0.9 = 11.25 MB/s: D = 0.178 s a segment; ρ = 0.6.
    let d = service_s(0.1);
    let rho = 0.6;
    let lambda = rho / d;
    // M/D/1: W = ρ / (2 μ (1 − ρ)) with μ = 1/D.
    let w = rho / (2.0 / d * (1.0 - rho));
    let r = run_request(&behind_a_nic(0.1, 240.0, lambda, 2.0, 8)).expect("valid");
    let v = r
        .server
        .as_ref()
        .expect("a server section gives a server result");
    // Tolerance: the 95 % interval of 8 independent replications (about
    // 24 000 chunks each) — the sampling error of the estimate itself —
    // plus 0.5 % for the bias of starting with an empty queue (the queue
    // forgets its start within a few tens of service times, seconds of
    // the 2 h measured). The seeds are fixed, so the verdict is too.
    let wait_s = v.nic_wait_ms.mean / 1000.0;
    eprintln!(
        "M/D/1: W = {w} s, engine {wait_s} ± {} s; utilisation {:?}",
        v.nic_wait_ms.ci95 / 1000.0,
        v.nic_utilisation
    );
    let tol = v.nic_wait_ms.ci95 / 1000.0 + 0.005 * w;
    assert!(
        (wait_s - w).abs() <= tol,
        "NIC wait {wait_s} s vs M/D/1 {w} s (± {tol})"
    );
    // The interval is tight enough to mean something: under 5 % of W.
    assert!(
        v.nic_wait_ms.ci95 / 1000.0 < 0.05 * w,
        "{:?}",
        v.nic_wait_ms
    );
    // Busy fraction = ρ, and a segment takes its wait and its sending.
    assert!(
        (v.nic_utilisation.mean - rho).abs() <= v.nic_utilisation.ci95 + 0.005,
        "{:?}",
        v.nic_utilisation
    );
    let resp = r.response_mean_s.mean;
    assert!(
        (resp - (w + d)).abs() <= r.response_mean_s.ci95 + 0.005 * (w + d),
        "response {resp} vs W + D = {}",
        w + d
    );
    // Below saturation the NIC is still the most used limit here (the
    // disk takes no time), named in the stream engine's words.
    assert_eq!(v.binding, Limit::Nic);
    assert_eq!(v.egress_limit, EgressLimit::Nic);
}

#[test]
fn past_its_rate_the_nic_is_named_binding_and_the_run_ends() {
    // ρ = 1.5: the queue grows without bound; the run still ends (the
    // NIC needs no event of its own), and says why segments are late.
    let d = service_s(0.1);
    let r = run_request(&behind_a_nic(0.1, 240.0, 1.5 / d, 0.05, 1)).expect("valid");
    let v = r.server.as_ref().expect("server");
    assert_eq!(v.binding, Limit::Nic);
    assert!(
        (v.nic_offered_load.mean - 1.5).abs() < 0.15,
        "{:?}",
        v.nic_offered_load
    );
    assert!(v.binding_utilisation > 1.0);
    assert!(v.nic_utilisation.mean > 0.99 && v.nic_utilisation.mean <= 1.0 + 1e-9);
    assert!(r.miss_ratio.mean > 0.5, "{:?}", r.miss_ratio);
    // A host ceiling below the NIC: the host is the limit that binds.
    let r = run_request(&behind_a_nic(10.0, 0.1, 1.5 / d, 0.05, 1)).expect("valid");
    let v = r.server.as_ref().expect("server");
    assert_eq!(
        (v.binding, v.egress_limit),
        (Limit::Host, EgressLimit::Host)
    );
}

#[test]
fn without_a_server_the_result_has_no_server_part() {
    let mut s = behind_a_nic(0.1, 240.0, 1.0, 0.02, 1);
    s.server = None;
    let r = run_request(&s).expect("valid");
    assert!(r.server.is_none() && r.replications[0].nic.is_none());
    let json = serde_json::to_string(&r).expect("json");
    assert!(!json.contains("\"server\"") && !json.contains("\"nic\""));
}

fn error_at<'a>(s: &'a [tierplan_scenario::validate::FieldError], path: &str) -> &'a str {
    s.iter()
        .find(|e| e.path == path)
        .unwrap_or_else(|| panic!("no error at {path}: {s:?}"))
        .message
        .as_str()
}

/// A NOSSDAV'12 request preset (its disks, flash cache and RAM) behind the
/// named chassis, with the chassis's own figures.
fn preset_in(preset_id: &str, chassis_id: &str) -> Scenario {
    let mut s = preset(preset_id);
    s.server = Some(ServerSpec {
        chassis: chassis_preset(chassis_id).expect("chassis"),
        egress_headroom: DEFAULT_EGRESS_HEADROOM,
        fleet: Fleet::default(),
    });
    s
}

#[test]
fn the_request_engines_own_drives_and_ram_must_fit_the_chassis() {
    // As the study ran it, the flashcache server fits a 12-bay storage box.
    let s = preset_in("nossdav12-flashcache-cold", "storage_2u_12lff");
    assert_eq!(problems(&s), vec![]);

    // More striped disks than 3.5" bays: refused at the request's own field.
    let mut s = s.clone();
    req(&mut s).layout.disks = 13;
    let errs = problems(&s);
    let m = error_at(&errs, "request.layout.disks");
    assert!(
        m.contains("13 3.5\" disk drives") && m.contains("at most 12"),
        "{m}"
    );

    // Disks in an all-NVMe box: no bay of their form factor.
    let s = preset_in("nossdav12-hdd-only", "edge_1u_nvme");
    let errs = problems(&s);
    let m = error_at(&errs, "request.layout.disk");
    assert!(m.contains("has no bay for it"), "{m}");

    // More page cache than the DIMM slots hold.
    let mut s = preset_in("nossdav12-hdd-only", "storage_2u_12lff");
    let ch = s.server.as_ref().unwrap().chassis.clone();
    let most = ch.dimm_slots as f64 * ch.max_dimm_gb;
    req(&mut s).ram.capacity_gb = most;
    assert_eq!(problems(&s), vec![], "exactly the slots' worth fits");
    req(&mut s).ram.capacity_gb = most * 1.5;
    let errs = problems(&s);
    let m = error_at(&errs, "request.ram.capacity_gb");
    assert!(m.contains("DIMM slots"), "{m}");

    // Without a cache the flash device is not placed (HDD only).
    let mut s = preset_in("nossdav12-hdd-only", "storage_2u_12lff");
    req(&mut s).cache.flash_device = "no_such_device".into();
    assert!(problems(&s)
        .iter()
        .all(|e| e.path != "request.cache.flash_device"));
}

#[test]
fn a_nic_of_zero_or_below_one_viewer_is_refused_by_field() {
    let s = behind_a_nic(0.0, 240.0, 1.0, 0.02, 1);
    assert!(error_at(&problems(&s), "server.chassis.nic_gbps").contains("0 < value"));
    assert!(run_request(&s).is_err());
    // 1.5 Mb/s × 0.9 = 164.8 KB/s, below the segments' 195.3 KB/s.
    let s = behind_a_nic(0.0015, 240.0, 1.0, 0.02, 1);
    let errs = problems(&s);
    let m = error_at(&errs, "request.workload.bitrate_kbps");
    assert!(
        m.contains("195.3125 KB/s") && m.contains("0.00135 Gb/s"),
        "{m}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Whatever the egress and the load, a run answers with field errors
    /// or a result naming its binding limit — never a panic or a hang.
    #[test]
    fn any_egress_answers_with_errors_or_a_binding_limit(
        nic_gbps in prop_oneof![Just(0.0), Just(-1.0), Just(f64::NAN), 0.0005..2.0f64],
        host_gbps in prop_oneof![Just(0.0), Just(f64::INFINITY), 0.0005..2.0f64],
        headroom in prop_oneof![Just(0.0), Just(1.5), 0.05..1.0f64],
        rate in 0.1..20.0f64,
    ) {
        let mut s = behind_a_nic(nic_gbps, host_gbps, rate, 0.01, 1);
        s.server.as_mut().expect("server").egress_headroom = headroom;
        match run_request(&s) {
            Err(errs) => {
                for e in errs {
                    prop_assert!(
                        // (the stream-level classes' bitrate is checked too)
                        e.path.starts_with("server.") || e.path.starts_with("request.") || e.path.starts_with("workload."),
                        "{} {}", e.path, e.message
                    );
                }
            }
            Ok(r) => {
                let v = r.server.expect("server");
                prop_assert!(v.binding_utilisation.is_finite() && v.binding_utilisation >= 0.0);
                prop_assert!(v.nic_utilisation.mean <= 1.0 + 1e-9);
            }
        }
    }
}
