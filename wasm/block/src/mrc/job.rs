//! A miss-ratio curve of a trace file as a resumable job, for a worker that
//! reads the file slice by slice (never whole) and reports progress between
//! steps: the same shape as the block study's trace runs.

use super::{MrcPolicy, MrcResult, Profiler, Sampling};
use crate::sampling::trace::{TraceLineError, TraceReader};
use crate::sampling::BlockSource;
use serde::{Deserialize, Serialize};
use tierplan_kit::progress::Progress;
use tierplan_scenario::block::BlockTraceFormat;

/// What to profile and how.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct MrcSpec {
    pub format: BlockTraceFormat,
    pub policy: MrcPolicy,
    pub sampling: Sampling,
    /// Cache sizes, 4 KB blocks (empty: the policy's default grid).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(type = "number[]"))]
    pub sizes: Vec<u64>,
}

pub struct MrcJob {
    reader: TraceReader,
    profiler: Profiler,
    sizes: Vec<u64>,
    starved: bool,
    result: Option<MrcResult>,
}

impl MrcJob {
    /// A field-named message (`mrc.…`) when the spec cannot be profiled.
    pub fn new(spec: &MrcSpec) -> Result<MrcJob, String> {
        Ok(MrcJob {
            reader: TraceReader::new(spec.format),
            profiler: Profiler::new(spec.policy, spec.sampling, &spec.sizes)?,
            sizes: spec.sizes.clone(),
            starved: false,
            result: None,
        })
    }

    pub fn feed_trace(&mut self, chunk: &[u8]) {
        self.reader.feed(chunk);
    }

    pub fn end_trace(&mut self) {
        self.reader.end();
    }

    /// Whether the job waits for more of the file.
    pub fn needs_input(&self) -> bool {
        self.result.is_none() && self.starved && !self.reader.is_finished()
    }

    pub fn trace_errors(&self) -> Vec<TraceLineError> {
        self.reader.errors().to_vec()
    }

    /// Profile up to `budget` I/Os of what has been fed.
    pub fn step(&mut self, budget: u32) -> Progress {
        self.starved = false;
        let mut left = budget.max(1);
        while left > 0 && self.result.is_none() {
            match self.reader.next_io() {
                Some(io) => {
                    self.profiler.push(&io);
                    left -= 1;
                }
                None if self.reader.is_finished() => {
                    self.result = Some(self.profiler.finish(&self.sizes));
                }
                None => {
                    self.starved = true;
                    break;
                }
            }
        }
        self.progress()
    }

    pub fn progress(&self) -> Progress {
        Progress {
            replications_done: self.result.is_some() as u32,
            replications: 1,
            events: self.reader.ios(),
            fraction: if self.result.is_some() { 1.0 } else { 0.0 },
            done: self.result.is_some(),
        }
    }

    pub fn result(&self) -> Option<&MrcResult> {
        self.result.as_ref()
    }
}
