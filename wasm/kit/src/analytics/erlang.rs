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
}
