//! Builds a cache of a `BlockCacheKind`: its flash tiers (cell type, size,
//! over-provisioning) and its policy.

use super::flash_tier::{geometry, FlashTier};
use super::hyssc::Hyssc;
use super::lru_cache::LruCache;
use super::no_cache::NoCache;
use super::policy::CachePolicy;
use crate::block_spec::{BlockCacheKind, BlockSpec};
use crate::scenario::CellType;

/// One flash tier of a cache: cell type, physical GB, over-provisioned share.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TierLayout {
    pub cell: CellType,
    pub gb: f64,
    pub ops: f64,
}

/// The tiers of a cache of `kind`. Single-technology caches: `cache_gb` of
/// one cell type with `ops` over-provisioning. HySSC: half SLC, half TLC,
/// each with `ops` (so `ops` overall). FAST'12 layers: MLC (an assumption:
/// the FAST'12 paper's SSD is MLC), over-provisioning 1 − u for the fixed
/// layers (u = the sweep point, else `fixed_u`); OP-FCL addresses its whole
/// flash but one spare block per unit and trims what its partition leaves
/// unused.
pub fn tier_layout(kind: BlockCacheKind, spec: &BlockSpec, u: Option<f64>) -> Vec<TierLayout> {
    let one = |cell, ops| {
        vec![TierLayout {
            cell,
            gb: spec.cache_gb,
            ops,
        }]
    };
    let fixed_ops = 1.0 - u.unwrap_or(spec.fixed_u);
    match kind {
        BlockCacheKind::None => Vec::new(),
        BlockCacheKind::Slc => one(CellType::Slc, spec.ops),
        BlockCacheKind::Mlc => one(CellType::Mlc, spec.ops),
        BlockCacheKind::Tlc => one(CellType::Tlc, spec.ops),
        BlockCacheKind::Hyssc => vec![
            TierLayout {
                cell: CellType::Slc,
                gb: spec.cache_gb / 2.0,
                ops: spec.ops,
            },
            TierLayout {
                cell: CellType::Tlc,
                gb: spec.cache_gb / 2.0,
                ops: spec.ops,
            },
        ],
        BlockCacheKind::FpFcl | BlockCacheKind::RwFcl => one(CellType::Mlc, fixed_ops),
        BlockCacheKind::OpFcl => one(CellType::Mlc, 0.0),
    }
}

/// The timed tiers of a layout (`timed = false`: every chip time zero).
pub fn flash_tiers(layout: &[TierLayout], timed: bool) -> Vec<FlashTier> {
    layout
        .iter()
        .map(|l| FlashTier::new(l.cell, l.gb, l.ops, timed))
        .collect()
}

/// Whether the factory builds `kind` in this build.
pub fn supported(kind: BlockCacheKind) -> bool {
    !matches!(
        kind,
        BlockCacheKind::FpFcl | BlockCacheKind::RwFcl | BlockCacheKind::OpFcl
    )
}

/// The policy of a cache of `kind` (`u`: the FAST'12 sweep point).
pub fn policy(kind: BlockCacheKind, spec: &BlockSpec, u: Option<f64>) -> Box<dyn CachePolicy> {
    let layout = tier_layout(kind, spec, u);
    let pages = |i: usize| geometry(layout[i].cell, layout[i].gb, layout[i].ops).1;
    let page_kb = |i: usize| {
        crate::analytics::cost_model::flash_timing(layout[i].cell)
            .map(|t| t.page_kb)
            .unwrap_or(4.0)
    };
    match kind {
        BlockCacheKind::None => Box::new(NoCache::default()),
        BlockCacheKind::Slc | BlockCacheKind::Mlc | BlockCacheKind::Tlc => {
            Box::new(LruCache::new(pages(0), page_kb(0)))
        }
        BlockCacheKind::Hyssc => Box::new(Hyssc::new(pages(0), pages(1))),
        BlockCacheKind::FpFcl | BlockCacheKind::RwFcl | BlockCacheKind::OpFcl => {
            unreachable!("FAST'12 layers are refused by `supported` until block::fcl lands")
        }
    }
}
