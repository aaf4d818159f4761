//! Device presets (model §4) and the studies' scenarios. Values not given by
//! the studies are filled in and listed in each device's `assumptions`.

use crate::cost_model::CostModelSpec;

pub mod chassis;
#[cfg(feature = "studies")]
pub mod figures;
pub mod lifetime_comparison;
pub mod published;
#[cfg(feature = "studies")]
pub mod request;
pub mod today;
use crate::*;
#[cfg(feature = "studies")]
pub use figures::{device_figures, figures_of, DeviceFigure, FigureSource};
pub use lifetime_comparison::{lifetime_comparison, ComparisonCase};
#[cfg(feature = "studies")]
pub use request::*;
use serde::{Deserialize, Serialize};

fn mlc_flash(interference: f64) -> FlashSpec {
    // MLC timings from the HySSC study's flash figures.
    FlashSpec {
        cell: CellType::Mlc,
        pe_cycles: 10_000,
        page_kb: 4.0,
        pages_per_block: 128,
        read_us: 175.0,
        program_us: 1400.0,
        erase_ms: 3.8,
        spare_factor: 0.07,
        write_read_interference: interference,
        units: None,
        controller: None,
    }
}

fn strs(xs: &[&str]) -> Vec<String> {
    xs.iter().map(|s| s.to_string()).collect()
}

/// The whole stream-level catalog: the studies' devices, then today's.
pub fn catalog() -> Vec<Device> {
    let mut d = device_presets();
    d.extend(today::today_device_presets());
    d
}

/// The studies' devices, as published: every study preset starts from them.
pub fn device_presets() -> Vec<Device> {
    vec![
        Device {
            id: "hdd15k".into(),
            name: "HDD 15K (Seagate Cheetah 15K.6)".into(),
            kind: DeviceKind::Hdd,
            capacity_gb: 146.0,
            read_mbps: Some(70.0),
            write_mbps: Some(70.0),
            price: 180.0,
            power_w: 17.0,
            flash: None,
            assumptions: strs(&[
                "write_mbps = read_mbps",
                "power_w 17 W (datasheet class, not from the study)",
            ]),
            hdd: None,
            form_factor: None,
        },
        Device {
            id: "raid4x15k".into(),
            name: "Disk array of the study (4 × 15K, RAID0)".into(),
            kind: DeviceKind::Hdd,
            capacity_gb: 584.0,
            read_mbps: Some(100.0),
            write_mbps: Some(100.0),
            price: 720.0,
            power_w: 68.0,
            flash: None,
            assumptions: strs(&[
                "price = 4 × $180",
                "power_w = 4 × 17 W",
                "write_mbps = read_mbps",
            ]),
            hdd: None,
            form_factor: None,
        },
        Device {
            id: "ddr3_1gb".into(),
            name: "DRAM module (DDR3, 1 GB)".into(),
            kind: DeviceKind::Dram,
            capacity_gb: 1.0,
            read_mbps: None,
            write_mbps: None,
            price: 23.0,
            power_w: 3.0,
            flash: None,
            assumptions: strs(&[
                "bandwidth unlimited (as in the study)",
                "power_w 3 W per module",
            ]),
            hdd: None,
            form_factor: None,
        },
        Device {
            id: "dram_5_23gb".into(),
            name: "DRAM buffer of the study's workload figures (5.23 GB)".into(),
            kind: DeviceKind::Dram,
            capacity_gb: 5.23,
            read_mbps: None,
            write_mbps: None,
            price: 120.29,
            power_w: 15.7,
            flash: None,
            assumptions: strs(&[
                "price = 5.23 × $23 (similar cost to the 64 GB SSD)",
                "power_w 3 W per GB",
            ]),
            hdd: None,
            form_factor: None,
        },
        Device {
            id: "ssd_a".into(),
            name: "MLC SSD low-end (RiData, \"SSD A\")".into(),
            kind: DeviceKind::Ssd,
            capacity_gb: 64.0,
            read_mbps: Some(155.0),
            write_mbps: Some(100.0),
            price: 120.0,
            power_w: 2.0,
            flash: Some(mlc_flash(0.05)),
            assumptions: strs(&[
                "write_mbps 100 MB/s",
                "power_w 2 W",
                "pages_per_block 128, spare_factor 0.07",
                "write_read_interference 0.05 (the study saw reads barely affected)",
            ]),
            hdd: None,
            form_factor: None,
        },
        Device {
            id: "ssd_b".into(),
            name: "MLC SSD (Samsung, \"SSD B\")".into(),
            kind: DeviceKind::Ssd,
            capacity_gb: 256.0,
            read_mbps: Some(155.0),
            write_mbps: Some(100.0),
            price: 599.04,
            power_w: 2.0,
            flash: Some(mlc_flash(0.05)),
            assumptions: strs(&[
                "read_mbps 155 (measured about as SSD A)",
                "price = 256 GB × $2.34/GB",
                "write_mbps 100 MB/s, power_w 2 W",
            ]),
            hdd: None,
            form_factor: None,
        },
        Device {
            id: "ssd_c".into(),
            name: "MLC SSD high-end (Intel X25-M)".into(),
            kind: DeviceKind::Ssd,
            capacity_gb: 80.0,
            read_mbps: Some(155.0),
            write_mbps: Some(70.0),
            price: 200.0,
            power_w: 2.0,
            flash: Some(mlc_flash(0.8)),
            assumptions: strs(&[
                "read_mbps 155, write_mbps 70",
                "price = 80 GB × $2.50/GB",
                "write_read_interference 0.8 (reads collapse under concurrent writes)",
            ]),
            hdd: None,
            form_factor: None,
        },
        Device {
            id: "slc_fusionio".into(),
            name: "SLC enterprise (Fusion-io)".into(),
            kind: DeviceKind::Ssd,
            capacity_gb: 80.0,
            read_mbps: Some(700.0),
            write_mbps: Some(550.0),
            price: 4956.0,
            power_w: 10.0,
            flash: Some(FlashSpec {
                cell: CellType::Slc,
                pe_cycles: 100_000,
                page_kb: 4.0,
                pages_per_block: 64,
                read_us: 135.0,
                program_us: 350.0,
                erase_ms: 1.5,
                spare_factor: 0.28,
                write_read_interference: 0.05,
                units: None,
                controller: None,
            }),
            assumptions: strs(&[
                "read_mbps 700, write_mbps 550, power_w 10 W",
                "price = 80 GB × $61.95/GB",
                "pages_per_block 64, spare_factor 0.28",
            ]),
            hdd: None,
            form_factor: None,
        },
        Device {
            id: "tlc_ssd".into(),
            name: "TLC SSD (HySSC-style read cache)".into(),
            kind: DeviceKind::Ssd,
            capacity_gb: 256.0,
            read_mbps: Some(155.0),
            write_mbps: Some(80.0),
            price: 204.8,
            power_w: 2.0,
            flash: Some(FlashSpec {
                cell: CellType::Tlc,
                pe_cycles: 1_000,
                page_kb: 8.0,
                pages_per_block: 128,
                read_us: 350.0,
                program_us: 2500.0,
                erase_ms: 3.0,
                spare_factor: 0.07,
                write_read_interference: 0.1,
                units: None,
                controller: None,
            }),
            assumptions: strs(&[
                "read_mbps 155, write_mbps 80, power_w 2 W",
                "price $0.80/GB",
                "pe_cycles 1 000 (low end of TLC's 1 000–3 000)",
            ]),
            hdd: None,
            form_factor: None,
        },
    ]
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PresetInfo {
    pub id: String,
    pub title: String,
    pub source: String,
    pub description: String,
}

fn tier(device: &str, count: u32) -> TierSpec {
    TierSpec {
        device: device.into(),
        count,
    }
}

/// The MMSys'11 workload: 300 videos of 60 min at 245 KB/s, exponent 0.271,
/// λ = 1/s, 10 h, 0 warm-up.
fn mmsys_base(name: &str, arch: Architecture, tiers: Tiers, rate: f64) -> Scenario {
    Scenario {
        version: SCHEMA_VERSION,
        name: name.into(),
        workload: Workload {
            videos: 300,
            classes: vec![VideoClass {
                share: 1.0,
                length_min: 60.0,
                bitrate_kbps: 245.0,
            }],
            popularity: Popularity {
                convention: ZipfConvention::Exponent,
                value: 0.271,
            },
            arrival_rate: rate,
            churn: None,
            rate_profile: None,
        },
        run: RunConfig {
            duration_h: 10.0,
            warmup_h: 0.0,
            seed: 1,
            replications: 5,
            timeseries: false,
            target_rejection: None,
            halt_above_peak_utilisation: None,
        },
        devices: device_presets(),
        architecture: arch,
        tiers,
        policy: Policy::default(),
        cost_model: None,
        #[cfg(feature = "studies")]
        request: None,
        server: None,
        #[cfg(feature = "studies")]
        block: None,
    }
}

fn tiers(disk: TierSpec, ic: Option<TierSpec>, fc: Option<TierSpec>) -> Tiers {
    Tiers {
        disk,
        interval_cache: ic,
        file_cache: fc,
        disk_read_kb: None,
    }
}

/// A catalog device at another capacity, priced pro rata, under a new id.
fn resized(base: &str, id: &str, name: &str, capacity_gb: f64, assumption: &str) -> Device {
    let mut d = device_presets()
        .into_iter()
        .find(|d| d.id == base)
        .expect("base device is in the catalog");
    d.price *= capacity_gb / d.capacity_gb;
    d.id = id.into();
    d.name = name.into();
    d.capacity_gb = capacity_gb;
    d.assumptions.push(assumption.into());
    d
}

/// Relative request rate by hour of day of a VoD service (shape only:
/// quiet before dawn, rising through the day, peak at 21:00 at 2.2 × the
/// mean). An illustration, not a measured trace.
pub const EVENING_PEAK: [f64; 24] = [
    0.6, 0.4, 0.3, 0.25, 0.25, 0.3, 0.45, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95, 1.0, 1.0, 1.05, 1.1, 1.2,
    1.4, 1.7, 1.9, 2.07, 1.7, 1.1,
];

struct Entry {
    info: (&'static str, &'static str, &'static str, &'static str),
    build: fn() -> Scenario,
}

const MMSYS: &str = "Ryu, Kim, Ramachandran, MMSys 2011";
const TODAY: &str = "tierplan, present-day catalog";
const PUBLISHED: &str = "Netflix, published configurations (model §10b)";

fn class(share: f64, length_min: f64, mbps: f64) -> VideoClass {
    VideoClass {
        share,
        length_min,
        bitrate_kbps: mbps * today::KBPS_PER_MBPS,
    }
}

fn entries() -> Vec<Entry> {
    vec![
        Entry {
            info: ("mmsys11-cost-hdd", "Cost table: HDD only (13 HDDs)", MMSYS,
                   "λ = 1/s, 0 % rejection target; the study needs 13 Cheetah 15K.6 disks (1.46 streams/$)."),
            build: || mmsys_base("MMSys'11 cost table — HDD only", Architecture::HddOnly,
                                 tiers(tier("hdd15k", 13), Some(tier("ddr3_1gb", 0)), Some(tier("ssd_a", 0))), 1.0),
        },
        Entry {
            info: ("mmsys11-cost-dram", "Cost table: DRAM interval cache + HDD", MMSYS,
                   "λ = 1/s; the study reports 2 DRAM modules + 12 HDDs (1.54 streams/$)."),
            build: || mmsys_base("MMSys'11 cost table — DRAM + HDD", Architecture::DramIcHdd,
                                 tiers(tier("hdd15k", 12), Some(tier("ddr3_1gb", 2)), Some(tier("ssd_a", 0))), 1.0),
        },
        Entry {
            info: ("mmsys11-cost-ssd", "Cost table: SSD file-level LFU + HDD", MMSYS,
                   "λ = 1/s; the study needs 5 low-end MLC SSDs + 2 HDDs (3.55 streams/$)."),
            build: || mmsys_base("MMSys'11 cost table — SSD + HDD", Architecture::SsdLfuHdd,
                                 tiers(tier("hdd15k", 2), Some(tier("ddr3_1gb", 0)), Some(tier("ssd_a", 5))), 1.0),
        },
        Entry {
            info: ("mmsys11-fig9-dram", "Fig. 9: interval caching vs DRAM capacity", MMSYS,
                   "λ = 0.5/s, the study's 4-disk array (584 GB, 100 MB/s), 4 GB of DRAM; sweep the DRAM count."),
            build: || mmsys_base("MMSys'11 Fig. 9 — DRAM interval cache", Architecture::DramIcHdd,
                                 tiers(tier("raid4x15k", 1), Some(tier("ddr3_1gb", 4)), Some(tier("ssd_a", 0))), 0.5),
        },
        Entry {
            info: ("mmsys11-fig10-ssd", "Fig. 10: file-level LFU vs flash capacity and bandwidth", MMSYS,
                   "λ = 0.5/s, the 4-disk array, one 64 GB / 155 MB/s SSD; sweep its capacity or bandwidth."),
            build: || mmsys_base("MMSys'11 Fig. 10 — SSD LFU", Architecture::SsdLfuHdd,
                                 tiers(tier("raid4x15k", 1), Some(tier("ddr3_1gb", 0)), Some(tier("ssd_a", 1))), 0.5),
        },
        Entry {
            info: ("mmsys11-fig11-dram", "Fig. 11: workload sweeps, 5.23 GB DRAM", MMSYS,
                   "The 4-disk array with a 5.23 GB interval cache (about the price of a 64 GB SSD); sweep λ, Zipf or length."),
            build: || mmsys_base("MMSys'11 Fig. 11 — 5.23 GB DRAM", Architecture::DramIcHdd,
                                 tiers(tier("raid4x15k", 1), Some(tier("dram_5_23gb", 1)), Some(tier("ssd_a", 0))), 0.16),
        },
        Entry {
            info: ("mmsys11-fig11-ssd", "Fig. 11: workload sweeps, 64 GB / 155 MB/s SSD", MMSYS,
                   "The 4-disk array with one 64 GB SSD under static LFU; at λ = 0.16/s the flash hit ratio is about 0.36."),
            build: || mmsys_base("MMSys'11 Fig. 11 — 64 GB SSD", Architecture::SsdLfuHdd,
                                 tiers(tier("raid4x15k", 1), Some(tier("dram_5_23gb", 0)), Some(tier("ssd_a", 1))), 0.16),
        },
        Entry {
            info: ("nossdav12-object-cache", "Object-level LFU on a 60 GB flash cache", "Ryu, Kim, Ramachandran, NOSSDAV 2012",
                   "300 copies of a 78-min, 1.06 GB (≈ 2 Mbps) video, θ = 0.271 (exponent 0.729): 56 objects fit and draw 55.4 % of requests."),
            build: || {
                let mut s = mmsys_base("NOSSDAV'12 — 60 GB object cache", Architecture::SsdLfuHdd,
                                       tiers(tier("raid4x15k", 1), Some(tier("ddr3_1gb", 0)), Some(tier("ssd60", 1))), 0.05);
                s.workload.classes = vec![VideoClass { share: 1.0, length_min: 78.0, bitrate_kbps: 237.5 }];
                s.workload.popularity = Popularity { convention: ZipfConvention::Theta, value: 0.271 };
                s.devices.push(resized("ssd_a", "ssd60", "SSD A, 60 GB cache partition (NOSSDAV'12)", 60.0,
                                       "price pro rata of 64 GB for $120"));
                s
            },
        },
        Entry {
            info: ("hyssc-slc-tlc", "HySSC-style SLC interval cache + TLC LFU + HDD", "Oh et al., HySSC",
                   "SLC absorbs the interval-cache writes (100 000 P/E); TLC (1 000 P/E) only holds popular files, read-only. 1 SLC + 3 TLC + 4 HDDs meet λ = 1/s with no rejections."),
            build: || mmsys_base("HySSC-style SLC + TLC + HDD", Architecture::SlcIcTlcLfuHdd,
                                 tiers(tier("hdd15k", 4), Some(tier("slc_fusionio", 1)), Some(tier("tlc_ssd", 3))), 1.0),
        },
        Entry {
            info: ("fast12-overprovisioning", "FAST'12 over-provisioning example: a 4 GB flash cache", "Oh, Choi, Lee, Noh, FAST 2012",
                   "How much of a flash cache to over-provision: with 2 % writes the cost model (Flash endurance tab) puts the optimum at u = 0.92, 3.68 GB caching and 0.32 GB over-provisioned. The stream simulation runs the MMSys'11 workload on this 4 GB SLC cache."),
            build: || {
                let mut s = mmsys_base("FAST'12 — 4 GB flash cache, over-provisioning", Architecture::SsdLfuHdd,
                                       tiers(tier("raid4x15k", 1), Some(tier("ddr3_1gb", 0)), Some(tier("slc4", 1))), 0.5);
                s.devices.push(resized("slc_fusionio", "slc4", "SLC flash cache, 4 GB (FAST'12 example)", 4.0,
                                       "capacity 4 GB and price pro rata of the 80 GB Fusion-io (FAST'12 gives no device)"));
                s.cost_model = Some(CostModelSpec::fast12_example());
                s
            },
        },
        Entry {
            info: ("diurnal-evening-peak", "A day with an evening peak: SSD LFU + HDD", "tierplan (model §14)",
                   "The MMSys'11 SSD + HDD configuration over 24 h with an hourly rate profile (quiet at 4 am, peak at 21:00 at 2.2 × the mean): the peak hour, not the mean, decides the disks. The Optimiser can size for the peak hour."),
            build: || {
                let mut s = mmsys_base("A day with an evening peak", Architecture::SsdLfuHdd,
                                       tiers(tier("hdd15k", 2), Some(tier("ddr3_1gb", 0)), Some(tier("ssd_a", 5))), 1.0);
                s.workload.rate_profile = Some(RateProfile { hourly: EVENING_PEAK.to_vec(), start_hour: 0 });
                s.run.duration_h = 24.0;
                s
            },
        },
        Entry {
            info: ("today-plan", "Today: a new plan — 10 000 titles on today's devices", TODAY,
                   "A starting point for sizing a server of today: 10 000 titles of 60 min, 1 000 concurrent streams at 5 Mbps, Zipf exponent 0.8 (assumed), on 24 TB HDDs, 7.68 TB TLC NVMe and DDR5, warm-up one video length. Popularity moves: dynamic LFU (24 h window) and a churn of 1 % of the titles a day in hourly steps (assumed; edit under Workload and Policy), so the SSDs are written and their lifetime reported. State your own target in streams and Mbps, then open the Optimiser."),
            build: || today::today_scenario("Today: new plan", 10_000,
                                            vec![class(1.0, 60.0, 5.0)], 0.8, 1_000.0, (1, 0, 1)),
        },
        Entry {
            info: ("today-4k-mix", "Today: a 4K title mix, 5 000 streams", TODAY,
                   "20 000 titles: 20 % 4K films (100 min at 16 Mbps), 80 % HD episodes (45 min at 6 Mbps); 5 000 concurrent streams, Zipf exponent 0.8 (assumed), today's devices."),
            build: || today::today_scenario("Today: 4K title mix", 20_000,
                                            vec![class(0.2, 100.0, 16.0), class(0.8, 45.0, 6.0)], 0.8, 5_000.0, (4, 0, 3)),
        },
        Entry {
            info: ("today-abr-ladder", "Today: an ABR ladder as bitrate classes, 3 000 streams", TODAY,
                   "Sessions by the rung they settle on: 40 % 1080p (6 Mbps), 35 % 720p (3 Mbps), 25 % 480p (1.5 Mbps), 50-min titles, 10 000 titles, 3 000 concurrent streams. Each class is a set of titles at one rung — an approximation: a real title is stored at every rung."),
            build: || today::today_scenario("Today: ABR ladder", 10_000,
                                            vec![class(0.4, 50.0, 6.0), class(0.35, 50.0, 3.0), class(0.25, 50.0, 1.5)], 0.8, 3_000.0, (2, 0, 1)),
        },
        Entry {
            info: ("published-nvme-2021", "Published: Netflix's 2021 all-NVMe edge (18 × 2 TB NVMe, 4 × 100 GbE)", PUBLISHED,
                   "The server of Gallatin's EuroBSDCon 2021 talk: 18 × 2 TB NVMe as the only tier, 256 GB of memory, 4 × 100 GbE, software TLS (the host serves about 240 Gb/s). Offered 300 Gb/s of 8 Mbps streams: the host, not the drives, turns streams away."),
            build: published::nvme_2021,
        },
        Entry {
            info: ("published-storage-2013", "Published: a storage edge of 2013 (36 HDD + 6 SSD, 4 × 10 GbE)", PUBLISHED,
                   "A retired 2013 Netflix storage appliance as reported in 2022: 36 × 7.2 TB disks, 6 × 500 GB SSDs as an LFU flash cache, one quad-port 10 GbE NIC. Offered 50 Gb/s of 8 Mbps streams."),
            build: published::storage_2013,
        },
        Entry {
            info: ("published-storage-today", "Published: a storage edge with today's drives (36 × 24 TB HDD + 4 NVMe)", PUBLISHED,
                   "The same shape with today's catalog: 36 × 24 TB disks and 4 × 7.68 TB NVMe (LFU) in the 4U 60-bay chassis, 2 × 100 GbE. FAST'21 gave up to 80 Gb/s for Netflix's large disk + flash appliance. Offered 150 Gb/s of 8 Mbps streams."),
            build: published::storage_today,
        },
        Entry {
            info: ("mlc-interval-cache", "Interval caching on MLC flash (wear)", MMSYS,
                   "Why interval caching must not run on MLC: the buffer is rewritten continuously and wears out in weeks."),
            build: || mmsys_base("Interval caching on MLC SSD", Architecture::SsdIcHdd,
                                 tiers(tier("hdd15k", 12), Some(tier("ssd_b", 1)), Some(tier("ssd_a", 0))), 1.0),
        },
    ]
}

pub fn scenario_presets() -> Vec<PresetInfo> {
    entries()
        .into_iter()
        .map(|e| PresetInfo {
            id: e.info.0.into(),
            title: e.info.1.into(),
            source: e.info.2.into(),
            description: e.info.3.into(),
        })
        .collect()
}

pub fn scenario_preset(id: &str) -> Option<Scenario> {
    entries()
        .into_iter()
        .find(|e| e.info.0 == id)
        .map(|e| (e.build)())
}

/// The default scenario of the app: the MMSys'11 SSD + HDD cost-table entry.
pub fn default_scenario() -> Scenario {
    scenario_preset("mmsys11-cost-ssd").expect("default preset exists")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_valid() {
        for p in scenario_presets() {
            let s = scenario_preset(&p.id).unwrap();
            let errs = crate::validate::problems(&s);
            assert!(errs.is_empty(), "{}: {:?}", p.id, errs);
        }
    }

    fn device<'a>(s: &'a Scenario, tier: &TierSpec) -> &'a Device {
        s.devices
            .iter()
            .find(|d| d.id == tier.device)
            .expect("tier device in catalog")
    }

    /// The studies' configurations that the app's preset links promise
    /// (model §10, §11 and the MMSys'11 figures): a link `#preset=<id>` opens these.
    #[test]
    fn presets_cover_the_studies() {
        let p = |id: &str| scenario_preset(id).unwrap_or_else(|| panic!("preset {id}"));
        for id in ["mmsys11-cost-hdd", "mmsys11-cost-dram", "mmsys11-cost-ssd"] {
            assert_eq!(
                p(id).workload.arrival_rate,
                1.0,
                "{id}: cost table at λ = 1/s"
            );
        }
        for id in ["mmsys11-fig9-dram", "mmsys11-fig10-ssd"] {
            assert_eq!(
                p(id).workload.arrival_rate,
                0.5,
                "{id}: device sweeps at λ = 0.5/s"
            );
        }
        let dram = p("mmsys11-fig11-dram");
        let ic = dram.tiers.interval_cache.as_ref().unwrap();
        assert_eq!((device(&dram, ic).capacity_gb, ic.count), (5.23, 1));
        let ssd = p("mmsys11-fig11-ssd");
        let fc = ssd.tiers.file_cache.as_ref().unwrap();
        let d = device(&ssd, fc);
        assert_eq!(
            (d.capacity_gb, d.read_mbps, fc.count),
            (64.0, Some(155.0), 1)
        );

        let n = p("nossdav12-object-cache");
        let c = &n.workload.classes[0];
        let video_gb = c.length_s() * c.bitrate_kbps / 1024.0 / 1024.0;
        assert!(
            (video_gb - 1.06).abs() < 0.005,
            "1.06 GB videos, got {video_gb}"
        );
        assert!(
            (c.bitrate_kbps * 8.0 * 1024.0 / 1e6 - 2.0).abs() < 0.1,
            "≈ 2 Mbps"
        );
        assert_eq!(n.workload.popularity.convention, ZipfConvention::Theta);
        assert_eq!(n.workload.popularity.value, 0.271);
        assert_eq!(
            device(&n, n.tiers.file_cache.as_ref().unwrap()).capacity_gb,
            60.0
        );

        let h = p("hyssc-slc-tlc");
        assert_eq!(h.architecture, Architecture::SlcIcTlcLfuHdd);
        let slc = device(&h, h.tiers.interval_cache.as_ref().unwrap());
        let tlc = device(&h, h.tiers.file_cache.as_ref().unwrap());
        assert_eq!(slc.flash.as_ref().unwrap().cell, CellType::Slc);
        assert_eq!(tlc.flash.as_ref().unwrap().cell, CellType::Tlc);
    }

    /// A plan is about the steady state: today's presets warm up for at
    /// least one video length (the longest class), the studies' start empty
    /// as the studies did.
    #[test]
    fn today_s_presets_warm_up_one_video_length_and_the_studies_keep_zero() {
        let mut today = 0;
        for p in scenario_presets() {
            let s = scenario_preset(&p.id).unwrap();
            let longest_h = s.workload.longest_length_h();
            if p.source == TODAY {
                today += 1;
                assert!(
                    s.run.warmup_h >= longest_h,
                    "{}: warm-up {} h",
                    p.id,
                    s.run.warmup_h
                );
            } else if p.source.contains("MMSys") {
                assert_eq!(s.run.warmup_h, 0.0, "{}", p.id);
            }
        }
        assert!(today >= 3);
    }
}
