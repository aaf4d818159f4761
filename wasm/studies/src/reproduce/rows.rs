//! Small builders the claim lists share: a study scenario, an input of a
//! simulated claim, a published value, a cost configuration.

use crate::optimize::Counts;
use tierplan_scenario::presets::scenario_preset;
use tierplan_scenario::{Architecture, Scenario};

use super::types::{Combine, Expect, Input, Method, Metric, ReproScenario};

/// Configuration of a cost preset with other counts.
pub fn cost_config(arch: Architecture, c: Counts) -> Scenario {
    let preset = match arch {
        Architecture::HddOnly => "mmsys11-cost-hdd",
        Architecture::DramIcHdd => "mmsys11-cost-dram",
        _ => "mmsys11-cost-ssd",
    };
    let mut s = scenario_preset(preset).expect("cost presets exist");
    s.tiers.disk.count = c.disk;
    if let Some(t) = s.tiers.interval_cache.as_mut() {
        t.count = c.interval_cache;
    }
    if let Some(t) = s.tiers.file_cache.as_mut() {
        t.count = c.file_cache;
    }
    s
}

pub fn scenario(id: &str, title: &str, mut s: Scenario) -> ReproScenario {
    s.name = format!("Reproduction — {title}");
    ReproScenario {
        id: id.into(),
        title: title.into(),
        scenario: s,
    }
}

pub fn input(scenario: &str, metric: Metric) -> Input {
    Input {
        scenario: scenario.into(),
        metric,
    }
}

pub fn value(value: f64, unit: &str, decimals: u32) -> Expect {
    Expect::Value {
        value,
        unit: unit.into(),
        decimals,
    }
}

pub fn simulated(inputs: Vec<Input>, combine: Combine) -> Method {
    Method::Simulated { inputs, combine }
}
