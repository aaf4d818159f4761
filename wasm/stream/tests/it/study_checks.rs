//! The published check values of model §2, §3, §8 and §10, reproduced by
//! simulation (analytic checks live beside the formulas in `analytics`).

use tierplan_kit::analytics::streams_per_bandwidth;
use tierplan_scenario::presets::scenario_preset;
use tierplan_scenario::validate::problems;
use tierplan_scenario::{Scenario, TierRole};
use tierplan_stream::results::RunResult;
use tierplan_stream::run;

fn preset(id: &str) -> Scenario {
    scenario_preset(id).unwrap()
}

fn tier(r: &RunResult, role: TierRole) -> &tierplan_stream::results::TierSummary {
    r.tiers.iter().find(|t| t.role == role).unwrap()
}

#[test]
fn flash_hit_ratio_at_lambda_016() {
    // Exponent 0.271, one 64 GB / 155 MB/s SSD, 100 MB/s disk array,
    // λ = 0.16/s: flash hit ratio ≈ 0.36 and ≈ 200 streams from flash.
    let r = run(&preset("mmsys11-fig11-ssd")).unwrap();
    let hit = r.summary.hit_ratio.mean;
    let flash = tier(&r, TierRole::FileCache);
    eprintln!(
        "hit ratio {hit:.4}, flash streams {:.1}",
        flash.avg_streams.mean
    );
    assert!((hit - 0.36).abs() < 0.015, "hit ratio {hit}");
    assert!(
        (flash.avg_streams.mean - 200.0).abs() < 15.0,
        "{}",
        flash.avg_streams.mean
    );
    // The closed-form static-LFU estimate agrees with the simulation.
    let est = tierplan_kit::analytics::static_lfu_estimate(&preset("mmsys11-fig11-ssd")).unwrap();
    assert!(
        (est.request_hit_ratio - hit).abs() < 0.01,
        "estimate {} vs {hit}",
        est.request_hit_ratio
    );
    // 155 MB/s carries 647 streams of 245 KB/s.
    assert_eq!(flash.stream_capacity, Some(647));
    assert_eq!(streams_per_bandwidth(155.0, 245.0), 647);
}

#[test]
fn object_cache_of_56_videos_draws_55_percent() {
    // NOSSDAV'12: θ = 0.271, 60 GB holds 56 objects of 1.06 GB.
    let mut s = preset("nossdav12-object-cache");
    s.run.warmup_h = 2.0;
    s.run.duration_h = 22.0;
    let r = run(&s).unwrap();
    let hit = r.summary.hit_ratio.mean;
    eprintln!(
        "object cache hit ratio {hit:.4} ± {:.4}",
        r.summary.hit_ratio.ci95
    );
    assert!((hit - 0.554).abs() < 0.015, "hit ratio {hit}");
}

fn with_counts(id: &str, hdd: u32, ssd: Option<u32>) -> Scenario {
    let mut s = preset(id);
    s.tiers.disk.count = hdd;
    if let Some(n) = ssd {
        s.tiers.file_cache.as_mut().unwrap().count = n;
    }
    s
}

/// The study's criterion: 0 % rejection "translates to a peak requirement
/// of 3600 concurrent streams" (λ × length): a configuration meets it when
/// its stream capacity S = Σ R × N / B reaches λ × length.
fn study_capacity(s: &Scenario) -> u64 {
    s.tiers_in_use()
        .filter(|(role, _)| *role != TierRole::IntervalCache)
        .map(|(_, t)| {
            let d = s.device(&t.device).unwrap();
            streams_per_bandwidth(d.read_mbps.unwrap() * t.count as f64, 245.0)
        })
        .sum()
}

#[test]
fn cost_table_configurations_by_the_study_criterion() {
    let need = 3600;
    assert!(study_capacity(&with_counts("mmsys11-cost-hdd", 13, None)) >= need);
    assert!(study_capacity(&with_counts("mmsys11-cost-hdd", 12, None)) < need);
    assert!(study_capacity(&with_counts("mmsys11-cost-ssd", 2, Some(5))) >= need);
    assert!(study_capacity(&with_counts("mmsys11-cost-ssd", 2, Some(4))) < need);
    assert!(study_capacity(&with_counts("mmsys11-cost-ssd", 1, Some(5))) < need);
}

#[test]
fn cost_table_configurations_by_simulation() {
    // 13 HDDs: 3803 streams against a Poisson load of mean 3600. Over a
    // 10-h run the count rarely crosses 3803 (measured: 6 of 100 seeds);
    // with the preset's seeds 1–5 one replication rejects 25 of 36 145.
    let hdd13 = run(&with_counts("mmsys11-cost-hdd", 13, None)).unwrap();
    let zero = hdd13
        .replications
        .iter()
        .filter(|r| r.rejections == 0)
        .count();
    assert!(
        zero >= 4,
        "13 HDDs: {zero} of 5 replications reject nothing"
    );
    assert!(hdd13.summary.max_rejection_probability < 1e-3);
    let spd = hdd13.summary.streams_per_dollar;
    eprintln!("13 HDDs: {:.3} ± {:.3} streams/$", spd.mean, spd.ci95);
    assert!((spd.mean - 1.46).abs() < 0.02);

    // 12 HDDs reject in every replication.
    let hdd12 = run(&with_counts("mmsys11-cost-hdd", 12, None)).unwrap();
    assert!(hdd12
        .replications
        .iter()
        .all(|r| r.rejection_probability > 0.005));

    // 5 SSDs + 2 HDDs.
    let ssd52 = run(&with_counts("mmsys11-cost-ssd", 2, Some(5))).unwrap();
    let zero = ssd52
        .replications
        .iter()
        .filter(|r| r.rejections == 0)
        .count();
    assert!(zero >= 4);
    assert!(ssd52.summary.max_rejection_probability < 1e-3);
    let spd_ssd = ssd52.summary.streams_per_dollar;
    eprintln!(
        "5 SSDs + 2 HDDs: {:.3} ± {:.3} streams/$",
        spd_ssd.mean, spd_ssd.ci95
    );
    assert!((spd_ssd.mean - 3.55).abs() < 0.03);

    // 4 SSDs + 2 HDDs reject in every replication.
    let ssd42 = run(&with_counts("mmsys11-cost-ssd", 2, Some(4))).unwrap();
    assert!(ssd42
        .replications
        .iter()
        .all(|r| r.rejection_probability > 0.05));

    // 5 SSDs + 1 HDD cannot even hold the library (146 GB < 252 GB).
    let errs = problems(&with_counts("mmsys11-cost-ssd", 1, Some(5)));
    assert!(errs
        .iter()
        .any(|e| e.path == "tiers.disk.count" && e.message.contains("library")));

    // SSD + HDD serves about twice the streams per dollar.
    assert!(spd_ssd.mean > 1.9 * spd.mean);
}

#[test]
fn interval_caching_on_mlc_wears_out_fast() {
    // model §8 via the simulator: the interval cache's host writes equal the
    // bytes its followers read back, and the lifetime follows the formula.
    let mut s = preset("mlc-interval-cache");
    s.run.replications = 2;
    let r = run(&s).unwrap();
    let w = r
        .flash
        .iter()
        .find(|f| f.role == TierRole::IntervalCache)
        .unwrap();
    let ic = tier(&r, TierRole::IntervalCache);
    let expect_w = ic.avg_streams.mean * 245.0 / 1024.0;
    assert!((w.host_write_mbps.mean - expect_w).abs() < 1e-6 * expect_w.max(1.0));
    let life = w.lifetime_h.unwrap().mean;
    let formula = tierplan_kit::analytics::lifetime_hours(
        256.0,
        10_000,
        w.host_write_mbps.mean,
        w.write_amplification,
    );
    assert!(
        (life - formula).abs() / formula < 0.01,
        "{life} vs {formula}"
    );
    // Weeks, against years for static LFU (no writes at all).
    assert!(life < 24.0 * 120.0, "MLC interval cache lasts {life} h");
}
