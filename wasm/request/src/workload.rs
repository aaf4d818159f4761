//! The segment library and the request stream (model §11): VBR segment sizes
//! drawn once per seed, their byte offsets on the library, chunk ids for the
//! RAM cache, and Zipf-video / uniform-segment requests.

use tierplan_kit::sampling::alias::AliasTable;
use tierplan_kit::sampling::rng::{unit_exp, SimRng};
use tierplan_scenario::request::SegmentWorkload;

/// Segment sizes and offsets of one replication's library.
#[derive(Clone)]
pub struct Library {
    pub videos: u32,
    pub segments: u32,
    /// Byte offset of segment (video × S + segment); one extra entry holds
    /// the library size.
    pub offset: Vec<u64>,
    /// First chunk id of each segment; one extra entry holds the total.
    pub chunk_base: Vec<u32>,
    pub chunk_bytes: u64,
}

/// A standard normal variate by Box–Muller with `libm` (bit-identical in
/// wasm).
fn normal(rng: &mut SimRng) -> f64 {
    let u1 = 1.0 - rng.uniform();
    let u2 = rng.uniform();
    libm::sqrt(-2.0 * libm::log(u1)) * libm::cos(2.0 * std::f64::consts::PI * u2)
}

impl Library {
    pub fn new(w: &SegmentWorkload, chunk_bytes: u64) -> Library {
        let n = (w.videos as usize) * (w.segments as usize);
        Library {
            videos: w.videos,
            segments: w.segments,
            offset: vec![0; n + 1],
            chunk_base: vec![0; n + 1],
            chunk_bytes,
        }
    }

    /// Draw the sizes for `seed`: log-normal around the mean with the given
    /// coefficient of variation (at least one byte each).
    pub fn draw(&mut self, w: &SegmentWorkload, seed: u64) {
        let mean = w.bitrate_kbps * 1024.0 * w.segment_s;
        let s2 = libm::log(1.0 + w.size_cv * w.size_cv);
        let (mu, sigma) = (libm::log(mean) - s2 / 2.0, libm::sqrt(s2));
        let mut rng = SimRng::new(seed ^ 0x5e97_3e17_0000_0001);
        let mut off = 0u64;
        let mut chunks = 0u32;
        for i in 0..self.offset.len() - 1 {
            let size = if w.size_cv > 0.0 {
                libm::round(libm::exp(mu + sigma * normal(&mut rng))).max(1.0) as u64
            } else {
                libm::round(mean).max(1.0) as u64
            };
            self.offset[i] = off;
            self.chunk_base[i] = chunks;
            off += size;
            chunks += size.div_ceil(self.chunk_bytes) as u32;
        }
        let last = self.offset.len() - 1;
        self.offset[last] = off;
        self.chunk_base[last] = chunks;
    }

    /// As `draw`, from this thread's copy when it drew the same library
    /// lately: every point of a figure draws each replication's library,
    /// which depends on the workload and the seed, not on the rate.
    pub fn draw_shared(&mut self, w: &SegmentWorkload, seed: u64) {
        let key = library_key(w, self.chunk_bytes, seed);
        DRAWN.with(|cell| {
            let mut drawn = cell.borrow_mut();
            if let Some((_, lib)) = drawn.iter().find(|(k, _)| *k == key) {
                self.clone_from(lib);
                return;
            }
            self.draw(w, seed);
            if drawn.len() == KEPT_LIBRARIES {
                drawn.remove(0);
            }
            drawn.push((key, self.clone()));
        });
    }

    pub fn bytes(&self) -> u64 {
        self.offset[self.offset.len() - 1]
    }

    pub fn chunks(&self) -> u32 {
        self.chunk_base[self.chunk_base.len() - 1]
    }

    pub fn segment(&self, video: u32, seg: u32) -> u32 {
        video * self.segments + seg
    }

    /// (offset, size) of a segment.
    pub fn extent(&self, g: u32) -> (u64, u64) {
        let g = g as usize;
        (self.offset[g], self.offset[g + 1] - self.offset[g])
    }

    pub fn chunk_count(&self, g: u32) -> u32 {
        self.chunk_base[g as usize + 1] - self.chunk_base[g as usize]
    }

    /// (library offset, size, chunk id) of chunk `i` of segment `g`.
    pub fn chunk(&self, g: u32, i: u32) -> (u64, u64, u32) {
        let (off, size) = self.extent(g);
        let start = i as u64 * self.chunk_bytes;
        let len = (size - start).min(self.chunk_bytes);
        (off + start, len, self.chunk_base[g as usize] + i)
    }

    /// (offset, size) of a whole video.
    pub fn video_extent(&self, v: u32) -> (u64, u64) {
        let a = self.offset[(v * self.segments) as usize];
        let b = self.offset[((v + 1) * self.segments) as usize];
        (a, b - a)
    }
}

/// Libraries a thread keeps (a figure runs three replications' seeds).
const KEPT_LIBRARIES: usize = 4;

thread_local! {
    static DRAWN: std::cell::RefCell<Vec<(String, Library)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Everything a library's draw depends on.
fn library_key(w: &SegmentWorkload, chunk_bytes: u64, seed: u64) -> String {
    format!(
        "{}|{}|{:x}|{:x}|{:x}|{chunk_bytes}|{seed}",
        w.videos,
        w.segments,
        w.bitrate_kbps.to_bits(),
        w.segment_s.to_bits(),
        w.size_cv.to_bits()
    )
}

/// The request generator: arrival times, Zipf video, uniform segment.
pub struct Requests {
    alias: AliasTable,
    segments: u32,
    poisson: bool,
}

impl Requests {
    pub fn new(w: &SegmentWorkload) -> Requests {
        let p = tierplan_kit::analytics::zipf_probabilities(w.videos, w.popularity.exponent());
        Requests {
            alias: AliasTable::new(&p),
            segments: w.segments,
            poisson: w.arrivals == tierplan_scenario::request::ArrivalPattern::Poisson,
        }
    }

    /// Gap to the next arrival in operational time (expected arrivals): a
    /// unit exponential by inversion of one uniform (Poisson), or 1 (evenly
    /// spaced, no draw). [`ArrivalClock::time`] turns operational time into
    /// seconds, so the same draws give the same stream at every rate.
    pub fn unit_gap(&self, rng: &mut SimRng) -> f64 {
        if self.poisson {
            unit_exp(rng.uniform())
        } else {
            1.0
        }
    }

    /// (video, segment) of the next request.
    pub fn pick(&self, rng: &mut SimRng) -> (u32, u32) {
        let v = self.alias.sample(rng);
        let s = ((rng.uniform() * self.segments as f64) as u32).min(self.segments - 1);
        (v, s)
    }
}

/// The first `n` (video, segment) picks of replication `seed`, exactly as
/// the simulation draws them with evenly spaced arrivals (which draw no
/// gaps): for replaying the request stream through a reference cache.
pub fn request_sequence(w: &SegmentWorkload, seed: u64, n: usize) -> Vec<(u32, u32)> {
    let gen = Requests::new(w);
    let mut rng = SimRng::new(seed);
    (0..n).map(|_| gen.pick(&mut rng)).collect()
}

/// Common random numbers across rates: a run's arrivals are a unit-rate
/// stream in operational time `s` (the expected number of arrivals so far:
/// the sum of [`Requests::unit_gap`]s) mapped to seconds through the rate
/// profile — `warm_rate` for the warm-up's `warmup_s` seconds, then `rate`.
/// The i-th request's operational time and (video, segment) depend on the
/// seed only; its arrival time is `s / rate` when the warm-up runs at the
/// measured rate, and `warmup_s + (s − warm_rate·warmup_s) / rate` after a
/// warm-up at another rate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ArrivalClock {
    pub warm_rate: f64,
    pub warmup_s: f64,
    pub rate: f64,
}

impl ArrivalClock {
    /// Seconds at operational time `s`.
    #[inline]
    pub fn time(&self, s: f64) -> f64 {
        let warm = self.warm_rate * self.warmup_s;
        if self.warm_rate == self.rate || s < warm {
            s / self.warm_rate
        } else {
            self.warmup_s + (s - warm) / self.rate
        }
    }
}

/// One request of the stream: when it arrives, its operational time and
/// what it asks for.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Arrival {
    pub at_s: f64,
    pub operational: f64,
    pub video: u32,
    pub segment: u32,
}

/// The request stream of one replication: one generator seeded with the
/// replication's seed draws, per request, the gap to the next request and
/// then the request's pick. The engine takes its requests from this
/// iterator, so another built alike replays the engine's stream exactly
/// (the early stop counts the measured period's requests that way).
pub struct ArrivalStream {
    gen: Requests,
    clock: ArrivalClock,
    rng: SimRng,
    operational: f64,
}

impl ArrivalStream {
    pub fn new(w: &SegmentWorkload, clock: ArrivalClock, seed: u64) -> ArrivalStream {
        ArrivalStream {
            gen: Requests::new(w),
            clock,
            rng: SimRng::new(seed),
            operational: 0.0,
        }
    }

    /// Start again from the first request, with seed `seed` and `clock`.
    pub fn restart(&mut self, clock: ArrivalClock, seed: u64) {
        self.clock = clock;
        self.rng = SimRng::new(seed);
        self.operational = 0.0;
    }
}

impl Iterator for ArrivalStream {
    type Item = Arrival;
    fn next(&mut self) -> Option<Arrival> {
        let (at_s, s) = (self.clock.time(self.operational), self.operational);
        self.operational += self.gen.unit_gap(&mut self.rng);
        let (video, segment) = self.gen.pick(&mut self.rng);
        Some(Arrival {
            at_s,
            operational: s,
            video,
            segment,
        })
    }
}
