//! The FAST'12 flash cache layers against independent truth: a plain LRU
//! replay, the §9 analytic cost, and the best fixed partition.

use std::collections::{BTreeMap, HashMap};
use tierplan_core::block::fcl::sweep::{operations_cost_us, OpCounts};
use tierplan_core::block::flash_tier::geometry;
use tierplan_core::block::job::{BlockJob, RepMetrics};
use tierplan_core::block::make::{fcl_params, tier_layout};
use tierplan_core::block_spec::{BlockCacheKind, BlockSpec, BlockWorkload, SyntheticBlockWorkload};
use tierplan_core::sampling::block::presets::block_preset;
use tierplan_core::sampling::block::synthetic::SyntheticBlocks;
use tierplan_core::sampling::block::BlockSource;

fn job(spec: BlockSpec, w: &SyntheticBlockWorkload, timed: bool) -> BlockJob {
    let w = w.clone();
    let make = Box::new(move |seed| Box::new(SyntheticBlocks::new(&w, seed)) as Box<dyn BlockSource>);
    let mut job = BlockJob::with_source(spec, make, timed).expect("valid spec");
    while !job.step(50_000).done {}
    job
}

fn spec(caches: Vec<BlockCacheKind>, cache_gb: f64, us: Vec<f64>, w: &SyntheticBlockWorkload) -> BlockSpec {
    BlockSpec {
        workload: BlockWorkload::Synthetic(w.clone()),
        caches,
        cache_gb,
        cost_sweep_u: us,
        fcl_period_s: w.duration_s / 10.0,
        ..BlockSpec::default()
    }
}

fn op_cost(m: &RepMetrics, io_w: f64) -> f64 {
    let p = fcl_params(tierplan_core::scenario::CellType::Mlc).with_write_share(io_w);
    operations_cost_us(
        &OpCounts {
            flash: m.flash[0],
            disk_read_blocks: m.disk_read_blocks,
            disk_write_blocks: m.disk_write_blocks,
            host_blocks: m.read_blocks + m.write_blocks,
        },
        &p,
    )
}

/// A preset scaled so its cache is `cache_gb` (footprint in proportion),
/// run for `ios` I/Os.
fn scaled(name: &str, cache_gb: f64, ios: f64) -> SyntheticBlockWorkload {
    let p = block_preset(name).unwrap();
    let paper_cache = if matches!(name, "exchange" | "msn") { 16.0 } else { 4.0 };
    let mut w = p.workload;
    w.footprint_gb *= cache_gb / paper_cache;
    w.duration_s = ios / w.iops;
    w
}

#[test]
fn explore2() {
    let us: Vec<f64> = (1..20).map(|i| i as f64 * 0.05).collect();
    for (rs, z, fp) in [(0.7, 0.0, 0.14), (0.5, 0.0, 0.15), (0.9, 0.0, 0.15), (0.98, 0.9, 0.5), (0.8, 0.9, 0.5), (0.5, 0.9, 0.5), (0.2, 0.9, 0.5)] {
        let w = SyntheticBlockWorkload { read_share: rs, zipf_s: z, footprint_gb: fp, seq_share: 0.0, seq_run_kb: 64.0, io_kb: 4.0, iops: 1000.0, duration_s: 400.0 };
        let s = spec(vec![BlockCacheKind::OpFcl], 0.125, us.clone(), &w);
        let j = job(s, &w, false);
        let r = j.result();
        let sim = r.cost_vs_u.iter().min_by(|a, b| a.simulated_us.mean.total_cmp(&b.simulated_us.mean)).unwrap().u;
        let ana = r.cost_vs_u.iter().min_by(|a, b| a.analytic_us.total_cmp(&b.analytic_us)).unwrap().u;
        let op = r.caches[0].partition.last().map(|p| (p.u, p.r));
        println!("rs {rs} z {z} fp {fp}: sim opt {sim:.2} ana opt {ana:.2} op {op:?}");
    }
}
