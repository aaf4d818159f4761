//! Bad request-level input gets a field-named message, and no scenario that
//! validates can make the engine panic or run without bound (proptest over
//! random small request-level scenarios).

use crate::request_support;

use proptest::prelude::*;
use request_support::*;
use tierplan_request::{export_io, RequestJob};
use tierplan_scenario::request::*;
use tierplan_scenario::validate::problems;

fn paths(s: &tierplan_scenario::Scenario) -> Vec<String> {
    problems(s).into_iter().map(|e| e.path).collect()
}

#[test]
fn bad_input_names_its_field() {
    // S3-FIFO's small queue is a tenth of a set: 9 ways are too few, 10 do.
    let mut s = preset("nossdav12-flashcache-cold");
    req(&mut s).cache.block.replacement = SetReplacement::S3Fifo;
    req(&mut s).cache.block.ways = 9;
    assert_eq!(paths(&s), ["request.cache.block.replacement"]);
    req(&mut s).cache.block.ways = 10;
    assert!(paths(&s).is_empty(), "{:?}", paths(&s));

    // S3-FIFO's order on the preset of today's 223.5 GB cache: 14.6 M
    // blocks of 16 KB fit its 2 GB (1.86 GB at 136 B each); 4 KB blocks
    // (58.6 M, 7.4 GB) do not, and the message says the smallest block
    // that fits (223.5 GB × 136 B / 2 GB = 14.8 KB).
    let mut s = preset("today-edge-qlc-flashcache");
    req(&mut s).cache.block.replacement = SetReplacement::S3Fifo;
    assert!(paths(&s).is_empty(), "{:?}", paths(&s));
    req(&mut s).cache.block.block_kb = 4.0;
    let errors = problems(&s);
    assert_eq!(paths(&s), ["request.cache.block.replacement"]);
    assert!(
        errors[0].message.contains("blocks of at least 15 KB"),
        "{}",
        errors[0].message
    );

    let mut s = preset("nossdav12-flashcache-cold");
    req(&mut s).chunk_kb = 100_000.0;
    assert!(paths(&s).contains(&"request.chunk_kb".to_string()));

    let mut s = preset("nossdav12-flashcache-cold");
    device(&mut s, "x25m").flash.as_mut().unwrap().units = Some(0);
    let p = paths(&s);
    assert!(p.iter().any(|p| p.ends_with("flash.units")), "{p:?}");

    let mut s = preset("nossdav12-flashcache-cold");
    req(&mut s).cache.flash_gb = 200.0;
    let errors = problems(&s);
    let e = errors
        .iter()
        .find(|e| e.path == "request.cache.flash_gb")
        .expect("cache size");
    assert!(e.message.contains("80"), "{}", e.message);

    let mut s = preset("nossdav12-hdd-only");
    req(&mut s).workload.rate = 5000.0;
    let errors = problems(&s);
    let e = errors
        .iter()
        .find(|e| e.path == "request.workload.rate")
        .expect("event limit");
    assert!(e.message.contains("limit"), "{}", e.message);

    let mut s = preset("nossdav12-hdd-only");
    req(&mut s).layout.disks = 0;
    assert!(paths(&s).contains(&"request.layout.disks".to_string()));

    let mut s = preset("nossdav12-l2arc-warm");
    req(&mut s).run.warmup_h = 0.0;
    assert!(paths(&s).contains(&"request.run.warmup_h".to_string()));

    let mut s = preset("nossdav12-hdd-only");
    req(&mut s).layout.disk = "nope".into();
    assert!(paths(&s).contains(&"request.layout.disk".to_string()));
}

#[test]
fn io_export_is_csv_of_the_run() {
    let s = small(CachePolicyKind::Block, 2.0, 0.05);
    let csv = export_io(&s, 50).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "time_s,op,device,address,size");
    assert_eq!(lines.len(), 51);
    assert!(lines[1..].iter().all(|l| l.split(',').count() == 5));
    assert!(
        csv.contains(",write,ssd,"),
        "a cold block cache writes flash"
    );
}

fn policy() -> impl Strategy<Value = CachePolicyKind> {
    prop_oneof![
        Just(CachePolicyKind::None),
        Just(CachePolicyKind::Block),
        Just(CachePolicyKind::Ring),
        Just(CachePolicyKind::Object),
        Just(CachePolicyKind::ObjectStatic),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn random_scenarios_never_panic_or_hang(
        policy in policy(),
        videos in 1u32..30,
        segments in 1u32..40,
        rate in 0.01f64..80.0,
        chunk_kb in 1.0f64..400.0,
        cv in 0.0f64..2.0,
        ram_gb in 0.0f64..0.01,
        flash_gb in 0.0f64..1.2,
        ways in 1u32..600,
        disks in 0u32..5,
        poisson in any::<bool>(),
        replacement in prop_oneof![
            Just(SetReplacement::Fifo),
            Just(SetReplacement::Lru),
            Just(SetReplacement::Sieve),
            Just(SetReplacement::S3Fifo),
        ],
        warm in any::<bool>(),
        scan in any::<bool>(),
        controller in any::<bool>(),
        depth in proptest::option::of(0u32..40),
    ) {
        let mut s = small(policy, rate, 0.02);
        if controller {
            // The X25-M's controller (NCQ 32) on the small test drive, so
            // commands in flight overlap on its two units.
            device(&mut s, "small_ssd").flash.as_mut().expect("flash").controller =
                Some(tierplan_scenario::presets::X25M_CONTROLLER);
        }
        let r = req(&mut s);
        r.workload.videos = videos;
        r.workload.segments = segments;
        r.workload.size_cv = cv;
        r.workload.arrivals = if poisson { ArrivalPattern::Poisson } else { ArrivalPattern::Even };
        r.chunk_kb = chunk_kb;
        r.ram.capacity_gb = ram_gb;
        r.cache.flash_gb = flash_gb;
        r.cache.block.ways = ways;
        r.cache.block.replacement = replacement;
        r.layout.disks = disks;
        r.layout.scheduler = if scan { DiskScheduler::Scan } else { DiskScheduler::Fifo };
        r.cache.ssd_queue_depth = depth;
        if warm {
            r.cache.start = CacheStart::Warm;
            r.run.warmup_h = 0.01;
        }
        if problems(&s).is_empty() {
            let mut job = RequestJob::new(s).expect("valid");
            let mut steps = 0;
            while !job.step(10_000).done {
                steps += 1;
                prop_assert!(steps < 10_000, "the run does not end");
            }
            let res = job.result().expect("done");
            prop_assert!(res.miss_ratio.mean >= 0.0 && res.miss_ratio.mean <= 1.0);
            let total = res.ram_hit_ratio.mean + res.flash_hit_ratio.mean + res.disk_share.mean;
            prop_assert!(total <= 1.0 + 1e-9);
            for d in &res.devices {
                prop_assert!(d.utilisation.mean <= 1.0 + 1e-9, "{} busy {}", d.name, d.utilisation.mean);
            }
        } else if let (Some(q), true) = (depth, policy != CachePolicyKind::None) {
            // With a flash cache, a depth the drive cannot take is named
            // (with none, the setting has no drive and is not looked at).
            let ok = if controller { (1..=32).contains(&q) } else { q == 1 };
            prop_assert!(
                ok || problems(&s).iter().any(|e| e.path == "request.cache.ssd_queue_depth"),
                "depth {q} refused without its field"
            );
        }
    }
}
