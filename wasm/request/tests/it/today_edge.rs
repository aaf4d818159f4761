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
/// reference on a spatial sample instead of from every block — and the
/// two serve the preset's 100 requests/s alike: the same share of late
/// segments within 2 points (issue 48's bound for the figure's points) and
/// a p95 response within ±25 %. Measured on this short run: WA 4.67
/// against 4.79, no segment late in either, p95 0.39 s against 0.42 s.
///
/// Both pace GC with the host writes, as the drive's controller asks
/// (`gc_reserve_blocks` 0). Until the reference did too (it collected a
/// whole victim on one write: about 800 valid pages × 2.64 ms ≈ 2.1 s of
/// one die), its reads waited 0.91 s on average behind such collections
/// (p90 2.1 s, against 9 ms for the scalable model), so its 128 commands
/// in flight carried about 105 reads/s where the run asks for about 355,
/// and every segment was late (p95 74 s, the drive busy all the time).
#[test]
fn the_preset_of_today_shrunk_1_64_agrees_with_the_reference() {
    use tierplan_scenario::SsdModelKind;
    let run = |model: SsdModelKind| {
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
        (
            flash.write_amplification.mean,
            res.miss_ratio.mean,
            res.response_p95_s.mean,
        )
    };
    let (scalable, reference) = (run(SsdModelKind::Scalable), run(SsdModelKind::Reference));
    assert!(
        (scalable.0 - reference.0).abs() <= 0.10 * reference.0,
        "WA: scalable {} vs reference {}",
        scalable.0,
        reference.0
    );
    assert!(
        (scalable.1 - reference.1).abs() <= 0.02,
        "late share: scalable {} vs reference {}",
        scalable.1,
        reference.1
    );
    assert!(
        (scalable.2 - reference.2).abs() <= 0.25 * reference.2,
        "p95: scalable {} s vs reference {} s",
        scalable.2,
        reference.2
    );
}
