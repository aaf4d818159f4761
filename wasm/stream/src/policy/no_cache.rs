//! No cache on a tier: every hook is the trait's default (nothing kept,
//! nothing served).

use super::CachePolicy;
use crate::plan::Plan;
use crate::state::State;

pub(crate) struct NoCache;

impl CachePolicy for NoCache {
    fn reset(&mut self, _p: &Plan, _st: &mut State, _seed: u64) {}
}
