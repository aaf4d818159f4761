//! The characterised presets meet their devices' own measurements (model
//! §11, device characterisation): NOSSDAV'12 Table 1 at queue depth 1 in
//! steady state, the X25-M's datasheet sequential figures fresh, with one
//! controller model explaining all of them; bad input is refused by field.

use proptest::prelude::*;
use tierplan_scenario::presets::request_device_presets;
use tierplan_scenario::Device;
use tierplan_studies::characterize::{Characterization, CharacterizeSpec, DriveState, Pattern};

/// The device validated on its own, then characterised (as every front end
/// does).
fn characterize(
    d: &tierplan_scenario::Device,
    spec: &CharacterizeSpec,
) -> Result<tierplan_studies::characterize::Characterization, Vec<tierplan_scenario::FieldError>> {
    let d = tierplan_scenario::validate::validate_device(d.clone())?;
    tierplan_studies::characterize::characterize(&d, spec)
}

fn preset(id: &str) -> Device {
    request_device_presets()
        .into_iter()
        .find(|d| d.id == id)
        .expect("preset")
}

fn run(id: &str, seconds: f64) -> Characterization {
    characterize(
        &preset(id),
        &CharacterizeSpec {
            queue_depths: vec![1],
            seconds,
            // Steady state is laid out directly; the cliff is not needed here.
            precondition_passes: 0.0,
            seed: 1,
            model: Default::default(),
        },
    )
    .expect("the preset characterises")
}

fn mbps(c: &Characterization, p: Pattern, s: DriveState) -> f64 {
    c.rows
        .iter()
        .find(|r| r.pattern == p && r.state == s && r.queue_depth == 1)
        .expect("row")
        .mbps
}

fn within(ours: f64, published: f64, share: f64) -> bool {
    (ours - published).abs() <= share * published
}

#[test]
fn the_x25m_meets_table_1_and_its_datasheet_with_one_model() {
    let c = run("x25m", 60.0);
    let read = mbps(&c, Pattern::RandRead4k, DriveState::Steady);
    let write = mbps(&c, Pattern::RandWrite4k, DriveState::Steady);
    let seq_read = mbps(&c, Pattern::SeqRead128k, DriveState::Fresh);
    let seq_write = mbps(&c, Pattern::SeqWrite128k, DriveState::Fresh);
    assert!(within(read, 15.5, 0.25), "4 KB random read {read}");
    assert!(within(write, 3.25, 0.25), "4 KB random write {write}");
    assert!(
        within(seq_read, 250.0, 0.25),
        "128 KB sequential read {seq_read}"
    );
    assert!(
        within(seq_write, 70.0, 0.25),
        "128 KB sequential write {seq_write}"
    );
    // Fresh out of the box is faster than steady state, for the same model.
    let fresh = mbps(&c, Pattern::RandWrite4k, DriveState::Fresh);
    assert!(fresh > 4.0 * write, "fresh {fresh} vs steady {write}");
    // Steady-state random writes amplify as a used drive's do.
    let wa = c
        .rows
        .iter()
        .find(|r| r.pattern == Pattern::RandWrite4k && r.state == DriveState::Steady)
        .unwrap()
        .wa;
    assert!(wa > 4.0, "steady WA {wa}");
}

#[test]
fn the_ocz_meets_table_1_within_a_factor_of_two() {
    let c = run("ocz_core_v2", 30.0);
    let read = mbps(&c, Pattern::RandRead4k, DriveState::Steady);
    let write = mbps(&c, Pattern::RandWrite4k, DriveState::Steady);
    assert!(within(read, 14.8, 0.25), "4 KB random read {read}");
    assert!((0.01..=0.04).contains(&write), "4 KB random write {write}");
    assert!(mbps(&c, Pattern::RandWrite4k, DriveState::Fresh) > write);
}

#[test]
fn a_steady_state_too_large_for_the_limit_is_refused_by_field() {
    let mut d = preset("x25m");
    d.capacity_gb = 4000.0;
    // The scalable model's state does not grow with the capacity: it
    // characterises the 4 TB drive; the per-page reference refuses it.
    let quick = CharacterizeSpec {
        queue_depths: vec![1],
        seconds: 1.0,
        ..CharacterizeSpec::default()
    };
    assert!(characterize(&d, &quick).is_ok());
    let reference = CharacterizeSpec {
        model: tierplan_scenario::SsdModelKind::Reference,
        ..CharacterizeSpec::default()
    };
    let e = characterize(&d, &reference).unwrap_err();
    assert!(
        e[0].path == "characterize.precondition_passes" || e[0].path == "device.capacity_gb",
        "{e:?}"
    );
    assert!(e[0].message.contains("limit") || e[0].message.contains("at most"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    /// Any geometry or spec, however wrong, is refused with a field path or
    /// characterised: never a panic.
    #[test]
    fn bad_geometry_or_spec_never_panics(
        gb in prop_oneof![Just(-1.0), Just(0.0), Just(f64::NAN), 0.001f64..0.05],
        page_kb in prop_oneof![Just(0.0), Just(4.0), Just(-4.0)],
        ppb in prop_oneof![Just(0u32), Just(1u32), Just(128u32)],
        read_us in prop_oneof![Just(0.0), Just(50.0), Just(f64::INFINITY)],
        q in prop_oneof![Just(0u32), Just(1u32), Just(2000u32)],
        seconds in prop_oneof![Just(0.0), Just(0.01), Just(-1.0)],
    ) {
        let mut d = preset("x25m");
        d.capacity_gb = gb;
        let f = d.flash.as_mut().unwrap();
        f.page_kb = page_kb;
        f.pages_per_block = ppb;
        f.read_us = read_us;
        let spec = CharacterizeSpec { queue_depths: vec![q], seconds, precondition_passes: 0.5, seed: 3, model: Default::default() };
        match characterize(&d, &spec) {
            Ok(c) => prop_assert!(!c.rows.is_empty()),
            Err(e) => {
                prop_assert!(!e.is_empty());
                prop_assert!(e.iter().all(|x| x.path.starts_with("characterize.") || x.path.starts_with("device.")));
            }
        }
    }
}
