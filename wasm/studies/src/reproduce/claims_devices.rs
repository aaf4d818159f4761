//! NOSSDAV'12 Table 1 (and the X25-M's datasheet) as claims: each measured
//! device figure beside the same microbenchmark run on the preset's model
//! (`characterize`). The presets' controllers were fitted to these figures,
//! so these rows are characterisation, listed as such, not predictions.

use crate::characterize::{characterize, CharacterizeSpec, DriveState, Pattern};
use crate::reproduce::{Claim, DeviceCheck, Expect, Method, Study};
use std::collections::BTreeMap;
use std::sync::{Mutex, OnceLock};
use tierplan_scenario::presets::{device_figures, request_device_presets};

/// Simulated seconds of each test: long enough for several of the X25-M's
/// GC bursts, so a steady-state figure is an average over them.
const SECONDS: f64 = 60.0;

/// A device's characterised MB/s by test.
type Figures = Vec<(Pattern, DriveState, f64)>;

/// MB/s of a check, computed once per process per device.
pub(super) fn device_value(check: &DeviceCheck) -> (f64, String) {
    static CACHE: OnceLock<Mutex<BTreeMap<String, Figures>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(BTreeMap::new()));
    let mut map = cache.lock().expect("characterisation cache");
    let rows = map.entry(check.device.clone()).or_insert_with(|| {
        let device = request_device_presets()
            .into_iter()
            .find(|d| d.id == check.device)
            .expect("a preset device");
        let spec = CharacterizeSpec {
            queue_depths: vec![1],
            seconds: SECONDS,
            // The steady state is laid out directly; no simulated cliff needed.
            precondition_passes: 0.0,
            seed: 1,
            model: Default::default(),
        };
        tierplan_scenario::validate::validate_device(device)
            .and_then(|device| characterize(&device, &spec))
            .expect("presets characterise")
            .rows
            .iter()
            .map(|r| (r.pattern, r.state, r.mbps))
            .collect()
    });
    let mbps = rows
        .iter()
        .find(|(p, s, _)| *p == check.pattern && *s == check.state)
        .map_or(f64::NAN, |r| r.2);
    let state = match check.state {
        DriveState::Fresh => "fresh",
        DriveState::Steady => "steady state",
    };
    (mbps, format!("{} MB/s ({state}, queue depth 1)", fmt(mbps)))
}

fn fmt(v: f64) -> String {
    if v < 1.0 {
        format!("{v:.3}")
    } else {
        format!("{v:.1}")
    }
}

/// The published MB/s of a preset's drive for a test, from the one table
/// of device figures.
fn published(device: &str, pattern: Pattern) -> f64 {
    let name = serde_json::to_value(pattern)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    device_figures()
        .into_iter()
        .find(|f| f.device == device && f.pattern == name)
        .map_or(f64::NAN, |f| f.mbps)
}

/// A claim on one figure; `tolerance` is a share of the published value.
#[allow(clippy::too_many_arguments)]
fn row(
    id: &str,
    claim: &str,
    decimals: u32,
    tolerance: f64,
    device: &str,
    pattern: Pattern,
    state: DriveState,
    explanation: &str,
) -> Claim {
    let value = published(device, pattern);
    let tolerance = tolerance * value;
    let published = format!("{value} MB/s");
    Claim {
        id: id.into(),
        study: Study::Nossdav12,
        section: "§11".into(),
        claim: claim.into(),
        published,
        expect: Expect::Value {
            value,
            unit: "MB/s".into(),
            decimals,
        },
        how: format!(
            "Characterise preset {device} in the simulator (`tierplan characterize {device}`): {} at queue depth 1 for {SECONDS} simulated seconds, the drive {}.",
            pattern.label(),
            match state {
                DriveState::Fresh => "fresh out of the box",
                DriveState::Steady => "in steady state (its whole logical space written over)",
            }
        ),
        method: Method::DeviceCharacterized {
            check: DeviceCheck {
                device: device.into(),
                pattern,
                state,
            },
        },
        tolerance,
        explanation: explanation.into(),
        caveat: "Characterisation: the preset's controller (mapping unit, timings, command overhead, buffer) was fitted to this device's own measurements, so agreement here is by construction; the request rates and hit ratios below are predictions.".into(),
    }
}

/// Table 1 of NOSSDAV'12 and the X25-M's datasheet figures (the published
/// values from `device_figures`; ±25 %, the OCZ's random write within a
/// factor of two).
pub(super) fn table1_claims() -> Vec<Claim> {
    use DriveState::*;
    use Pattern::*;
    vec![
        row("nossdav12-x25m-rand-read", "SSD A (Intel X25-M G1): 4 KB random reads at 15.5 MB/s.", 1, 0.25, "x25m", RandRead4k, Steady, "A 4 KB read costs the command overhead, one page read (array and channel transfer) and the transfer over the SATA link."),
        row("nossdav12-x25m-rand-write", "SSD A (Intel X25-M G1): 4 KB random writes at 3.25 MB/s.", 2, 0.25, "x25m", RandWrite4k, Steady, "In steady state every 4 KB write reads and rewrites its 8 KB mapping unit and, on average, the garbage collector copies about six more units to free the space: the same mechanism that leaves 128 KB writes at the datasheet's speed on a fresh drive."),
        row("x25m-datasheet-seq-read", "Intel X25-M G1 datasheet: sequential reads up to 250 MB/s.", 0, 0.25, "x25m", SeqRead128k, Fresh, "128 KB reads at queue depth 1 with the drive's read-ahead: bounded by ten units reading 4 KB pages in parallel and the SATA link."),
        row("x25m-datasheet-seq-write", "Intel X25-M G1 datasheet: sequential writes up to 70 MB/s.", 0, 0.25, "x25m", SeqWrite128k, Fresh, "128 KB writes go to the buffer and on to all ten units at once; a fresh drive copies nothing."),
        row("nossdav12-ocz-rand-read", "SSD B (OCZ Core V2): 4 KB random reads at 14.8 MB/s.", 1, 0.25, "ocz_core_v2", RandRead4k, Steady, "A 4 KB read costs the command overhead, one page read and the link transfer, as on the X25-M."),
        row("nossdav12-ocz-rand-write", "SSD B (OCZ Core V2): 4 KB random writes at 0.02 MB/s.", 2, 1.0, "ocz_core_v2", RandWrite4k, Steady, "A block-mapped FTL without a write buffer: each 4 KB write reads the other 127 pages of its 512 KB block and programs all 128. The model programs a block on one flash unit, so the OCZ's sequential figures stay far below its datasheet (about 27 MB/s read, 4 MB/s write): the controller's striping of a block over its channels is what the model lacks there."),
    ]
}
