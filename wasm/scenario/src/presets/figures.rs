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
        state: steady_qd1.then(|| "steady".to_string()),
        mbps,
        source,
        cite: cite.into(),
    }
}

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
        assert_eq!(figures_of("x25m").len(), 4);
        assert_eq!(figures_of("ocz_core_v2")[1].mbps, 0.02);
    }
}
