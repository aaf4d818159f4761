//! The scalable SSD model against the per-page reference and against the
//! drives' published figures (model §11, "Two mappings behind the same
//! timelines"): the two models characterise the X25-M and the OCZ Core V2
//! alike, the study's targets hold on the full-size X25-M, and every
//! present-day SSD of the catalog meets its datasheet within ±25 %.

use tierplan_scenario::presets::{catalog, figures_of, request_device_presets};
use tierplan_scenario::{Device, DeviceKind, SsdModelKind};
use tierplan_studies::characterize::{CharacterizeRow, CharacterizeSpec, DriveState};

/// The device validated on its own, then characterised (as every front end
/// does).
fn characterize(
    d: &tierplan_scenario::Device,
    spec: &CharacterizeSpec,
) -> Result<tierplan_studies::characterize::Characterization, Vec<tierplan_scenario::FieldError>> {
    let d = tierplan_scenario::validate::validate_device(d.clone())?;
    tierplan_studies::characterize::characterize(&d, spec)
}

fn device(id: &str) -> Device {
    catalog()
        .into_iter()
        .chain(request_device_presets())
        .find(|d| d.id == id)
        .expect("a catalog device")
}

fn run(id: &str, model: SsdModelKind, queue_depths: Vec<u32>) -> Vec<CharacterizeRow> {
    characterize(
        &device(id),
        &CharacterizeSpec {
            queue_depths,
            // Long enough for several of the X25-M's GC bursts per unit.
            seconds: 60.0,
            precondition_passes: 0.0,
            seed: 1,
            model,
        },
    )
    .expect("the preset characterises")
    .rows
}

fn label(r: &CharacterizeRow) -> String {
    format!("{} {:?} qd{}", r.pattern.label(), r.state, r.queue_depth)
}

/// Every row's MB/s within ±10 % of the reference's (model §11). The two
/// start each die at the same point of its GC cycle (`gc_phases`), so the
/// X25-M's 9 s GC bursts fall alike in both runs: the steady 70/30 mix,
/// a few bursts in a 60 s run, measures the models' GC, not which dies
/// happened to burst.
#[test]
fn scalable_and_reference_agree_on_the_study_drives() {
    for id in ["x25m", "ocz_core_v2"] {
        let sc = run(id, SsdModelKind::Scalable, vec![1, 32]);
        let rf = run(id, SsdModelKind::Reference, vec![1, 32]);
        assert_eq!(sc.len(), rf.len());
        for (a, b) in sc.iter().zip(&rf) {
            assert_eq!(label(a), label(b));
            let tolerance = 0.10;
            let d = (a.mbps - b.mbps).abs() / b.mbps;
            assert!(
                d <= tolerance,
                "{id} {}: scalable {} vs reference {} MB/s ({:+.1} %)",
                label(a),
                a.mbps,
                b.mbps,
                100.0 * (a.mbps - b.mbps) / b.mbps
            );
        }
    }
}

fn row<'a>(
    rows: &'a [CharacterizeRow],
    pattern: &str,
    state: DriveState,
    qd: u32,
) -> &'a CharacterizeRow {
    rows.iter()
        .find(|r| r.pattern.label() == pattern && r.state == state && r.queue_depth == qd)
        .unwrap_or_else(|| panic!("{pattern} {state:?} qd{qd}"))
}

fn within(value: f64, target: f64, share: f64, what: &str) {
    assert!(
        (value - target).abs() <= share * target,
        "{what}: {value} vs {target} ± {} %",
        share * 100.0
    );
}

/// The full 80 GB X25-M meets NOSSDAV'12 Table 1 and its datasheet.
#[test]
fn full_size_x25m_meets_its_figures() {
    let rows = run("x25m", SsdModelKind::Scalable, vec![1, 32]);
    use DriveState::*;
    within(
        row(&rows, "rand_write_4k", Steady, 1).mbps,
        3.25,
        0.25,
        "random write, steady, QD1",
    );
    within(
        row(&rows, "rand_read_4k", Steady, 1).mbps,
        15.5,
        0.25,
        "random read, QD1",
    );
    let qd32 = row(&rows, "rand_read_4k", Fresh, 32).iops;
    assert!(qd32 >= 25_000.0, "random read at QD32: {qd32} IOPS");
    // The queue buys throughput: more than 5× the QD1 IOPS.
    assert!(qd32 > 5.0 * row(&rows, "rand_read_4k", Fresh, 1).iops);
    within(
        row(&rows, "seq_read_128k", Fresh, 1).mbps,
        250.0,
        0.25,
        "sequential read, fresh",
    );
    within(
        row(&rows, "seq_write_128k", Fresh, 1).mbps,
        70.0,
        0.25,
        "sequential write, fresh",
    );
    // GC bursts show in the tail: the maximum far above the p99.
    let w = row(&rows, "rand_write_4k", Steady, 1);
    assert!(w.max_ms > 100.0 * w.p99_ms, "{w:?}");
    let ocz = run("ocz_core_v2", SsdModelKind::Scalable, vec![1]);
    let v = row(&ocz, "rand_write_4k", Steady, 1).mbps;
    assert!(
        (0.01..=0.04).contains(&v),
        "OCZ random write {v} MB/s (0.02 published)"
    );
}

/// Every present-day SSD within ±25 % of each datasheet figure the
/// catalog holds for it, at the datasheet's queue depth and state.
#[test]
fn present_day_ssds_meet_their_datasheets() {
    let mut checked = 0;
    for d in catalog().into_iter().filter(|d| d.kind == DeviceKind::Ssd) {
        let figures = figures_of(&d.id);
        if figures.is_empty() {
            continue;
        }
        let c = characterize(
            &d,
            &CharacterizeSpec {
                queue_depths: vec![1, 128],
                seconds: 5.0,
                precondition_passes: 1.0,
                ..CharacterizeSpec::default()
            },
        )
        .expect("a present-day SSD characterises");
        for f in &figures {
            let r = c
                .rows
                .iter()
                .find(|r| {
                    serde_json::to_value(r.pattern).unwrap() == f.pattern.as_str()
                        && f.state.as_deref().is_none_or(|s| s == r.state.label())
                        && f.queue_depth.is_none_or(|q| q == r.queue_depth)
                })
                .unwrap_or_else(|| panic!("{} {}: no row", d.id, f.pattern));
            within(
                r.mbps,
                f.mbps,
                0.25,
                &format!("{} {} ({})", d.id, f.pattern, f.cite),
            );
            checked += 1;
        }
        // Queue depth buys IOPS on an NVMe drive: far more at 128 than at 1.
        let rr = |qd| {
            c.rows
                .iter()
                .find(|r| r.pattern.label() == "rand_read_4k" && r.queue_depth == qd)
                .unwrap()
                .iops
        };
        assert!(rr(128) > 20.0 * rr(1), "{}: {} vs {}", d.id, rr(128), rr(1));
    }
    assert!(checked >= 12, "{checked} figures checked");
}
