//! The NOSSDAV'12 ordering from the model (model §11): in the highest rate at
//! 0 % segment miss, block cache < ring cold ≤ HDD only ≤ ring warm < object
//! cache; the block cache's warm hit ratio far above its cold one; HDD only
//! within ±25 % of the study's 19 requests/s after the one calibration
//! (the web server's read size, `CALIBRATED_CHUNK_KB`).

use crate::request_support;

use request_support::*;
use tierplan_request::{max_rate, run_request};

fn highest(id: &str, lo: f64, hi: f64) -> f64 {
    let mut s = preset(id);
    let r = req(&mut s);
    r.run.replications = 1;
    r.search.min_rate = lo;
    r.search.max_rate = hi;
    r.search.step = 1.0;
    let m = max_rate(&s).expect("valid");
    m.max_rate.unwrap_or(0.0)
}

#[test]
fn policies_order_as_in_the_study() {
    // Five independent searches: on threads, so the test takes the longest one's time.
    let [hdd, block, ring_cold, ring_warm, object] = std::thread::scope(|scope| {
        [
            ("nossdav12-hdd-only", 1.0, 40.0),
            ("nossdav12-flashcache-cold", 1.0, 40.0),
            ("nossdav12-l2arc-cold", 1.0, 40.0),
            ("nossdav12-l2arc-warm", 15.0, 40.0),
            ("nossdav12-object-static", 15.0, 80.0),
        ]
        .map(|(id, lo, hi)| scope.spawn(move || highest(id, lo, hi)))
        .map(|h| h.join().expect("search finished"))
    });
    assert!(
        (hdd - 19.0).abs() <= 0.25 * 19.0,
        "HDD only {hdd} vs 19 req/s"
    );
    assert!(block < ring_cold, "block {block} < ring cold {ring_cold}");
    assert!(ring_cold <= hdd, "ring cold {ring_cold} ≤ HDD {hdd}");
    assert!(hdd <= ring_warm, "HDD {hdd} ≤ ring warm {ring_warm}");
    assert!(
        ring_warm < object,
        "ring warm {ring_warm} < object {object}"
    );
}

#[test]
fn warm_block_cache_hits_far_more_than_cold() {
    let hit = |id: &str| {
        let mut s = preset(id);
        req(&mut s).run.replications = 1;
        run_request(&s).unwrap().block_hit_ratio.unwrap().mean
    };
    let (cold, warm) = (
        hit("nossdav12-flashcache-cold"),
        hit("nossdav12-flashcache-warm"),
    );
    assert!(
        warm > 4.0 * cold && warm > 0.15,
        "warm {warm} vs cold {cold}"
    );
}
