//! A disk's service time: positioning (seek + rotational delay) unless the
//! I/O continues exactly where the previous one ended, then transfer at the
//! media rate (model §11).

use crate::sampling::rng::SimRng;
use tierplan_scenario::request::{HddMechanics, SeekModel};

/// E[√u] for the distance u between two uniform points on [0, 1] (8/15):
/// scaling √distance by its inverse keeps the mean seek at the average.
const MEAN_SQRT_DISTANCE: f64 = 8.0 / 15.0;

#[derive(Clone)]
pub struct Hdd {
    seek_s: f64,
    revolution_s: f64,
    bytes_per_s: f64,
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
            model: m.seek_model,
            stroke: stroke_bytes.max(1) as f64,
            head: u64::MAX,
        }
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
        let t = self.positioning(addr, rng) + size as f64 / self.bytes_per_s;
        self.head = addr + size;
        t
    }
}
