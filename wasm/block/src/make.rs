//! Builds a cache of a `BlockCacheKind`: its flash tiers (cell type, size,
//! over-provisioning) and its policy.

use super::fcl::{fp_fcl, op_fcl, rw_fcl, FclConfig};
use super::flash_tier::{geometry, tier_geometry, FlashTier};
use super::hyssc::Hyssc;
use super::no_cache::NoCache;
use super::policy::CachePolicy;
use super::single_tech::SingleTechCache;
use tierplan_scenario::block::{BlockCacheKind, BlockSpec};
use tierplan_scenario::CellType;

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
pub fn supported(_kind: BlockCacheKind) -> bool {
    true
}

/// Physical pages of a tier of `gb` of `cell` flash (all units, all blocks).
pub fn physical_pages(cell: CellType, gb: f64) -> u32 {
    let (blocks_per_unit, _) = geometry(cell, gb, 0.0);
    let g = tier_geometry(cell, gb);
    blocks_per_unit * g.pages_per_block * g.units
}

/// §9 unit costs of a FAST'12 layer: its chip, the assumed 10K rpm disk of
/// the cost model (the write share is measured by whoever uses them).
pub fn fcl_params(cell: CellType) -> tierplan_kit::analytics::cost_model::CostParams {
    use tierplan_kit::analytics::cost_model::{
        flash_timing, CostParams, HDD_10K_ASSUMED, MLC_TIMING,
    };
    CostParams::from_timings(
        &flash_timing(cell).unwrap_or(MLC_TIMING),
        &HDD_10K_ASSUMED,
        0.0,
    )
}

/// Geometry and settings of a FAST'12 layer of `kind` (`u`: sweep point).
pub fn fcl_config(kind: BlockCacheKind, spec: &BlockSpec, u: Option<f64>) -> FclConfig {
    let l = tier_layout(kind, spec, u)[0];
    FclConfig {
        physical_pages: physical_pages(l.cell, l.gb),
        logical_pages: geometry(l.cell, l.gb, l.ops).1,
        u: u.unwrap_or(spec.fixed_u),
        r: spec.fixed_r,
        params: fcl_params(l.cell),
        period_s: spec.fcl_period_s,
    }
}

/// The policy of a cache of `kind` (`u`: the FAST'12 sweep point).
pub fn policy(kind: BlockCacheKind, spec: &BlockSpec, u: Option<f64>) -> Box<dyn CachePolicy> {
    let layout = tier_layout(kind, spec, u);
    let pages = |i: usize| geometry(layout[i].cell, layout[i].gb, layout[i].ops).1;
    let page_kb = |i: usize| {
        tierplan_kit::analytics::cost_model::flash_timing(layout[i].cell)
            .map(|t| t.page_kb)
            .unwrap_or(4.0)
    };
    match kind {
        BlockCacheKind::None => Box::new(NoCache::default()),
        BlockCacheKind::Slc | BlockCacheKind::Mlc | BlockCacheKind::Tlc => {
            Box::new(SingleTechCache::new(pages(0), page_kb(0), spec.replacement))
        }
        BlockCacheKind::Hyssc => Box::new(Hyssc::new(pages(0), pages(1))),
        BlockCacheKind::FpFcl => fp_fcl(&fcl_config(kind, spec, u)),
        BlockCacheKind::RwFcl => rw_fcl(&fcl_config(kind, spec, u)),
        BlockCacheKind::OpFcl => op_fcl(&fcl_config(kind, spec, u)),
    }
}
