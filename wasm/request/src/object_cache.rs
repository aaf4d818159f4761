//! Object-level flash cache (model §11, §7): whole videos in fixed slots,
//! admitted by request counts over a sliding window (hourly buckets), or
//! the most popular videos staged before the run (static).

pub const NO_SLOT: u32 = u32::MAX;
const BUCKETS: usize = 24;

pub struct ObjectCache {
    pub slot_bytes: u64,
    pub slot_of: Vec<u32>,
    pub ready: Vec<bool>,
    pub video_in: Vec<u32>,
    counts: Vec<u32>,
    buckets: Vec<u32>,
    current: usize,
    bucket_s: f64,
    bucket_end: f64,
    margin: u32,
}

impl ObjectCache {
    pub fn new(videos: u32, slots: u32, slot_bytes: u64, window_s: f64, margin: u32) -> Self {
        ObjectCache {
            slot_bytes,
            slot_of: vec![NO_SLOT; videos as usize],
            ready: vec![false; videos as usize],
            video_in: vec![NO_SLOT; slots as usize],
            counts: vec![0; videos as usize],
            buckets: vec![0; videos as usize * BUCKETS],
            current: 0,
            bucket_s: window_s / BUCKETS as f64,
            bucket_end: window_s / BUCKETS as f64,
            margin,
        }
    }

    /// Stage videos 0..slots (the most popular) as already written.
    pub fn stage_top(&mut self) {
        for s in 0..self.video_in.len().min(self.slot_of.len()) {
            self.video_in[s] = s as u32;
            self.slot_of[s] = s as u32;
            self.ready[s] = true;
        }
    }

    pub fn cached(&self, v: u32) -> Option<u64> {
        let s = self.slot_of[v as usize];
        (s != NO_SLOT && self.ready[v as usize]).then(|| s as u64 * self.slot_bytes)
    }

    /// Count a request at time `t`, sliding the window first.
    pub fn count(&mut self, v: u32, t: f64) {
        let n = self.counts.len();
        while t >= self.bucket_end {
            self.current = (self.current + 1) % BUCKETS;
            let b = &mut self.buckets[self.current * n..(self.current + 1) * n];
            for (c, x) in self.counts.iter_mut().zip(b.iter_mut()) {
                *c -= *x;
                *x = 0;
            }
            self.bucket_end += self.bucket_s;
        }
        self.counts[v as usize] += 1;
        self.buckets[self.current * n + v as usize] += 1;
    }

    /// The slot a fill of `v` should take (a free one, or the least counted
    /// ready video's when `v` beats it by more than the margin); the evicted
    /// video is dropped at once.
    pub fn admit(&mut self, v: u32) -> Option<u32> {
        if self.slot_of[v as usize] != NO_SLOT {
            return None;
        }
        if let Some(s) = self.video_in.iter().position(|&x| x == NO_SLOT) {
            return Some(self.take(s as u32, v));
        }
        let (mut best, mut least) = (NO_SLOT, u32::MAX);
        for (s, &x) in self.video_in.iter().enumerate() {
            if self.ready[x as usize] && self.counts[x as usize] < least {
                least = self.counts[x as usize];
                best = s as u32;
            }
        }
        if best == NO_SLOT || self.counts[v as usize] <= least.saturating_add(self.margin) {
            return None;
        }
        let old = self.video_in[best as usize];
        self.slot_of[old as usize] = NO_SLOT;
        self.ready[old as usize] = false;
        Some(self.take(best, v))
    }

    fn take(&mut self, s: u32, v: u32) -> u32 {
        self.video_in[s as usize] = v;
        self.slot_of[v as usize] = s;
        self.ready[v as usize] = false;
        s
    }
}
