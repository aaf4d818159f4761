//! The synthetic block generator against analytic truth: Zipf top-k mass,
//! Poisson rate, read share and sequential share; determinism per seed; the
//! presets are valid workloads.

use tierplan_block::sampling::presets::{block_preset, block_presets, PRESET_IOS, SCALE};
use tierplan_block::sampling::synthetic::{footprint_blocks, SyntheticBlocks};
use tierplan_block::sampling::{BlockIo, BlockSource};
use tierplan_scenario::block::SyntheticBlockWorkload;

fn drain(g: &mut SyntheticBlocks) -> Vec<BlockIo> {
    std::iter::from_fn(|| g.next_io()).collect()
}

fn within_sigmas(got: f64, p: f64, n: f64, sigmas: f64) -> bool {
    (got - p).abs() <= sigmas * (p * (1.0 - p) / n).sqrt()
}

#[test]
fn zipf_top_k_mass_matches_the_analytic_sum() {
    let s = 0.9;
    let w = SyntheticBlockWorkload {
        zipf_s: s,
        footprint_gb: 1.0,
        seq_share: 0.0,
        io_kb: 4.0,
        iops: 1000.0,
        duration_s: 300.0,
        ..Default::default()
    };
    let mut g = SyntheticBlocks::new(&w, 11);
    let n = footprint_blocks(1.0);
    let harmonic: f64 = (1..=n).map(|i| (i as f64).powf(-s)).sum();
    let ks = [1u64, 10, 100, 1000, 10_000];
    let mut slot_rank = std::collections::HashMap::new();
    for r in 1..=*ks.last().unwrap() {
        slot_rank.insert(g.slot_of_rank(r), r);
    }
    let ios = drain(&mut g);
    let total = ios.len() as f64;
    for &k in &ks {
        let hits = ios
            .iter()
            .filter(|io| slot_rank.get(&io.block).is_some_and(|&r| r <= k))
            .count() as f64;
        let mass: f64 = (1..=k).map(|i| (i as f64).powf(-s)).sum::<f64>() / harmonic;
        assert!(
            within_sigmas(hits / total, mass, total, 4.0),
            "top-{k}: sampled {} vs analytic {mass}",
            hits / total
        );
    }
}

#[test]
fn hot_blocks_are_scattered_not_adjacent() {
    let w = SyntheticBlockWorkload {
        footprint_gb: 4.0,
        ..Default::default()
    };
    let g = SyntheticBlocks::new(&w, 1);
    let adjacent = (1..1000)
        .filter(|&r| g.slot_of_rank(r).abs_diff(g.slot_of_rank(r + 1)) <= 1)
        .count();
    assert!(
        adjacent < 5,
        "{adjacent} of the top 1000 ranks are neighbours"
    );
}

#[test]
fn rate_read_share_and_bounds() {
    let w = SyntheticBlockWorkload {
        read_share: 0.7,
        footprint_gb: 2.0,
        seq_share: 0.2,
        io_kb: 8.0,
        iops: 200.0,
        duration_s: 1000.0,
        ..Default::default()
    };
    let mut g = SyntheticBlocks::new(&w, 5);
    let ios = drain(&mut g);
    let n = ios.len() as f64;
    let expected = w.iops * w.duration_s;
    assert!(
        (n - expected).abs() < 4.0 * expected.sqrt(),
        "{n} I/Os vs {expected}"
    );
    let reads = ios.iter().filter(|io| !io.write).count() as f64;
    // Runs share one direction, so allow for the clustering: 6 sigmas.
    assert!(
        within_sigmas(reads / n, 0.7, n, 6.0),
        "read share {}",
        reads / n
    );
    let fp = footprint_blocks(2.0);
    let mut last_t = 0.0;
    for io in &ios {
        assert!(io.t >= last_t && io.t < w.duration_s);
        last_t = io.t;
        assert_eq!(io.blocks, 2);
        assert!(io.block + io.blocks as u64 <= fp);
    }
    assert_eq!(g.done_fraction(), 1.0);
}

#[test]
fn sequential_share_and_run_length() {
    let q = 0.3;
    let w = SyntheticBlockWorkload {
        footprint_gb: 8.0,
        seq_share: q,
        seq_run_kb: 64.0,
        io_kb: 4.0,
        iops: 1000.0,
        duration_s: 300.0,
        ..Default::default()
    };
    let mut g = SyntheticBlocks::new(&w, 9);
    let ios = drain(&mut g);
    let (n, seq) = g.counts();
    assert_eq!(n as usize, ios.len());
    let share = seq as f64 / n as f64;
    assert!((share - q).abs() < 0.02, "sequential share {share}");
    // Independent check from the addresses alone: an I/O continues the one
    // before it for every I/O of a run but its first (mean run M = 16).
    let contiguous = ios
        .windows(2)
        .filter(|p| p[1].block == p[0].block + p[0].blocks as u64)
        .count() as f64;
    let expect = q * (1.0 - 1.0 / 16.0);
    assert!(
        (contiguous / n as f64 - expect).abs() < 0.02,
        "contiguous share {} vs {expect}",
        contiguous / n as f64
    );
}

#[test]
fn same_seed_same_stream_and_other_seed_differs() {
    let w = SyntheticBlockWorkload {
        duration_s: 20.0,
        ..Default::default()
    };
    let a = drain(&mut SyntheticBlocks::new(&w, 42));
    let b = drain(&mut SyntheticBlocks::new(&w, 42));
    let c = drain(&mut SyntheticBlocks::new(&w, 43));
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn uniform_when_s_is_zero() {
    let w = SyntheticBlockWorkload {
        zipf_s: 0.0,
        footprint_gb: 0.0001, // 26 blocks
        seq_share: 0.0,
        iops: 1000.0,
        duration_s: 100.0,
        ..Default::default()
    };
    let mut g = SyntheticBlocks::new(&w, 2);
    let ios = drain(&mut g);
    let slots = footprint_blocks(0.0001) as usize;
    let mut counts = vec![0f64; slots];
    for io in &ios {
        counts[io.block as usize] += 1.0;
    }
    let p = 1.0 / slots as f64;
    let n = ios.len() as f64;
    for c in counts {
        assert!(within_sigmas(c / n, p, n, 5.0));
    }
}

#[test]
fn presets_are_named_and_sized() {
    let names: Vec<String> = block_presets().into_iter().map(|p| p.name).collect();
    assert_eq!(
        names,
        ["financial", "search-engine", "exchange", "msn", "home"]
    );
    for p in block_presets() {
        assert!(p.assumptions.len() >= 3, "{}", p.name);
        let w = &p.workload;
        let ios = w.iops * w.duration_s;
        assert!(
            (ios / PRESET_IOS - 1.0).abs() < 1e-3,
            "{}: {ios} I/Os",
            p.name
        );
        assert_eq!(w.duration_s, w.duration_s.round(), "{}", p.name);
        // Scaled alike: the study's footprint-to-cache ratio (more data
        // than cache), and a run that writes the cache over several times.
        assert_eq!(p.cache_gb * SCALE, p.study_cache_gb, "{}", p.name);
        assert!(w.footprint_gb > p.cache_gb, "{}", p.name);
        let touched_gb = ios * w.io_kb / (1024.0 * 1024.0);
        assert!(
            touched_gb >= 5.0 * p.cache_gb,
            "{}: {touched_gb} GB",
            p.name
        );
        assert_eq!(block_preset(&p.name), Some(p.clone()));
    }
    assert!(block_preset("nope").is_none());
    // Read-heavy to write-heavy ordering the studies describe.
    let r = |n: &str| block_preset(n).unwrap().workload.read_share;
    assert!(r("search-engine") > r("exchange") && r("exchange") > r("financial"));
}
