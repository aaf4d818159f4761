//! What the real drives behind some device presets were measured or rated
//! at, in one place: the figures a characterisation (model §11, "Device
//! characterisation and SSD state") is put beside — in the app's
//! characterisation table, `tierplan characterize`'s table and the claims.
//! Each figure names the characterisation test it compares with (pattern,
//! and the queue depth and drive state when the source gives them) and
//! where it comes from.

use serde::{Deserialize, Serialize};

/// Where a device figure comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum FigureSource {
    /// Measured on the drive by a study.
    Measured,
    /// The manufacturer's rating ("up to").
    Datasheet,
    /// No figure is published for this drive and test: the nearest one
    /// that is (another capacity of the series, or the series' maximum
    /// with the capacity not stated), so it is judged only within 2×.
    Nearest,
}

/// One published figure of a preset's real drive.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DeviceFigure {
    /// Id of the preset device.
    pub device: String,
    /// The characterisation test it compares with, by its JSON name
    /// (`rand_read4k`, `rand_write4k`, `seq_read128k`, `seq_write128k`, `mixed4k`).
    pub pattern: String,
    /// The queue depth it was measured at; none: any (a datasheet's "up to").
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub queue_depth: Option<u32>,
    /// The drive state it holds for (`fresh` or `steady`); none: either.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub state: Option<String>,
    /// Throughput, MB/s (MB = 2^20 bytes).
    pub mbps: f64,
    /// Operations per second, when the source states IOPS (`mbps` is then
    /// IOPS × the pattern's I/O size).
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iops: Option<f64>,
    pub source: FigureSource,
    /// The publication or document, short.
    pub cite: String,
}

fn fig(
    device: &str,
    pattern: &str,
    steady_qd1: bool,
    mbps: f64,
    source: FigureSource,
    cite: &str,
) -> DeviceFigure {
    DeviceFigure {
        device: device.into(),
        pattern: pattern.into(),
        queue_depth: steady_qd1.then_some(1),
        // A datasheet rates a drive as it ships (fresh); the study measured
        // its drives in use (steady state).
        state: Some(if steady_qd1 { "steady" } else { "fresh" }.to_string()),
        mbps,
        iops: None,
        source,
        cite: cite.into(),
    }
}

/// A datasheet figure of a present-day drive at the queue depth our
/// deepest test uses (datasheets rate random I/O at QD 128–256 and
/// sequential at QD 32–128): `per_s` IOPS for the 4 KB patterns, decimal
/// MB/s (10⁶ B/s) for the 128 KB ones; `steady` when the source rates the
/// drive in steady state.
fn today(device: &str, pattern: &str, per_s: f64, steady: bool, cite: &str) -> DeviceFigure {
    let random = pattern.starts_with("rand");
    DeviceFigure {
        device: device.into(),
        pattern: pattern.into(),
        queue_depth: Some(128),
        state: Some(if steady { "steady" } else { "fresh" }.to_string()),
        mbps: if random {
            per_s * 4096.0 / 1048576.0
        } else {
            per_s * 1e6 / 1048576.0
        },
        iops: random.then_some(per_s),
        source: FigureSource::Datasheet,
        cite: cite.into(),
    }
}

const PM9A3: &str = "Samsung PM9A3 U.2 7.68 TB datasheet via heise online 2020-05 and ComputerBase 2020-05-22 (random 4 KB at QD 32 × 4)";
const M7450: &str = "Micron 7450 PRO U.3 15.36 TB: ServeTheHome 2022-03, techunwrapped 2022-03 (\"up to 6.8 GB/s and 1 million IOPS\")";
const P5430: &str = "Solidigm D5-P5430 30.72 TB, AnandTech via geektopia.es 2023-05-16";
const P5336: &str = "Solidigm D5-P5336 61.44 TB, Architecting IT 2024-08 (write IOPS as the datasheet rates them, 16 KB writes on its 16 KB indirection unit)";

/// A nearest published figure (`FigureSource::Nearest`): as `today`.
fn nearest(device: &str, pattern: &str, per_s: f64, steady: bool, cite: &str) -> DeviceFigure {
    DeviceFigure {
        source: FigureSource::Nearest,
        ..today(device, pattern, per_s, steady, cite)
    }
}

const M7450_7T68: &str = "Micron 7450 PRO 7.68 TB's rating, 1 000 K random read and 180 K random write IOPS (no random-write figure is published for the 15.36 TB drive)";
const P5430_SERIES: &str = "Solidigm D5-P5430 series maximum, 971 K random read and 120 K random write IOPS, capacity, queue depth and drive state not stated (AnandTech via geektopia.es 2023-05-16)";

const TABLE1: &str = "NOSSDAV'12 Table 1";
const X25M_DATASHEET: &str = "Intel X25-M datasheet";

/// Every published figure of the presets' drives. The NOSSDAV'12 study
/// measured its two SSDs (Table 1) with 4 KB random I/O at queue depth 1 on
/// drives that had been in use (model §11: steady state).
pub fn device_figures() -> Vec<DeviceFigure> {
    use FigureSource::*;
    vec![
        fig("x25m", "rand_read4k", true, 15.5, Measured, TABLE1),
        fig("x25m", "rand_write4k", true, 3.25, Measured, TABLE1),
        fig(
            "x25m",
            "seq_read128k",
            false,
            250.0,
            Datasheet,
            X25M_DATASHEET,
        ),
        fig(
            "x25m",
            "seq_write128k",
            false,
            70.0,
            Datasheet,
            X25M_DATASHEET,
        ),
        fig("ocz_core_v2", "rand_read4k", true, 14.8, Measured, TABLE1),
        fig("ocz_core_v2", "rand_write4k", true, 0.02, Measured, TABLE1),
        DeviceFigure {
            queue_depth: Some(32),
            iops: Some(35_000.0),
            ..fig(
                "x25m",
                "rand_read4k",
                false,
                35_000.0 * 4096.0 / 1048576.0,
                Datasheet,
                "Intel X25-M G1 datasheet 2008 (random 4 KB reads up to 35 000 IOPS, NCQ)",
            )
        },
        today("pm9a3_7t68", "rand_read4k", 900_000.0, false, PM9A3),
        today("pm9a3_7t68", "rand_write4k", 200_000.0, true, PM9A3),
        today("pm9a3_7t68", "seq_read128k", 6_500.0, false, PM9A3),
        today("pm9a3_7t68", "seq_write128k", 3_500.0, false, PM9A3),
        today("micron7450_15t36", "rand_read4k", 1_000_000.0, false, M7450),
        today("micron7450_15t36", "seq_read128k", 6_800.0, false, M7450),
        today("micron7450_15t36", "seq_write128k", 5_600.0, false, M7450),
        nearest(
            "micron7450_15t36",
            "rand_write4k",
            180_000.0,
            true,
            M7450_7T68,
        ),
        nearest("p5430_30t72", "rand_read4k", 971_000.0, false, P5430_SERIES),
        nearest("p5430_30t72", "rand_write4k", 120_000.0, true, P5430_SERIES),
        today("p5430_30t72", "seq_read128k", 7_000.0, false, P5430),
        today("p5430_30t72", "seq_write128k", 3_000.0, false, P5430),
        today("p5336_61t44", "rand_read4k", 1_005_000.0, false, P5336),
        today("p5336_61t44", "rand_write4k", 38_000.0, true, P5336),
        today("p5336_61t44", "seq_read128k", 7_000.0, false, P5336),
        today("p5336_61t44", "seq_write128k", 3_300.0, false, P5336),
    ]
}

/// The figures of one device (by its preset id).
pub fn figures_of(device: &str) -> Vec<DeviceFigure> {
    device_figures()
        .into_iter()
        .filter(|f| f.device == device)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_figure_names_a_preset_device() {
        let ids: Vec<String> = super::super::catalog()
            .into_iter()
            .chain(super::super::request_device_presets())
            .map(|d| d.id)
            .collect();
        for f in device_figures() {
            assert!(ids.contains(&f.device), "{} is no preset", f.device);
            assert!(f.mbps > 0.0);
        }
        assert_eq!(figures_of("x25m").len(), 5);
        assert_eq!(figures_of("ocz_core_v2")[1].mbps, 0.02);
    }
}
