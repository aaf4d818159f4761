//! The cache policies of the stream engine (model §6–§8).
//!
//! The engine (`sim.rs`) owns the event loop: arrivals, stream ends, the
//! popularity churn, the tiers' bandwidth counters and peaks, the
//! invariants check and the result. A policy owns what its cache keeps
//! (which titles sit on the file tier; which streams read a buffered
//! interval) and hears of the loop through the hooks of [`CachePolicy`]:
//! a request arrives, the engine asks whether the cache serves it, a stream
//! is admitted or ends, the policy's own timer fires, titles churn. A
//! scenario has two cache tiers, each run by one policy: the file tier's
//! (`file`: LFU, static or dynamic) and the buffer's (`buffer`: interval
//! caching); either may be [`no_cache::NoCache`]. The engine never asks
//! which policy it runs, so a new policy is a new file here, a variant of
//! [`AnyPolicy`] and one line in [`file`] or [`buffer`] — as
//! `request/src/policy/` is for the request engine.

mod history;
mod interval;
mod lfu;
mod no_cache;

pub use history::forget_histories;
pub(crate) use no_cache::NoCache;

use crate::plan::Plan;
use crate::state::{Place, State, Stream};

/// A cache policy of the stream engine. `State` is the engine's; a policy
/// changes the tiers' counters only as the streams it moves require (the
/// interval policy moves followers between disk and buffer), and pushes
/// its timer events with the [`crate::state::Kind`] of its tier.
pub(crate) trait CachePolicy {
    /// Start a replication (the engine's state is already reset): empty
    /// the cache, or stage it.
    fn reset(&mut self, p: &Plan, st: &mut State, seed: u64);
    /// A request for the title at `slot` arrived, before admission.
    fn request(&mut self, _p: &Plan, _st: &State, _slot: u32) {}
    /// Whether this cache's tier serves the title at `slot` now, its read
    /// bandwidth then at `used` (the stream's included). Asked of the file
    /// tier's policy; a buffer serves streams only by moving them later.
    fn serves(&self, _p: &Plan, _slot: u32, _used: u64) -> bool {
        false
    }
    /// Stream `id`, of the title at `slot`, was admitted at `place`
    /// (counters already raised).
    fn admitted(&mut self, _p: &Plan, _st: &mut State, _id: u32, _slot: u32, _place: Place) {}
    /// The request for `slot` was not served from this cache (read from
    /// disk, or turned away); a policy may start filling the title.
    fn missed(&mut self, _p: &Plan, _st: &mut State, _slot: u32) {}
    /// Stream `id` ended; `s` is what it was (counters already lowered).
    fn ended(&mut self, _p: &Plan, _st: &mut State, _id: u32, _s: &Stream) {}
    /// The policy's own event (pushed with its tier's kind) fired.
    fn timer(&mut self, _p: &Plan, _st: &mut State, _id: u32, _gen: u32) {}
    /// A new title took `slot` (popularity churn): the old one is gone.
    fn churned(&mut self, _p: &Plan, _st: &State, _slot: u32) {}
    /// KB written into the cache over the measured window (wear).
    fn written_kb(&self) -> f64 {
        0.0
    }
    /// Panic with a message if the policy's bookkeeping broke.
    fn check(&self, _p: &Plan, _st: &State) {}
}

/// Every policy, held by value: the engine's calls go to the policy by a
/// `match` the compiler can inline, not through a vtable (as the request
/// engine's `AnyPolicy`). A new policy is a file, a variant here and an
/// arm in [`file`] or [`buffer`].
pub(crate) enum AnyPolicy {
    None(NoCache),
    Lfu(lfu::Lfu),
    Interval(interval::Interval),
}

/// `$body` with `$p` bound to the policy inside `$self`, whichever it is.
macro_rules! each {
    ($self:expr, $p:ident => $body:expr) => {
        match $self {
            AnyPolicy::None($p) => $body,
            AnyPolicy::Lfu($p) => $body,
            AnyPolicy::Interval($p) => $body,
        }
    };
}

impl CachePolicy for AnyPolicy {
    #[inline]
    fn reset(&mut self, p: &Plan, st: &mut State, seed: u64) {
        each!(self, x => x.reset(p, st, seed))
    }
    #[inline]
    fn request(&mut self, p: &Plan, st: &State, slot: u32) {
        each!(self, x => x.request(p, st, slot))
    }
    #[inline]
    fn serves(&self, p: &Plan, slot: u32, used: u64) -> bool {
        each!(self, x => x.serves(p, slot, used))
    }
    #[inline]
    fn admitted(&mut self, p: &Plan, st: &mut State, id: u32, slot: u32, place: Place) {
        each!(self, x => x.admitted(p, st, id, slot, place))
    }
    #[inline]
    fn missed(&mut self, p: &Plan, st: &mut State, slot: u32) {
        each!(self, x => x.missed(p, st, slot))
    }
    #[inline]
    fn ended(&mut self, p: &Plan, st: &mut State, id: u32, s: &Stream) {
        each!(self, x => x.ended(p, st, id, s))
    }
    #[inline]
    fn timer(&mut self, p: &Plan, st: &mut State, id: u32, gen: u32) {
        each!(self, x => x.timer(p, st, id, gen))
    }
    #[inline]
    fn churned(&mut self, p: &Plan, st: &State, slot: u32) {
        each!(self, x => x.churned(p, st, slot))
    }
    #[inline]
    fn written_kb(&self) -> f64 {
        each!(self, x => x.written_kb())
    }
    #[inline]
    fn check(&self, p: &Plan, st: &State) {
        each!(self, x => x.check(p, st))
    }
}

/// The file tier's policy plan `p` names.
pub(crate) fn file(p: &Plan) -> AnyPolicy {
    if p.has_file {
        AnyPolicy::Lfu(lfu::Lfu::default())
    } else {
        AnyPolicy::None(NoCache)
    }
}

/// The buffer's policy plan `p` names.
pub(crate) fn buffer(p: &Plan) -> AnyPolicy {
    if p.has_ic {
        AnyPolicy::Interval(interval::Interval::default())
    } else {
        AnyPolicy::None(NoCache)
    }
}

/// Put in `slot` the policy `make` gives for `p`, keeping the one there
/// (and its tables' allocations) when it is already of that kind.
pub(crate) fn keep_or_make(slot: &mut AnyPolicy, p: &Plan, make: fn(&Plan) -> AnyPolicy) {
    let want = make(p);
    if std::mem::discriminant(&want) != std::mem::discriminant(slot) {
        *slot = want;
    }
}
