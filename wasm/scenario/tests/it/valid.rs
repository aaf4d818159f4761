//! `ValidScenario`: made by `validate` only, its references resolved to the
//! catalog entries the checks proved, and the scenarios derived from it
//! valid (by construction or checked again at `derive`).

use tierplan_scenario::presets::{scenario_preset, scenario_presets};
use tierplan_scenario::validate::{problems, validate, validate_device};
use tierplan_scenario::{Architecture, TierRole};

#[test]
fn validate_resolves_the_device_of_every_tier_in_use() {
    for p in scenario_presets() {
        let s = scenario_preset(&p.id).expect("preset");
        let v = validate(s.clone()).expect("a preset is valid");
        let (t, d) = v.disk();
        assert_eq!(
            (t, &d.id),
            (&s.tiers.disk, &s.tiers.disk.device),
            "{}",
            p.id
        );
        // The same tiers, in the same order, as the scenario's own list,
        // each with the catalog entry its id names.
        let plain: Vec<(TierRole, String)> = s
            .tiers_in_use()
            .map(|(r, t)| (r, t.device.clone()))
            .collect();
        let resolved: Vec<(TierRole, String)> = v
            .tiers_in_use()
            .map(|(r, _, d)| (r, d.id.clone()))
            .collect();
        assert_eq!(resolved, plain, "{}", p.id);
        for (_, t, d) in v.tiers_in_use() {
            assert_eq!(Some(d), s.device(&t.device), "{}", p.id);
        }
        assert_eq!(
            v.file_cache().is_some(),
            s.architecture.has_file_cache(),
            "{}",
            p.id
        );
        assert_eq!(
            v.interval_cache().is_some(),
            s.architecture.interval_cache_kind().is_some(),
            "{}",
            p.id
        );
    }
}

#[test]
fn an_invalid_scenario_gives_its_problems_and_no_valid_scenario() {
    let mut s = scenario_preset("mmsys11-cost-ssd").expect("preset");
    s.tiers.disk.device = "no-such-disk".into();
    let errs = validate(s.clone()).expect_err("an unknown disk");
    assert_eq!(errs, problems(&s));
    assert!(errs.iter().any(|e| e.path == "tiers.disk.device"));
}

#[test]
fn one_replication_of_a_valid_scenario_is_valid() {
    for p in scenario_presets() {
        let mut s = scenario_preset(&p.id).expect("preset");
        // With a target the whole run needs several replications; one of
        // them alone drops the target and stays valid.
        s.run.replications = 5;
        s.run.target_rejection = Some(0.01);
        let v = validate(s).expect("valid");
        let one = v.one_replication(u32::MAX);
        assert_eq!(one.run.replications, 1);
        assert_eq!(one.run.seed, u32::MAX);
        assert_eq!(one.run.target_rejection, None);
        // What the type promises, checked by the checks themselves.
        assert_eq!(problems(&one), vec![], "{}", p.id);
    }
}

#[test]
fn a_derived_scenario_is_checked_again() {
    let v = validate(scenario_preset("mmsys11-cost-ssd").expect("preset")).expect("valid");
    let fewer = v.derive(|s| s.tiers.disk.count = 0).expect_err("no disks");
    assert!(fewer.iter().any(|e| e.path == "tiers.disk.count"));
    // Another architecture: its file cache is resolved anew.
    let hdd = v
        .derive(|s| s.architecture = Architecture::HddOnly)
        .expect("valid");
    assert!(hdd.file_cache().is_none());
    assert!(v.file_cache().is_some());
}

#[test]
fn a_device_is_validated_on_its_own() {
    let s = scenario_preset("mmsys11-cost-ssd").expect("preset");
    let mut d = s.devices[0].clone();
    assert_eq!(validate_device(d.clone()).expect("valid").id, d.id);
    d.capacity_gb = -1.0;
    let errs = validate_device(d).expect_err("a negative capacity");
    assert!(errs.iter().all(|e| e.path.starts_with("device.")));
}

#[cfg(feature = "studies")]
#[test]
fn the_request_study_resolves_its_disk_and_flash() {
    use tierplan_scenario::presets::request_preset;
    let v = validate(request_preset("nossdav12-flashcache-cold").expect("preset")).expect("valid");
    let r = v.request().expect("a request section");
    assert_eq!(r.disk.id, r.spec.layout.disk);
    assert_eq!(Some(r.hdd), r.disk.hdd);
    let (flash, spec) = r.flash.expect("flashcache uses the SSD");
    assert_eq!(flash.id, r.spec.cache.flash_device);
    assert_eq!(Some(spec), flash.flash.as_ref());
    let hdd = validate(request_preset("nossdav12-hdd-only").expect("preset")).expect("valid");
    assert!(hdd.request().expect("a request section").flash.is_none());
    // A stream-level scenario has no request study.
    let stream = validate(scenario_preset("mmsys11-cost-hdd").expect("preset")).expect("valid");
    assert!(stream.request().is_none());
}

/// The SSD geometry the device models build (`SsdGeometry::of`) is checked
/// where the device is: no units, or too few erase blocks per unit for
/// garbage collection, is a field error naming the field, before any
/// engine or characterisation builds the drive.
#[cfg(feature = "studies")]
#[test]
fn an_ssd_geometry_is_validated_with_its_device() {
    let x25m = || {
        tierplan_scenario::presets::all_devices()
            .into_iter()
            .find(|d| d.id == "x25m")
            .expect("the X25-M preset")
    };
    assert!(validate_device(x25m()).is_ok());
    let mut d = x25m();
    d.flash.as_mut().unwrap().units = Some(0);
    let errs = validate_device(d).expect_err("no units");
    assert!(
        errs.iter().any(|e| e.path == "device.flash.units"),
        "{errs:?}"
    );
    // Tens of GB in 4 KB pages, 4096 pages to a block over 1000 dies:
    // a few blocks per die.
    let mut d = x25m();
    let f = d.flash.as_mut().unwrap();
    f.pages_per_block = 4096;
    f.units = Some(1000);
    f.controller.as_mut().unwrap().channels = 0;
    let errs = validate_device(d).expect_err("too few blocks");
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert_eq!(errs[0].path, "device.flash.pages_per_block");
    assert!(
        errs[0]
            .message
            .contains("garbage collection needs at least 8"),
        "{errs:?}"
    );
}
