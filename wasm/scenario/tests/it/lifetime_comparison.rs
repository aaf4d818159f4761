//! The Flash lifetime tab's comparison, laid out by the core
//! (`presets::lifetime_comparison`): five valid runs that contrast MLC, SLC
//! and LFU, each differing from its preset only where its note says.

use tierplan_scenario::presets::lifetime_comparison::{COMPARISON_CHURN, COMPARISON_LFU_MARGIN};
use tierplan_scenario::presets::{lifetime_comparison, scenario_preset};
use tierplan_scenario::validate::problems;
use tierplan_scenario::{LfuPolicy, TierSpec};

#[test]
fn five_valid_runs_contrast_mlc_slc_and_lfu() {
    let cases = lifetime_comparison();
    let ids: Vec<&str> = cases.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(
        ids,
        ["mlc-ic", "slc-ic", "hyssc", "lfu-static", "lfu-dynamic"]
    );
    for c in &cases {
        assert_eq!(problems(&c.scenario), vec![], "{}", c.id);
    }
    // The presets as they are, for the MLC, hybrid and static runs.
    assert_eq!(
        cases[0].scenario,
        scenario_preset("mlc-interval-cache").unwrap()
    );
    assert_eq!(cases[2].scenario, scenario_preset("hyssc-slc-tlc").unwrap());
    assert_eq!(
        cases[3].scenario,
        scenario_preset("mmsys11-cost-ssd").unwrap()
    );
    assert_eq!(cases[3].scenario.policy.lfu, LfuPolicy::Static);
    // An SLC buffer of about the MLC buffer's capacity: 3 × 80 GB for 256 GB.
    let slc = &cases[1];
    assert_eq!(
        slc.scenario.tiers.interval_cache,
        Some(TierSpec {
            device: "slc_fusionio".into(),
            count: 3
        })
    );
    assert_eq!(
        slc.note,
        "same workload and disks, buffer on 3 × 80 GB SLC (about the MLC buffer's capacity)"
    );
    let mut back = slc.scenario.clone();
    back.tiers.interval_cache = cases[0].scenario.tiers.interval_cache.clone();
    back.devices
        .retain(|d| cases[0].scenario.devices.iter().any(|m| m.id == d.id));
    back.name = cases[0].scenario.name.clone();
    assert_eq!(back, cases[0].scenario, "only the buffer differs");
    // Dynamic LFU with churn: the static run's scenario otherwise.
    let d = &cases[4];
    assert_eq!(d.scenario.policy.lfu, LfuPolicy::Dynamic);
    assert_eq!(d.scenario.policy.lfu_margin, COMPARISON_LFU_MARGIN);
    assert_eq!(d.scenario.workload.churn, Some(COMPARISON_CHURN));
    assert_eq!(d.note, "8 new titles every 4 h, count margin 10");
}
