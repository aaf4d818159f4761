//! The stream engine's draws, made ahead in batches.
//!
//! Every arrival takes two values from the seeded stream: a uniform for the
//! title (alias table) and a unit exponential for the gap to the next
//! arrival, `-log1p(-u)`. Computed one at a time, each `log1p` sits on the
//! event loop's critical path: the next event cannot be chosen until the
//! gap is known. Here a batch of uniforms is drawn ahead, and the
//! exponentials of the positions expected to be read as exponentials are
//! computed in one short loop, where the `log1p` calls are independent and
//! overlap (natively +10–19 % events/s, in Chromium +6–12 %: see README,
//! "Fourth pass").
//!
//! The values are exactly those of drawing one at a time: the uniforms come
//! from the same stream in the same order, and a position read as an
//! exponential is `-log1p(-u)` of its own uniform whether it was computed
//! ahead or on the spot. Which positions are computed ahead is a guess
//! (alternating, starting with the kind of read that asked for the batch);
//! a wrong guess only costs the wasted `log1p`, never a different value.

use super::rng::{unit_exp, SimRng};

/// Uniforms drawn per batch (an even number: the guess alternates).
const BATCH: usize = 128;

#[derive(Clone)]
pub struct Lookahead {
    /// The batch's uniforms, in stream order.
    u: [f64; BATCH],
    /// `-log1p(-u[i]) / rate` at the positions of the guessed parity.
    exp: [f64; BATCH],
    /// Next position to read; `BATCH` when the batch is used up.
    next: usize,
    /// Parity (0 or 1) of the positions whose exponential was computed.
    exp_parity: usize,
    /// The rate `exp` holds exponentials of: the last one asked for.
    rate: f64,
}

impl Default for Lookahead {
    fn default() -> Self {
        Lookahead {
            u: [0.0; BATCH],
            exp: [0.0; BATCH],
            next: BATCH,
            exp_parity: 0,
            rate: 1.0,
        }
    }
}

impl Lookahead {
    /// Forget the batch: call whenever the stream is re-seeded.
    pub fn clear(&mut self) {
        self.next = BATCH;
    }

    /// The next uniform on [0, 1), as `SimRng::uniform` would give it.
    #[inline(always)]
    pub fn uniform(&mut self, rng: &mut SimRng) -> f64 {
        if self.next == BATCH {
            self.refill(rng, 1, self.rate);
        }
        let u = self.u[self.next];
        self.next += 1;
        u
    }

    /// The next exponential with the given rate, as `SimRng::exp` would
    /// give it: `-log1p(-u) / rate`.
    #[inline(always)]
    pub fn exp(&mut self, rng: &mut SimRng, rate: f64) -> f64 {
        let i = self.next;
        if i < BATCH && i & 1 == self.exp_parity && rate == self.rate {
            self.next = i + 1;
            self.exp[i]
        } else {
            self.exp_slow(rng, rate)
        }
    }

    /// `exp` when the batch is used up, or the position or rate was not
    /// guessed: computed on the spot from the position's own uniform.
    #[inline(never)]
    fn exp_slow(&mut self, rng: &mut SimRng, rate: f64) -> f64 {
        if self.next == BATCH {
            self.refill(rng, 0, rate);
            self.next = 1;
            return self.exp[0];
        }
        let u = self.u[self.next];
        self.next += 1;
        unit_exp(u) / rate
    }

    /// Draw a new batch; `first_parity` is 0 when the read asking for it is
    /// an exponential, 1 when it is a uniform.
    #[inline(never)]
    fn refill(&mut self, rng: &mut SimRng, first_parity: usize, rate: f64) {
        for u in &mut self.u {
            *u = rng.uniform();
        }
        self.exp_parity = first_parity;
        self.rate = rate;
        for i in (first_parity..BATCH).step_by(2) {
            self.exp[i] = unit_exp(self.u[i]) / rate;
        }
        self.next = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Any sequence of reads gives exactly what reading the stream one
    /// value at a time gives, across batch boundaries and wrong guesses.
    #[test]
    fn same_values_as_drawing_one_at_a_time() {
        // 0 = uniform, 1 = exponential: alternating, runs of one kind, and a
        // long irregular pattern that crosses several batches.
        let mut patterns: Vec<Vec<u8>> = vec![
            (0..1000).map(|i| (i % 2) as u8).collect(),
            (0..1000).map(|i| ((i + 1) % 2) as u8).collect(),
            vec![1; 300],
            vec![0; 300],
        ];
        let mut x = 12345u32;
        patterns.push(
            (0..5000)
                .map(|_| {
                    x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    (x >> 16).is_multiple_of(3) as u8
                })
                .collect(),
        );
        for (k, pattern) in patterns.iter().enumerate() {
            let mut plain = SimRng::new(k as u64 + 1);
            let mut ahead_rng = SimRng::new(k as u64 + 1);
            let mut ahead = Lookahead::default();
            for (i, &kind) in pattern.iter().enumerate() {
                let (a, b) = if kind == 1 {
                    (plain.exp(0.37), ahead.exp(&mut ahead_rng, 0.37))
                } else {
                    (plain.uniform(), ahead.uniform(&mut ahead_rng))
                };
                assert_eq!(a.to_bits(), b.to_bits(), "pattern {k}, read {i}");
            }
        }
    }

    #[test]
    fn clear_starts_over_on_a_reseeded_stream() {
        let mut rng = SimRng::new(9);
        let mut ahead = Lookahead::default();
        ahead.exp(&mut rng, 1.0);
        rng = SimRng::new(9);
        ahead.clear();
        let mut plain = SimRng::new(9);
        for _ in 0..10 {
            assert_eq!(plain.exp(2.0).to_bits(), ahead.exp(&mut rng, 2.0).to_bits());
            assert_eq!(plain.uniform().to_bits(), ahead.uniform(&mut rng).to_bits());
        }
    }
}
