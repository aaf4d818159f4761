//! Erlang B: blocking probability of an M/G/c/c loss system.

/// B(c, A) by the stable recursion B_0 = 1, B_m = A·B_{m−1} / (m + A·B_{m−1}).
pub fn erlang_b(c: u64, a: f64) -> f64 {
    if a <= 0.0 {
        return if c == 0 { 1.0 } else { 0.0 };
    }
    let mut b = 1.0;
    for m in 1..=c {
        b = a * b / (m as f64 + a * b);
    }
    b
}

/// Streams of bitrate `bitrate_kbps` KB/s a bandwidth of `bw_mbps` MB/s
/// carries: floor(R × 1024 / b) (model §2).
pub fn streams_per_bandwidth(bw_mbps: f64, bitrate_kbps: f64) -> u64 {
    let q = bw_mbps * 1024.0 / bitrate_kbps;
    // Guard against 647.9999999 from a representable product.
    (q + 1e-9).floor() as u64
}

/// Erlang B for a scenario's disk tier as the HDD-only loss system of
/// model §5: c = ⌊disk bandwidth × 1024 / b⌋ over all its disks, A = λ × video
/// length. `None` for a workload of several classes (the formula assumes one
/// bitrate and length) or a disk without a read bandwidth. The app's
/// overlays (sweeps, class lessons) take it from here rather than composing
/// it themselves.
pub fn disk_tier_blocking(s: &tierplan_scenario::Scenario) -> Option<f64> {
    let [class] = s.workload.classes.as_slice() else {
        return None;
    };
    let bw = crate::devices::hdd::disk_tier_mbps(s)? * f64::from(s.tiers.disk.count);
    let c = streams_per_bandwidth(bw, class.bitrate_kbps);
    Some(erlang_b(
        c,
        tierplan_scenario::offered_load(s.workload.arrival_rate, class.length_s()),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erlang_b_known_values() {
        // Standard table values.
        assert!((erlang_b(1, 1.0) - 0.5).abs() < 1e-12);
        assert!((erlang_b(2, 1.0) - 0.2).abs() < 1e-12);
        assert!((erlang_b(10, 5.0) - 0.018_384).abs() < 1e-5);
        assert!((erlang_b(100, 100.0) - 0.075_700).abs() < 1e-5);
    }

    #[test]
    fn spec_stream_capacity() {
        assert_eq!(streams_per_bandwidth(155.0, 245.0), 647);
        assert_eq!(streams_per_bandwidth(70.0, 245.0), 292);
    }

    #[test]
    fn disk_tier_blocking_uses_the_whole_tier() {
        // The study's HDD-only setting with 13 disks of 70 MB/s at 245 KB/s:
        // ⌊13 × 70 × 1024 / 245⌋ = 3803 streams (not 13 × ⌊70 × 1024 / 245⌋ = 3796).
        let mut s = tierplan_scenario::presets::default_scenario();
        s.architecture = tierplan_scenario::Architecture::HddOnly;
        let disk = s.device(&s.tiers.disk.device).unwrap().clone();
        let b = s.workload.classes[0].bitrate_kbps;
        let n = s.tiers.disk.count;
        let c = streams_per_bandwidth(disk.read_mbps.unwrap() * f64::from(n), b);
        let a = s.workload.arrival_rate * s.workload.classes[0].length_min * 60.0;
        assert_eq!(disk_tier_blocking(&s), Some(erlang_b(c, a)));
        assert_eq!(streams_per_bandwidth(13.0 * 70.0, 245.0), 3803);
        s.workload.classes.push(s.workload.classes[0].clone());
        assert_eq!(disk_tier_blocking(&s), None);
    }
}
