//! The working set over time (issue 26): distinct 4 KB blocks a trace
//! touches in each consecutive window of trace time — how the footprint the
//! miss-ratio curve sizes against moves through the day.

use crate::sampling::BlockIo;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WorkingSetWindow {
    /// Start of the window, seconds of trace time.
    pub start_s: f64,
    pub ios: u64,
    /// Distinct blocks the window's I/Os touch.
    pub distinct_blocks: u64,
}

/// Folds I/Os in trace order into windows of `window_s` seconds (exact:
/// memory grows with one window's distinct blocks). Windows without I/Os are
/// reported empty, so the series has a point every `window_s`.
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
        if !(window_s.is_finite() && window_s > 0.0) {
            return Err(format!(
                "--working-set: the window must be a positive number of seconds, not {window_s}"
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
            for empty in open + 1..k {
                self.close(empty);
            }
            self.index = Some(k);
        }
        self.ios += 1;
        self.seen.extend(io.block..io.block + io.blocks as u64);
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
        let last = (ios.last().unwrap().t / w).floor() as usize;
        assert_eq!(got.len(), last + 1);
        for (k, win) in got.iter().enumerate() {
            let inside: Vec<&BlockIo> = ios
                .iter()
                .filter(|io| (io.t / w).floor() as usize == k)
                .collect();
            let blocks: BTreeSet<u64> = inside
                .iter()
                .flat_map(|io| io.block..io.block + io.blocks as u64)
                .collect();
            assert_eq!(win.start_s, k as f64 * w);
            assert_eq!(win.ios, inside.len() as u64, "window {k}");
            assert_eq!(win.distinct_blocks, blocks.len() as u64, "window {k}");
        }
        // The gap: windows 5 and 6 (300–420 s) hold no I/O.
        assert_eq!(got[5].ios, 0);
        assert_eq!(got[6].distinct_blocks, 0);
        assert!(got[0].distinct_blocks > 0);
    }

    #[test]
    fn a_bad_window_names_the_option() {
        for w in [0.0, -5.0, f64::NAN] {
            assert!(WorkingSet::new(w)
                .err()
                .unwrap()
                .starts_with("--working-set:"));
        }
    }
}
