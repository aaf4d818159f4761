//! A request rate in the units an architect plans with: the network it
//! fills and the audience it serves. Segment requests of a DASH/HLS player
//! are one per segment play time per viewer, each a whole segment's bytes.

use serde::{Deserialize, Serialize};
use tierplan_scenario::request::SegmentWorkload;

/// One request rate also as bits on the wire and concurrent viewers.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RateLoad {
    /// Segment requests per second.
    pub rate: f64,
    /// Segment bytes served per second, in gigabits (10⁹ bits) per second.
    pub gbps: f64,
    /// Viewers playing at once: each asks for one segment per segment play
    /// time, so `rate × segment_s` of them keep the rate up.
    pub viewers: f64,
}

/// `rate` requests/s of the workload's mean segment (bitrate in KB/s of
/// 1024 B × play time, as the engine sizes segments before VBR).
pub fn rate_load(w: &SegmentWorkload, rate: f64) -> RateLoad {
    let segment_bytes = w.bitrate_kbps * 1024.0 * w.segment_s;
    RateLoad {
        rate,
        gbps: rate * segment_bytes * 8.0 / 1e9,
        viewers: rate * w.segment_s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_megabit_viewers_add_up_to_the_rate() {
        // 610 KB/s of 1024 B is 4.997 Mbit/s; 6 s segments. 100 requests/s
        // are 600 viewers, and 600 viewers at 4.997 Mbit/s are 2.998 Gbit/s.
        let w = SegmentWorkload {
            bitrate_kbps: 610.0,
            segment_s: 6.0,
            ..SegmentWorkload::default()
        };
        let l = rate_load(&w, 100.0);
        assert_eq!(l.viewers, 600.0);
        let per_viewer_bps = 610.0 * 1024.0 * 8.0;
        assert!((l.gbps - 600.0 * per_viewer_bps / 1e9).abs() < 1e-12);
        assert!((l.gbps - 2.998).abs() < 0.001);
        assert_eq!(rate_load(&w, 0.0).gbps, 0.0);
    }
}
