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

/// The preset of today with its drive shrunk 1:64 (894 GB: 58 M mapping
/// units of 16 KB, which the per-page reference can map in about 1 GB),
/// run once with each SSD model: the scalable model's write amplification
/// is the reference's within ±10 % — the tolerance issue 48 sets for the
/// scalable model against the reference, which covers the scalable model's
/// victim share being taken from the age model and a miniature of the
/// reference on a spatial sample instead of from every block. Measured
/// 4.67 against 4.78 on this short run (4.53 against 4.89 with 6 minutes
/// of warm-up and 3 measured).
///
/// Only the write amplification is compared: on this drive the reference
/// serves the preset's 100 requests/s with every segment late (p95 74 s)
/// while the scalable model misses none (p95 0.39 s) — a disagreement in
/// timing, not in the flash's work, not yet explained and left open in
/// issue 48's note (one guess: the reference collects a 1 024-page block at
/// once, stalling its die for about 1 024 × 0.79 valid × 2.6 ms ≈ 2 s,
/// where the scalable model paces collection with the host writes).
#[test]
fn the_preset_of_today_shrunk_1_64_has_the_references_write_amplification() {
    use tierplan_scenario::SsdModelKind;
    let wa = |model: SsdModelKind| {
        let mut s = request_preset("today-edge-qlc-flashcache").expect("the preset");
        let d = s
            .devices
            .iter_mut()
            .find(|d| d.id == "p5336_61t44")
            .expect("the 61.44 TB drive");
        d.capacity_gb = (d.capacity_gb / 64.0 * 100.0).round() / 100.0;
        let r = s.request.as_mut().expect("request section");
        r.cache.ssd_model = Some(model);
        // Short: 3 minutes of warm-up, 72 s measured, one replication.
        r.run.warmup_h = 0.05;
        r.run.duration_h = 0.02;
        r.run.replications = 1;
        let res = run_request(&s).expect("the shrunk preset is valid");
        let flash = res.flash.as_ref().expect("flash writes");
        assert!(flash.host_gb.mean > 1.0, "{model:?}: host writes");
        flash.write_amplification.mean
    };
    let (scalable, reference) = (wa(SsdModelKind::Scalable), wa(SsdModelKind::Reference));
    assert!(
        (scalable - reference).abs() <= 0.10 * reference,
        "WA: scalable {scalable} vs reference {reference}"
    );
}
