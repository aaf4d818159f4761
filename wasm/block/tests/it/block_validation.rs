//! `scenario.block` is checked field by field: every problem at once, each
//! with its path and the allowed range; the defaults and presets pass.

use tierplan_block::sampling::presets::block_presets;
use tierplan_scenario::block::*;
use tierplan_scenario::presets::default_scenario;
use tierplan_scenario::validate::{parse_scenario, problems, FieldError};

fn with_block(b: BlockSpec) -> Vec<FieldError> {
    let mut s = default_scenario();
    s.block = Some(b);
    problems(&s)
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
        fixed_r: 0.0,
        fcl_period_s: 0.0,
        disks: 0,
        replacement: ReplacementOrder::S3Fifo,
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
        "block.fixed_r",
        "block.fcl_period_s",
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
    assert_eq!(
        message(&errs, "block.fcl_period_s"),
        "0 is out of range: must be 0 < value ≤ 1e7 s"
    );
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

mod random_specs {
    use super::*;
    use proptest::prelude::*;
    use tierplan_block::sampling::synthetic::{footprint_blocks, SyntheticBlocks};
    use tierplan_block::sampling::BlockSource;

    /// Any f64 the JSON or a form could carry, odd ones included.
    fn num() -> impl Strategy<Value = f64> {
        prop_oneof![
            Just(f64::NAN),
            Just(f64::INFINITY),
            Just(f64::NEG_INFINITY),
            Just(0.0),
            Just(-0.0),
            Just(f64::MAX),
            Just(f64::MIN_POSITIVE),
            -2.0..2.0f64,
            0.0..1e7f64,
            any::<f64>(),
        ]
    }

    fn kind() -> impl Strategy<Value = BlockCacheKind> {
        prop_oneof![
            Just(BlockCacheKind::None),
            Just(BlockCacheKind::Slc),
            Just(BlockCacheKind::Mlc),
            Just(BlockCacheKind::Tlc),
            Just(BlockCacheKind::Hyssc),
            Just(BlockCacheKind::FpFcl),
            Just(BlockCacheKind::RwFcl),
            Just(BlockCacheKind::OpFcl),
        ]
    }

    prop_compose! {
        fn workload()(
            read_share in num(), zipf_s in num(), footprint_gb in num(), seq_share in num(),
            seq_run_kb in num(), io_kb in num(), iops in num(), duration_s in num(),
        ) -> SyntheticBlockWorkload {
            SyntheticBlockWorkload {
                read_share, zipf_s, footprint_gb, seq_share, seq_run_kb, io_kb, iops, duration_s,
            }
        }
    }

    prop_compose! {
        fn spec()(
            workload in workload(),
            caches in proptest::collection::vec(kind(), 0..10),
            cache_gb in num(), ops in num(), fixed_u in num(), fixed_r in num(),
            fcl_period_s in num(),
            disks in any::<u32>(),
            replacement in prop_oneof![Just(ReplacementOrder::Lru), Just(ReplacementOrder::Sieve), Just(ReplacementOrder::S3Fifo)],
            cost_sweep_u in proptest::collection::vec(num(), 0..40),
            seed in any::<u64>(), replications in any::<u32>(),
        ) -> BlockSpec {
            BlockSpec {
                workload: BlockWorkload::Synthetic(workload),
                caches, cache_gb, ops, fixed_u, fixed_r, fcl_period_s, disks, replacement, cost_sweep_u,
                seed, replications,
            }
        }
    }

    prop_compose! {
        /// Specs near and inside the allowed ranges, so that many pass and
        /// reach the generator.
        fn plausible()(
            read_share in 0.0..1.0f64, zipf_s in 0.0..5.0f64, footprint_gb in 0.0001..4096.0f64,
            seq_share in 0.0..1.0f64, seq_run_kb in 4.0..1e6f64, io4 in 1u32..1025,
            iops in 0.001..1e6f64, duration_s in 0.001..1e4f64, seed in any::<u64>(),
        ) -> BlockSpec {
            BlockSpec {
                workload: BlockWorkload::Synthetic(SyntheticBlockWorkload {
                    read_share, zipf_s, footprint_gb, seq_share, seq_run_kb,
                    io_kb: 4.0 * io4 as f64, iops, duration_s,
                }),
                seed,
                ..Default::default()
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn plausible_block_specs_never_panic(b in plausible()) {
            random_block_specs_never_panic_body(b)?;
        }
    }

    fn random_block_specs_never_panic_body(b: BlockSpec) -> Result<(), TestCaseError> {
        let errs = with_block(b.clone());
        for e in &errs {
            prop_assert!(e.path.starts_with("block"), "{e:?}");
            prop_assert!(!e.message.is_empty());
        }
        if errs.is_empty() {
            let BlockWorkload::Synthetic(w) = &b.workload else {
                unreachable!()
            };
            let blocks = footprint_blocks(w.footprint_gb);
            let mut g = SyntheticBlocks::new(w, b.seed);
            for _ in 0..200 {
                let Some(io) = g.next_io() else { break };
                prop_assert!(io.blocks >= 1);
                prop_assert!(io.t.is_finite() && io.t >= 0.0);
                prop_assert!(
                    io.block + io.blocks as u64 <= blocks,
                    "{io:?} beyond {blocks}"
                );
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Validation never panics, and a spec it accepts generates I/Os
        /// inside the footprint without panicking either.
        #[test]
        fn random_block_specs_never_panic(b in spec()) {
            random_block_specs_never_panic_body(b)?;
        }
    }
}
