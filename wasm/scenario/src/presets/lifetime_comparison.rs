//! The Flash lifetime tab's comparison (model §8): interval caching on MLC
//! (the study's warning), the same workload with the interval cache on SLC
//! of about the same capacity, the HySSC hybrid, and file-level LFU static
//! and dynamic with churn. Built here, beside the presets it starts from,
//! so the app runs the scenarios the core lays out instead of editing
//! presets of its own (issue 49: settings have one home).

use serde::{Deserialize, Serialize};

use super::{catalog, scenario_preset};
use crate::{Churn, LfuPolicy, Scenario, TierSpec};

/// The dynamic-LFU case's churn: 8 new titles every 4 h (as in the stream
/// engine's `dynamic_lfu_wear` test).
pub const COMPARISON_CHURN: Churn = Churn {
    period_h: 4.0,
    new_titles: 8,
};
/// The dynamic-LFU case's count margin, requests.
pub const COMPARISON_LFU_MARGIN: u32 = 10;
/// The SLC device the interval cache moves to.
const SLC_ID: &str = "slc_fusionio";

/// One run of the comparison: an id, a label, a note saying what differs,
/// and the scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ComparisonCase {
    pub id: String,
    pub label: String,
    pub note: String,
    pub scenario: Scenario,
}

fn case(id: &str, label: &str, note: String, scenario: Scenario) -> ComparisonCase {
    ComparisonCase {
        id: id.into(),
        label: label.into(),
        note,
        scenario,
    }
}

/// A count or size as the note shows it: whole numbers without a fraction.
fn plain(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{x:.0}")
    } else {
        format!("{x}")
    }
}

/// The five runs of the comparison, in the order the tab shows them; empty
/// if a preset they start from were missing (a test pins that none is).
pub fn lifetime_comparison() -> Vec<ComparisonCase> {
    let (Some(mlc), Some(stat), Some(hyssc)) = (
        scenario_preset("mlc-interval-cache"),
        scenario_preset("mmsys11-cost-ssd"),
        scenario_preset("hyssc-slc-tlc"),
    ) else {
        return Vec::new();
    };
    let mut slc = mlc.clone();
    if !slc.devices.iter().any(|d| d.id == SLC_ID) {
        if let Some(d) = catalog().into_iter().find(|d| d.id == SLC_ID) {
            slc.devices.push(d);
        }
    }
    let slc_gb = slc
        .devices
        .iter()
        .find(|d| d.id == SLC_ID)
        .map(|d| d.capacity_gb);
    let mlc_buffer = mlc.tiers.interval_cache.as_ref().and_then(|t| {
        let d = mlc.devices.iter().find(|d| d.id == t.device)?;
        Some(d.capacity_gb * f64::from(t.count))
    });
    // As many SLC devices as give about the MLC buffer's capacity.
    let n = match (slc_gb, mlc_buffer) {
        (Some(slc_gb), Some(buffer)) => (buffer / slc_gb).round().max(1.0) as u32,
        _ => 1,
    };
    slc.tiers.interval_cache = Some(TierSpec {
        device: SLC_ID.into(),
        count: n,
    });
    slc.name = format!("{}, on SLC", mlc.name);
    let mut dyn_lfu = stat.clone();
    dyn_lfu.policy.lfu = LfuPolicy::Dynamic;
    dyn_lfu.policy.lfu_margin = COMPARISON_LFU_MARGIN;
    dyn_lfu.workload.churn = Some(COMPARISON_CHURN);
    dyn_lfu.name = format!("{}, dynamic LFU with churn", stat.name);
    let slc_text = slc_gb.map_or("SLC".to_string(), |gb| format!("{} GB SLC", plain(gb)));
    vec![
        case("mlc-ic", "Interval cache on MLC", mlc.name.clone(), mlc),
        case(
            "slc-ic",
            "Interval cache on SLC",
            format!("same workload and disks, buffer on {n} × {slc_text} (about the MLC buffer's capacity)"),
            slc,
        ),
        case("hyssc", "SLC (IC) + TLC (LFU) + HDD", hyssc.name.clone(), hyssc),
        case("lfu-static", "File-level LFU, static", stat.name.clone(), stat),
        case(
            "lfu-dynamic",
            "File-level LFU, dynamic + churn",
            format!(
                "{} new titles every {} h, count margin {}",
                COMPARISON_CHURN.new_titles,
                plain(COMPARISON_CHURN.period_h),
                COMPARISON_LFU_MARGIN
            ),
            dyn_lfu,
        ),
    ]
}
