//! The request-level caches against independent truth (model §11): with
//! device times zero the block cache's hit ratio equals a plain replay of
//! the block sequence through FIFO/LRU sets; the static object cache's hit
//! ratio equals the Zipf top-k mass; the timed FTL's greedy-GC write
//! amplification equals the page-level GC simulator's and the Lambert-W
//! formula's (model §8); a seed gives the same result twice.

use crate::request_support;

use rand_core::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use request_support::*;
use std::collections::VecDeque;
use tierplan_kit::analytics::{
    simulate_greedy_gc, write_amplification, zipf_top_k_mass, GcSimConfig,
};
use tierplan_kit::devices::ssd::{Ssd, SsdGeometry};
use tierplan_kit::devices::IoOp;
use tierplan_request::run_request;
use tierplan_request::workload::{request_sequence, Library};
use tierplan_scenario::request::*;

/// Set-associative cache replayed block by block: a set is a queue of its
/// blocks, oldest (FIFO) or least recently used (LRU) first.
fn replay(s: &tierplan_scenario::Scenario, requests: usize, lru: bool) -> f64 {
    let r = s.request.as_ref().unwrap();
    let block = (r.cache.block.block_kb * 1024.0) as u64;
    let ways = r.cache.block.ways as usize;
    let slots = ((r.cache.flash_gb * 1024.0 * 1024.0 * 1024.0) as u64 / block).max(ways as u64);
    let sets = (slots / ways as u64) as usize;
    let seed = r.run.seed as u64;
    let chunk = (r.chunk_kb * 1024.0) as u64;
    let mut lib = Library::new(&r.workload, chunk);
    lib.draw(&r.workload, seed);
    let mut cache: Vec<VecDeque<u64>> = vec![VecDeque::new(); sets];
    let (mut lookups, mut hits) = (0u64, 0u64);
    for (v, seg) in request_sequence(&r.workload, seed, requests) {
        let g = lib.segment(v, seg);
        for i in 0..lib.chunk_count(g) {
            let (off, len, _) = lib.chunk(g, i);
            for b in off / block..=(off + len - 1) / block {
                let set = &mut cache[((b / ways as u64) % sets as u64) as usize];
                lookups += 1;
                if let Some(pos) = set.iter().position(|&x| x == b) {
                    hits += 1;
                    if lru {
                        set.remove(pos);
                        set.push_back(b);
                    }
                } else {
                    if set.len() == ways {
                        set.pop_front();
                    }
                    set.push_back(b);
                }
            }
        }
    }
    hits as f64 / lookups as f64
}

#[test]
fn block_cache_with_zero_device_times_equals_a_plain_replay() {
    for replacement in [SetReplacement::Fifo, SetReplacement::Lru] {
        let mut s = small(CachePolicyKind::Block, 2.0, 0.5);
        device(&mut s, "hdd7200").hdd = Some(HddMechanics {
            seek_ms: 0.0,
            revolution_ms: 0.0,
            media_mbps: 1e9,
            seek_model: SeekModel::Constant,
            inner_mbps: None,
        });
        let ssd = device(&mut s, "small_ssd").flash.as_mut().unwrap();
        // Validation wants positive flash times: a picosecond is zero here.
        ssd.read_us = 1e-6;
        ssd.program_us = 1e-6;
        ssd.erase_ms = 1e-9;
        req(&mut s).cache.block.replacement = replacement;
        let r = run_request(&s).expect("valid");
        let rep = &r.replications[0];
        let want = replay(
            &s,
            rep.requests as usize,
            replacement == SetReplacement::Lru,
        );
        let got = rep.block_hit_ratio.unwrap();
        assert!(want > 0.05, "the replay must see hits ({want})");
        assert!(
            (got - want).abs() < 1e-12,
            "{replacement:?}: {got} vs {want}"
        );
    }
}

#[test]
fn static_object_cache_hit_ratio_is_the_zipf_top_k_mass() {
    let mut s = preset("nossdav12-object-static");
    let r = req(&mut s);
    r.workload.rate = 2.0;
    r.ram.capacity_gb = 0.0;
    r.run.duration_h = 1.0;
    r.run.replications = 4;
    let w = r.workload.clone();
    let flash = (r.cache.flash_gb * 1024.0 * 1024.0 * 1024.0) as u64;
    let mut lib = Library::new(&w, 1 << 20);
    lib.draw(&w, r.run.seed as u64);
    let mut used = 0;
    let mut k = 0;
    while used + lib.video_extent(k).1 <= flash {
        used += lib.video_extent(k).1;
        k += 1;
    }
    assert_eq!(k, 56, "60 GB holds the 56 most popular videos");
    let mass = zipf_top_k_mass(w.videos, w.popularity.exponent(), k);
    let res = run_request(&s).expect("valid");
    let h = res.flash_hit_ratio;
    assert!(
        (h.mean - mass).abs() <= h.ci95 + 0.005,
        "flash hit ratio {} ± {} vs top-{k} mass {mass}",
        h.mean,
        h.ci95
    );
}

/// Random 4 KB overwrites through the timed SSD; WA after warm-up.
fn timed_wa(rho: f64) -> f64 {
    let page = 4096u64;
    let blocks = 512u64;
    let physical = blocks * 64;
    let logical = (physical as f64 / (1.0 + rho)).floor() as u64;
    let mut ssd = Ssd::new(&SsdGeometry {
        units: 1,
        page_bytes: page,
        pages_per_block: 64,
        read_us: 50.0,
        program_us: 500.0,
        erase_ms: 2.0,
        // Physical pages = capacity × (1 + ρ) / page = `physical`.
        capacity_bytes: ((physical as f64 / (1.0 + rho)) * page as f64).ceil() as u64,
        spare_factor: rho,
        used_bytes: logical * page,
    });
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    for lpn in 0..logical {
        ssd.service(IoOp::Write, lpn * page, page);
    }
    let mut write_random = |n: u64, ssd: &mut Ssd| {
        for _ in 0..n {
            let lpn = ((rng.next_u64() as u128 * logical as u128) >> 64) as u64;
            let t = ssd.service(IoOp::Write, lpn * page, page);
            assert!(t >= 500e-6, "a program takes at least its program time");
        }
    };
    write_random(4 * logical, &mut ssd);
    ssd.reset_counters();
    write_random(6 * logical, &mut ssd);
    ssd.wear().write_amplification()
}

#[test]
fn timed_ftl_write_amplification_matches_gc_simulator_and_lambert_w() {
    for rho in [0.07, 0.28, 1.0] {
        let timed = timed_wa(rho);
        let sim = simulate_greedy_gc(&GcSimConfig::small(rho, 5))
            .unwrap()
            .write_amplification;
        let formula = write_amplification(rho);
        assert!(
            (timed - sim).abs() / sim < 0.05,
            "ρ {rho}: timed {timed} vs simulator {sim}"
        );
        assert!(
            (timed - formula).abs() / formula < 0.12,
            "ρ {rho}: timed {timed} vs Lambert-W {formula}"
        );
    }
}

#[test]
fn same_seed_gives_identical_results() {
    for policy in [
        CachePolicyKind::Block,
        CachePolicyKind::Ring,
        CachePolicyKind::Object,
    ] {
        let s = small(policy, 5.0, 0.2);
        let a = serde_json::to_string(&run_request(&s).unwrap()).unwrap();
        let b = serde_json::to_string(&run_request(&s).unwrap()).unwrap();
        assert_eq!(a, b, "{policy:?}");
    }
}

#[test]
fn index_ram_comes_out_of_the_page_cache_and_compact_indexes_trade_reads() {
    let gb = 1024.0 * 1024.0 * 1024.0;
    let mut s = preset("nossdav12-flashcache-cold");
    let r = req(&mut s);
    r.run.duration_h = 0.05;
    r.run.replications = 1;
    // A fresh drive keeps up at 1 request/s, so the I/O counts compare the
    // index's reads, not how far a swamped SSD got in the run.
    r.cache.ssd_state = Some(tierplan_scenario::request::SsdState::Fresh);
    let plain = run_request(&s).unwrap();
    // 60 GB of 4 KB blocks = 15.7 M entries (model §11) at 24 B each.
    assert_eq!(plain.index.entries, 15_728_640.0);
    assert!((plain.index.ram_gb - 15_728_640.0 * 24.0 / gb).abs() < 1e-9);
    assert!((plain.ram_cache_gb - (2.0 - plain.index.ram_gb)).abs() < 1e-6);
    assert!(plain.index.cost > 0.0);

    req(&mut s).cache.index.kind = IndexKind::SkimpyStash;
    let skimpy = run_request(&s).unwrap();
    assert_eq!(skimpy.index.bytes_per_entry, 1.5);
    assert_eq!(skimpy.index.flash_reads_per_lookup, 5.0);
    assert!(skimpy.ram_cache_gb > plain.ram_cache_gb);
    let ssd_ios = |r: &tierplan_request::RequestResult| {
        r.replications[0]
            .devices
            .iter()
            .find(|d| d.name == "ssd")
            .unwrap()
            .completions
    };
    assert!(
        ssd_ios(&skimpy) > ssd_ios(&plain),
        "chain reads cost flash I/Os"
    );
}
