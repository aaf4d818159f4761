//! A miss-ratio curve of a trace file as a resumable job, for a worker (the
//! browser's, the CLI's, Python's) that reads the file slice by slice (never
//! whole) and steps it between slices (`SteppedJob`): the same shape as the
//! block study's trace runs.

use super::working_set::{WorkingSet, WorkingSetWindow};
use super::{MrcPolicy, MrcResult, Profiler, Sampling};
use crate::job::TraceFed;
use crate::sampling::trace::{TraceLineError, TraceReader};
use crate::sampling::BlockSource;
use serde::{Deserialize, Serialize};
use tierplan_kit::progress::{Progress, SteppedJob};
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
    working_set: Option<WorkingSet>,
    windows: Option<Vec<WorkingSetWindow>>,
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
            working_set: None,
            windows: None,
            result: None,
        })
    }

    /// Also fold the I/Os into `working_set` (`tierplan mrc --working-set`).
    pub fn track_working_set(&mut self, working_set: WorkingSet) {
        self.working_set = Some(working_set);
    }

    /// The working set over time, once done (when tracked).
    pub fn working_set(&self) -> Option<&[WorkingSetWindow]> {
        self.windows.as_deref()
    }

    /// The file's size, when known (for the reader's progress).
    pub fn set_total_bytes(&mut self, bytes: u64) {
        self.reader.set_total_bytes(bytes);
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

    /// Lines skipped as bad.
    pub fn bad_lines(&self) -> u64 {
        self.reader.bad_lines()
    }

    /// Profile up to `budget` I/Os of what has been fed.
    pub fn step(&mut self, budget: u32) -> Progress {
        self.starved = false;
        let mut left = budget.max(1);
        while left > 0 && self.result.is_none() {
            match self.reader.next_io() {
                Some(io) => {
                    self.profiler.push(&io);
                    if let Some(w) = self.working_set.as_mut() {
                        w.push(&io);
                    }
                    left -= 1;
                }
                None if self.reader.is_finished() => {
                    self.result = Some(self.profiler.finish(&self.sizes));
                    self.windows = self.working_set.take().map(WorkingSet::finish);
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

impl SteppedJob for MrcJob {
    type Progress = Progress;
    type Output = MrcResult;
    fn advance(&mut self, budget: u64) -> Progress {
        self.step(budget.min(u32::MAX as u64) as u32)
    }
    fn output(&self) -> Option<MrcResult> {
        self.result.clone()
    }
}

impl TraceFed for MrcJob {
    fn feed_trace(&mut self, chunk: &[u8]) {
        MrcJob::feed_trace(self, chunk)
    }
    fn end_trace(&mut self) {
        MrcJob::end_trace(self)
    }
    fn needs_input(&self) -> bool {
        MrcJob::needs_input(self)
    }
}
