//! A miniature of the per-page reference FTL run on a spatial sample of the
//! drive (model §11, "Locality of overwrites"), the way SHARDS (Waldspurger
//! et al., FAST'15) estimates a cache's miss ratio from the references to a
//! sample of its keys. The scalable model takes from it the valid share of
//! garbage collection's victims, so what the write pattern does to them — a
//! ring that empties its blocks in order, a set rewritten in FIFO order,
//! hot data next to cold — is simulated instead of assumed uniform, with
//! memory fixed by the sample's size (about 2¹⁷ slots and the sampled units
//! the workload has written), not by the drive's capacity.
//!
//! What is sampled: the writes that land on the drive's first `dies` dies
//! (each with all of the drive's blocks while the sample holds them, else
//! one die with the sample's blocks; every die of a small drive) and whose
//! mapping unit lies in a chosen extent of the logical space. Each followed die is the drive's die with fewer blocks, seeing
//! its stream of writes thinned in space, so a block of the miniature is
//! made as the drive's are — the units a run of writes put on that die,
//! overwritten together later — and greedy GC finds victims as the drive's
//! does. A unit that moves to a die not followed leaves garbage behind (a
//! trim). Extents are four erase blocks' worth of mapping units, chosen by
//! a stride permutation so their count is exact: a hashed sample's count
//! swings by a few per cent, and the units it takes too many or too few of
//! act as missing room or static data (WA off by 4 % on uniform writes).
//!
//! The miniature's logical units stand for the drive units its dies hold:
//! after a steady-state start (the reference's layout) a drive unit first
//! written claims one of them in the dies' share of cases (it held data
//! there), and otherwise takes a free one when it lands on a followed die.

use super::burst_log::BurstLog;
use super::ftl::Ftl;
use crate::sampling::rng::{splitmix64, SimRng};
use std::collections::HashMap;

/// Physical slots of the miniature (numerical setting: large enough that
/// its victims' valid share is measured within about 1 %, small enough to
/// clone with the drive for every replication).
const SLOTS: u64 = 1 << 17;
/// Blocks of the miniature: at least 64 for greedy to choose among, at most
/// 2048 (setting, as `steady_gc::greedy_spread`'s sample).
const MIN_BLOCKS: u64 = 64;
const MAX_BLOCKS: u64 = 2048;
/// Erase blocks' worth of mapping units sampled together (see the
/// module's note).
const EXTENT_BLOCKS: u64 = 4;
/// Erases of the miniature its measured victim share averages over (an
/// exponential window), and the erases between two updates. About one of
/// its bursts (the X25-M's sample collects 17–20 victims in one): while a
/// fresh drive's victims fill up over its first passes, a longer memory
/// lags them (512 erases, some 80 s of the NOSSDAV'12 figure at 16–18
/// requests/s: bursts copying a third less than the reference's, and the
/// flashcache series' misses at 17 and 18 requests/s 2 and 9 points too
/// low); a burst's own victims are what the drive's burst stands for.
const WINDOW: f64 = 16.0;
const UPDATE: u64 = 4;

#[derive(Clone)]
pub struct Miniature {
    ftl: Ftl,
    slots: u32,
    /// Dies of the drive the miniature follows (dies 0..dies), of `units`.
    dies: u32,
    units: u32,
    /// Mapping units per sampled extent.
    extent: u64,
    /// Extent e is sampled when (e · stride) mod extents < chosen: exactly
    /// `chosen` extents of the drive's, spread evenly (a hashed sample's
    /// count would swing by a few per cent, and what it left out or took
    /// too many of would act as static data or missing room).
    extents: u64,
    stride: u64,
    chosen: u64,
    /// Sampling rate: sampled drive units per drive unit.
    rate: f64,
    /// Sampled drive mapping unit → its miniature logical unit while it
    /// lives on one of the followed dies (`NONE` once it lives elsewhere).
    index: UnitIndex,
    /// Whether `e · stride` fits 64 bits for every extent `e` (then the
    /// sampling test divides in 64 bits, not 128: a software division
    /// that was 3 % of the flashcache series' time).
    narrow: bool,
    /// First drive unit of the extent last looked up and its rank: the
    /// units of a run of writes share an extent, so its two divisions are
    /// done once per extent (they were two thirds of following a write).
    /// Starts at extent 0, whose rank is 0.
    extent_at: (u64, u64),
    /// Miniature logical units laid out by a steady-state start and not yet
    /// claimed by a drive unit (each stands for one the drive held there),
    /// and units free to take a drive unit that comes to these dies.
    laid_out: Vec<u32>,
    free: Vec<u32>,
    /// Miniature logical units standing for the drive units the followed
    /// dies hold (the rest is the room above).
    held: u32,
    /// Whether the drive started fresh (secure-erased), not laid out.
    fresh: bool,
    /// Fraction of a random write carried between `skip`s.
    skip_carry: f64,
    /// Counters at the last update, and what has gathered since.
    seen: (u64, u64),
    /// Erases measured so far (the first ones are averaged evenly).
    measured: f64,
    /// Measured valid share of the miniature's victims (None until its GC
    /// has run `UPDATE` times).
    v: Option<f64>,
    /// Its latest bursts one by one, for the drive's bursts' lengths.
    bursts: BurstLog,
    rng: SimRng,
}

const NONE: u32 = u32::MAX;

impl std::fmt::Debug for Miniature {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Miniature")
            .field("rate", &self.rate)
            .field("logical", &self.ftl.logical_pages())
            .field("v", &self.v)
            .finish()
    }
}

impl Miniature {
    /// A miniature of a drive of `units` dies of `blocks_per_unit` erase
    /// blocks of `slots` mapping units and `logical` mapping units, GC
    /// restoring `reserve` clean blocks at a time as the drive's does
    /// (greedy one block at a time mixes its copies into the host's writes
    /// for many more passes than a burst does: the reference's behaviour,
    /// so the miniature's too). None when the drive is block-mapped (every
    /// rewrite empties a block) or has no room to collect.
    pub fn new(
        units: u32,
        slots: u32,
        blocks_per_unit: u32,
        logical: u64,
        reserve: u32,
    ) -> Option<Miniature> {
        if slots < 2 || logical == 0 || units == 0 {
            return None;
        }
        let total = (SLOTS / slots as u64).clamp(MIN_BLOCKS, MAX_BLOCKS);
        // Each followed die keeps all of the drive's blocks when the
        // sample holds them (GC's reserve is then the same share of it:
        // with 16 of 204 blocks instead of 16 of 1753 the X25-M's sample
        // collected well below the drive), else the sample's blocks, one
        // die; as many dies as that leaves room for (a drive no larger
        // than the sample is followed whole).
        let per_die = total.min(blocks_per_unit as u64).max(1) as u32;
        let dies = (total / per_die as u64).clamp(1, units as u64) as u32;
        let drive_reserve = reserve_of(reserve, blocks_per_unit);
        // A reserve in the drive's proportion of a die's blocks.
        let scaled = libm::round(drive_reserve as f64 * per_die as f64 / blocks_per_unit as f64);
        let reserve = reserve_of(scaled as u32, per_die);
        // Clean blocks GC keeps aside run down from the reserve to none
        // between bursts: on average half of it (with the open block's
        // room, half a block) is out of reach of data, on the drive and on
        // the miniature alike; the rest holds data, filled in the drive's
        // proportion of logical units to such slots.
        let room =
            |blocks: u32, reserve: u32| (blocks as f64 - reserve as f64 / 2.0 - 0.5) * slots as f64;
        let data = dies as f64 * room(per_die, reserve);
        let drive_data = units as f64 * room(blocks_per_unit, drive_reserve);
        if drive_data.is_nan() || drive_data <= logical as f64 {
            return None;
        }
        let held = libm::floor(data * logical as f64 / drive_data) as u64;
        // Greedy needs room to reclaim into: two blocks' worth a die.
        if held == 0 || data - (held as f64) < 2.0 * slots as f64 * dies as f64 {
            return None;
        }
        // The followed dies hold `dies / units` of the drive's data: the
        // spatial rate that makes that `held` units.
        let rate = (held as f64 * units as f64 / dies as f64 / logical as f64).min(1.0);
        let extent = (EXTENT_BLOCKS * slots as u64).max(1);
        let extents = logical.div_ceil(extent);
        let chosen = libm::round(rate * extents as f64).clamp(1.0, extents as f64) as u64;
        // A stride near the golden section of the extents, coprime with
        // their number: a permutation that spreads the chosen ones evenly.
        let mut stride = ((extents as f64 * 0.618_033_988_75) as u64).max(1);
        while gcd(stride, extents) != 1 {
            stride += 1;
        }
        // A little room beyond what is held, for drive units that come to
        // these dies while as many have yet to leave.
        let spare_ids = (held / 16).max(64);
        // The sample's bursts that restore as many clean blocks as one of
        // the drive's.
        let group = libm::round(drive_reserve as f64 / reserve as f64).max(1.0) as u32;
        Some(Miniature {
            ftl: Ftl::new(dies, slots, per_die, (held + spare_ids) as u32).with_reserve(reserve),
            slots,
            dies,
            units,
            extent,
            extents,
            stride,
            chosen,
            rate,
            index: UnitIndex::new(chosen * extent),
            narrow: (extents as u128) * (stride as u128) <= u64::MAX as u128,
            extent_at: (0, 0),
            laid_out: Vec::new(),
            free: Vec::new(),
            held: held as u32,
            fresh: true,
            skip_carry: 0.0,
            seen: (0, 0),
            measured: 0.0,
            v: None,
            bursts: BurstLog::new(slots, group),
            rng: SimRng::new(0x3141_5926),
        })
    }

    /// Clean and unmapped, as a secure-erased drive.
    pub fn reset(&mut self) {
        self.ftl.reset();
        self.forget();
        self.deal();
        self.fresh = true;
    }

    /// Laid out as uniform random overwrites leave a drive (the reference's
    /// steady state), for the same seed.
    pub fn precondition_steady(&mut self, seed: u64) {
        // The room kept beyond what the dies hold starts unmapped.
        self.ftl.precondition_steady_first(seed, self.held);
        self.forget();
        self.deal();
        self.fresh = false;
    }

    /// The units that stand for what the followed dies hold, to be claimed
    /// in a seeded random order (any unit's data may be anywhere), and the
    /// room above them free.
    fn deal(&mut self) {
        let n = self.ftl.logical_pages();
        self.free.extend((self.held..n).rev());
        let mut ids: Vec<u32> = (0..self.held).collect();
        let mut rng = SimRng::new(0x1d5);
        for i in (1..ids.len()).rev() {
            let j = (rng.uniform() * (i + 1) as f64) as usize % (i + 1);
            ids.swap(i, j);
        }
        self.laid_out = ids;
    }

    fn forget(&mut self) {
        self.index.clear();
        self.laid_out.clear();
        self.free.clear();
        self.skip_carry = 0.0;
        self.ftl.reset_counters();
        self.seen = (0, 0);
        self.measured = 0.0;
        self.v = None;
        self.bursts.clear();
    }

    /// The valid share of the miniature's recent victims once measured;
    /// before that on a drive started fresh (its first bursts), of the
    /// victims greedy GC would take on the followed dies now: the blocks
    /// the workload filled first, as emptied by what it wrote since (none
    /// when nothing is written yet). A steady-state start is laid out as
    /// uniform random writes leave it, which the age model describes.
    pub fn victim_valid(&self) -> Option<f64> {
        self.v
            .or_else(|| if self.fresh { self.peek() } else { None })
    }

    /// The valid share for the drive's next GC burst on a drive started
    /// fresh: drawn from the sample's latest bursts (`BurstLog`), so the
    /// drive's bursts vary in length as the sample's do (None before the
    /// sample has burst). Not after a steady-state start: there the draws
    /// took the L2ARC cold row of `tierplan reproduce` from 17 to under 10
    /// requests/s (the reference's 18), and on the warm flashcache preset
    /// eight of ten replications collapsed where the reference's one of ten
    /// did and the mean's none (request-notebook.md, 2026-11-29 (late):
    /// the draws are unbiased, the runs tip), so such a drive keeps the
    /// mean (`victim_valid`).
    pub fn burst_valid(&mut self) -> Option<f64> {
        if !self.fresh {
            return None;
        }
        self.bursts.next_share()
    }

    /// The valid share of the bursts the followed dies would run now.
    fn peek(&self) -> Option<f64> {
        let (copies, victims) = (0..self.dies)
            .map(|u| self.ftl.peek_burst(u))
            .fold((0, 0), |(c, v), (dc, dv)| (c + dc, v + dv));
        (victims > 0).then(|| copies as f64 / (victims as f64 * self.slots as f64))
    }

    /// The miniature's own write amplification since its counters were
    /// last reset (a check on the drive's).
    pub fn write_amplification(&self) -> f64 {
        self.ftl.write_amplification()
    }

    pub fn rate(&self) -> f64 {
        self.rate
    }

    /// The host writes drive mapping unit `mu` on die `unit`: the
    /// miniature follows it if its extent is sampled.
    #[inline]
    pub fn write(&mut self, unit: u32, mu: u64) {
        let Some(key) = self.sampled_key(mu) else {
            return;
        };
        self.write_sampled(unit, mu, key);
    }

    /// When drive mapping unit `mu` lies in a chosen extent, its key in
    /// the index: the extent's rank (below `chosen`, distinct for each
    /// chosen extent), then the unit's place in the extent — dense, 0 to
    /// chosen · extent − 1, and the units of a run of writes side by side.
    #[inline]
    fn sampled_key(&mut self, mu: u64) -> Option<u64> {
        let (start, rank) = self.extent_at;
        let (start, rank) = if mu.wrapping_sub(start) < self.extent {
            (start, rank)
        } else {
            let e = mu / self.extent;
            let rank = if self.narrow {
                (e * self.stride) % self.extents
            } else {
                (((e as u128) * self.stride as u128) % self.extents as u128) as u64
            };
            self.extent_at = (e * self.extent, rank);
            (e * self.extent, rank)
        };
        (rank < self.chosen).then(|| rank * self.extent + (mu - start))
    }

    #[inline(never)]
    fn write_sampled(&mut self, unit: u32, mu: u64, key: u64) {
        let here = unit < self.dies;
        let lpn = match self.index.get(key) {
            Some(l) => l,
            None => {
                // First seen: after a steady-state start it is one of the
                // units laid out on the followed dies in their share of
                // cases (by its hash, so the same unit decides alike).
                let was_here = splitmix64(mu ^ 0xd1e5) % (self.units as u64) < self.dies as u64;
                match (was_here, self.laid_out.pop()) {
                    (true, Some(l)) => l,
                    (false, Some(l)) => {
                        self.laid_out.push(l);
                        NONE
                    }
                    (_, None) => NONE,
                }
            }
        };
        if here {
            let l = if lpn != NONE {
                lpn
            } else if let Some(l) = self.free.pop() {
                l
            } else {
                // More units on these dies than the room kept for them
                // (a rare swing): this write is not followed.
                return;
            };
            self.index.insert(key, l);
            // A die whose blocks all hold data (units move between dies, so
            // their shares drift) passes the write on, as the drive's
            // controller would.
            let mut u = unit;
            if !self.ftl.can_take(u) {
                match (1..self.dies)
                    .map(|i| (unit + i) % self.dies)
                    .find(|&d| self.ftl.can_take(d))
                {
                    Some(d) => u = d,
                    None => return,
                }
            }
            let w = self.ftl.write_on(u, l);
            self.bursts.record(w);
            self.measure();
        } else {
            if lpn != NONE {
                // It moves to a die not followed: its old copy is garbage here.
                self.ftl.trim(lpn);
                self.free.push(lpn);
            }
            self.index.insert(key, NONE);
        }
    }

    /// A stream rewrote drive mapping unit `mu` over a stripe it wrote
    /// whole before: the drive's blocks of that stripe empty whole and
    /// stay out of what GC collects from (`SteadyGc`'s streams), so the
    /// sample lets the unit go as a trim.
    pub fn forget_unit(&mut self, mu: u64) {
        let Some(key) = self.sampled_key(mu) else {
            return;
        };
        if let Some(l) = self.index.insert(key, NONE) {
            if l != NONE {
                self.ftl.trim(l);
                self.free.push(l);
            }
        }
    }

    /// `n` uniform random drive writes, as the miniature sees them: its
    /// share of them at random logical units.
    pub fn skip(&mut self, n: u64) {
        let want = n as f64 * self.rate + self.skip_carry;
        let k = libm::floor(want);
        self.skip_carry = want - k;
        // Each random write lands on a followed die in their share of
        // cases; as an overwrite of a random unit held there (those not
        // tracked by name: the laid-out ones).
        let k = (k * self.dies as f64 / self.units as f64) as u64;
        let held = self.laid_out.len();
        if held == 0 {
            return;
        }
        for _ in 0..k {
            let i = ((self.rng.uniform() * held as f64) as usize).min(held - 1);
            let l = self.laid_out[i];
            let u = ((self.rng.uniform() * self.dies as f64) as u32).min(self.dies - 1);
            let w = self.ftl.write_on(u, l);
            self.bursts.record(w);
            self.measure();
        }
    }

    /// After a write: fold the GC the miniature did since the last update
    /// into the measured victim share.
    #[inline]
    fn measure(&mut self) {
        let erases = self.ftl.wear.erases - self.seen.1;
        if erases < UPDATE {
            return;
        }
        let copies = (self.ftl.wear.nand_pages - self.ftl.wear.host_pages) - self.seen.0;
        self.seen = (
            self.ftl.wear.nand_pages - self.ftl.wear.host_pages,
            self.ftl.wear.erases,
        );
        let sample = (copies as f64 / (erases as f64 * self.slots as f64)).clamp(0.0, 1.0);
        self.measured += erases as f64;
        // A plain mean until a window's worth is in, then exponential.
        let w = erases as f64 / self.measured.min(WINDOW);
        self.v = Some(match self.v {
            None => sample,
            Some(v) => v + (sample - v) * w.min(1.0),
        });
    }
}

/// Sampled units (chosen extents × units per extent) up to which the index
/// is a table with a slot for every one (4 bytes each, at most 16 MB),
/// looked up without hashing; the X25-M of the NOSSDAV'12 figure samples
/// about 1.2 M. Beyond it (a drive of hundreds of dies) a hash map holds
/// only the units the workload has written. The two answer alike.
const DENSE_MAX: u64 = 1 << 22;
/// A dense slot no unit has claimed yet (the miniature's logical units
/// stay far below it).
const ABSENT: u32 = u32::MAX - 1;

/// Sampled drive unit (by `Miniature::key`) → miniature logical unit.
/// A table was the hash map's lookup in the flashcache series (a quarter
/// of its time, mostly waiting on memory: hashing scatters the units a run
/// of writes puts side by side).
#[derive(Clone)]
enum UnitIndex {
    Dense(Vec<u32>),
    Hashed(HashMap<u64, u32>),
}

impl UnitIndex {
    fn new(keys: u64) -> UnitIndex {
        if keys <= DENSE_MAX {
            UnitIndex::Dense(vec![ABSENT; keys as usize])
        } else {
            UnitIndex::Hashed(HashMap::new())
        }
    }

    #[inline]
    fn get(&self, key: u64) -> Option<u32> {
        match self {
            UnitIndex::Dense(t) => Some(t[key as usize]).filter(|&l| l != ABSENT),
            UnitIndex::Hashed(m) => m.get(&key).copied(),
        }
    }

    /// Set `key`'s unit; the one it had, if any.
    #[inline]
    fn insert(&mut self, key: u64, l: u32) -> Option<u32> {
        match self {
            UnitIndex::Dense(t) => {
                Some(std::mem::replace(&mut t[key as usize], l)).filter(|&o| o != ABSENT)
            }
            UnitIndex::Hashed(m) => m.insert(key, l),
        }
    }

    fn clear(&mut self) {
        match self {
            UnitIndex::Dense(t) => t.fill(ABSENT),
            UnitIndex::Hashed(m) => m.clear(),
        }
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The reserve the reference FTL keeps for `asked` (`Ftl::with_reserve`).
fn reserve_of(asked: u32, blocks_per_unit: u32) -> u32 {
    asked.clamp(1, (blocks_per_unit / 4).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table and the hash map are two stores of one index: a
    /// miniature on each, given the same writes (runs and scattered
    /// units, over dies followed and not, streams forgotten), measures
    /// the same victims and does the same GC, bit for bit.
    #[test]
    fn the_table_answers_as_the_hash_map() {
        // 10 dies of 2000 blocks of 64 units (one die followed, whole).
        let logical = 10 * 2000 * 64 * 93 / 100;
        let mut dense = Miniature::new(10, 64, 2000, logical, 16).expect("a sample");
        assert!(matches!(dense.index, UnitIndex::Dense(_)));
        let mut hashed = dense.clone();
        hashed.index = UnitIndex::Hashed(HashMap::new());
        for m in [&mut dense, &mut hashed] {
            m.precondition_steady(3);
        }
        let mut rng = SimRng::new(17);
        let mut measured = 0;
        for i in 0..3_000_000u64 {
            // Runs of 16 units from a random start, now and then one alone.
            let mu = if i % 7 == 0 {
                (rng.uniform() * logical as f64) as u64
            } else {
                ((i / 16) * 7919 * 16 + i % 16) % logical
            };
            let die = (i % 10) as u32;
            if i % 1000 == 999 {
                dense.forget_unit(mu);
                hashed.forget_unit(mu);
            } else {
                dense.write(die, mu);
                hashed.write(die, mu);
            }
            let (a, b) = (dense.victim_valid(), hashed.victim_valid());
            assert_eq!(a.map(f64::to_bits), b.map(f64::to_bits), "write {i}");
            measured += a.is_some() as u32;
        }
        assert!(measured > 0, "the sample collected");
        assert_eq!(dense.ftl.wear.erases, hashed.ftl.wear.erases);
        assert_eq!(dense.ftl.wear.nand_pages, hashed.ftl.wear.nand_pages);
        assert!(dense.ftl.wear.erases > 0);
    }

    /// Every sampled unit gets a key of its own in the table, and the
    /// keys fill it: the rank is a permutation's, below `chosen` for
    /// exactly the chosen extents (counted from the definition), whatever
    /// order the units are asked in (the kept extent is only a shortcut).
    #[test]
    fn each_sampled_unit_has_its_own_slot() {
        for (units, slots, blocks, share) in
            [(10, 64, 2000, 93), (4, 32, 300, 90), (3, 16, 5000, 80)]
        {
            let logical = units as u64 * blocks as u64 * slots as u64 * share / 100;
            let mut m = Miniature::new(units, slots, blocks, logical, 8).expect("a sample");
            let size = (m.chosen * m.extent) as usize;
            let mut seen = vec![false; size];
            let mut taken = 0u64;
            let mut rng = SimRng::new(5);
            // In order, then shuffled (a run, then scattered units).
            let mut order: Vec<u64> = (0..logical).collect();
            for pass in 0..2 {
                if pass == 1 {
                    for i in (1..order.len()).rev() {
                        let j = (rng.uniform() * (i + 1) as f64) as usize % (i + 1);
                        order.swap(i, j);
                    }
                    seen.iter_mut().for_each(|x| *x = false);
                    taken = 0;
                }
                for &mu in &order {
                    let e = mu / m.extent;
                    let chosen =
                        (e as u128 * m.stride as u128 % m.extents as u128) < m.chosen as u128;
                    let key = m.sampled_key(mu);
                    assert_eq!(key.is_some(), chosen, "unit {mu}");
                    if let Some(k) = key {
                        assert!(
                            !std::mem::replace(&mut seen[k as usize], true),
                            "unit {mu}: key {k} twice"
                        );
                        taken += 1;
                    }
                }
                // The last extent may be cut short by the logical space's end.
                assert!(
                    taken + m.extent > size as u64 && taken <= size as u64,
                    "{taken} of {size}"
                );
            }
        }
    }
}
