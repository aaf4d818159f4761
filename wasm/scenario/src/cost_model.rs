//! Inputs of the flash cache's hybrid cost model (model §9, after Oh et al.,
//! FAST'12) as a scenario carries them (`cost_model`): chip and disk timings,
//! the read/write mix, the Zipf block workload, the cache size and the grid.
//! The published chip timings and the assumed disk are data here; the model's
//! cost functions and grid search are in `analytics::cost_model`.

use serde::{Deserialize, Serialize};

use super::{CellType, FlashSpec};

/// Inputs of the hybrid cost model. Times in microseconds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct CostParams {
    /// Flash page size P, KB.
    pub page_kb: f64,
    /// Pages per erase block N_p.
    pub pages_per_block: u32,
    /// Flash page read C_FR, µs.
    pub c_fr_us: f64,
    /// Flash page program C_PROG, µs.
    pub c_prog_us: f64,
    /// Copy of one valid page during garbage collection C_CP, µs.
    pub c_cp_us: f64,
    /// Block erase C_E, µs.
    pub c_e_us: f64,
    /// Disk read of one page C_DR (positioning + P / bandwidth), µs.
    pub c_dr_us: f64,
    /// Disk write of one page C_DW (positioning + P / bandwidth), µs.
    pub c_dw_us: f64,
    /// Write-hit cost C_WH, µs. `None` (the default): a write hit rewrites
    /// the cached page out of place, so it costs a flash page write C_PW(u).
    #[serde(default)]
    pub c_wh_us: Option<f64>,
    /// Share of I/Os that are reads, IO_R.
    pub io_r: f64,
    /// Share of I/Os that are writes, IO_W.
    pub io_w: f64,
}

/// Flash chip timings (HySSC study) plus the pages-per-block figure the
/// study does not give.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct FlashTiming {
    pub page_kb: f64,
    /// ASSUMPTION (not in the HySSC paper): 64 for SLC, 128 for MLC, 192
    /// for TLC, typical of chips of that generation.
    pub pages_per_block: u32,
    pub read_us: f64,
    pub program_us: f64,
    pub erase_ms: f64,
}

/// HySSC SLC: read/program 135/350 µs, erase 1.5 ms, 4 KB pages.
pub const SLC_TIMING: FlashTiming = FlashTiming {
    page_kb: 4.0,
    pages_per_block: 64,
    read_us: 135.0,
    program_us: 350.0,
    erase_ms: 1.5,
};

/// HySSC MLC: read/program 175 µs/1.4 ms, erase 3.8 ms, 4 KB pages.
pub const MLC_TIMING: FlashTiming = FlashTiming {
    page_kb: 4.0,
    pages_per_block: 128,
    read_us: 175.0,
    program_us: 1400.0,
    erase_ms: 3.8,
};

/// HySSC TLC: read/program 350 µs/2.5 ms, erase 3 ms, 8 KB pages.
pub const TLC_TIMING: FlashTiming = FlashTiming {
    page_kb: 8.0,
    pages_per_block: 192,
    read_us: 350.0,
    program_us: 2500.0,
    erase_ms: 3.0,
};

/// Timing preset for a cell type; `None` for QLC, which the HySSC study
/// does not measure.
pub fn flash_timing(cell: CellType) -> Option<FlashTiming> {
    match cell {
        CellType::Slc => Some(SLC_TIMING),
        CellType::Mlc => Some(MLC_TIMING),
        CellType::Tlc => Some(TLC_TIMING),
        CellType::Qlc => None,
    }
}

/// Program/erase cycles of a block of each cell type (model §4; TLC 1 000
/// as in the HySSC paper; QLC, which HySSC does not measure, as TLC's low
/// end): the endurance of a flash tier described by its cell alone.
pub fn pe_cycles(cell: CellType) -> u32 {
    match cell {
        CellType::Slc => 100_000,
        CellType::Mlc => 10_000,
        CellType::Tlc => 1_000,
        CellType::Qlc => 1_000,
    }
}

/// Disk cost model: a page I/O costs positioning time plus transfer time.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct HddTiming {
    /// Average positioning (seek + rotational latency) before a read, ms.
    pub read_positioning_ms: f64,
    /// Average positioning before a write, ms.
    pub write_positioning_ms: f64,
    /// Media transfer rate, MB/s.
    pub transfer_mb_s: f64,
}

/// ASSUMPTION (no source study gives these): a 10 000 rpm disk, average
/// read seek 4.5 ms and write seek 5.0 ms plus half a revolution (3.0 ms),
/// 100 MB/s transfer.
pub const HDD_10K_ASSUMED: HddTiming = HddTiming {
    read_positioning_ms: 7.5,
    write_positioning_ms: 8.0,
    transfer_mb_s: 100.0,
};

/// Labels for every value above that is an assumption rather than a
/// published figure (for the UI, never silent).
pub const COST_MODEL_ASSUMPTIONS: &[&str] = &[
    "pages per block (SLC 64, MLC 128, TLC 192) are assumed, not from HySSC",
    "page copy during GC C_CP = page read + page program (no copy-back)",
    "disk: 10K rpm, read positioning 7.5 ms, write positioning 8.0 ms, 100 MB/s",
    "write hit C_WH = one flash page write C_PW(u) unless set explicitly",
];

impl HddTiming {
    /// Time to transfer one page of `page_kb`, µs.
    fn transfer_us(&self, page_kb: f64) -> f64 {
        page_kb / 1024.0 / self.transfer_mb_s * 1e6
    }
    /// C_DR for a page of `page_kb`, µs.
    pub fn read_us(&self, page_kb: f64) -> f64 {
        self.read_positioning_ms * 1000.0 + self.transfer_us(page_kb)
    }
    /// C_DW for a page of `page_kb`, µs.
    pub fn write_us(&self, page_kb: f64) -> f64 {
        self.write_positioning_ms * 1000.0 + self.transfer_us(page_kb)
    }
}

impl CostParams {
    /// Build the model inputs from chip and disk timings; C_CP is taken as a
    /// page read plus a page program, C_WH as a flash page write.
    pub fn from_timings(flash: &FlashTiming, hdd: &HddTiming, io_w: f64) -> Self {
        CostParams {
            page_kb: flash.page_kb,
            pages_per_block: flash.pages_per_block,
            c_fr_us: flash.read_us,
            c_prog_us: flash.program_us,
            c_cp_us: flash.read_us + flash.program_us,
            c_e_us: flash.erase_ms * 1000.0,
            c_dr_us: hdd.read_us(flash.page_kb),
            c_dw_us: hdd.write_us(flash.page_kb),
            c_wh_us: None,
            io_r: 1.0 - io_w,
            io_w,
        }
    }

    /// Same, from a scenario's flash description.
    pub fn from_flash_spec(spec: &FlashSpec, hdd: &HddTiming, io_w: f64) -> Self {
        let t = FlashTiming {
            page_kb: spec.page_kb,
            pages_per_block: spec.pages_per_block,
            read_us: spec.read_us,
            program_us: spec.program_us,
            erase_ms: spec.erase_ms,
        };
        Self::from_timings(&t, hdd, io_w)
    }

    /// The documented default (see the module docs): HySSC SLC chip, the
    /// assumed 10K rpm disk, 98 % reads / 2 % writes.
    pub fn default_read_mostly() -> Self {
        Self::from_timings(&SLC_TIMING, &HDD_10K_ASSUMED, 0.02)
    }

    /// The same parameters with another write share (IO_R = 1 − IO_W).
    pub fn with_write_share(&self, io_w: f64) -> Self {
        CostParams {
            io_r: 1.0 - io_w,
            io_w,
            ..self.clone()
        }
    }
}

/// Block-level workload for the Zipf hit-ratio model: separate read and
/// write populations with their own skew. Populations are counted in erase
/// blocks of the chip in use (`page_kb × pages_per_block`), the same unit as
/// the cache size, so a chip with bigger blocks means a bigger data set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct ZipfWorkload {
    /// Distinct blocks that are read.
    pub read_blocks: u32,
    /// Zipf exponent s of read popularity (p_i ∝ i^(−s)).
    pub read_exponent: f64,
    /// Distinct blocks that are written.
    pub write_blocks: u32,
    /// Zipf exponent of write popularity.
    pub write_exponent: f64,
}

impl ZipfWorkload {
    /// The documented default (see the module docs).
    pub fn default_read_mostly() -> Self {
        ZipfWorkload {
            read_blocks: 17_000,
            read_exponent: 0.5,
            write_blocks: 2_048,
            write_exponent: 0.8,
        }
    }
}

/// Largest read or write population the Zipf hit curves accept (blocks).
pub const MAX_ZIPF_BLOCKS: u32 = 10_000_000;

/// Default flash cache size of the FAST'12 example, GB.
pub const DEFAULT_CACHE_GB: f64 = 4.0;

/// Largest flash cache the model is asked about, GB (1 PB).
pub const MAX_CACHE_GB: f64 = 1024.0 * 1024.0;

/// Largest grid searched per axis (the heatmap has u_steps × r_steps cells).
pub const MAX_GRID_STEPS: u32 = 400;

/// Grid steps per axis of the FAST'12 example (u and r in steps of 0.01).
pub const DEFAULT_GRID_STEPS: u32 = 100;

/// Write shares IO_W of the "optimum u as writes grow" table.
pub const WRITE_SHARE_SWEEP: [f64; 9] = [0.0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.0];

/// Every input of the cost model, as a scenario carries it (`cost_model`),
/// so that a link, a file or a preset holds the flash cache's split too.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct CostModelSpec {
    pub params: CostParams,
    pub workload: ZipfWorkload,
    /// Size of the flash cache (caching plus over-provisioned space), GB.
    pub cache_gb: f64,
    /// Grid steps in u (2 … 400).
    pub u_steps: u32,
    /// Grid steps in r (1 … 400).
    pub r_steps: u32,
}

impl CostModelSpec {
    /// The FAST'12 over-provisioning example: 4 GB of SLC flash before a
    /// 10K rpm disk, read-mostly (see the module docs), a 0.01 grid.
    pub fn fast12_example() -> Self {
        CostModelSpec {
            params: CostParams::default_read_mostly(),
            workload: ZipfWorkload::default_read_mostly(),
            cache_gb: DEFAULT_CACHE_GB,
            u_steps: DEFAULT_GRID_STEPS,
            r_steps: DEFAULT_GRID_STEPS,
        }
    }
}
