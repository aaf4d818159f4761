//! The host's commands in flight on the SSD (`request.cache.ssd_queue_depth`,
//! model §11): absent it is one command at a time, exactly as before; a
//! deeper queue lets the drive's dies serve commands side by side, which
//! must buy throughput where one command at a time saturates the drive,
//! while every device queue still obeys Little's law and no second of the
//! run is more than fully busy.

use crate::request_support;

use request_support::*;
use tierplan_request::run_request;
use tierplan_scenario::presets::X25M_CONTROLLER;
use tierplan_scenario::request::*;
use tierplan_scenario::validate::problems;
use tierplan_scenario::Scenario;

/// The study's static object cache on the X25-M with a library it holds
/// whole (40 videos), read in 16 KB chunks: a small read is one page on
/// one die, so one command at a time leaves the other nine dies idle. The
/// drive's read-ahead is off, so a read's time does not depend on whether
/// the one before it continued it. 3 minutes measured.
fn small_reads(rate: f64, depth: Option<u32>) -> Scenario {
    let mut s = preset("nossdav12-object-static");
    device(&mut s, "x25m")
        .flash
        .as_mut()
        .and_then(|f| f.controller.as_mut())
        .expect("the X25-M's controller")
        .read_ahead = false;
    let r = req(&mut s);
    r.workload.videos = 40;
    r.chunk_kb = 16.0;
    r.ram.capacity_gb = 0.0;
    r.workload.rate = rate;
    r.run.duration_h = 0.05;
    r.run.warmup_h = 0.0;
    r.run.replications = 1;
    r.cache.ssd_queue_depth = depth;
    s
}

fn ssd(r: &tierplan_request::RequestResult) -> tierplan_request::DeviceUse {
    r.devices
        .iter()
        .find(|d| d.name == "ssd")
        .expect("the flash device")
        .clone()
}

#[test]
fn a_depth_of_one_is_the_default_exactly() {
    let none = run_request(&small_reads(4.0, None)).expect("valid");
    let one = run_request(&small_reads(4.0, Some(1))).expect("valid");
    assert_eq!(
        serde_json::to_string(&none).unwrap(),
        serde_json::to_string(&one).unwrap()
    );
}

#[test]
fn the_result_echoes_the_queue_depth_and_model_it_ran_with() {
    let none = run_request(&small_reads(4.0, None)).expect("valid");
    assert_eq!(none.ssd_queue_depth, 1, "absent: one command at a time");
    assert_eq!(none.ssd_model, tierplan_scenario::SsdModelKind::default());
    let deep = run_request(&small_reads(4.0, Some(8))).expect("valid");
    assert_eq!(deep.ssd_queue_depth, 8);
}

#[test]
fn a_deeper_queue_serves_what_one_command_at_a_time_cannot() {
    // At 10 requests/s every read comes from flash and one command at a
    // time keeps the drive busy a share u of the time, with no queueing to
    // speak of; 20 requests/s then need 2u of one command at a time.
    let half = run_request(&small_reads(10.0, Some(1))).expect("valid");
    assert_eq!(half.flash_hit_ratio.mean, 1.0);
    let need = 2.0 * ssd(&half).utilisation.mean;
    assert!(
        need > 1.1,
        "20 requests/s need {need} of one command at a time"
    );
    let one = run_request(&small_reads(20.0, Some(1))).expect("valid");
    let deep = run_request(&small_reads(20.0, Some(32))).expect("valid");
    let (u1, u32_) = (ssd(&one).utilisation.mean, ssd(&deep).utilisation.mean);
    // One at a time the drive is the bottleneck: busy all the time and
    // segments late; with 32 in flight over its dies it keeps up, busy
    // (at least one command in service) less than the work would take
    // serially.
    assert!(u1 > 0.99, "depth 1: the SSD is busy {u1}");
    assert!(
        one.miss_ratio.mean > 0.5,
        "depth 1 misses {}",
        one.miss_ratio.mean
    );
    assert_eq!(deep.miss_ratio.mean, 0.0, "depth 32 misses");
    assert!(u32_ < 1.0 && u32_ < need, "depth 32: busy {u32_}");
    assert!(
        deep.response_mean_s.mean < 0.01 * one.response_mean_s.mean,
        "response {} vs {}",
        deep.response_mean_s.mean,
        one.response_mean_s.mean
    );
    // The same requests (common random numbers), the same bytes from flash.
    assert_eq!(one.requests.mean, deep.requests.mean);
    for rep in &deep.replications {
        assert_littles_law(rep, "depth 32");
        for d in &rep.devices {
            assert!(d.utilisation <= 1.0 + 1e-9, "{}: {}", d.name, d.utilisation);
        }
    }
    for d in &deep.devices {
        let worst = d.per_second.iter().copied().fold(0.0, f64::max);
        assert!(worst <= 1.0 + 1e-9, "{}: a second {worst} busy", d.name);
    }
}

#[test]
fn a_queue_depth_out_of_the_drives_range_names_its_field() {
    let message = |s: &Scenario| {
        problems(s)
            .into_iter()
            .find(|e| e.path == "request.cache.ssd_queue_depth")
            .map(|e| e.message)
    };
    let m = message(&small_reads(4.0, Some(0))).expect("0 is refused");
    assert!(m.contains("from 1 to 32"), "{m}");
    let m = message(&small_reads(4.0, Some(33))).expect("past NCQ's 32");
    assert!(m.contains("from 1 to 32"), "{m}");
    assert_eq!(message(&small_reads(4.0, Some(32))), None);
    // The OCZ Core V2 takes one command at a time (no NCQ).
    let mut s = small_reads(4.0, Some(2));
    req(&mut s).cache.flash_device = "ocz_core_v2".into();
    let m = message(&s).expect("the OCZ's depth is 1");
    assert!(m.contains("from 1 to 1"), "{m}");
    // A drive without a controller model has no timelines to overlap on.
    let mut s = small(CachePolicyKind::Block, 1.0, 0.01);
    req(&mut s).cache.ssd_queue_depth = Some(4);
    let m = message(&s).expect("no controller");
    assert!(m.contains("one command at a time"), "{m}");
    req(&mut s).cache.ssd_queue_depth = Some(1);
    assert_eq!(message(&s), None);
    // The catalog's controller constant is the X25-M's NCQ.
    assert_eq!(X25M_CONTROLLER.queue_depth, 32);
}

#[test]
fn the_editors_depths_are_the_validations_range() {
    // What the editor shows (the default and the drive's most) is the
    // range validation accepts: the most passes, one more is refused.
    let accepts = |s: &Scenario| {
        problems(s)
            .iter()
            .all(|e| e.path != "request.cache.ssd_queue_depth")
    };
    let mut x25m = small_reads(4.0, None);
    let mut ocz = small_reads(4.0, None);
    req(&mut ocz).cache.flash_device = "ocz_core_v2".into();
    let mut bare = small(CachePolicyKind::Block, 1.0, 0.01);
    for (s, most) in [(&mut x25m, 32), (&mut ocz, 1), (&mut bare, 1)] {
        let d = ssd_queue_depths(s).expect("a request section");
        assert_eq!(d.default, DEFAULT_SSD_QUEUE_DEPTH);
        assert_eq!(d.max, most);
        req(s).cache.ssd_queue_depth = Some(d.max);
        assert!(accepts(s), "{most} is accepted");
        req(s).cache.ssd_queue_depth = Some(d.max + 1);
        assert!(!accepts(s), "{} is refused", most + 1);
    }
    // Without a request section there is nothing to ask.
    let mut s = small_reads(4.0, None);
    s.request = None;
    assert_eq!(ssd_queue_depths(&s), None);
}
