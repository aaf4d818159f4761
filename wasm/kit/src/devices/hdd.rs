//! A disk's service time: positioning (seek + rotational delay) unless the
//! I/O continues exactly where the previous one ended, then transfer at the
//! media rate of the zone it reads (model §4, §11).

use crate::sampling::rng::SimRng;
use tierplan_scenario::request::{HddMechanics, SeekModel};
use tierplan_scenario::{Device, DeviceKind};

/// E[√u] for the distance u between two uniform points on [0, 1] (8/15):
/// scaling √distance by its inverse keeps the mean seek at the average.
const MEAN_SQRT_DISTANCE: f64 = 8.0 / 15.0;

#[derive(Clone)]
pub struct Hdd {
    seek_s: f64,
    revolution_s: f64,
    bytes_per_s: f64,
    /// The mechanics, for the zoned media rate.
    mech: HddMechanics,
    /// Bytes of the whole surface: zones are placed by address / capacity.
    capacity: f64,
    model: SeekModel,
    /// Addresses span 0..stroke bytes (for the distance model).
    stroke: f64,
    /// Byte address where the last I/O ended.
    pub head: u64,
}

impl Hdd {
    pub fn new(m: &HddMechanics, stroke_bytes: u64) -> Hdd {
        Hdd {
            seek_s: m.seek_ms / 1000.0,
            revolution_s: m.revolution_ms / 1000.0,
            bytes_per_s: m.media_mbps * 1024.0 * 1024.0,
            mech: *m,
            capacity: stroke_bytes.max(1) as f64,
            model: m.seek_model,
            stroke: stroke_bytes.max(1) as f64,
            head: u64::MAX,
        }
    }

    /// Place zones over a surface of `capacity_bytes` (the device's
    /// capacity) instead of the addressed stroke: a library that fills a
    /// fifth of the disk sits in its fast outer zones.
    pub fn with_capacity(mut self, capacity_bytes: u64) -> Hdd {
        self.capacity = capacity_bytes.max(1) as f64;
        self
    }

    /// Media rate, B/s, of the zone holding `addr`.
    pub fn rate_at(&self, addr: u64) -> f64 {
        if self.mech.inner_mbps.is_none() {
            return self.bytes_per_s;
        }
        self.mech.rate_at(addr as f64 / self.capacity) * 1024.0 * 1024.0
    }

    pub fn reset(&mut self) {
        self.head = u64::MAX;
    }

    /// Positioning time of the next I/O at `addr`.
    pub fn positioning(&self, addr: u64, rng: &mut SimRng) -> f64 {
        if addr == self.head {
            return 0.0;
        }
        match self.model {
            SeekModel::Constant => self.seek_s + rng.uniform() * self.revolution_s,
            SeekModel::Distance => {
                let from = if self.head == u64::MAX { 0 } else { self.head };
                let d = addr.abs_diff(from) as f64 / self.stroke;
                let seek = self.seek_s * libm::sqrt(d.min(1.0)) / MEAN_SQRT_DISTANCE;
                seek + rng.uniform() * self.revolution_s
            }
            SeekModel::Exponential => {
                if self.seek_s > 0.0 {
                    rng.exp(1.0 / self.seek_s)
                } else {
                    0.0
                }
            }
        }
    }

    /// Serve an I/O: its service time, and the head moves to its end.
    pub fn service(&mut self, addr: u64, size: u64, rng: &mut SimRng) -> f64 {
        let t = self.positioning(addr, rng) + size as f64 / self.rate_at(addr + size / 2);
        self.head = addr + size;
        t
    }
}

/// Mean positioning time of an access at a random place, s: the average
/// seek plus half a revolution (the exponential model has no rotation).
pub fn mean_positioning_s(m: &HddMechanics) -> f64 {
    let ms = match m.seek_model {
        SeekModel::Exponential => m.seek_ms,
        SeekModel::Constant | SeekModel::Distance => m.seek_ms + m.revolution_ms / 2.0,
    };
    ms / 1000.0
}

/// A disk's streaming bandwidth, MB/s, when every stream it serves is read
/// `read_kb` at a time at a random place (model §4): each read costs a
/// positioning and a transfer at the zone's rate, so
/// B = S / (t_pos + S·E[1/R]) with E[1/R] = 2 / (R_outer·(1 + k)).
/// The disk carries ⌊B / b⌋ concurrent streams of bitrate b, whatever
/// their number: in arrival (FIFO) order the cost per read does not
/// depend on how many streams share the disk.
pub fn streaming_mbps(m: &HddMechanics, read_kb: f64) -> f64 {
    let s = read_kb / 1024.0;
    s / (mean_positioning_s(m) + s * m.mean_inverse_rate())
}

/// Bandwidth per device that streams are admitted against: derived from
/// the timing of a disk that has it, the datasheet read bandwidth
/// otherwise (`None` = unlimited).
pub fn stream_read_mbps(d: &Device, read_kb: f64) -> Option<f64> {
    match (&d.hdd, d.kind) {
        (Some(m), DeviceKind::Hdd) => Some(streaming_mbps(m, read_kb)),
        _ => d.read_mbps,
    }
}

/// Bandwidth per disk of a scenario's disk tier, MB/s (see
/// [`stream_read_mbps`]), at its read size per stream.
pub fn disk_tier_mbps(s: &tierplan_scenario::Scenario) -> Option<f64> {
    stream_read_mbps(s.device(&s.tiers.disk.device)?, s.tiers.disk_read_kb())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tierplan_scenario::presets::today::{today_device_presets, KBPS_PER_MBPS};

    fn exos_x24() -> Device {
        today_device_presets()
            .into_iter()
            .find(|d| d.id == "exos_x24")
            .expect("catalog")
    }

    #[test]
    fn zoned_rate_follows_constant_linear_density() {
        let m = exos_x24().hdd.expect("timing");
        let k = m.inner_mbps.unwrap() / m.media_mbps;
        assert_eq!(m.rate_at(0.0), m.media_mbps);
        assert!((m.rate_at(1.0) - m.inner_mbps.unwrap()).abs() < 1e-9);
        // Radius r with r² = r_o² − x(r_o² − r_i²): halfway through the
        // addresses the head sits at √((1 + k²) / 2) of the outer radius.
        assert!((m.rate_at(0.5) / m.media_mbps - ((1.0 + k * k) / 2.0).sqrt()).abs() < 1e-12);
        // E[1/R] in closed form against a midpoint sum over 100 000 zones.
        let n = 100_000;
        let sum: f64 = (0..n)
            .map(|i| 1.0 / m.rate_at((i as f64 + 0.5) / n as f64))
            .sum::<f64>()
            / n as f64;
        assert!((sum / m.mean_inverse_rate() - 1.0).abs() < 1e-6, "{sum}");
    }

    #[test]
    fn a_disk_without_zones_transfers_at_one_rate() {
        let mut m = exos_x24().hdd.unwrap();
        m.inner_mbps = None;
        assert_eq!(m.rate_at(0.9), m.media_mbps);
        let hdd = Hdd::new(&m, 1 << 40);
        assert_eq!(hdd.rate_at(1 << 39), m.media_mbps * 1024.0 * 1024.0);
    }

    /// The derived streaming bandwidth of the Exos X24 against the
    /// request-level engine's own disk model (this `Hdd`, as the request
    /// engine drives it): 8 Mbps streams, each read 2 MB at a time at random
    /// places over the whole disk, served in arrival order.
    #[test]
    fn exos_x24_derived_streaming_bandwidth_matches_the_disk_model() {
        let d = exos_x24();
        let m = d.hdd.unwrap();
        let read_kb = f64::from(tierplan_scenario::DEFAULT_DISK_READ_KB);
        let derived = streaming_mbps(&m, read_kb);
        let bitrate_kbps = 8.0 * KBPS_PER_MBPS;
        let streams = crate::analytics::streams_per_bandwidth(derived, bitrate_kbps);
        let capacity = (d.capacity_gb * 1024f64.powi(3)) as u64;
        let size = (read_kb * 1024.0) as u64;
        let mut hdd = Hdd::new(&m, capacity).with_capacity(capacity);
        let mut rng = SimRng::new(7);
        // Each stream plays one title at a random place; a round reads the
        // next chunk of every stream, so consecutive I/Os are far apart.
        let mut at: Vec<u64> = (0..streams)
            .map(|_| (rng.uniform() * (capacity - size) as f64) as u64)
            .collect();
        let (mut busy, mut bytes) = (0.0, 0.0);
        for _round in 0..200 {
            for a in at.iter_mut() {
                busy += hdd.service(*a, size, &mut rng);
                bytes += size as f64;
                *a = (*a + size) % (capacity - size);
            }
        }
        let simulated = bytes / busy / (1024.0 * 1024.0);
        let err = (derived - simulated).abs() / simulated;
        eprintln!(
            "Exos X24, {read_kb} KB reads at 8 Mbps: derived {derived:.1} MB/s ({streams} streams), simulated {simulated:.1} MB/s, datasheet {:.1} MB/s, error {:.2} %",
            d.read_mbps.unwrap(),
            err * 100.0
        );
        assert!(err < 0.10, "derived {derived} vs simulated {simulated}");
        // Well below the datasheet's outer-track rate, and the disk keeps up:
        // a round of every stream's chunk fits in the chunk's play time.
        assert!(derived < 0.5 * d.read_mbps.unwrap());
        let round_s = busy / 200.0;
        let play_s = read_kb / bitrate_kbps;
        assert!(
            round_s < play_s * 1.05,
            "round {round_s} s vs play {play_s} s"
        );
    }
}
