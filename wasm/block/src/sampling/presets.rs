//! Named synthetic block workloads standing in for the traces of the HySSC
//! (Exchange, MSN) and FAST'12 (Financial, Search Engine, Exchange, Home,
//! MSN) studies (model §13). The traces themselves are not shipped; each
//! preset keeps what the studies say about its trace (read or write
//! dominant, random or mixed) and fills the rest with stated assumptions.
//!
//! Sizes are the studies' divided by `SCALE`: the footprint and the cache a
//! preset is meant for (`cache_gb`) shrink alike, so their ratio — what
//! decides the hit ratios — stays, and a run of `PRESET_IOS` I/Os fills the
//! cache several times over in a few seconds. At the studies' own sizes a
//! 32 GB cache hardly fills in a million I/Os, and every cache looks alike.

use serde::Serialize;
use tierplan_scenario::block::SyntheticBlockWorkload;

/// The presets' sizes are the studies' divided by this.
pub const SCALE: f64 = 64.0;

/// Host I/Os in a preset's run (the duration is rounded to whole seconds).
pub const PRESET_IOS: f64 = 400_000.0;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BlockWorkloadPreset {
    pub name: String,
    pub title: String,
    pub workload: SyntheticBlockWorkload,
    /// The flash cache the preset is meant for, GB: the study's cache
    /// (`study_cache_gb`) divided by `SCALE`, like the footprint.
    pub cache_gb: f64,
    /// The cache of the study that ran the trace, GB (HySSC: 32; FAST'12:
    /// 4 or 16).
    pub study_cache_gb: f64,
    /// What each parameter stands for and where it comes from.
    pub assumptions: Vec<String>,
}

/// Why the sizes are small (every preset).
const SCALED: &str = "Footprint and cache are the study's divided by 64 (their ratio is kept); 400 000 I/Os fill the cache several times.";

/// Assumptions every preset shares (the generator's model).
const COMMON: [&str; 3] = [
    "Poisson arrivals at a constant mean rate (the real traces are burstier).",
    "Random I/Os pick an I/O-sized slot by Zipf popularity, scattered over the footprint.",
    "Sequential runs are back-to-back I/Os from a random start, geometric in length.",
];

#[allow(clippy::too_many_arguments)]
fn preset(
    name: &str,
    title: &str,
    read_share: f64,
    zipf_s: f64,
    study_footprint_gb: f64,
    study_cache_gb: f64,
    seq_share: f64,
    seq_run_kb: f64,
    io_kb: f64,
    iops: f64,
    own: &[&str],
) -> BlockWorkloadPreset {
    BlockWorkloadPreset {
        name: name.into(),
        title: title.into(),
        workload: SyntheticBlockWorkload {
            read_share,
            zipf_s,
            footprint_gb: study_footprint_gb / SCALE,
            seq_share,
            seq_run_kb,
            io_kb,
            iops,
            // Whole seconds, so the editor shows a plain number.
            duration_s: (PRESET_IOS / iops).round(),
        },
        cache_gb: study_cache_gb / SCALE,
        study_cache_gb,
        assumptions: own
            .iter()
            .chain(COMMON.iter())
            .chain(std::iter::once(&SCALED))
            .map(|s| s.to_string())
            .collect(),
    }
}

/// All presets, in the order the view lists them.
pub fn block_presets() -> Vec<BlockWorkloadPreset> {
    vec![
        preset(
            "financial",
            "Financial (OLTP, random write-dominant)",
            0.23,
            1.0,
            16.0,
            4.0,
            0.02,
            64.0,
            4.0,
            400.0,
            &[
                "Stands in for the UMass Financial1 trace of the FAST'12 study (OLTP at a financial institution), which the study calls random write dominant.",
                "23 % reads and 4 KB I/Os follow the commonly reported shape of that trace (small, mostly writes); Zipf s = 1.0 and the 16 GB footprint are assumptions.",
                "FAST'12 ran it with a 4 GB flash cache and one 10K RPM disk (Config. 1).",
            ],
        ),
        preset(
            "search-engine",
            "Search Engine (random read-dominant)",
            0.99,
            0.9,
            16.0,
            4.0,
            0.02,
            64.0,
            8.0,
            350.0,
            &[
                "Stands in for the UMass WebSearch trace of the FAST'12 study, which it calls random read dominant.",
                "99 % reads and 8 KB I/Os are assumptions in line with that description; Zipf s = 0.9 and the 16 GB footprint are assumptions.",
                "FAST'12 ran it with a 4 GB flash cache and one 10K RPM disk (Config. 1).",
            ],
        ),
        preset(
            "exchange",
            "Exchange (e-mail server, random read/write mixed)",
            0.55,
            0.9,
            96.0,
            32.0,
            0.10,
            256.0,
            8.0,
            800.0,
            &[
                "Stands in for the SNIA Microsoft Exchange trace used by both the HySSC and FAST'12 studies (an employee e-mail server), which FAST'12 calls random read/write mixed.",
                "55 % reads, 8 KB I/Os, 10 % sequential I/O, Zipf s = 0.9 and the 96 GB footprint (larger than the 32 GB HySSC cache) are assumptions.",
                "FAST'12 ran it with a 16 GB flash cache and three 10K RPM disks (Config. 2); HySSC with 32 GB caches.",
            ],
        ),
        preset(
            "msn",
            "MSN (storage back-end file store)",
            0.70,
            0.8,
            64.0,
            32.0,
            0.20,
            512.0,
            8.0,
            700.0,
            &[
                "Stands in for the SNIA MSN storage back-end file store trace used by both studies.",
                "70 % reads, 8 KB I/Os, 20 % sequential I/O in 512 KB runs, Zipf s = 0.8 and the 64 GB footprint are assumptions; the studies give no figures for them.",
                "FAST'12 ran it with a 16 GB flash cache and three 10K RPM disks (Config. 2); HySSC with 32 GB caches.",
            ],
        ),
        preset(
            "home",
            "Home (NFS server for development and testing)",
            0.10,
            1.1,
            8.0,
            4.0,
            0.05,
            128.0,
            4.0,
            300.0,
            &[
                "Stands in for the FIU Home trace of the FAST'12 study (development, testing and plotting on an NFS server).",
                "10 % reads (home-directory traces are write-heavy), 4 KB I/Os, strong reuse (Zipf s = 1.1) over an 8 GB footprint are assumptions.",
                "FAST'12 ran it with a 4 GB flash cache and one 10K RPM disk (Config. 1).",
            ],
        ),
    ]
}

/// The preset called `name`, if any.
pub fn block_preset(name: &str) -> Option<BlockWorkloadPreset> {
    block_presets().into_iter().find(|p| p.name == name)
}
