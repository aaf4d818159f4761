//! Closed-form estimate of static file-level LFU (model §7): which files fit
//! on the flash tier, the share of requests they draw (Zipf top-k mass) and
//! the streams they would serve, capped by the tier's bandwidth.

use super::{streams_per_bandwidth, zipf_probabilities};
use serde::{Deserialize, Serialize};
use tierplan_scenario::Scenario;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LfuEstimate {
    /// Files staged: the most popular that fit, N_c = floor(capacity / size)
    /// for a single class.
    pub cached_videos: u32,
    /// Share of requests for staged files (top-k mass of the popularity).
    pub request_hit_ratio: f64,
    /// Offered streams for staged files in steady state: λ × length × share.
    pub offered_flash_streams: f64,
    /// Streams of the first class the tier's bandwidth carries.
    pub flash_stream_capacity: u64,
    /// min(offered, capacity): what the flash tier can serve.
    pub flash_streams: f64,
}

/// Estimate for the scenario's file-cache tier; `None` without one.
/// Classes are laid over ranks the way the engine lays them (interleaved by
/// share), and files are staged by rank while they fit, as the engine does.
pub fn static_lfu_estimate(s: &Scenario) -> Option<LfuEstimate> {
    if !s.architecture.has_file_cache() {
        return None;
    }
    let tier = s.tiers.file_cache.as_ref()?;
    let dev = s.device(&tier.device)?;
    let w = &s.workload;
    let p = zipf_probabilities(w.videos, w.popularity.exponent());
    let mut free_kb = (dev.capacity_gb * 1024.0 * 1024.0).floor() as u64 * tier.count as u64;
    let class_of = w.class_of_ranks();
    let (mut hit, mut offered, mut cached) = (0.0, 0.0, 0u32);
    for (rank, &pi) in p.iter().enumerate() {
        let class = &w.classes[class_of[rank] as usize];
        let len_s = class.length_min * 60.0;
        let size = (len_s * class.bitrate_kbps).round() as u64;
        if size <= free_kb {
            free_kb -= size;
            cached += 1;
            hit += pi;
            offered += w.arrival_rate * pi * len_s;
        }
    }
    let cap = dev.read_mbps.map_or(u64::MAX, |r| {
        streams_per_bandwidth(r * tier.count as f64, w.classes[0].bitrate_kbps)
    });
    Some(LfuEstimate {
        cached_videos: cached,
        request_hit_ratio: hit,
        offered_flash_streams: offered,
        flash_stream_capacity: cap,
        flash_streams: offered.min(cap as f64),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tierplan_scenario::presets::scenario_preset;

    #[test]
    fn study_flash_estimate() {
        // 64 GB holds 76 files of 861 MB; exponent 0.271 gives them ≈ 36 %.
        let s = scenario_preset("mmsys11-fig11-ssd").unwrap();
        let e = static_lfu_estimate(&s).unwrap();
        assert_eq!(e.cached_videos, 76);
        assert!(
            (e.request_hit_ratio - 0.36).abs() < 0.005,
            "{}",
            e.request_hit_ratio
        );
        assert_eq!(e.flash_stream_capacity, 647);
        // λ = 0.16/s × 3600 s × 0.36 ≈ 207 streams, under the 647 ceiling.
        assert!((e.flash_streams - 207.0).abs() < 3.0, "{}", e.flash_streams);
    }

    #[test]
    fn nossdav_object_cache() {
        let s = scenario_preset("nossdav12-object-cache").unwrap();
        let e = static_lfu_estimate(&s).unwrap();
        assert_eq!(e.cached_videos, 56);
        assert!((e.request_hit_ratio - 0.554).abs() < 0.002);
    }

    #[test]
    fn none_without_file_cache() {
        assert!(static_lfu_estimate(&scenario_preset("mmsys11-cost-hdd").unwrap()).is_none());
    }
}
