//! The FAST'12 cost sweep: FP-FCL at each caching share u of
//! `BlockSpec::cost_sweep_u` runs on the same I/Os as the other caches; the
//! mean cost per host block I/O is priced from the operations it actually
//! did (flash page reads, programs, GC copies and erases from the FTL at the
//! actual over-provisioning 1 − u, disk block reads and writes) with the §9
//! unit costs, so it does not depend on queueing. Beside it, the analytic
//! C_H(u) of §9 with the unified LRU's hit curves measured on the same run.

use super::{CURVE_BUCKETS, TRACKER_LIMIT};
use crate::flash_tier::FlashCounts;
use crate::result::CostAtU;
use crate::sampling::BlockIo;
use crate::stack_distance::{StackDistance, UnifiedCurves};
use tierplan_kit::analytics::cost_model::CostFunctions;
use tierplan_kit::analytics::cost_model::CostParams;
use tierplan_kit::stats::mean_ci95;

/// The operations one cache did in a replication.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct OpCounts {
    pub flash: FlashCounts,
    pub disk_read_blocks: u64,
    pub disk_write_blocks: u64,
    /// Host 4 KB blocks read plus written.
    pub host_blocks: u64,
}

/// Mean cost of the operations per host block I/O, µs (§9 unit costs:
/// C_FR per page read, C_PROG per program, C_CP per GC copy, C_E per erase,
/// C_DR / C_DW per disk block).
pub fn operations_cost_us(ops: &OpCounts, p: &CostParams) -> f64 {
    if ops.host_blocks == 0 {
        return 0.0;
    }
    let f = &ops.flash;
    let total = f.page_reads as f64 * p.c_fr_us
        + f.programs as f64 * p.c_prog_us
        + f.gc_copies as f64 * p.c_cp_us
        + f.erases as f64 * p.c_e_us
        + ops.disk_read_blocks as f64 * p.c_dr_us
        + ops.disk_write_blocks as f64 * p.c_dw_us;
    total / ops.host_blocks as f64
}

/// Hit curves of the run for the analytic side, and the per-replication
/// costs of each sweep point.
pub struct CostSweep {
    us: Vec<f64>,
    /// Physical flash pages of the cache (u = 1).
    physical_pages: f64,
    params: CostParams,
    stack: StackDistance,
    simulated: Vec<Vec<f64>>,
    analytic: Vec<Vec<f64>>,
}

impl CostSweep {
    /// A sweep over `us` for a cache of `physical_pages` 4 KB pages priced
    /// with `params` (its I/O mix is replaced by the measured one).
    pub fn new(us: &[f64], physical_pages: u32, params: CostParams) -> CostSweep {
        CostSweep {
            us: us.to_vec(),
            physical_pages: physical_pages as f64,
            params,
            stack: Self::tracker(physical_pages),
            simulated: vec![Vec::new(); us.len()],
            analytic: vec![Vec::new(); us.len()],
        }
    }

    fn tracker(pages: u32) -> StackDistance {
        StackDistance::sampled(pages as usize, CURVE_BUCKETS, TRACKER_LIMIT)
    }

    pub fn us(&self) -> &[f64] {
        &self.us
    }

    /// Feed one host I/O (every block of it) to the hit-curve tracker.
    pub fn observe(&mut self, io: &BlockIo) {
        for b in io.block..io.block + io.blocks as u64 {
            self.stack.access(b, io.write);
        }
    }

    /// §9 parameters with the write share measured so far.
    pub fn measured_params(&self) -> CostParams {
        let (r, w) = self.stack.counts();
        let io_w = if r + w > 0.0 { w / (r + w) } else { 0.0 };
        self.params.with_write_share(io_w)
    }

    /// Analytic C_H(u) with the curves measured so far.
    pub fn analytic_us(&self, u: f64) -> f64 {
        let curves = UnifiedCurves {
            stack: &self.stack,
            blocks: self.physical_pages,
        };
        self.measured_params().c_h(u, 1.0, &curves)
    }

    /// End of a replication: `ops[i]` is what the FP-FCL at `us[i]` did.
    pub fn finish_rep(&mut self, ops: &[OpCounts]) {
        let params = self.measured_params();
        for (i, o) in ops.iter().enumerate().take(self.us.len()) {
            self.simulated[i].push(operations_cost_us(o, &params));
            let a = self.analytic_us(self.us[i]);
            self.analytic[i].push(a);
        }
        self.stack = Self::tracker(self.physical_pages as u32);
    }

    /// One row per u over the finished replications.
    pub fn result(&self) -> Vec<CostAtU> {
        self.us
            .iter()
            .enumerate()
            .filter(|(i, _)| !self.simulated[*i].is_empty())
            .map(|(i, &u)| CostAtU {
                u,
                simulated_us: mean_ci95(&self.simulated[i]),
                analytic_us: self.analytic[i].iter().sum::<f64>() / self.analytic[i].len() as f64,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tierplan_kit::analytics::cost_model::{HDD_10K_ASSUMED, MLC_TIMING};

    #[test]
    fn operations_are_priced_by_unit_costs() {
        let p = CostParams::from_timings(&MLC_TIMING, &HDD_10K_ASSUMED, 0.5);
        let ops = OpCounts {
            flash: FlashCounts {
                page_reads: 2,
                programs: 3,
                gc_copies: 4,
                erases: 1,
            },
            disk_read_blocks: 1,
            disk_write_blocks: 2,
            host_blocks: 10,
        };
        let want = (2.0 * 175.0
            + 3.0 * 1400.0
            + 4.0 * (175.0 + 1400.0)
            + 3800.0
            + p.c_dr_us
            + 2.0 * p.c_dw_us)
            / 10.0;
        assert!((operations_cost_us(&ops, &p) - want).abs() < 1e-9);
        assert_eq!(operations_cost_us(&OpCounts::default(), &p), 0.0);
    }
}
