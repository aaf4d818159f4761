//! The stream-level sections of a scenario (workload, run, devices,
//! architecture, tiers, policy) and the types every engine's section shares
//! (popularity, devices). The document's root is in `scenario/mod.rs`.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Workload {
    /// Number of distinct videos N in the library.
    pub videos: u32,
    /// One or more (share, length, bitrate) classes; shares sum to 1.
    pub classes: Vec<VideoClass>,
    pub popularity: Popularity,
    /// Poisson arrival rate λ, requests per second.
    pub arrival_rate: f64,
    /// Optional popularity churn (model §3).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub churn: Option<Churn>,
    /// Optional hour-of-day arrival profile (model §14): the rate becomes a
    /// non-homogeneous Poisson process whose daily mean is `arrival_rate`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub rate_profile: Option<RateProfile>,
}

/// Relative arrival rate in each hour of the day. The rate in hour h is
/// `arrival_rate × hourly[h] / mean(hourly)`, so only the shape matters and
/// `arrival_rate` stays the daily mean.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct RateProfile {
    /// 24 weights ≥ 0 (hour 0 = midnight to 1 am), not all zero.
    pub hourly: Vec<f64>,
    /// Hour of day at which the run starts (0..23).
    #[serde(default)]
    pub start_hour: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct VideoClass {
    /// Fraction of the library in this class, 0 < share ≤ 1.
    pub share: f64,
    /// Video length in minutes.
    pub length_min: f64,
    /// Constant bitrate in KB/s (KB = 1024 B).
    pub bitrate_kbps: f64,
}

impl VideoClass {
    /// The video length in seconds.
    pub fn length_s(&self) -> f64 {
        self.length_min * 60.0
    }
}

/// The offered load A = λ × mean length (Little's law): the streams that
/// would be playing on average if none were turned away, in Erlangs. The one
/// place it is computed; results echo the value they used.
pub fn offered_load(arrival_rate: f64, mean_length_s: f64) -> f64 {
    arrival_rate * mean_length_s
}

/// The arrival rate that offers `load` streams (Erlangs) of `mean_length_s`
/// seconds each: Little's law read the other way, λ = A / L. The inverse of
/// [`offered_load`], beside it so that the two cannot drift apart.
pub fn arrival_rate_for(load: f64, mean_length_s: f64) -> f64 {
    load / mean_length_s
}

/// What a workload implies, as the core computes it: the figures the
/// Scenario tab shows beside the fields (the app never recomputes them).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WorkloadFigures {
    /// The library's size, GB (1024³ B): [`Workload::library_mb`] / 1024.
    pub library_gb: f64,
    /// The mean video length, seconds: [`Workload::mean_length_s`].
    pub mean_length_s: f64,
    /// The offered load λ × mean length, in streams (Erlangs):
    /// [`Workload::offered_load`].
    pub offered_load: f64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ZipfConvention {
    /// p_i ∝ i^(−s) (MMSys'11 uses s = 0.271).
    Exponent,
    /// p_i ∝ i^(−(1−θ)) (Dan/Sitaram; NOSSDAV'12 uses θ = 0.271).
    Theta,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Popularity {
    pub convention: ZipfConvention,
    pub value: f64,
}

impl Workload {
    /// One video length of the longest class, hours: the warm-up a run needs
    /// to measure the steady state (model §3).
    pub fn longest_length_h(&self) -> f64 {
        self.classes
            .iter()
            .map(|c| c.length_min / 60.0)
            .fold(0.0, f64::max)
    }

    /// Library size in MB (model §2 units: KB/s × s, MB = 1024 KB): the
    /// titles times the mean size of a title, each class weighed by its
    /// share of the shares' sum. With shares summing to 1 (the only ones the
    /// validator accepts, so the only ones the engine runs) this is Σ share ×
    /// titles × length × bitrate, the library the engine builds to within
    /// one title per class (it gives whole titles to classes,
    /// [`Workload::class_of_ranks`]). While a form holds shares that do not
    /// sum to 1 (the validator names them), the shares count as relative
    /// weights, so the size quoted beside them (and in the disk-capacity
    /// message) is the mix's library, not a fraction of it. NaN without a
    /// positive share. The one home of this formula: the app asks the core
    /// (`libraryGb`); the validator and the optimiser call it.
    pub fn library_mb(&self) -> f64 {
        let total: f64 = self.classes.iter().map(|c| c.share).sum();
        if total.is_nan() || total <= 0.0 {
            return f64::NAN;
        }
        let kb_per_title: f64 = self
            .classes
            .iter()
            .map(|c| c.share * c.length_min * 60.0 * c.bitrate_kbps)
            .sum::<f64>()
            / total;
        self.videos as f64 * kb_per_title / 1024.0
    }

    /// The mean video length in seconds, each class weighed by its share of
    /// the shares' sum (Σ share × length / Σ share; a title's mean length, as
    /// a stream's holding time in Little's law). NaN without a positive share
    /// (a form while it is being filled). Summed in minutes and turned into
    /// seconds once, as the presets of today have always stated their rates.
    pub fn mean_length_s(&self) -> f64 {
        let total: f64 = self.classes.iter().map(|c| c.share).sum();
        if total.is_nan() || total <= 0.0 {
            return f64::NAN;
        }
        let minutes: f64 = self.classes.iter().map(|c| c.share * c.length_min).sum();
        minutes * 60.0 / total
    }

    /// The offered load λ × mean length (streams, Erlangs) of this workload.
    pub fn offered_load(&self) -> f64 {
        offered_load(self.arrival_rate, self.mean_length_s())
    }

    /// The arrival rate at which this workload's classes keep `streams`
    /// streams open on average (Little's law: λ = streams / mean length).
    pub fn rate_for_streams(&self, streams: f64) -> f64 {
        arrival_rate_for(streams, self.mean_length_s())
    }

    /// The figures the Scenario tab shows beside the workload's fields.
    pub fn figures(&self) -> WorkloadFigures {
        WorkloadFigures {
            library_gb: self.library_mb() / 1024.0,
            mean_length_s: self.mean_length_s(),
            offered_load: self.offered_load(),
        }
    }

    /// The class of the video at each initial popularity rank: largest
    /// deficit first, so every class is spread evenly over the ranks rather
    /// than one class holding all the popular titles.
    pub fn class_of_ranks(&self) -> Vec<u8> {
        let mut given = vec![0u32; self.classes.len()];
        (0..self.videos)
            .map(|i| {
                let mut best = 0;
                let mut best_def = f64::NEG_INFINITY;
                for (c, k) in self.classes.iter().enumerate() {
                    let def = k.share * (i + 1) as f64 - given[c] as f64;
                    if def > best_def + 1e-12 {
                        best_def = def;
                        best = c;
                    }
                }
                given[best] += 1;
                best as u8
            })
            .collect()
    }

    /// The arrival rate of each hour of the day, requests/s, scaled so that
    /// their mean is `arrival_rate`; `None` without a rate profile.
    pub fn hourly_rates(&self) -> Option<[f64; 24]> {
        let p = self.rate_profile.as_ref()?;
        let mean = p.hourly.iter().sum::<f64>() / 24.0;
        let mut rates = [0.0; 24];
        for (r, h) in rates.iter_mut().zip(&p.hourly) {
            *r = self.arrival_rate * h / mean;
        }
        Some(rates)
    }

    /// The rate of the busiest hour (the flat rate without a profile): it
    /// sets how many streams can be open at once.
    pub fn peak_rate(&self) -> f64 {
        self.hourly_rates().map_or(self.arrival_rate, |r| {
            r.iter().copied().fold(r[0], f64::max)
        })
    }
}

impl Popularity {
    /// The exponent s of p_i ∝ i^(−s), whichever convention was given.
    pub fn exponent(&self) -> f64 {
        match self.convention {
            ZipfConvention::Exponent => self.value,
            ZipfConvention::Theta => 1.0 - self.value,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Churn {
    /// Every `period_h` hours …
    pub period_h: f64,
    /// … this many new titles enter at the top ranks; the same number of the
    /// least popular leave.
    pub new_titles: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct RunConfig {
    pub duration_h: f64,
    #[serde(default)]
    pub warmup_h: f64,
    /// Replication k uses seed + k.
    pub seed: u32,
    pub replications: u32,
    /// Record a per-interval time series of streams per tier.
    #[serde(default)]
    pub timeseries: bool,
    /// A target rejection probability (0.01 = 1 %) the run must decide:
    /// replications are added until the 95 % interval of the rejection
    /// probability lies wholly below or above it, `replications` being then
    /// the cap (model §3, "confident decisions"). Absent: run exactly
    /// `replications`.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_rejection: Option<f64>,
    /// Stop the run at the first instant of the measured window a tier's
    /// peak utilisation rises above this fraction (0 < x ≤ 1): the run is
    /// then sure to break that ceiling, and nothing after would change it.
    /// The optimiser's fleet search sets its `max_peak_utilisation` here so
    /// a candidate it would reject anyway stops early; the result says
    /// `halted` and its other figures cover the run up to that instant.
    /// Absent: run to the end.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub halt_above_peak_utilisation: Option<f64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum DeviceKind {
    Hdd,
    Dram,
    Ssd,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum CellType {
    Slc,
    Mlc,
    Tlc,
    Qlc,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Device {
    /// Short identifier that tiers refer to.
    pub id: String,
    pub name: String,
    pub kind: DeviceKind,
    /// Capacity per device, GB (GB = 1024 MB).
    pub capacity_gb: f64,
    /// Random-read bandwidth at large requests, MB/s per device; `null` means
    /// unlimited (only allowed for DRAM).
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default)]
    pub read_mbps: Option<f64>,
    /// Sequential-write bandwidth, MB/s per device; `null` means unlimited
    /// (only allowed for DRAM).
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default)]
    pub write_mbps: Option<f64>,
    /// Unit price, $.
    pub price: f64,
    /// Power draw, W.
    #[serde(default)]
    pub power_w: f64,
    /// Flash characteristics; required for SSDs, absent otherwise.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default)]
    pub flash: Option<FlashSpec>,
    /// Which of the values above are assumptions rather than published
    /// figures (shown in the UI, never silent).
    #[serde(default)]
    pub assumptions: Vec<String>,
    /// Mechanical timing of a disk for the request-level engine (model §11);
    /// absent for other kinds and for disks only the stream engine uses.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hdd: Option<HddMechanics>,
    /// The bay the device needs in a chassis (model §10b); absent: its
    /// kind's usual one (3.5" disk, U.2 SSD, DIMM).
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form_factor: Option<crate::server::FormFactor>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct FlashSpec {
    pub cell: CellType,
    /// Program/erase cycles per block.
    pub pe_cycles: u32,
    /// Page size, KB.
    pub page_kb: f64,
    pub pages_per_block: u32,
    /// Page read time, µs.
    pub read_us: f64,
    /// Page program time, µs.
    pub program_us: f64,
    /// Block erase time, ms.
    pub erase_ms: f64,
    /// Over-provisioning spare factor ρ = (physical − logical) / logical;
    /// sets write amplification of small random writes (model §8).
    pub spare_factor: f64,
    /// How much an ongoing write slows concurrent reads, 0 (not at all) to
    /// 0.9: while a device fills a file, its read bandwidth is scaled by
    /// (1 − interference).
    #[serde(default)]
    pub write_read_interference: f64,
    /// Parallel units (channels × dies) the request-level engine stripes
    /// pages over; absent means 1.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub units: Option<u32>,
    /// The controller between the host and the flash (mapping unit, write
    /// buffer, command overhead, host link, GC reserve, read-ahead) as the
    /// request-level engine and characterisation time it; absent: a
    /// page-mapped FTL with static striping, no buffer and no overhead.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controller: Option<SsdController>,
}

/// What an SSD's controller does between the host and its flash units
/// (model §11, "Device characterisation and SSD state"). Each field is a
/// device characteristic, fitted to that device's own microbenchmarks where
/// its preset says so.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields, default)]
pub struct SsdController {
    /// The FTL maps logical space in units of this many KB (a multiple of
    /// the page): a write that covers part of a unit reads the rest and
    /// programs the whole unit (read-modify-write). The page size gives a
    /// page-mapped FTL; the erase block, a block-mapped one.
    pub map_kb: f64,
    /// Fixed time per command (host stack, protocol, controller), µs.
    pub command_us: f64,
    /// Host interface bandwidth, MB/s (SATA 3 Gb/s ≈ 280).
    pub link_mbps: f64,
    /// Write-back buffer, KB: a write is acknowledged once buffered, and
    /// waits only when the flash is this far behind; 0 = write-through.
    pub buffer_kb: f64,
    /// Clean blocks per unit that garbage collection restores once it has
    /// to start (foreground, stalling the unit): 1 collects one block at a
    /// time, more gives bursts; 0 paces GC with the host writes, each
    /// paying its share of the copies and erases (both SSD models: the
    /// reference copies its victim a few pages per host write).
    pub gc_reserve_blocks: u32,
    /// Reads that continue the previous read find their pages already being
    /// fetched (the drive's sequential read-ahead).
    pub read_ahead: bool,
    /// Flash channels the units (dies) share, each die on channel
    /// die mod channels; 0: every unit has its own, with the transfer
    /// folded into the page read and program times (model §11, the
    /// scalable SSD model).
    pub channels: u32,
    /// Bus rate of one channel, MB/s (0: folded into the page times).
    pub channel_mbps: f64,
    /// Commands the drive takes at once (NCQ 32, NVMe up to thousands); a
    /// deeper host queue waits in the host. At least 1.
    pub queue_depth: u32,
    /// Commands per second the controller can start, thousands (its
    /// processing ceiling, fitted to the datasheet's random-read IOPS:
    /// characterisation); 0: no ceiling.
    pub max_kiops: f64,
}

/// Which SSD model times a drive with a controller (model §11): the
/// scalable one (per-die timelines, GC derived analytically, memory
/// independent of capacity) or the per-page reference (a page-mapped FTL
/// simulated page by page, for drives small enough to hold its tables).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SsdModelKind {
    #[default]
    Scalable,
    Reference,
}

impl SsdModelKind {
    /// The model that runs when this one is asked for on a drive with
    /// (`true`) or without a controller description: a drive without one
    /// is the plain per-page model, one command at a time, whatever is
    /// asked. The one rule every engine, check and the app's estimate
    /// follow.
    pub fn runs_on(self, has_controller: bool) -> SsdModelKind {
        if has_controller {
            self
        } else {
            SsdModelKind::Reference
        }
    }

    /// Whether the model maps and simulates every page (memory and cost
    /// that grow with the drive).
    pub fn per_page(self) -> bool {
        self == SsdModelKind::Reference
    }
}

impl Default for SsdController {
    fn default() -> Self {
        SsdController {
            map_kb: 4.0,
            command_us: 0.0,
            link_mbps: 280.0,
            buffer_kb: 0.0,
            gc_reserve_blocks: 1,
            read_ahead: false,
            channels: 0,
            channel_mbps: 0.0,
            queue_depth: 32,
            max_kiops: 0.0,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Architecture {
    /// HDD only.
    HddOnly,
    /// DRAM interval cache in front of HDD (MMSys'11 Algorithm 1).
    DramIcHdd,
    /// SSD with file-level LFU in front of HDD (Algorithm 2).
    SsdLfuHdd,
    /// SSD LFU first, then HDD, with DRAM interval caching of disk streams.
    DramSsdHdd,
    /// SSD used as the interval-cache buffer (shows wear).
    SsdIcHdd,
    /// HySSC-inspired: SLC interval cache, TLC read-only LFU, HDD behind.
    SlcIcTlcLfuHdd,
}

impl Architecture {
    pub const ALL: [Architecture; 6] = [
        Architecture::HddOnly,
        Architecture::DramIcHdd,
        Architecture::SsdLfuHdd,
        Architecture::DramSsdHdd,
        Architecture::SsdIcHdd,
        Architecture::SlcIcTlcLfuHdd,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Architecture::HddOnly => "HDD only",
            Architecture::DramIcHdd => "DRAM interval cache + HDD",
            Architecture::SsdLfuHdd => "SSD file-level LFU + HDD",
            Architecture::DramSsdHdd => "DRAM + SSD + HDD",
            Architecture::SsdIcHdd => "SSD as interval cache + HDD",
            Architecture::SlcIcTlcLfuHdd => "SLC interval cache + TLC LFU + HDD",
        }
    }

    /// Device kind the interval-cache tier must use, if the architecture has one.
    pub fn interval_cache_kind(self) -> Option<DeviceKind> {
        match self {
            Architecture::DramIcHdd | Architecture::DramSsdHdd => Some(DeviceKind::Dram),
            Architecture::SsdIcHdd | Architecture::SlcIcTlcLfuHdd => Some(DeviceKind::Ssd),
            _ => None,
        }
    }

    /// Whether the architecture has a file-level LFU flash tier.
    pub fn has_file_cache(self) -> bool {
        matches!(
            self,
            Architecture::SsdLfuHdd | Architecture::DramSsdHdd | Architecture::SlcIcTlcLfuHdd
        )
    }
}

/// A count of one device type.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct TierSpec {
    pub device: String,
    pub count: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Tiers {
    /// Permanent storage; holds the whole library.
    pub disk: TierSpec,
    /// Buffer for interval caching (DRAM, or SSD for the flash-IC architectures).
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default)]
    pub interval_cache: Option<TierSpec>,
    /// Flash tier holding whole files under LFU.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default)]
    pub file_cache: Option<TierSpec>,
    /// Bytes the server reads per stream per disk access, KB: sets a timed
    /// disk's streaming bandwidth (model §4). Absent means
    /// [`DEFAULT_DISK_READ_KB`]; disks without `hdd` timing ignore it.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disk_read_kb: Option<u32>,
}

/// Read size per stream on a timed disk when a scenario names none, KB:
/// 2 MB, about two seconds of an 8 Mbps stream (an assumption: a streaming
/// server's per-stream read-ahead, model §4).
pub const DEFAULT_DISK_READ_KB: u32 = 2048;

impl Tiers {
    /// The read size per stream on the disks, KB.
    pub fn disk_read_kb(&self) -> f64 {
        f64::from(self.disk_read_kb.unwrap_or(DEFAULT_DISK_READ_KB))
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum IntervalPolicy {
    /// Smallest intervals first: evict larger cached intervals (model §6).
    Replacement,
    /// Cache an interval only if it fits; never evict.
    Greedy,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum LfuPolicy {
    /// The most popular files are staged before the run; no writes.
    Static,
    /// Windowed request counts; whole-file fills at sequential-write bandwidth.
    Dynamic,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum LfuStart {
    /// Start from steady state: one window of request history is generated
    /// before t = 0 and the cache holds the most counted files.
    Warm,
    /// Start with an empty flash tier and no history.
    Cold,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Policy {
    pub interval: IntervalPolicy,
    pub lfu: LfuPolicy,
    /// Sliding window of dynamic LFU counts, hours.
    pub lfu_window_h: f64,
    pub lfu_start: LfuStart,
    /// Dynamic LFU replaces a cached file only when the requested file's
    /// window count exceeds the smallest cached count by more than this
    /// margin. 0 is the plain rule of model §7; a few requests of margin
    /// stop files of near-equal popularity from being swapped back and
    /// forth on sampling noise alone.
    #[serde(default)]
    pub lfu_margin: u32,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            interval: IntervalPolicy::Replacement,
            lfu: LfuPolicy::Static,
            lfu_window_h: 24.0,
            lfu_start: LfuStart::Warm,
            lfu_margin: 0,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TierRole {
    Disk,
    FileCache,
    IntervalCache,
}

impl TierRole {
    pub fn label(self) -> &'static str {
        match self {
            TierRole::Disk => "disk",
            TierRole::FileCache => "file cache (LFU)",
            TierRole::IntervalCache => "interval cache",
        }
    }
}

/// How a disk positions its head (model §11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SeekModel {
    /// Every seek takes the average seek time.
    Constant,
    /// seek = average × √(distance / full stroke) / (8/15): the mean over
    /// uniformly random distances is the average.
    Distance,
    /// Exponentially distributed positioning with the average as mean and no
    /// rotational delay (an M/M/1 server, for checking the queue).
    Exponential,
}

/// Mechanical timing of a disk for the request-level engine.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct HddMechanics {
    /// Average seek, ms.
    pub seek_ms: f64,
    /// One revolution, ms (8.33 at 7200 rpm); the rotational delay is
    /// uniform over it. 0 disables rotational delay.
    pub revolution_ms: f64,
    /// Media transfer rate, MB/s: at the outermost zone when `inner_mbps`
    /// is given, everywhere otherwise.
    pub media_mbps: f64,
    pub seek_model: SeekModel,
    /// Media rate at the innermost zone, MB/s (zoned recording, model §4):
    /// with constant linear density the rate at address fraction x from the
    /// outer edge is media·√(1 − x(1 − k²)), k = inner/media. Absent means
    /// one rate across the surface (the studies' disks).
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inner_mbps: Option<f64>,
}

impl HddMechanics {
    /// k = inner/outer rate (1 for a disk without zones).
    pub fn zone_ratio(&self) -> f64 {
        self.inner_mbps
            .filter(|i| *i > 0.0 && self.media_mbps > 0.0)
            .map_or(1.0, |i| i / self.media_mbps)
    }

    /// Media rate, MB/s, at address fraction `x` ∈ [0, 1] from the outer edge.
    pub fn rate_at(&self, x: f64) -> f64 {
        let k = self.zone_ratio();
        if k == 1.0 {
            return self.media_mbps;
        }
        let x = x.clamp(0.0, 1.0);
        self.media_mbps * libm::sqrt(1.0 - x * (1.0 - k * k))
    }

    /// E[1 / rate] over addresses uniform on [0, 1], s per MB: the mean
    /// transfer time of one MB read at a random place on a full disk.
    /// ∫₀¹ dx / (R·√(1 − x·a)) = 2(1 − k) / (R·a) with a = 1 − k², i.e.
    /// 2 / (R·(1 + k)).
    pub fn mean_inverse_rate(&self) -> f64 {
        let k = self.zone_ratio();
        2.0 / (self.media_mbps * (1.0 + k))
    }
}
