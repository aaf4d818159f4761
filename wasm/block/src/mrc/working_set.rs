//! The working set over time (issue 26): distinct 4 KB blocks a trace
//! touches in each consecutive window of trace time — how the footprint the
//! miss-ratio curve sizes against moves through the day.

use crate::sampling::BlockIo;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// The shortest working-set window, seconds.
pub const MIN_WINDOW_S: f64 = 0.001;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WorkingSetWindow {
    /// Start of the window, seconds of trace time.
    pub start_s: f64,
    pub ios: u64,
    /// Distinct blocks the window's I/Os touch.
    pub distinct_blocks: u64,
}

/// Folds I/Os in trace order into windows of `window_s` seconds (exact:
/// memory grows with one window's distinct blocks). A quiet gap is reported
/// by its first and last empty window only (`ios: 0`; one window when the gap
/// is one window long): a line drawn through the points is the same as with
/// every empty window, but the series has at most three windows per I/O, so
/// one far-off timestamp (a span of 10¹¹ s in one-second windows) cannot make
/// it grow with the trace's span instead of its length (issue 50).
pub struct WorkingSet {
    window_s: f64,
    index: Option<u64>,
    ios: u64,
    seen: HashSet<u64>,
    out: Vec<WorkingSetWindow>,
}

impl WorkingSet {
    /// `window_s` must be positive: the message names `--working-set`.
    pub fn new(window_s: f64) -> Result<WorkingSet, String> {
        // At least a millisecond: trace times stay below 2·10¹² s (see
        // `MAX_TRACE_SECONDS`), so a window index stays below 2^53, where an
        // f64 time still tells every window from the next.
        if !(window_s.is_finite() && window_s >= MIN_WINDOW_S) {
            return Err(format!(
                "--working-set: the window is {window_s} s: allowed a number of seconds of at least {MIN_WINDOW_S}"
            ));
        }
        Ok(WorkingSet {
            window_s,
            index: None,
            ios: 0,
            seen: HashSet::new(),
            out: Vec::new(),
        })
    }

    fn close(&mut self, k: u64) {
        self.out.push(WorkingSetWindow {
            start_s: k as f64 * self.window_s,
            ios: self.ios,
            distinct_blocks: self.seen.len() as u64,
        });
        self.ios = 0;
        self.seen.clear();
    }

    pub fn push(&mut self, io: &BlockIo) {
        // An I/O stamped before its predecessor stays in the open window.
        let k = (io.t.max(0.0) / self.window_s).floor() as u64;
        let open = *self.index.get_or_insert(k);
        if k > open {
            self.close(open);
            // The gap's edges only: see the struct's comment.
            if k - open >= 2 {
                self.close(open + 1);
            }
            if k - open >= 3 {
                self.close(k - 1);
            }
            self.index = Some(k);
        }
        self.ios += 1;
        self.seen.extend(io.block..io.block + io.blocks as u64);
    }

    /// Windows closed so far (at most three per I/O pushed).
    pub fn windows(&self) -> usize {
        self.out.len()
    }

    pub fn finish(mut self) -> Vec<WorkingSetWindow> {
        if let Some(k) = self.index {
            self.close(k);
        }
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;
    use tierplan_kit::sampling::rng::splitmix64;

    #[test]
    fn distinct_blocks_per_window_equal_a_plain_count() {
        // I/Os of 1–8 blocks over 0..5000 blocks, a quiet gap from 300 s to 500 s.
        let ios: Vec<BlockIo> = (0..4000u64)
            .map(|i| {
                let h = splitmix64(i);
                let t = i as f64 * 0.25 + if i >= 1200 { 200.0 } else { 0.0 };
                BlockIo {
                    t,
                    block: h % 5000,
                    blocks: 1 + (h >> 40) as u32 % 8,
                    write: h & 1 == 1,
                }
            })
            .collect();
        let w = 60.0;
        let mut ws = WorkingSet::new(w).unwrap();
        for io in &ios {
            ws.push(io);
        }
        let got = ws.finish();
        // Windows 5, 6 and 7 (300–480 s) hold no I/O: 5 and 7, the gap's
        // edges, are reported empty; 6, inside it, is left out.
        let ks: Vec<u64> = got.iter().map(|w| (w.start_s / 60.0) as u64).collect();
        let last = (ios.last().unwrap().t / w).floor() as u64;
        let expect: Vec<u64> = (0..=last).filter(|&k| k != 6).collect();
        assert_eq!(ks, expect);
        for (win, &k) in got.iter().zip(&ks) {
            let inside: Vec<&BlockIo> = ios
                .iter()
                .filter(|io| (io.t / w).floor() as u64 == k)
                .collect();
            let blocks: BTreeSet<u64> = inside
                .iter()
                .flat_map(|io| io.block..io.block + io.blocks as u64)
                .collect();
            assert_eq!(win.start_s, k as f64 * w);
            assert_eq!(win.ios, inside.len() as u64, "window {k}");
            assert_eq!(win.distinct_blocks, blocks.len() as u64, "window {k}");
        }
        assert_eq!(got[5].ios, 0);
        assert_eq!(got[6].distinct_blocks, 0);
        assert!(got[0].distinct_blocks > 0);
    }

    #[test]
    fn gaps_of_one_and_two_windows_are_reported_whole() {
        let at = |t: f64| BlockIo {
            t,
            block: 0,
            blocks: 1,
            write: false,
        };
        let mut ws = WorkingSet::new(1.0).unwrap();
        for t in [0.5, 2.5, 5.5, 5.7] {
            ws.push(&at(t));
        }
        let got = ws.finish();
        let starts: Vec<f64> = got.iter().map(|w| w.start_s).collect();
        assert_eq!(starts, [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
        let ios: Vec<u64> = got.iter().map(|w| w.ios).collect();
        assert_eq!(ios, [1, 0, 1, 0, 0, 2]);
    }

    #[test]
    fn a_bad_window_names_the_option() {
        for w in [0.0, -5.0, f64::NAN, 1e-9, f64::INFINITY] {
            assert!(WorkingSet::new(w)
                .err()
                .unwrap()
                .starts_with("--working-set:"));
        }
    }
}
