//! The request engine's block cache against libCacheSim (model §11, §13):
//! flashcache's `BlockCache` with one set of `capacity` ways is a fully
//! associative cache of `capacity` blocks, so replaying the CloudPhysics
//! trace of libCacheSim's repository (the block crate's
//! `tests/data/cloudphysics-ids.txt`, provenance in its README) through it —
//! a miss inserts, a hit is noted, as `Flashcache::chunk` does per block —
//! must give, under each order, exactly the misses libCacheSim's own
//! simulator counts at 1 000 and 10 000 blocks (the numbers the block
//! crate's `replacement_libcachesim` checks its `SlotCache` against).

use std::collections::HashMap;
use tierplan_kit::slot_order::{S3FifoSlots, SlotOrder};
use tierplan_request::block_cache::BlockCache;
use tierplan_scenario::request::SetReplacement;
use tierplan_scenario::validate::S3_FIFO_BYTES_PER_BLOCK;

const BLOCK: u64 = 4096;

fn trace() -> Vec<u32> {
    let text = include_str!("../../../block/tests/data/cloudphysics-ids.txt");
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            l.parse()
                .unwrap_or_else(|e| panic!("line {}: {l:?}: {e}", i + 1))
        })
        .collect()
}

/// Misses of a one-set cache of `ways` blocks under `r` over the trace
/// (block numbers are the trace's ids, the library as large as the largest).
fn misses(ids: &[u32], r: SetReplacement, ways: u32) -> u64 {
    let library = (*ids.iter().max().expect("a trace") as u64 + 1) * BLOCK;
    let mut cache = BlockCache::new(ways as u64 * BLOCK, BLOCK, ways, r, library);
    let mut misses = 0;
    for &b in ids {
        if cache.contains(b) {
            cache.hit(b);
        } else {
            misses += 1;
            let slot = cache.insert(b);
            assert!(slot < ways as u64, "block {b} put in slot {slot} of {ways}");
            assert!(cache.contains(b));
        }
    }
    misses
}

#[test]
fn one_set_misses_as_libcachesim_counts() {
    let ids = trace();
    assert_eq!(ids.len(), 113_872);
    // libCacheSim aa0fc40, `cachesim … --ignore-obj-size=true`: misses at
    // 1 000 and 10 000 objects (block/tests/data/README.md).
    let truth = [
        (SetReplacement::Lru, [94_823, 79_438]),
        (SetReplacement::Sieve, [93_975, 81_059]),
        (SetReplacement::S3Fifo, [94_017, 76_212]),
    ];
    let mut found = Vec::new();
    for (r, want) in truth {
        for (ways, want) in [1_000, 10_000].into_iter().zip(want) {
            let got = misses(&ids, r, ways);
            if got != want {
                found.push(format!("{r:?} at {ways}: {got} misses, libCacheSim {want}"));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The orders are kept per set and cleared by `reset`: with many sets a
/// replay equals one one-set cache per set fed that set's blocks, and a
/// second replay after `reset` repeats the first.
#[test]
fn sets_keep_their_own_order_and_reset_clears_it() {
    let ids = trace();
    let (ways, sets) = (16u32, 64u32);
    let library = (*ids.iter().max().expect("a trace") as u64 + 1) * BLOCK;
    for r in [SetReplacement::Sieve, SetReplacement::S3Fifo] {
        let mut cache = BlockCache::new((ways * sets) as u64 * BLOCK, BLOCK, ways, r, library);
        // Set s holds the blocks whose extent of `ways` blocks is s mod sets;
        // renumbered into one set of its own they replay the same decisions.
        let mut own: Vec<BlockCache> = (0..sets)
            .map(|_| BlockCache::new(ways as u64 * BLOCK, BLOCK, ways, r, library))
            .collect();
        let mut first = Vec::new();
        for round in 0..2 {
            let mut hits = Vec::with_capacity(ids.len());
            for &b in &ids[..40_000] {
                let set = ((b / ways) % sets) as usize;
                let one = &mut own[set];
                let hit = cache.contains(b);
                assert_eq!(hit, one.contains(b), "{r:?} round {round}: block {b}");
                if hit {
                    cache.hit(b);
                    one.hit(b);
                } else {
                    cache.insert(b);
                    one.insert(b);
                }
                hits.push(hit);
            }
            if round == 0 {
                first = hits;
                cache.reset();
                own.iter_mut().for_each(BlockCache::reset);
            } else {
                assert_eq!(hits, first, "{r:?}: a replay after reset differs");
            }
        }
    }
}

/// Validation refuses S3-FIFO on caches whose order would outgrow its
/// bound per block: the tables of a full cache, after many times its
/// size in misses (the ghost at its count, its FIFO at its longest),
/// stay within it.
#[test]
fn s3_fifo_stays_within_the_bytes_validation_allows_per_block() {
    for slots in [10u32, 1_000, 50_000] {
        let mut o = S3FifoSlots::new(slots);
        let mut held: Vec<u64> = Vec::new();
        let mut slot_of: HashMap<u64, u32> = HashMap::new();
        let mut peak = 0;
        // A stream of mostly new blocks with some repeats: every path
        // (ghost hits, moves to main, reinsertion) is taken.
        let mut x: u64 = 1;
        for n in 0..(20 * slots as u64) {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let block = if n % 5 == 0 {
                (x >> 33) % (2 * slots as u64)
            } else {
                n + 1_000_000
            };
            if let Some(&slot) = slot_of.get(&block) {
                o.hit(slot);
            } else if held.len() < slots as usize {
                slot_of.insert(block, held.len() as u32);
                o.admit(held.len() as u32, block);
                held.push(block);
            } else {
                let slot = o.evict(block, &|s| held[s as usize]);
                slot_of.remove(&held[slot as usize]);
                slot_of.insert(block, slot);
                held[slot as usize] = block;
                o.admit(slot, block);
            }
            peak = peak.max(o.heap_bytes());
        }
        let per_block = peak as f64 / slots as f64;
        assert!(
            per_block <= S3_FIFO_BYTES_PER_BLOCK,
            "{slots} slots: {per_block} B per block"
        );
    }
}
