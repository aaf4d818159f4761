//! The state of one architecture's search: its configurations in cost
//! order, each one's status, the best so far and the measurements.

use super::result::{Counts, Measurement, SearchSpace};
use std::collections::HashMap;
use tierplan_scenario::*;

#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum St {
    Pending,
    Pruned,
    AnalyticFail,
    InFlight(u32),
    Feasible,
    Infeasible,
}

impl St {
    pub(super) fn resolved_infeasible(self) -> bool {
        matches!(self, St::Pruned | St::AnalyticFail | St::Infeasible)
    }
}

#[derive(Debug, Clone, Copy)]
pub(super) struct Cfg {
    pub(super) counts: Counts,
    pub(super) cost: f64,
}

pub(super) struct Arch {
    pub(super) arch: Architecture,
    /// The scenario at this architecture, validated (at its smallest
    /// counts): the devices of its tiers; `None` when it is skipped.
    pub(super) valid: Option<ValidScenario>,
    pub(super) space: SearchSpace,
    pub(super) cfgs: Vec<Cfg>,
    pub(super) status: Vec<St>,
    pub(super) cursor: usize,
    pub(super) resolved: usize,
    pub(super) best: Option<usize>,
    pub(super) measured: HashMap<usize, Measurement>,
    pub(super) excess: HashMap<(u32, u32), Vec<i64>>,
    pub(super) simulated: u32,
    pub(super) pruned: u32,
    pub(super) analytic: u32,
    pub(super) over_ceiling: u32,
    pub(super) undecided: u32,
    pub(super) done: bool,
    /// Why this architecture is not searched (its cache tier cannot be
    /// formed from the scenario's devices); the others still are.
    pub(super) skipped: Option<String>,
}

pub(super) struct Evaluated {
    pub(super) arch: usize,
    pub(super) pos: usize,
    pub(super) reason: Option<String>,
    pub(super) m: Measurement,
}

/// Capacity facts per device, from the scenario.
pub(super) struct Facts {
    pub(super) bmin_units: u64,
    /// Request-weighted mean length (s) and bitrate (KB/s).
    pub(super) mean_len_s: f64,
    pub(super) mean_kbps: f64,
}

impl Arch {
    /// An architecture to search over `cfgs` (sorted by cost).
    pub(super) fn new(
        arch: Architecture,
        valid: Option<ValidScenario>,
        space: SearchSpace,
        cfgs: Vec<Cfg>,
    ) -> Arch {
        let n = cfgs.len();
        Arch {
            arch,
            valid,
            space,
            cfgs,
            status: vec![St::Pending; n],
            cursor: 0,
            resolved: 0,
            best: None,
            measured: HashMap::new(),
            excess: HashMap::new(),
            simulated: 0,
            pruned: 0,
            analytic: 0,
            over_ceiling: 0,
            undecided: 0,
            done: false,
            skipped: None,
        }
    }

    /// An architecture left out of the search, with its reason.
    pub(super) fn skipped(arch: Architecture, why: String) -> Arch {
        let space = SearchSpace {
            tiers: Vec::new(),
            configurations: 0,
            description: format!("{}: {why}", arch.label()),
        };
        Arch {
            done: true,
            skipped: Some(why),
            ..Arch::new(arch, None, space, Vec::new())
        }
    }
}
