//! `scenario.block` is checked field by field: every problem at once, each
//! with its path and the allowed range; the defaults and presets pass.

use tierplan_core::block_spec::*;
use tierplan_core::presets::default_scenario;
use tierplan_core::sampling::block::presets::block_presets;
use tierplan_core::{parse_scenario, validate, FieldError};

fn with_block(b: BlockSpec) -> Vec<FieldError> {
    let mut s = default_scenario();
    s.block = Some(b);
    validate(&s)
}

fn message<'a>(errs: &'a [FieldError], path: &str) -> &'a str {
    &errs
        .iter()
        .find(|e| e.path == path)
        .unwrap_or_else(|| panic!("no error for {path} in {errs:?}"))
        .message
}

#[test]
fn defaults_and_presets_are_valid() {
    assert!(with_block(BlockSpec::default()).is_empty());
    for p in block_presets() {
        let b = BlockSpec {
            workload: BlockWorkload::Synthetic(p.workload),
            ..Default::default()
        };
        assert!(with_block(b).is_empty(), "{}", p.name);
    }
}

#[test]
fn every_bad_field_is_named() {
    let b = BlockSpec {
        workload: BlockWorkload::Synthetic(SyntheticBlockWorkload {
            read_share: 1.5,
            zipf_s: -1.0,
            footprint_gb: 0.0,
            seq_share: f64::NAN,
            seq_run_kb: 1.0,
            io_kb: 6.0,
            iops: 0.0,
            duration_s: -5.0,
        }),
        caches: vec![
            BlockCacheKind::Slc,
            BlockCacheKind::Tlc,
            BlockCacheKind::Slc,
        ],
        cache_gb: 0.0,
        ops: 0.95,
        fixed_u: 1.0,
        disks: 0,
        cost_sweep_u: vec![0.5, 1.0, 0.5],
        seed: 1,
        replications: 0,
    };
    let errs = with_block(b);
    for path in [
        "block.workload.read_share",
        "block.workload.zipf_s",
        "block.workload.footprint_gb",
        "block.workload.seq_share",
        "block.workload.seq_run_kb",
        "block.workload.io_kb",
        "block.workload.iops",
        "block.workload.duration_s",
        "block.caches[2]",
        "block.cache_gb",
        "block.ops",
        "block.fixed_u",
        "block.disks",
        "block.cost_sweep_u[1]",
        "block.cost_sweep_u[2]",
        "block.replications",
    ] {
        message(&errs, path);
    }
    assert_eq!(
        message(&errs, "block.workload.read_share"),
        "1.5 is out of range: must be 0 ≤ value ≤ 1"
    );
    assert!(message(&errs, "block.workload.io_kb").contains("multiple of 4"));
    assert!(message(&errs, "block.caches[2]").contains("twice"));
    assert!(message(&errs, "block.cost_sweep_u[1]").contains("0 < value < 1"));
}

#[test]
fn empty_caches_long_runs_and_unnamed_traces_are_refused() {
    let b = BlockSpec {
        caches: vec![],
        workload: BlockWorkload::Synthetic(SyntheticBlockWorkload {
            iops: 100_000.0,
            duration_s: 1000.0,
            ..Default::default()
        }),
        ..Default::default()
    };
    let errs = with_block(b);
    assert!(message(&errs, "block.caches").contains("empty"));
    assert!(message(&errs, "block.workload.iops").contains("the limit is"));

    let b = BlockSpec {
        workload: BlockWorkload::Trace(BlockTraceRef {
            name: " ".into(),
            format: BlockTraceFormat::Msr,
        }),
        ..Default::default()
    };
    assert!(message(&with_block(b), "block.workload.name").contains("empty"));
}

#[test]
fn json_with_a_bad_block_field_is_reported_by_path() {
    let mut s = default_scenario();
    s.block = Some(BlockSpec::default());
    let mut v = serde_json::to_value(&s).unwrap();
    v["block"]["workload"]["io_kb"] = serde_json::json!(5);
    let errs = parse_scenario(&v.to_string()).unwrap_err();
    assert!(message(&errs, "block.workload.io_kb").contains("multiple of 4"));
    v["block"]["workload"]["bogus"] = serde_json::json!(1);
    let errs = parse_scenario(&v.to_string()).unwrap_err();
    assert!(errs[0].path.starts_with("block.workload"), "{errs:?}");
}
