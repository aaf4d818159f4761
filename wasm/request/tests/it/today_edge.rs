//! The request-level preset of today (model §11, "A request-level scenario
//! of today"): flashcache on a 61.44 TB QLC drive in front of 9 Exos X24,
//! scaled 1:256. A short run of it must obey truths the engine does not
//! compute from: Little's law on every device queue, and the steady-state
//! drive's write amplification equal to the age model's closed form for
//! its spare factor (model §8), which the drive never simulates page by page.

use crate::request_support;

use request_support::assert_littles_law;
use tierplan_kit::analytics::write_amplification;
use tierplan_request::run_request;
use tierplan_scenario::presets::request_preset;
use tierplan_scenario::request::{CachePolicyKind, CacheStart};

#[test]
fn the_edge_of_today_runs_and_obeys_littles_law_and_the_age_model() {
    let mut s = request_preset("today-edge-qlc-flashcache").expect("the preset");
    let r = s.request.as_mut().expect("request section");
    assert_eq!(r.cache.policy, CachePolicyKind::Block);
    assert_eq!(r.cache.start, CacheStart::Warm);
    assert_eq!(r.cache.flash_device, "p5336_61t44");
    assert_eq!(r.layout.disk, "exos_x24");
    // Short: 3 minutes of warm-up, 1 minute measured, one replication.
    r.run.warmup_h = 0.05;
    r.run.duration_h = 1.0 / 60.0;
    r.run.replications = 1;
    let res = run_request(&s).expect("the preset is valid");
    let rep = &res.replications[0];
    assert_littles_law(rep, "the edge of today");
    assert!(
        rep.devices
            .iter()
            .any(|d| d.name == "ssd" && d.completions > 0),
        "the flash device served I/Os"
    );
    // The warm cache holds data: hits, and fills written to flash.
    let hits = res.block_hit_ratio.as_ref().expect("a block cache").mean;
    assert!(hits > 0.05, "block hit ratio {hits}");
    let flash = res.flash.as_ref().expect("flash writes");
    assert!(flash.host_gb.mean > 0.0);
    // A used drive whose GC is paced with the host writes: WA is the
    // Lambert-W value of its spare factor (0.145) from the first write.
    let spare = s
        .device("p5336_61t44")
        .and_then(|d| d.flash.as_ref())
        .map(|f| f.spare_factor)
        .expect("flash spec");
    let expect = write_amplification(spare);
    let wa = flash.write_amplification.mean;
    assert!(
        (wa - expect).abs() <= 0.03 * expect,
        "WA {wa} vs the age model's {expect}"
    );
}
