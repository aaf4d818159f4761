//! Miss-ratio curves (model §13) against independent truth: plain replays
//! through a reference LRU (the block engine's own `SlotLru`) and a textbook
//! FIFO at several sizes, bit for bit; the sampled curves within their
//! stated error of the exact one on a trace of a million I/Os.

use std::collections::{HashSet, VecDeque};
use tierplan_block::lru::SlotLru;
use tierplan_block::mrc::*;
use tierplan_block::sampling::presets::block_preset;
use tierplan_block::sampling::synthetic::SyntheticBlocks;
use tierplan_block::sampling::{BlockIo, BlockSource};

/// `n` I/Os of a synthetic preset (Zipf blocks, sequential runs, reads and
/// writes), with its footprint scaled by `footprint`.
fn trace(preset: &str, n: usize, footprint: f64, seed: u64) -> Vec<BlockIo> {
    let mut w = block_preset(preset).unwrap().workload;
    w.footprint_gb *= footprint;
    w.duration_s = 1e9;
    let mut g = SyntheticBlocks::new(&w, seed);
    std::iter::from_fn(|| g.next_io()).take(n).collect()
}

/// Hits of an LRU cache of `size` blocks replayed block by block: (read
/// block hits, write block hits, I/Os whose every block hit).
fn lru_replay(ios: &[BlockIo], size: u32) -> (u64, u64, u64) {
    let mut c = SlotLru::new(size);
    let (mut r, mut w, mut io_hits) = (0, 0, 0);
    for io in ios {
        let mut all = true;
        for k in 0..io.blocks as u64 {
            let b = io.block + k;
            match c.get(b) {
                Some(slot) => {
                    c.touch(slot);
                    if io.write {
                        w += 1;
                    } else {
                        r += 1;
                    }
                }
                None => {
                    all = false;
                    if c.is_full() {
                        c.replace_lru(b, 0);
                    } else {
                        c.insert(b, 0);
                    }
                }
            }
        }
        io_hits += all as u64;
    }
    (r, w, io_hits)
}

/// The same with a textbook FIFO (a set and a queue).
fn fifo_replay(ios: &[BlockIo], size: usize) -> (u64, u64, u64) {
    let mut set = HashSet::new();
    let mut q = VecDeque::new();
    let (mut r, mut w, mut io_hits) = (0, 0, 0);
    for io in ios {
        let mut all = true;
        for k in 0..io.blocks as u64 {
            let b = io.block + k;
            if set.contains(&b) {
                if io.write {
                    w += 1;
                } else {
                    r += 1;
                }
            } else {
                all = false;
                if q.len() == size {
                    set.remove(&q.pop_front().unwrap());
                }
                q.push_back(b);
                set.insert(b);
            }
        }
        io_hits += all as u64;
    }
    (r, w, io_hits)
}

fn totals(ios: &[BlockIo]) -> (u64, u64) {
    let r = ios
        .iter()
        .filter(|i| !i.write)
        .map(|i| i.blocks as u64)
        .sum();
    let w = ios
        .iter()
        .filter(|i| i.write)
        .map(|i| i.blocks as u64)
        .sum();
    (r, w)
}

#[test]
fn exact_lru_curve_equals_plain_replays_at_every_size_checked() {
    for (preset, seed) in [("exchange", 1), ("msn", 2), ("financial", 3)] {
        let ios = trace(preset, 30_000, 0.05, seed);
        let (rt, wt) = totals(&ios);
        let sizes = [1u64, 7, 64, 500, 2_000, 9_000, 40_000];
        let r = profile(ios.iter().copied(), MrcPolicy::Lru, Sampling::Exact, &sizes).unwrap();
        assert_eq!(r.blocks, rt + wt);
        for p in &r.points {
            let (hr, hw, hio) = lru_replay(&ios, p.size_blocks as u32);
            // Counts, not ratios only: the same hits, bit for bit.
            assert_eq!(
                p.byte_hit_ratio,
                (hr + hw) as f64 / (rt + wt) as f64,
                "{preset} at {}",
                p.size_blocks
            );
            assert_eq!(p.read_byte_hit_ratio, Some(hr as f64 / rt as f64));
            assert_eq!(
                p.write_byte_hit_ratio,
                (wt > 0).then(|| hw as f64 / wt as f64)
            );
            assert_eq!(
                p.hit_ratio,
                Some(hio as f64 / ios.len() as f64),
                "{preset} I/Os at {}",
                p.size_blocks
            );
            assert_eq!(p.size_bytes, p.size_blocks * 4096);
        }
        // A cache as large as the footprint misses only first accesses.
        let big = r.distinct_blocks as u64;
        let r = profile(ios.iter().copied(), MrcPolicy::Lru, Sampling::Exact, &[big]).unwrap();
        assert_eq!(
            r.points[0].byte_hit_ratio,
            (rt + wt - big) as f64 / (rt + wt) as f64
        );
    }
}

#[test]
fn exact_fifo_points_equal_plain_replays() {
    let ios = trace("msn", 30_000, 0.05, 5);
    let (rt, wt) = totals(&ios);
    let sizes = [1u64, 16, 300, 4_096, 20_000];
    let r = profile(
        ios.iter().copied(),
        MrcPolicy::Fifo,
        Sampling::Exact,
        &sizes,
    )
    .unwrap();
    for p in &r.points {
        let (hr, hw, hio) = fifo_replay(&ios, p.size_blocks as usize);
        assert_eq!(
            p.byte_hit_ratio,
            (hr + hw) as f64 / (rt + wt) as f64,
            "FIFO at {}",
            p.size_blocks
        );
        assert_eq!(p.hit_ratio, Some(hio as f64 / ios.len() as f64));
    }
}

#[test]
fn sampled_curves_stay_within_their_stated_error_of_the_exact_one() {
    // A million I/Os over a footprint of about 10⁵ blocks.
    let ios = trace("exchange", 1_000_000, 1.0, 11);
    // The exact pass with the profiler's own sizes: its sizes are the ones
    // compared, and its distinct blocks (the whole trace's, whatever the
    // sizes) the truth each sampled count is held to. One exact pass for
    // that, not one per sampling: each costs about as much as a sampled run.
    let whole = profile(ios.iter().copied(), MrcPolicy::Lru, Sampling::Exact, &[]).unwrap();
    let sizes: Vec<u64> = whole
        .points
        .iter()
        .map(|p| p.size_blocks)
        .filter(|&s| s >= 64)
        .collect();
    let exact = profile(ios.iter().copied(), MrcPolicy::Lru, Sampling::Exact, &sizes).unwrap();
    let all_peak = exact.peak_followed;
    for sampling in [
        Sampling::Rate(0.1),
        Sampling::Rate(0.02),
        Sampling::Size(8_000),
    ] {
        let s = profile(ios.iter().copied(), MrcPolicy::Lru, sampling, &sizes).unwrap();
        // Sizes below 1 000 sampled blocks are left out, the rest kept.
        let min = (MIN_SAMPLED_BLOCKS / s.sample_rate).ceil() as u64;
        assert!(s.points.iter().all(|p| p.size_blocks >= min));
        assert_eq!(
            s.points.len(),
            sizes.iter().filter(|&&x| x >= min).count(),
            "{sampling:?}"
        );
        assert!(
            s.points.len() >= 10,
            "{sampling:?}: {} points",
            s.points.len()
        );
        let exact: Vec<&MrcPoint> = exact
            .points
            .iter()
            .filter(|p| p.size_blocks >= min)
            .collect();
        let err = s.points[0].error.unwrap();
        assert!(err > 0.0 && err < 0.05, "{sampling:?}: stated error {err}");
        assert!(
            s.peak_followed * 5 < all_peak,
            "{sampling:?} follows fewer blocks"
        );
        let worst = exact
            .iter()
            .zip(&s.points)
            .map(|(e, p)| (e.byte_hit_ratio - p.byte_hit_ratio).abs())
            .fold(0.0, f64::max);
        assert!(
            worst <= err,
            "{sampling:?}: off by {worst:.4}, stated {err:.4}"
        );
        // Sampled runs give block curves only.
        assert!(s.points.iter().all(|p| p.hit_ratio.is_none()));
        let d = (s.distinct_blocks - whole.distinct_blocks).abs() / whole.distinct_blocks;
        assert!(
            d < 0.1,
            "{sampling:?}: distinct blocks off by {:.1} %",
            d * 100.0
        );
    }
}

#[test]
fn bad_specifications_name_the_field() {
    let e = Profiler::new(MrcPolicy::Lru, Sampling::Rate(0.0), &[])
        .err()
        .unwrap();
    assert!(e.starts_with("mrc.sample:"), "{e}");
    let e = Profiler::new(MrcPolicy::Lru, Sampling::Rate(f64::NAN), &[])
        .err()
        .unwrap();
    assert!(e.starts_with("mrc.sample:"), "{e}");
    let e = Profiler::new(MrcPolicy::Fifo, Sampling::Size(1000), &[])
        .err()
        .unwrap();
    assert!(e.starts_with("mrc.sample_size:"), "{e}");
    let e = Profiler::new(MrcPolicy::Lru, Sampling::Exact, &[0, 5])
        .err()
        .unwrap();
    assert!(e.starts_with("mrc.sizes:"), "{e}");
    // An empty trace is a curve of zeros, not a failure.
    let r = profile(Vec::new(), MrcPolicy::Lru, Sampling::Exact, &[1, 10]).unwrap();
    assert!(r.points.iter().all(|p| p.byte_hit_ratio == 0.0));
}

#[test]
fn size_for_a_target_is_the_first_size_that_reaches_it() {
    let ios = trace("msn", 20_000, 0.05, 9);
    let r = profile(ios, MrcPolicy::Lru, Sampling::Exact, &[]).unwrap();
    let top = r.points.last().unwrap().byte_hit_ratio;
    let s = size_for(&r.points, top / 2.0).unwrap();
    let i = r.points.iter().position(|p| p.size_blocks == s).unwrap();
    assert!(r.points[i].byte_hit_ratio >= top / 2.0);
    assert!(i == 0 || r.points[i - 1].byte_hit_ratio < top / 2.0);
    assert_eq!(size_for(&r.points, 1.01), None);
}

/// The profiler's speed on a synthetic trace, no parsing (a benchmark, not a
/// check): `MRC_IOS=10000000 MRC_RATE=1 cargo test --release -p tierplan-block
/// --test it -- --ignored --nocapture mrc_throughput` (MRC_RATE < 1 samples).
#[test]
#[ignore]
fn mrc_throughput() {
    let n: usize = std::env::var("MRC_IOS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000_000);
    let rate: f64 = std::env::var("MRC_RATE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1.0);
    let mut w = block_preset("msn").unwrap().workload;
    w.footprint_gb *= 16.0;
    w.duration_s = 1e12;
    let mut g = SyntheticBlocks::new(&w, 1);
    let sampling = if rate >= 1.0 {
        Sampling::Exact
    } else {
        Sampling::Rate(rate)
    };
    let mut p = Profiler::new(MrcPolicy::Lru, sampling, &[]).unwrap();
    // timing: printed only (the rate below is reported, never asserted)
    let t0 = std::time::Instant::now();
    let mut blocks = 0u64;
    for _ in 0..n {
        let io = g.next_io().unwrap();
        blocks += io.blocks as u64;
        p.push(&io);
    }
    let gen_and_profile = t0.elapsed().as_secs_f64();
    let r = p.finish(&[]);
    let mut g = SyntheticBlocks::new(&w, 1);
    // timing: printed only
    let t1 = std::time::Instant::now();
    for _ in 0..n {
        std::hint::black_box(g.next_io());
    }
    let gen = t1.elapsed().as_secs_f64();
    let secs = gen_and_profile - gen;
    println!(
        "{n} I/Os ({blocks} block accesses), rate {rate}: profiling {secs:.2} s = {:.2} M I/Os/s ({:.2} M blocks/s); {} points; at most {} blocks followed; distinct ≈ {:.0}",
        n as f64 / secs / 1e6,
        blocks as f64 / secs / 1e6,
        r.points.len(),
        r.peak_followed,
        r.distinct_blocks
    );
}

/// flashcache's layout: the set-associative curve's exact points equal
/// replays through the request engine's own `BlockCache` (FIFO in sets of
/// 512 blocks) at their sizes.
#[test]
fn exact_set_associative_points_equal_the_request_engine_s_block_cache() {
    use tierplan_request::block_cache::BlockCache;
    use tierplan_scenario::request::SetReplacement;
    let ios = trace("exchange", 30_000, 0.05, 4);
    let (rt, wt) = totals(&ios);
    let top = ios.iter().map(|i| i.block + i.blocks as u64).max().unwrap();
    let sizes = [512u64, 2_048, 5_000, 20_480];
    let r = profile(
        ios.iter().copied(),
        MrcPolicy::SetAssoc,
        Sampling::Exact,
        &sizes,
    )
    .unwrap();
    for p in &r.points {
        let mut c = BlockCache::new(
            p.size_blocks * 4096,
            4096,
            SET_WAYS as u32,
            SetReplacement::Fifo,
            top * 4096,
        );
        let (mut hits, mut io_hits) = (0u64, 0u64);
        for io in &ios {
            let mut all = true;
            for k in 0..io.blocks as u64 {
                let b = (io.block + k) as u32;
                if c.contains(b) {
                    hits += 1;
                } else {
                    all = false;
                    c.insert(b);
                }
            }
            io_hits += all as u64;
        }
        assert_eq!(
            p.byte_hit_ratio,
            hits as f64 / (rt + wt) as f64,
            "set-associative at {}",
            p.size_blocks
        );
        assert_eq!(p.hit_ratio, Some(io_hits as f64 / ios.len() as f64));
    }
    // A set-associative cache hits less than a fully associative FIFO of the same size.
    let f = profile(
        ios.iter().copied(),
        MrcPolicy::Fifo,
        Sampling::Exact,
        &sizes,
    )
    .unwrap();
    assert!(r
        .points
        .iter()
        .zip(&f.points)
        .all(|(s, f)| s.byte_hit_ratio <= f.byte_hit_ratio + 0.02));
}

/// The curve as a job (`MrcJob`), driven through `SteppedJob` and fed a
/// plain trace in slices whenever it asks, as the browser's worker, the CLI
/// and Python drive it: the same result as one pass of `profile` over the
/// same I/Os, and the working set when asked for.
#[test]
fn the_job_fed_in_slices_equals_one_pass() {
    use tierplan_block::job::TraceFed;
    use tierplan_block::mrc::job::{MrcJob, MrcSpec};
    use tierplan_block::mrc::working_set::WorkingSet;
    use tierplan_block::sampling::trace::write_plain;
    use tierplan_kit::progress::{Progress, SteppedJob};
    use tierplan_scenario::block::BlockTraceFormat;
    /// The drivers' loop over the two traits: steps taken.
    fn drive<'a, J>(job: &mut J, mut slices: impl Iterator<Item = &'a [u8]>) -> u32
    where
        J: SteppedJob<Progress = Progress> + TraceFed,
    {
        let mut steps = 0;
        while !job.advance(1_000).done {
            steps += 1;
            if job.needs_input() {
                match slices.next() {
                    Some(s) => job.feed_trace(s),
                    None => job.end_trace(),
                }
            }
        }
        steps
    }
    let ios = trace("exchange", 20_000, 0.05, 3);
    let mut text = Vec::new();
    write_plain(&mut text, ios.iter().copied()).unwrap();
    let sizes = [256u64, 4_096];
    for policy in [MrcPolicy::Lru, MrcPolicy::Fifo] {
        let want = profile(ios.iter().copied(), policy, Sampling::Exact, &sizes).unwrap();
        let spec = MrcSpec {
            format: BlockTraceFormat::Plain,
            policy,
            sampling: Sampling::Exact,
            sizes: sizes.to_vec(),
        };
        let mut job = MrcJob::new(&spec).unwrap();
        job.track_working_set(WorkingSet::new(60.0).unwrap());
        let steps = drive(&mut job, text.chunks(7_777));
        assert!(steps > 20, "{steps} steps");
        assert_eq!(job.output().expect("done"), want, "{policy:?}");
        assert_eq!(job.bad_lines(), 0);
        let windows = job.working_set().expect("tracked");
        assert_eq!(windows.iter().map(|w| w.ios).sum::<u64>(), ios.len() as u64);
    }
}
