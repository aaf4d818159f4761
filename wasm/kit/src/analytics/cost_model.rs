//! Hybrid cost model of a flash cache in front of a disk (model §9, after Oh
//! et al., FAST'12).
//!
//! The flash cache's physical space is split three ways: a fraction `u` holds
//! cached data (the rest, `1 − u`, is over-provisioned space that garbage
//! collection works in), and the caching space is split again into a read part
//! (fraction `r`) and a write part (`1 − r`). More caching space means more
//! hits; less over-provisioned space means every flash write drags more valid
//! pages through garbage collection. The expected cost of one I/O, C_H(u, r),
//! weighs the two, and a grid search over (u, r) finds the balance.
//!
//! All costs are in microseconds per page-sized I/O.
//!
//! # Why the defaults give u ≈ 0.92
//!
//! The FAST'12 talk shows, for a read-dominated trace on a 4 GB cache, an
//! interior optimum at u = 0.92 (3.68 GB caching, 0.32 GB over-provisioning).
//! We have no trace, so [`ZipfWorkload::default_read_mostly`] stands in for
//! it: a read working set of 17 000 flash blocks (≈ 4.15 GB, a little more
//! than the 16 384-block cache, so extra caching space keeps buying hits right
//! up to u = 1) with mild skew (exponent 0.5), and a small, hot write set of
//! 2 048 blocks (512 MB, exponent 0.8). [`CostParams::default_read_mostly`]
//! uses the HySSC SLC timings, an assumed 10 000 rpm disk (FAST'12 used a
//! 10K rpm disk with its 4 GB cache) and 2 % writes (a search-engine-like,
//! read-dominated mix). With these, the marginal hit ratio gained by caching
//! more equals the marginal garbage-collection cost near u = 0.92; the
//! optimum is interior (hit curves are not saturated there) and moves to
//! smaller u as the write share grows, since every write pays C_PW(u).
//! These are illustrative, not fitted: the point is the shape of C(u).
//!
//! That last trend relies on the default write-hit cost C_WH = C_PW(u) (a
//! write hit rewrites the page out of place, so it pays for GC too). With a
//! small fixed C_WH instead, once the hot write set fits in the write cache
//! write hits stop depending on u, and the optimum can creep back up a
//! little as writes grow.

use serde::{Deserialize, Serialize};

use super::zipf::zipf_probabilities;
pub use tierplan_scenario::cost_model::*;

/// The cost functions of model §9 on a set of parameters: C_GC, C_PW, the
/// read and write costs and their sum. A trait because the parameters are
/// the scenario's (`tierplan_scenario::cost_model`) and the formulas are
/// analytics; bring it into scope to call them.
pub trait CostFunctions {
    /// Size of one erase block, KB.
    fn block_kb(&self) -> f64;
    /// C_GC(u) = u·N_p·C_CP + C_E: cost of freeing one block whose share of
    /// valid pages is u (greedy GC in steady state).
    fn c_gc(&self, u: f64) -> f64;
    /// C_PW(u) = C_GC(u) / ((1 − u)·N_p) + C_PROG: a page program plus its
    /// share of the GC that made room for it. Diverges as u → 1; for u ≥ 1
    /// (no over-provisioned space, GC can never free a page) it is +∞.
    fn c_pw(&self, u: f64) -> f64;
    /// C_WH at u: the fixed value if set, else C_PW(u).
    fn c_wh(&self, u: f64) -> f64;
    /// C_HR(u, r) = H_R·C_FR + (1 − H_R)·(C_DR + C_PW(u)).
    fn c_hr<H: HitCurves + ?Sized>(&self, u: f64, r: f64, curves: &H) -> f64;
    /// C_HR for a given read hit ratio.
    fn c_hr_at(&self, u: f64, h_r: f64) -> f64;
    /// C_HW(u, r) = H_W·C_WH + (1 − H_W)·(C_DR + C_DW + C_PW(u)).
    fn c_hw<H: HitCurves + ?Sized>(&self, u: f64, r: f64, curves: &H) -> f64;
    /// C_HW for a given write hit ratio.
    fn c_hw_at(&self, u: f64, h_w: f64) -> f64;
    /// C_H(u, r) = C_HR(u, r)·IO_R + C_HW(u, r)·IO_W.
    fn c_h<H: HitCurves + ?Sized>(&self, u: f64, r: f64, curves: &H) -> f64;
    /// C_H for given hit ratios when garbage collection finds a share
    /// `victim_valid` of valid pages in its victims. The model's own case is
    /// `victim_valid = u`; a cache that measures its GC passes what it saw.
    fn c_h_at(&self, victim_valid: f64, h_r: f64, h_w: f64) -> f64;
    /// All parts of C_H at one (u, r).
    fn cost_parts<H: HitCurves + ?Sized>(&self, u: f64, r: f64, curves: &H) -> CostPoint;
}

impl CostFunctions for CostParams {
    /// Size of one erase block, KB.
    fn block_kb(&self) -> f64 {
        self.page_kb * self.pages_per_block as f64
    }

    /// C_GC(u) = u·N_p·C_CP + C_E: cost of freeing one block whose share of
    /// valid pages is u (greedy GC in steady state).
    fn c_gc(&self, u: f64) -> f64 {
        u * self.pages_per_block as f64 * self.c_cp_us + self.c_e_us
    }

    /// C_PW(u) = C_GC(u) / ((1 − u)·N_p) + C_PROG: a page program plus its
    /// share of the GC that made room for it. Diverges as u → 1; for u ≥ 1
    /// (no over-provisioned space, GC can never free a page) it is +∞.
    fn c_pw(&self, u: f64) -> f64 {
        let free = 1.0 - u;
        if free <= 0.0 {
            return f64::INFINITY;
        }
        self.c_gc(u) / (free * self.pages_per_block as f64) + self.c_prog_us
    }

    /// C_WH at u: the fixed value if set, else C_PW(u).
    fn c_wh(&self, u: f64) -> f64 {
        self.c_wh_us.unwrap_or_else(|| self.c_pw(u))
    }

    /// C_HR(u, r) = H_R·C_FR + (1 − H_R)·(C_DR + C_PW(u)).
    fn c_hr<H: HitCurves + ?Sized>(&self, u: f64, r: f64, curves: &H) -> f64 {
        let h = curves.read_hit(u, r);
        self.c_hr_at(u, h)
    }

    /// C_HR for a given read hit ratio.
    fn c_hr_at(&self, u: f64, h_r: f64) -> f64 {
        let miss = 1.0 - h_r;
        // A miss term with zero weight must not turn ∞ into NaN.
        let miss_cost = if miss == 0.0 {
            0.0
        } else {
            miss * (self.c_dr_us + self.c_pw(u))
        };
        h_r * self.c_fr_us + miss_cost
    }

    /// C_HW(u, r) = H_W·C_WH + (1 − H_W)·(C_DR + C_DW + C_PW(u)).
    fn c_hw<H: HitCurves + ?Sized>(&self, u: f64, r: f64, curves: &H) -> f64 {
        let h = curves.write_hit(u, r);
        self.c_hw_at(u, h)
    }

    /// C_HW for a given write hit ratio.
    fn c_hw_at(&self, u: f64, h_w: f64) -> f64 {
        let miss = 1.0 - h_w;
        let hit_cost = if h_w == 0.0 { 0.0 } else { h_w * self.c_wh(u) };
        let miss_cost = if miss == 0.0 {
            0.0
        } else {
            miss * (self.c_dr_us + self.c_dw_us + self.c_pw(u))
        };
        hit_cost + miss_cost
    }

    /// C_H(u, r) = C_HR(u, r)·IO_R + C_HW(u, r)·IO_W.
    fn c_h<H: HitCurves + ?Sized>(&self, u: f64, r: f64, curves: &H) -> f64 {
        self.cost_parts(u, r, curves).total
    }

    /// C_H for given hit ratios when garbage collection finds a share
    /// `victim_valid` of valid pages in its victims. The model's own case is
    /// `victim_valid = u`; a cache that measures its GC passes what it saw.
    fn c_h_at(&self, victim_valid: f64, h_r: f64, h_w: f64) -> f64 {
        let weigh = |share: f64, c: f64| if share == 0.0 { 0.0 } else { share * c };
        weigh(self.io_r, self.c_hr_at(victim_valid, h_r))
            + weigh(self.io_w, self.c_hw_at(victim_valid, h_w))
    }

    /// All parts of C_H at one (u, r).
    fn cost_parts<H: HitCurves + ?Sized>(&self, u: f64, r: f64, curves: &H) -> CostPoint {
        let read_hit = curves.read_hit(u, r);
        let write_hit = curves.write_hit(u, r);
        let read_cost_us = self.c_hr_at(u, read_hit);
        let write_cost_us = self.c_hw_at(u, write_hit);
        CostPoint {
            u,
            r,
            total: self.c_h_at(u, read_hit, write_hit),
            read_cost_us,
            write_cost_us,
            read_hit,
            write_hit,
        }
    }
}

/// The workload's hit-ratio curves H_R(u, r) and H_W(u, r): hit ratios of
/// reads and writes when a fraction u·r of the flash is read cache and
/// u·(1 − r) write cache.
pub trait HitCurves {
    fn read_hit(&self, u: f64, r: f64) -> f64;
    fn write_hit(&self, u: f64, r: f64) -> f64;
}

/// Hit-ratio curves given as two closures (e.g. measured by the simulator).
pub struct FnHitCurves<R, W> {
    pub read: R,
    pub write: W,
}

impl<R, W> HitCurves for FnHitCurves<R, W>
where
    R: Fn(f64, f64) -> f64,
    W: Fn(f64, f64) -> f64,
{
    fn read_hit(&self, u: f64, r: f64) -> f64 {
        (self.read)(u, r)
    }
    fn write_hit(&self, u: f64, r: f64) -> f64 {
        (self.write)(u, r)
    }
}

/// Hit ratio of a cache holding the k most popular of n Zipf-popular blocks
/// (the ideal, popularity-ordered cache: hit ratio = top-k mass). Fractional
/// k interpolates linearly so the curve is continuous in the cache size.
#[derive(Debug, Clone)]
pub struct ZipfHitCurve {
    /// cum[k] = mass of the k most popular blocks, cum[0] = 0.
    cum: Vec<f64>,
}

impl ZipfHitCurve {
    /// Population of `blocks` (≥ 1) with popularity ∝ rank^(−exponent).
    pub fn new(blocks: u32, exponent: f64) -> Self {
        let blocks = blocks.max(1);
        let p = zipf_probabilities(blocks, exponent);
        let mut cum = Vec::with_capacity(p.len() + 1);
        let mut acc = 0.0;
        cum.push(0.0);
        for x in p {
            acc += x;
            cum.push(acc);
        }
        ZipfHitCurve { cum }
    }

    pub fn population(&self) -> usize {
        self.cum.len() - 1
    }

    /// Hit ratio when `cached_blocks` blocks fit in the cache.
    pub fn hit_ratio(&self, cached_blocks: f64) -> f64 {
        let n = self.population();
        if cached_blocks.is_nan() || cached_blocks <= 0.0 {
            return 0.0;
        }
        if cached_blocks >= n as f64 {
            return 1.0;
        }
        let i = libm::floor(cached_blocks) as usize;
        let f = cached_blocks - i as f64;
        self.cum[i] + (self.cum[i + 1] - self.cum[i]) * f
    }
}

/// The grid search over a scenario's cost-model inputs (model §9).
pub trait CostModelSearch {
    /// The grid search and the partition at its optimum. Call on a spec
    /// that `validate::validate_cost_model` accepts.
    fn report(&self) -> CostModelReport;
    /// The optimum for each write share of [`WRITE_SHARE_SWEEP`], every
    /// other input unchanged.
    fn write_share_sweep(&self) -> Vec<WriteShareOptimum>;
}

impl CostModelSearch for CostModelSpec {
    /// The grid search and the partition at its optimum. Call on a spec
    /// that `validate::validate_cost_model` accepts.
    fn report(&self) -> CostModelReport {
        optimise_zipf(
            &self.params,
            &self.workload,
            self.cache_gb,
            self.u_steps,
            self.r_steps,
        )
    }

    /// The optimum for each write share of [`WRITE_SHARE_SWEEP`], every
    /// other input unchanged.
    fn write_share_sweep(&self) -> Vec<WriteShareOptimum> {
        WRITE_SHARE_SWEEP
            .iter()
            .map(|&io_w| {
                let r = optimise_zipf(
                    &self.params.with_write_share(io_w),
                    &self.workload,
                    self.cache_gb,
                    self.u_steps,
                    self.r_steps,
                );
                WriteShareOptimum {
                    io_w,
                    optimum: r.grid.optimum,
                    partition: r.partition,
                }
            })
            .collect()
    }
}

/// One row of the optimum-u-versus-write-share table.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WriteShareOptimum {
    pub io_w: f64,
    pub optimum: CostPoint,
    pub partition: Partition,
}

/// Number of erase blocks in a cache of `cache_gb`.
pub fn cache_blocks(cache_gb: f64, params: &CostParams) -> f64 {
    cache_gb * 1024.0 * 1024.0 / params.block_kb()
}

/// Zipf-model hit-ratio curves for a flash cache of `cache_blocks` blocks:
/// H_R(u, r) = top-k mass of the read population with k = u·r·cache_blocks,
/// H_W(u, r) likewise with k = u·(1 − r)·cache_blocks.
#[derive(Debug, Clone)]
pub struct ZipfHitCurves {
    pub cache_blocks: f64,
    read: ZipfHitCurve,
    write: ZipfHitCurve,
}

impl ZipfHitCurves {
    pub fn new(workload: &ZipfWorkload, cache_blocks: f64) -> Self {
        ZipfHitCurves {
            cache_blocks,
            read: ZipfHitCurve::new(workload.read_blocks, workload.read_exponent),
            write: ZipfHitCurve::new(workload.write_blocks, workload.write_exponent),
        }
    }
}

impl HitCurves for ZipfHitCurves {
    fn read_hit(&self, u: f64, r: f64) -> f64 {
        self.read.hit_ratio(u * r * self.cache_blocks)
    }
    fn write_hit(&self, u: f64, r: f64) -> f64 {
        self.write.hit_ratio(u * (1.0 - r) * self.cache_blocks)
    }
}

/// C_H and its parts at one (u, r).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CostPoint {
    pub u: f64,
    pub r: f64,
    /// C_H(u, r), µs per I/O.
    pub total: f64,
    /// C_HR(u, r), µs per read.
    pub read_cost_us: f64,
    /// C_HW(u, r), µs per write.
    pub write_cost_us: f64,
    pub read_hit: f64,
    pub write_hit: f64,
}

/// Result of the (u, r) grid search.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CostGrid {
    /// Grid values of u: i / u_steps for i = 1 .. u_steps − 1 (0 and 1 are
    /// excluded: no cache at all, and no over-provisioned space where C_PW
    /// is infinite).
    pub u: Vec<f64>,
    /// Grid values of r: j / r_steps for j = 0 ..= r_steps.
    pub r: Vec<f64>,
    /// Heatmap: cost_us[i][j] = C_H(u[i], r[j]), µs.
    pub cost_us: Vec<Vec<f64>>,
    /// C(u) = min over r of C_H(u, r), with the minimising r, per grid u.
    pub curve: Vec<CostPoint>,
    /// The grid point of least C_H (ties: smallest u, then smallest r).
    pub optimum: CostPoint,
}

/// Search the grid u = i/u_steps (0 < i < u_steps), r = j/r_steps
/// (0 ≤ j ≤ r_steps) for the least C_H(u, r). `u_steps` ≥ 2, `r_steps` ≥ 1
/// (smaller values are raised to these).
pub fn grid_search<H: HitCurves + ?Sized>(
    params: &CostParams,
    curves: &H,
    u_steps: u32,
    r_steps: u32,
) -> CostGrid {
    let u_steps = u_steps.max(2);
    let r_steps = r_steps.max(1);
    let us: Vec<f64> = (1..u_steps).map(|i| i as f64 / u_steps as f64).collect();
    let rs: Vec<f64> = (0..=r_steps).map(|j| j as f64 / r_steps as f64).collect();
    let mut cost_us = Vec::with_capacity(us.len());
    let mut curve = Vec::with_capacity(us.len());
    let mut optimum: Option<CostPoint> = None;
    for &u in &us {
        let mut row = Vec::with_capacity(rs.len());
        let mut best: Option<CostPoint> = None;
        for &r in &rs {
            let p = params.cost_parts(u, r, curves);
            row.push(p.total);
            if best.is_none_or(|b| p.total < b.total) {
                best = Some(p);
            }
        }
        let best = best.expect("r grid is never empty");
        if optimum.is_none_or(|o| best.total < o.total) {
            optimum = Some(best);
        }
        curve.push(best);
        cost_us.push(row);
    }
    CostGrid {
        u: us,
        r: rs,
        cost_us,
        curve,
        optimum: optimum.expect("u grid is never empty"),
    }
}

/// How a flash cache of `total_gb` splits at (u, r).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Partition {
    pub total_gb: f64,
    /// u × total.
    pub caching_gb: f64,
    /// u × r × total.
    pub read_gb: f64,
    /// u × (1 − r) × total.
    pub write_gb: f64,
    /// (1 − u) × total.
    pub over_provisioning_gb: f64,
}

pub fn partition(total_gb: f64, u: f64, r: f64) -> Partition {
    let caching_gb = u * total_gb;
    Partition {
        total_gb,
        caching_gb,
        read_gb: caching_gb * r,
        write_gb: caching_gb * (1.0 - r),
        over_provisioning_gb: total_gb - caching_gb,
    }
}

/// Grid search plus the partition of the cache at the optimum.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CostModelReport {
    pub cache_gb: f64,
    pub cache_blocks: f64,
    pub grid: CostGrid,
    pub partition: Partition,
}

/// The whole model on the Zipf hit-ratio curves, without the simulator.
pub fn optimise_zipf(
    params: &CostParams,
    workload: &ZipfWorkload,
    cache_gb: f64,
    u_steps: u32,
    r_steps: u32,
) -> CostModelReport {
    let blocks = cache_blocks(cache_gb, params);
    let curves = ZipfHitCurves::new(workload, blocks);
    let grid = grid_search(params, &curves, u_steps, r_steps);
    let partition = partition(cache_gb, grid.optimum.u, grid.optimum.r);
    CostModelReport {
        cache_gb,
        cache_blocks: blocks,
        grid,
        partition,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tierplan_scenario::CellType;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol * (1.0 + b.abs())
    }

    /// Round numbers for hand computation.
    fn hand() -> CostParams {
        CostParams {
            page_kb: 4.0,
            pages_per_block: 64,
            c_fr_us: 100.0,
            c_prog_us: 300.0,
            c_cp_us: 400.0,
            c_e_us: 2000.0,
            c_dr_us: 8000.0,
            c_dw_us: 9000.0,
            c_wh_us: None,
            io_r: 0.75,
            io_w: 0.25,
        }
    }

    fn constant(
        h_r: f64,
        h_w: f64,
    ) -> FnHitCurves<impl Fn(f64, f64) -> f64, impl Fn(f64, f64) -> f64> {
        FnHitCurves {
            read: move |_, _| h_r,
            write: move |_, _| h_w,
        }
    }

    #[test]
    fn gc_and_page_write_by_hand() {
        let p = hand();
        // C_GC(0.5) = 0.5·64·400 + 2000 = 14 800.
        assert_eq!(p.c_gc(0.5), 14_800.0);
        // C_GC(0) = C_E.
        assert_eq!(p.c_gc(0.0), 2000.0);
        // C_PW(0.5) = 14 800 / (0.5·64) + 300 = 462.5 + 300 = 762.5.
        assert_eq!(p.c_pw(0.5), 762.5);
        // C_PW(0.75) = (0.75·64·400 + 2000) / (0.25·64) + 300
        //            = 21 200 / 16 + 300 = 1625.
        assert_eq!(p.c_pw(0.75), 1625.0);
        // No over-provisioned space: infinite.
        assert_eq!(p.c_pw(1.0), f64::INFINITY);
        assert_eq!(p.c_pw(1.5), f64::INFINITY);
    }

    #[test]
    fn page_write_diverges_towards_one() {
        let p = hand();
        let mut last = p.c_pw(0.0);
        for i in 1..1000 {
            let c = p.c_pw(i as f64 / 1000.0);
            assert!(c > last);
            last = c;
        }
        // At u = 0.999: 27 574 / 0.064 + 300 = 431 150.
        assert!(close(last, 431_150.0, 1e-9), "{last}");
    }

    #[test]
    fn read_write_and_total_by_hand() {
        let p = hand();
        let curves = constant(0.8, 0.6);
        // C_HR = 0.8·100 + 0.2·(8000 + 762.5) = 80 + 1752.5 = 1832.5.
        assert!(close(p.c_hr(0.5, 0.3, &curves), 1832.5, 1e-12));
        // C_WH = C_PW(0.5) = 762.5;
        // C_HW = 0.6·762.5 + 0.4·(8000 + 9000 + 762.5) = 457.5 + 7105 = 7562.5.
        assert!(close(p.c_hw(0.5, 0.3, &curves), 7562.5, 1e-12));
        // C_H = 0.75·1832.5 + 0.25·7562.5 = 1374.375 + 1890.625 = 3265.
        assert!(close(p.c_h(0.5, 0.3, &curves), 3265.0, 1e-12));
        // A fixed write-hit cost: C_HW = 0.6·50 + 7105 = 7135.
        let fixed = CostParams {
            c_wh_us: Some(50.0),
            ..hand()
        };
        assert!(close(fixed.c_hw(0.5, 0.3, &curves), 7135.0, 1e-12));
    }

    #[test]
    fn curves_receive_u_and_r() {
        let p = hand();
        // H_R = u·r, H_W = u·(1 − r); at (0.5, 0.5) both 0.25.
        let curves = FnHitCurves {
            read: |u: f64, r: f64| u * r,
            write: |u: f64, r: f64| u * (1.0 - r),
        };
        // C_HR = 0.25·100 + 0.75·8762.5 = 25 + 6571.875 = 6596.875.
        assert!(close(p.c_hr(0.5, 0.5, &curves), 6596.875, 1e-12));
        // C_HW = 0.25·762.5 + 0.75·17 762.5 = 190.625 + 13 321.875 = 13 512.5.
        assert!(close(p.c_hw(0.5, 0.5, &curves), 13_512.5, 1e-12));
    }

    #[test]
    fn full_hits_stay_finite_at_u_one() {
        // All hits: the infinite miss penalty has zero weight, not NaN.
        let p = CostParams {
            c_wh_us: Some(50.0),
            ..hand()
        };
        let c = p.c_h(1.0, 0.5, &constant(1.0, 1.0));
        assert_eq!(c, 0.75 * 100.0 + 0.25 * 50.0);
    }

    #[test]
    fn timings_to_params() {
        let p = CostParams::from_timings(&SLC_TIMING, &HDD_10K_ASSUMED, 0.1);
        assert_eq!(p.c_fr_us, 135.0);
        assert_eq!(p.c_prog_us, 350.0);
        assert_eq!(p.c_cp_us, 485.0);
        assert_eq!(p.c_e_us, 1500.0);
        // 4 KB at 100 MB/s = 39.0625 µs.
        assert!(close(p.c_dr_us, 7539.0625, 1e-12));
        assert!(close(p.c_dw_us, 8039.0625, 1e-12));
        assert!(close(p.io_r, 0.9, 1e-12));
        let m = flash_timing(CellType::Mlc).unwrap();
        assert_eq!((m.read_us, m.program_us, m.erase_ms), (175.0, 1400.0, 3.8));
        let t = flash_timing(CellType::Tlc).unwrap();
        assert_eq!(
            (t.read_us, t.program_us, t.erase_ms, t.page_kb),
            (350.0, 2500.0, 3.0, 8.0)
        );
        assert_eq!(flash_timing(CellType::Slc).unwrap().page_kb, 4.0);
        assert!(flash_timing(CellType::Qlc).is_none());
    }

    #[test]
    fn zipf_curve_is_top_k_mass() {
        let c = ZipfHitCurve::new(300, 0.729);
        let m = crate::analytics::zipf_top_k_mass(300, 0.729, 56);
        assert!(close(c.hit_ratio(56.0), m, 1e-12));
        assert_eq!(c.hit_ratio(0.0), 0.0);
        assert_eq!(c.hit_ratio(-3.0), 0.0);
        assert_eq!(c.hit_ratio(300.0), 1.0);
        assert_eq!(c.hit_ratio(1e9), 1.0);
        // Halfway between k = 56 and 57.
        let m57 = crate::analytics::zipf_top_k_mass(300, 0.729, 57);
        assert!(close(c.hit_ratio(56.5), (m + m57) / 2.0, 1e-12));
        // Uniform: linear.
        let u = ZipfHitCurve::new(100, 0.0);
        assert!(close(u.hit_ratio(25.0), 0.25, 1e-12));
    }

    #[test]
    fn zipf_curve_by_hand() {
        // n = 3, s = 1: weights 1, 1/2, 1/3, total 11/6 → 6/11, 3/11, 2/11.
        let c = ZipfHitCurve::new(3, 1.0);
        assert_eq!(c.population(), 3);
        assert!(close(c.hit_ratio(1.0), 6.0 / 11.0, 1e-15));
        assert!(close(c.hit_ratio(2.0), 9.0 / 11.0, 1e-15));
        assert!(close(c.hit_ratio(1.5), 7.5 / 11.0, 1e-15));
        assert!(close(c.hit_ratio(0.5), 3.0 / 11.0, 1e-15));
    }

    #[test]
    fn zipf_curves_split_cache_by_r() {
        let w = ZipfWorkload {
            read_blocks: 100,
            read_exponent: 0.0,
            write_blocks: 50,
            write_exponent: 0.0,
        };
        let c = ZipfHitCurves::new(&w, 100.0);
        // Read cache 0.8·0.25·100 = 20 of 100 blocks; write cache 60 ≥ 50.
        assert!(close(c.read_hit(0.8, 0.25), 0.2, 1e-12));
        assert_eq!(c.write_hit(0.8, 0.25), 1.0);
        assert!(close(c.write_hit(0.5, 0.6), 0.4, 1e-12));
    }

    #[test]
    fn partition_of_four_gb_at_092() {
        let p = partition(4.0, 0.92, 1.0);
        assert!(close(p.caching_gb, 3.68, 1e-12));
        assert!(close(p.over_provisioning_gb, 0.32, 1e-12));
        assert!(close(p.read_gb, 3.68, 1e-12));
        assert_eq!(p.write_gb, 0.0);
        let q = partition(4.0, 0.5, 0.25);
        assert_eq!(
            (q.read_gb, q.write_gb, q.over_provisioning_gb),
            (0.5, 1.5, 2.0)
        );
        let blocks = cache_blocks(4.0, &CostParams::default_read_mostly());
        assert_eq!(blocks, 16_384.0);
    }

    #[test]
    fn grid_excludes_zero_and_one() {
        let p = hand();
        let g = grid_search(&p, &constant(0.5, 0.5), 10, 4);
        assert_eq!(g.u.len(), 9);
        assert_eq!(g.u[0], 0.1);
        assert_eq!(g.u[8], 0.9);
        assert_eq!(g.r, vec![0.0, 0.25, 0.5, 0.75, 1.0]);
        assert_eq!(g.cost_us.len(), 9);
        assert!(g.cost_us.iter().all(|row| row.len() == 5));
        assert!(g.cost_us.iter().flatten().all(|c| c.is_finite()));
        // With hit ratios independent of u, only GC matters: smallest u.
        assert_eq!(g.optimum.u, 0.1);
        // The curve is the row minimum.
        for (row, pt) in g.cost_us.iter().zip(&g.curve) {
            let m = row.iter().cloned().fold(f64::INFINITY, f64::min);
            assert_eq!(pt.total, m);
        }
    }

    fn default_report(io_w: f64, u_steps: u32, r_steps: u32) -> CostModelReport {
        let p = CostParams::default_read_mostly().with_write_share(io_w);
        optimise_zipf(
            &p,
            &ZipfWorkload::default_read_mostly(),
            DEFAULT_CACHE_GB,
            u_steps,
            r_steps,
        )
    }

    #[test]
    fn fast12_example_spec_gives_the_published_split() {
        let spec = CostModelSpec::fast12_example();
        let rep = spec.report();
        assert_eq!(rep, default_report(0.02, 100, 100));
        assert_eq!(rep.grid.optimum.u, 0.92);
        assert!(close(rep.partition.caching_gb, 3.68, 1e-12));
        assert!(close(rep.partition.over_provisioning_gb, 0.32, 1e-12));
        // More writes, more over-provisioning: optimum u never rises along
        // the sweep and ends far below the read-mostly optimum.
        let sweep = spec.write_share_sweep();
        let io: Vec<f64> = sweep.iter().map(|s| s.io_w).collect();
        assert_eq!(io, WRITE_SHARE_SWEEP);
        assert_eq!(sweep[1].optimum, rep.grid.optimum);
        assert!(sweep.windows(2).all(|w| w[1].optimum.u <= w[0].optimum.u));
        assert!(sweep.last().unwrap().optimum.u < 0.2);
    }

    #[test]
    fn read_mostly_default_has_interior_optimum_near_092() {
        let rep = default_report(0.02, 100, 100);
        let o = rep.grid.optimum;
        assert!((o.u - 0.92).abs() < 0.015, "optimum u = {}", o.u);
        // Interior: clearly below both ends of the C(u) curve.
        let first = rep.grid.curve.first().unwrap().total;
        let last = rep.grid.curve.last().unwrap().total;
        assert!(
            o.total < 0.95 * first && o.total < 0.95 * last,
            "{first} {} {last}",
            o.total
        );
        // And the hit curves are not saturated there.
        assert!(o.read_hit < 1.0 && o.write_hit < 1.0);
        // C(u) falls to the optimum then rises.
        let k = rep.grid.curve.iter().position(|c| c.u == o.u).unwrap();
        assert!(rep.grid.curve[..k]
            .windows(2)
            .all(|w| w[1].total <= w[0].total));
        assert!(rep.grid.curve[k..]
            .windows(2)
            .all(|w| w[1].total >= w[0].total));
        // Partition of the 4 GB cache.
        assert!(close(rep.partition.caching_gb, 4.0 * o.u, 1e-12));
        assert!(close(
            rep.partition.over_provisioning_gb,
            4.0 * (1.0 - o.u),
            1e-12
        ));
    }

    #[test]
    fn optimum_moves_down_as_writes_grow() {
        let mut last_u = f64::INFINITY;
        let mut us = Vec::new();
        for io_w in [0.0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.0] {
            let u = default_report(io_w, 100, 50).grid.optimum.u;
            us.push(u);
            assert!(u <= last_u, "io_w = {io_w}: {us:?}");
            last_u = u;
        }
        assert!(us[0] > us[us.len() - 1], "{us:?}");
    }

    #[test]
    fn coarse_grid_within_one_step_of_fine_grid() {
        for io_w in [0.02, 0.2] {
            let coarse = default_report(io_w, 25, 20).grid.optimum;
            let fine = default_report(io_w, 400, 200).grid.optimum;
            assert!(
                (coarse.u - fine.u).abs() <= 1.0 / 25.0 + 1e-12,
                "{coarse:?} {fine:?}"
            );
            assert!(
                (coarse.r - fine.r).abs() <= 1.0 / 20.0 + 1e-12,
                "{coarse:?} {fine:?}"
            );
            assert!(fine.total <= coarse.total + 1e-9);
        }
    }

    #[test]
    fn params_round_trip_json() {
        let p = CostParams::default_read_mostly();
        let s = serde_json::to_string(&p).unwrap();
        let back: CostParams = serde_json::from_str(&s).unwrap();
        assert_eq!(p, back);
        // c_wh_us may be omitted.
        let v = s.replace(",\"c_wh_us\":null", "");
        assert_eq!(serde_json::from_str::<CostParams>(&v).unwrap(), p);
    }

    proptest::proptest! {
        /// C_PW grows with u and is never below C_PROG; C_HR lies between
        /// an all-hit and an all-miss read; C_H is the share-weighted mix.
        #[test]
        fn cost_bounds(
            u in 0.0f64..0.999,
            du in 0.0001f64..0.5,
            h_r in 0.0f64..=1.0,
            h_w in 0.0f64..=1.0,
            io_w in 0.0f64..=1.0,
            n_p in 1u32..512,
            cp in 1.0f64..5000.0,
            e in 1.0f64..10_000.0,
        ) {
            let p = CostParams {
                pages_per_block: n_p,
                c_cp_us: cp,
                c_e_us: e,
                ..hand().with_write_share(io_w)
            };
            let pw = p.c_pw(u);
            proptest::prop_assert!(pw >= p.c_prog_us);
            let u2 = u + du;
            if u2 < 1.0 {
                proptest::prop_assert!(p.c_pw(u2) > pw);
            } else {
                proptest::prop_assert!(p.c_pw(u2) == f64::INFINITY);
            }
            let chr = p.c_hr_at(u, h_r);
            let lo = p.c_fr_us.min(p.c_dr_us + pw);
            let hi = p.c_fr_us.max(p.c_dr_us + pw);
            proptest::prop_assert!(chr >= lo * (1.0 - 1e-12) && chr <= hi * (1.0 + 1e-12));
            let curves = constant(h_r, h_w);
            let total = p.c_h(u, 0.5, &curves);
            let mix = p.io_r * chr + p.io_w * p.c_hw_at(u, h_w);
            proptest::prop_assert!(close(total, mix, 1e-12));
        }
    }
}
