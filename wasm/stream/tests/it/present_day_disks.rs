//! Present-day disks with timing (model §4): the stream engine admits against
//! the streaming bandwidth derived from the disk model (which the request
//! engine confirms: request/tests/it/present_day_disks.rs) and warns when a tier
//! runs at its limit or the run is shorter than steady state.

use tierplan_kit::devices::hdd::streaming_mbps;
use tierplan_scenario::presets::scenario_preset;
use tierplan_scenario::TierRole;

#[test]
fn the_stream_planner_admits_against_the_derived_bandwidth_and_warns() {
    let mut s = scenario_preset("today-plan").unwrap();
    s.architecture = tierplan_scenario::Architecture::HddOnly;
    s.run.replications = 2;
    s.run.duration_h = 3.0;
    let read_kb = s.tiers.disk_read_kb();
    let d = s.device("exos_x24").unwrap().clone();
    let per_disk = streaming_mbps(&d.hdd.unwrap(), read_kb);
    // Offer about 1.5 × what one disk streams.
    let b = s.workload.classes[0].bitrate_kbps;
    s.tiers.disk.count = 1;
    s.workload.arrival_rate =
        1.5 * per_disk * 1024.0 / b / (s.workload.classes[0].length_min * 60.0);
    let r = tierplan_stream::run(&s).expect("valid");
    let disk = r.tiers.iter().find(|t| t.role == TierRole::Disk).unwrap();
    assert!((disk.bandwidth_mbps.unwrap() - per_disk).abs() < 1e-9);
    assert_eq!(disk.datasheet_mbps, d.read_mbps);
    assert_eq!(disk.read_kb, Some(read_kb));
    assert!(disk.avg_streams.mean <= per_disk * 1024.0 / b + 1e-9);
    assert!(r.summary.rejection_probability.mean > 0.2);
    assert!(
        r.warnings
            .iter()
            .any(|w| w.contains("peak utilisation") && w.contains("disk")),
        "{:?}",
        r.warnings
    );
    // The warning names the device as people know it, not by its file id.
    let warning = r
        .warnings
        .iter()
        .find(|w| w.contains("peak utilisation"))
        .unwrap();
    assert!(warning.contains(&d.name), "{warning}");
    assert!(!warning.contains("exos_x24"), "{warning}");
}

#[test]
fn a_run_shorter_than_steady_state_says_so() {
    let mut s = scenario_preset("today-plan").unwrap();
    s.run.replications = 2;
    s.run.duration_h = 2.0;
    let steady = tierplan_stream::run(&s).expect("valid");
    assert!(
        !steady.warnings.iter().any(|w| w.contains("steady state")),
        "{:?}",
        steady.warnings
    );
    // Two-hour titles with the one-hour warm-up: the ramp-up is measured.
    s.workload.classes[0].length_min = 120.0;
    s.tiers.disk.count = 2;
    let early = tierplan_stream::run(&s).expect("valid");
    let w = early
        .warnings
        .iter()
        .find(|w| w.starts_with("not in steady state"))
        .expect("warned");
    assert!(w.contains("(1 h)") && w.contains("(2 h)"), "{w}");
}
