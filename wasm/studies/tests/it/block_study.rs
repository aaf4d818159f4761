//! The block-cache engine on the study's stand-in presets (model §13):
//! HySSC against SLC, MLC and TLC, TLC's share of the writes, determinism
//! and trace replay. Every figure is printed beside the published claim
//! (`cargo test --test it block_study:: -- --nocapture`).

use tierplan_block::job::BlockJob;
use tierplan_block::sampling::{BlockSource, BLOCK_BYTES};
use tierplan_scenario::block::{BlockSpec, BlockTraceFormat, BlockTraceRef, BlockWorkload};
use tierplan_scenario::Scenario;
use tierplan_studies::reproduce::{hyssc_runs, hyssc_spec};

fn scenario(spec: BlockSpec) -> Scenario {
    Scenario {
        server: None,
        block: Some(spec),
        ..tierplan_scenario::presets::default_scenario()
    }
}

fn run(spec: BlockSpec) -> tierplan_block::BlockResult {
    let mut job = BlockJob::new(&scenario(spec)).expect("valid");
    while !job.step(1 << 16).done {}
    job.result()
}

/// Published: "HySSC is only slightly worse than SLC … outperforms MLC and
/// TLC" (Exchange, MSN). Ours on the scaled stand-ins: HySSC within 25 %
/// of SLC's mean response, and both below MLC, MLC below TLC.
#[test]
fn hyssc_near_slc_and_faster_than_mlc_and_tlc() {
    for r in hyssc_runs() {
        let [slc, mlc, tlc, hy] = r.mean_ms.map(|e| e.mean);
        eprintln!(
            "{}: mean response SLC {slc:.3} ms, HySSC {hy:.3} ms ({:+.1} %), MLC {mlc:.3} ms, TLC {tlc:.3} ms — published: HySSC slightly above SLC, below MLC and TLC",
            r.preset,
            100.0 * (hy / slc - 1.0)
        );
        assert!(hy <= slc * 1.25, "{}: HySSC {hy} vs SLC {slc}", r.preset);
        assert!(slc < mlc && hy < mlc && mlc < tlc, "{}: ordering", r.preset);
    }
}

/// The read-heavy preset (search-engine, 99 % reads) at the same scale:
/// HySSC within 25 % of SLC, SLC < MLC < TLC and HySSC < TLC. HySSC is NOT
/// faster than MLC here (measured +1.6 %): with almost no writes MLC's slow
/// programs cost little, and HySSC's TLC hits read at 350 µs against MLC's
/// 175 µs — a deviation from the paper we report rather than hide, so the
/// check is only that the two are within 5 %.
#[test]
fn read_heavy_preset_keeps_the_ordering() {
    let r = run(hyssc_spec("search-engine"));
    let m = |i: usize| r.caches[i].mean_response_ms.mean;
    let (slc, mlc, tlc, hy) = (m(0), m(1), m(2), m(3));
    eprintln!(
        "search-engine: mean response SLC {slc:.3} ms, HySSC {hy:.3} ms ({:+.1} %), MLC {mlc:.3} ms, TLC {tlc:.3} ms",
        100.0 * (hy / slc - 1.0)
    );
    assert!(hy <= slc * 1.25 && slc < mlc && mlc < tlc && hy < tlc);
    assert!((hy / mlc - 1.0).abs() < 0.05, "HySSC {hy} vs MLC {mlc}");
}

/// Published: selective migration keeps TLC written rarely (no number).
/// Ours: 4 KB blocks written into TLC (migrations) under 10 % of the
/// blocks written into SLC (host writes and fills).
#[test]
fn hyssc_writes_to_tlc_are_a_small_fraction_of_slc_writes() {
    for r in hyssc_runs() {
        for m in &r.hyssc {
            let slc = m.tiers[0].host_pages as f64;
            let tlc = m.tiers[1].host_pages as f64;
            eprintln!(
                "{}: TLC written {tlc} blocks = {:.2} % of SLC's {slc} ({} migrations, {} destages)",
                r.preset,
                100.0 * tlc / slc,
                m.migrations,
                m.destages
            );
            assert!(m.migrations > 0, "{}: TLC is used", r.preset);
            assert!(tlc < 0.10 * slc, "{}: TLC share {}", r.preset, tlc / slc);
        }
    }
}

#[test]
fn same_seed_same_result() {
    let mut spec = hyssc_spec("exchange");
    spec.replications = 1;
    if let BlockWorkload::Synthetic(w) = &mut spec.workload {
        w.duration_s = 20_000.0 / w.iops;
    }
    let a = serde_json::to_string(&run(spec.clone())).unwrap();
    let b = serde_json::to_string(&run(spec.clone())).unwrap();
    assert_eq!(a, b);
    spec.seed = 2;
    let c = serde_json::to_string(&run(spec)).unwrap();
    assert_ne!(a, c);
}

/// A synthetic stream written as a plain CSV trace and replayed, in odd
/// chunk sizes, gives the hit ratios of the synthetic run and the same
/// result whatever the chunking.
#[test]
fn trace_replay_matches_synthetic_run_in_any_chunking() {
    let mut spec = hyssc_spec("msn");
    spec.replications = 1;
    let BlockWorkload::Synthetic(w) = &mut spec.workload else {
        unreachable!()
    };
    w.duration_s = 30_000.0 / w.iops;
    let mut src = tierplan_block::sampling::synthetic::SyntheticBlocks::new(w, spec.seed);
    let mut text = String::new();
    while let Some(io) = src.next_io() {
        text += &format!(
            "{:.9},{},{},{}\n",
            io.t,
            if io.write { "W" } else { "R" },
            io.block * BLOCK_BYTES,
            io.blocks as u64 * BLOCK_BYTES
        );
    }
    let synthetic = run(spec.clone());
    let mut trace_spec = spec.clone();
    trace_spec.workload = BlockWorkload::Trace(BlockTraceRef {
        name: "t.csv".into(),
        format: BlockTraceFormat::Plain,
    });
    let replay = |chunk: usize| {
        let mut job = BlockJob::new(&scenario(trace_spec.clone())).expect("valid");
        let mut rest = text.as_bytes();
        loop {
            let p = job.step(5000);
            if p.done {
                break;
            }
            if job.needs_input() {
                if rest.is_empty() {
                    job.end_trace();
                } else {
                    let n = chunk.min(rest.len());
                    job.feed_trace(&rest[..n]);
                    rest = &rest[n..];
                }
            }
        }
        job.result()
    };
    let (a, b) = (replay(7), replay(1 << 20));
    assert_eq!(
        serde_json::to_string(&a).unwrap(),
        serde_json::to_string(&b).unwrap()
    );
    assert_eq!(a.bad_lines, 0);
    assert_eq!(a.ios, synthetic.ios);
    for (x, y) in a.caches.iter().zip(&synthetic.caches) {
        assert_eq!(x.hit_ratio.mean, y.hit_ratio.mean, "{:?}", x.cache);
        assert!((x.mean_response_ms.mean / y.mean_response_ms.mean - 1.0).abs() < 0.05);
    }
}
