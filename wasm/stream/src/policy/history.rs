//! The dynamic LFU's warm-start histories, kept per thread between runs.

use crate::plan::Plan;
use crate::state::State;
use std::collections::VecDeque;
use tierplan_kit::sampling::lookahead::Lookahead;
use tierplan_kit::sampling::rng::SimRng;

/// Window entries of warm-up histories kept per thread, all histories
/// together (16 bytes each: at most about 48 MB).
const HISTORY_MEMO_ENTRIES: usize = 3_000_000;

/// A dynamic LFU's warm-start history as the draw loop leaves it: the
/// window's requests, their counts and the generator's state after them. It
/// depends on the seed, the arrival process and the popularity table only —
/// not on the devices — so an optimiser's candidates, which differ in their
/// device counts, all draw the same one per replication (a window of 24 h at
/// 8 arrivals/s is 700 000 draws, more than the 4 h run itself). It is drawn
/// once and copied: the run goes on from exactly the state it would have
/// drawn, so every result is the same bit for bit (a test checks it).
struct History {
    seed: u64,
    window: u64,
    lambda: u64,
    profile: Option<tierplan_kit::sampling::arrivals::RateSteps>,
    alias: tierplan_kit::sampling::alias::AliasTable,
    rng: SimRng,
    draws: Lookahead,
    counts: Vec<u32>,
    window_q: VecDeque<(f64, u32, u32)>,
    events: u64,
}

impl History {
    fn fits(&self, p: &Plan, seed: u64) -> bool {
        self.seed == seed
            && self.window == p.window.to_bits()
            && self.lambda == p.lambda.to_bits()
            && self.profile == p.profile
            && self.counts.len() == p.n as usize
            && self.alias == p.alias
    }
}

thread_local! {
    /// Histories kept, least recently used first.
    static HISTORIES: std::cell::RefCell<VecDeque<History>> =
        const { std::cell::RefCell::new(VecDeque::new()) };
}

/// Forget the kept warm-start histories of this thread and say how many
/// there were (tests compare runs with and without them).
pub fn forget_histories() -> usize {
    HISTORIES.with(|h| {
        let mut kept = h.borrow_mut();
        let n = kept.len();
        kept.clear();
        n
    })
}

/// Take a kept history of this seed and arrival process (see [`History`])
/// if there is one: the state the draw loop would leave, in the engine's
/// generator and the policy's counts and window.
#[inline(never)]
pub(super) fn recall(
    p: &Plan,
    seed: u64,
    st: &mut State,
    counts: &mut Vec<u32>,
    window_q: &mut VecDeque<(f64, u32, u32)>,
) -> bool {
    if p.trace.is_some() {
        return false;
    }
    HISTORIES.with(|h| {
        let mut kept = h.borrow_mut();
        let Some(i) = kept.iter().position(|x| x.fits(p, seed)) else {
            return false;
        };
        // Most recently used last: the first is the one to drop.
        let x = kept.remove(i).expect("found");
        st.rng = x.rng.clone();
        st.draws = x.draws.clone();
        counts.clone_from(&x.counts);
        window_q.clone_from(&x.window_q);
        st.events_done = x.events;
        kept.push_back(x);
        true
    })
}

/// Keep the history just drawn for the next run of the same arrivals.
#[inline(never)]
pub(super) fn keep(
    p: &Plan,
    seed: u64,
    st: &State,
    counts: &[u32],
    window_q: &VecDeque<(f64, u32, u32)>,
) {
    if p.trace.is_some() || window_q.len() > HISTORY_MEMO_ENTRIES {
        return;
    }
    HISTORIES.with(|h| {
        let mut kept = h.borrow_mut();
        let mut held: usize = kept.iter().map(|x| x.window_q.len()).sum();
        // Make room from the least recently used history of other
        // arrivals only: a run of more seeds than fit keeps its first
        // ones (dropping its own would make a seed-by-seed scan miss
        // every time).
        let same = |x: &History| {
            x.window == p.window.to_bits()
                && x.lambda == p.lambda.to_bits()
                && x.profile == p.profile
        };
        while held + window_q.len() > HISTORY_MEMO_ENTRIES {
            let Some(i) = kept.iter().position(|x| !same(x)) else {
                return;
            };
            let old = kept.remove(i).expect("found");
            held -= old.window_q.len();
        }
        kept.push_back(History {
            seed,
            window: p.window.to_bits(),
            lambda: p.lambda.to_bits(),
            profile: p.profile.clone(),
            alias: p.alias.clone(),
            rng: st.rng.clone(),
            draws: st.draws.clone(),
            counts: counts.to_vec(),
            window_q: window_q.clone(),
            events: st.events_done,
        });
    });
}
