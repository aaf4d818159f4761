//! The block caches' replacement orders against libCacheSim (model §13):
//! the CloudPhysics trace of libCacheSim's repository (tests/data/README.md)
//! replayed through a `SlotCache` under each order gives, at 1 000 and
//! 10 000 blocks, exactly the misses libCacheSim's own simulator counts.

use tierplan_block::lru::SlotCache;
use tierplan_block::slot_order::{slot_order, ReplacementOrder};

fn trace() -> Vec<u64> {
    let text = include_str!("../data/cloudphysics-ids.txt");
    text.lines()
        .enumerate()
        .map(|(i, l)| {
            l.parse()
                .unwrap_or_else(|e| panic!("line {}: {l:?}: {e}", i + 1))
        })
        .collect()
}

/// Misses of a cache of `capacity` blocks replacing in `r`'s order: a hit
/// is touched, a miss fills a free slot or the one the order gives up.
fn misses(ids: &[u64], r: ReplacementOrder, capacity: u32) -> u64 {
    let mut cache = SlotCache::with_order(capacity, slot_order(r, capacity));
    let mut misses = 0;
    for &b in ids {
        match cache.get(b) {
            Some(s) => cache.touch(s),
            None => {
                misses += 1;
                if cache.is_full() {
                    let (_, old, _) = cache.replace_victim(b, 0);
                    assert!(cache.get(old).is_none());
                } else {
                    cache.insert(b, 0);
                }
            }
        }
        assert!(cache.len() <= capacity);
    }
    misses
}

#[test]
fn every_order_misses_as_libcachesim_counts() {
    let ids = trace();
    assert_eq!(ids.len(), 113_872);
    // libCacheSim aa0fc40, `cachesim … --ignore-obj-size=true`: misses at
    // 1 000 and 10 000 objects (tests/data/README.md).
    let truth = [
        (ReplacementOrder::Lru, [94_823, 79_438]),
        (ReplacementOrder::Sieve, [93_975, 81_059]),
        (ReplacementOrder::S3Fifo, [94_017, 76_212]),
    ];
    let mut found = Vec::new();
    for (r, want) in truth {
        for (capacity, want) in [1_000, 10_000].into_iter().zip(want) {
            let got = misses(&ids, r, capacity);
            if got != want {
                found.push(format!(
                    "{r:?} at {capacity}: {got} misses, libCacheSim {want}"
                ));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
