//! Closed-form estimate of static file-level LFU (model §7): which files fit
//! on the flash tier, the share of requests they draw (Zipf top-k mass) and
//! the streams they would serve, capped by the tier's bandwidth.

use super::{erlang_b, streams_per_bandwidth, zipf_probabilities};
use serde::{Deserialize, Serialize};
use tierplan_scenario::{offered_load, Scenario};

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
        let len_s = class.length_s();
        let size = (len_s * class.bitrate_kbps).round() as u64;
        if size <= free_kb {
            free_kb -= size;
            cached += 1;
            hit += pi;
            offered += offered_load(w.arrival_rate * pi, len_s);
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

/// What the sweeps' static-LFU overlay plots.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LfuOverlay {
    pub flash_streams: f64,
    pub hit_ratio: f64,
}

/// The sweeps' static-LFU overlay: the flash streams of
/// [`static_lfu_estimate`] and the hit ratio they give once the requests the
/// flash tier does not take are offered to the disks, which serve them as
/// the Erlang loss system of model §5 (A = what is left of λ × length,
/// c = the streams the disk tier carries). `None` without a file-cache
/// tier, for several classes, or for a disk without a read bandwidth.
pub fn static_lfu_overlay(s: &Scenario) -> Option<LfuOverlay> {
    let [class] = s.workload.classes.as_slice() else {
        return None;
    };
    let est = static_lfu_estimate(s)?;
    let c_disk = streams_per_bandwidth(
        crate::devices::hdd::disk_tier_mbps(s)? * f64::from(s.tiers.disk.count),
        class.bitrate_kbps,
    );
    let offered = offered_load(s.workload.arrival_rate, class.length_s());
    let flash = est.flash_streams;
    let disk_offered = offered - flash;
    let disk_served = if disk_offered > 0.0 {
        disk_offered * (1.0 - erlang_b(c_disk, disk_offered))
    } else {
        0.0
    };
    let total = flash + disk_served;
    Some(LfuOverlay {
        flash_streams: flash,
        hit_ratio: if total > 0.0 { flash / total } else { 0.0 },
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

    #[test]
    fn overlay_offers_the_rest_to_the_disks() {
        let s = scenario_preset("mmsys11-fig11-ssd").unwrap();
        let e = static_lfu_estimate(&s).unwrap();
        let o = static_lfu_overlay(&s).unwrap();
        assert_eq!(o.flash_streams, e.flash_streams);
        // The disks serve at most what is left and at least what they carry
        // without loss, so the hit ratio lies between the flash share of all
        // offered streams and the flash share when the disks lose nothing.
        let class = &s.workload.classes[0];
        let offered = offered_load(s.workload.arrival_rate, class.length_s());
        let lo = o.flash_streams / offered;
        assert!(o.hit_ratio >= lo - 1e-12 && o.hit_ratio <= 1.0, "{o:?}");
        // No file cache: no overlay.
        let mut hdd = s.clone();
        hdd.architecture = tierplan_scenario::Architecture::HddOnly;
        assert_eq!(static_lfu_overlay(&hdd), None);
    }
}
