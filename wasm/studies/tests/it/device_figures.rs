//! The presets' published device figures (scenario::presets::figures) name
//! characterisation tests that exist: each pattern and state reads as the
//! characterisation's own enum, and each figure finds its row in a
//! characterisation of its device.

use tierplan_scenario::presets::{device_figures, request_device_presets};
use tierplan_studies::characterize::{CharacterizeSpec, DriveState, Pattern};

/// The device validated on its own, then characterised (as every front end
/// does).
fn characterize(
    d: &tierplan_scenario::Device,
    spec: &CharacterizeSpec,
) -> Result<tierplan_studies::characterize::Characterization, Vec<tierplan_scenario::FieldError>> {
    let d = tierplan_scenario::validate::validate_device(d.clone())?;
    tierplan_studies::characterize::characterize(&d, spec)
}

#[test]
fn every_figure_names_a_characterisation_test() {
    for f in device_figures() {
        let p: Pattern = serde_json::from_value(serde_json::Value::String(f.pattern.clone()))
            .unwrap_or_else(|e| panic!("{}: pattern {:?}: {e}", f.device, f.pattern));
        assert!(Pattern::ALL.contains(&p));
        if let Some(s) = &f.state {
            let _: DriveState = serde_json::from_value(serde_json::Value::String(s.clone()))
                .unwrap_or_else(|e| panic!("{}: state {s:?}: {e}", f.device));
        }
    }
}

#[test]
fn each_figure_finds_its_row_in_a_characterisation() {
    // A small copy of the X25-M (same timings), so the test runs in a moment.
    let mut d = request_device_presets()
        .into_iter()
        .find(|d| d.id == "x25m")
        .unwrap();
    d.capacity_gb = 0.125;
    let c = characterize(
        &d,
        &CharacterizeSpec {
            queue_depths: vec![1, 32],
            seconds: 0.2,
            ..CharacterizeSpec::default()
        },
    )
    .unwrap();
    let rows = serde_json::to_value(&c.rows).unwrap();
    for f in device_figures().into_iter().filter(|f| f.device == "x25m") {
        let hit = rows.as_array().unwrap().iter().any(|r| {
            r["pattern"] == f.pattern.as_str()
                && f.state.as_deref().is_none_or(|s| r["state"] == s)
                && f.queue_depth.is_none_or(|q| r["queue_depth"] == q)
        });
        assert!(hit, "no row for {f:?}");
    }
}
