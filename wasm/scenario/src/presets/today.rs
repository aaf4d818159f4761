//! The present-day catalog: devices an architect would buy now, beside the
//! studies' 2011 devices (which stay as published), and workloads of today.
//!
//! Every performance figure comes from a cited datasheet or article (source
//! and date in the device's `assumptions`). Datasheets count in decimal
//! units (1 TB = 10¹² B, 1 MB/s = 10⁶ B/s); the model counts in binary ones
//! (model §2), so each figure is converted once here and both are shown.
//! Prices are not published list prices: they are street-price assumptions
//! the user should check, all in [`PRICES`], the one place to update them.

use super::{strs, tier, tiers};
use crate::*;

/// When the prices of [`PRICES`] were last set.
pub const PRICES_AS_OF: &str = "2026-11";

/// Unit prices of the present-day devices, USD: assumptions (street prices
/// of the device class at [`PRICES_AS_OF`]), never published figures.
pub const PRICES: &[(&str, f64, &str)] = &[
    ("exos_x20", 380.0, "about $19/TB"),
    ("exos_x24", 460.0, "about $19/TB"),
    ("pm9a3_7t68", 900.0, "about $117/TB"),
    ("micron7450_15t36", 1_700.0, "about $111/TB"),
    ("p5430_30t72", 2_800.0, "about $91/TB"),
    ("p5336_61t44", 5_500.0, "about $90/TB"),
    ("ddr5_32gb", 160.0, "about $5/GB"),
    ("ddr5_64gb", 300.0, "about $4.7/GB"),
];

/// Decimal terabytes of a datasheet in the model's GB (1024³ B).
fn tb(decimal_tb: f64) -> f64 {
    (decimal_tb * 1e12 / 1024f64.powi(3) * 100.0).round() / 100.0
}

/// Decimal MB/s of a datasheet in the model's MB/s (1024² B/s).
fn mbps(decimal_mbps: f64) -> f64 {
    (decimal_mbps * 1e6 / 1024f64.powi(2) * 10.0).round() / 10.0
}

fn price(id: &str) -> (f64, String) {
    let (_, usd, basis) = PRICES
        .iter()
        .find(|(k, _, _)| *k == id)
        .expect("every present-day device has a price");
    (
        *usd,
        format!(
            "price ${usd} — assumption, street price {basis} as of {PRICES_AS_OF}: check before buying"
        ),
    )
}

/// How a datasheet states capacity: drives in decimal TB, memory modules
/// in binary GB (a 64 GB module holds 64 × 1024³ B, the model's GB).
enum Capacity {
    DecimalTb(f64),
    BinaryGb(f64),
}

struct Spec {
    id: &'static str,
    name: &'static str,
    kind: DeviceKind,
    capacity: Capacity,
    read: Option<f64>,
    write: Option<f64>,
    power_w: f64,
    flash: Option<FlashSpec>,
    sources: &'static [&'static str],
}

fn device(s: Spec) -> Device {
    let (usd, price_note) = price(s.id);
    let mut assumptions = strs(s.sources);
    let bw = match (s.read, s.write) {
        (Some(r), Some(w)) => format!(
            "; read {r} / write {w} MB/s decimal = {} / {} MB/s of 1024² B",
            mbps(r),
            mbps(w)
        ),
        _ => String::new(),
    };
    let capacity_gb = match s.capacity {
        Capacity::DecimalTb(t) => {
            assumptions.push(format!(
                "units: {t} TB decimal = {} GB of 1024³ B{bw}",
                tb(t)
            ));
            tb(t)
        }
        Capacity::BinaryGb(g) => g,
    };
    assumptions.push(price_note);
    Device {
        id: s.id.into(),
        name: s.name.into(),
        kind: s.kind,
        capacity_gb,
        read_mbps: s.read.map(mbps),
        write_mbps: s.write.map(mbps),
        price: usd,
        power_w: s.power_w,
        flash: s.flash,
        assumptions,
        hdd: hdd_timing(s.id),
        form_factor: None,
    }
}

/// 7 200 rpm: one revolution is 60 000 / 7 200 = 8.33 ms (the manuals'
/// "average latency 4.16 ms" is half of it).
const REV_7200_MS: f64 = 60_000.0 / 7_200.0;

/// Timing of the present-day disks (model §4): average seek, revolution,
/// outer- and inner-zone media rates (decimal MB/s of the datasheet,
/// converted once like every other figure). The sources are in each
/// device's `assumptions`.
fn hdd_timing(id: &str) -> Option<HddMechanics> {
    match id {
        // Both drives share the 285 MB/s outer rate and 7 200 rpm; neither
        // publication gives an average seek or an inner-zone rate, so both
        // are class assumptions (see EXOS_TIMING_NOTE).
        "exos_x20" | "exos_x24" => Some(HddMechanics {
            seek_ms: 8.5,
            revolution_ms: REV_7200_MS,
            media_mbps: mbps(285.0),
            seek_model: SeekModel::Distance,
            inner_mbps: Some(mbps(142.5)),
        }),
        _ => None,
    }
}

const EXOS_TIMING_NOTE: &str = "timing: 7 200 rpm = 8.33 ms per revolution (datasheet; average latency 4.16 ms); average seek 8.5 ms is a class assumption (a 3.5\" 7 200 rpm enterprise drive: the Constellation.2 SAS manual, Seagate 2011, gives 7.5 ms on the shorter 2.5\" stroke; Seagate does not state it for the Exos X20/X24); inner-zone rate 142.5 MB/s = half the outer 285 MB/s is a class assumption (constant linear density over a data band from about half the outer radius; the Constellation.2 manual gives 84–163 MB/s, ratio 0.52), seek time growing with √distance";

/// Flash of an enterprise NVMe drive. `drive_writes` is the warranted
/// endurance in full-drive writes (DWPD × 365 × 5 years): used as the P/E
/// budget, so the model's lifetime at WA = 1 equals the warranty's TBW — a
/// conservative reading, since the NAND's own cycle rating is higher.
/// `program_us` is fitted to the datasheet's sequential write over `dies`
/// dies (characterisation); `map_kb` is the indirection unit, `kiops` the
/// controller's command ceiling (fitted to the datasheet's random-read
/// IOPS where it gives one: characterisation).
fn nvme_flash(
    cell: CellType,
    drive_writes: u32,
    program_us: f64,
    dies: u32,
    map_kb: f64,
    kiops: f64,
) -> FlashSpec {
    FlashSpec {
        cell,
        pe_cycles: drive_writes,
        page_kb: 16.0,
        pages_per_block: 1024,
        read_us: if cell == CellType::Qlc { 100.0 } else { 60.0 },
        program_us,
        erase_ms: 5.0,
        // Raw 2^k TiB behind 1.92 × 2^k TB of user space (the usual
        // raw/user ratio of 1-DWPD drives): (2^40 × 2^k) / (0.96 × 10¹² × 2^k) − 1.
        spare_factor: 0.145,
        write_read_interference: 0.05,
        units: Some(dies),
        controller: Some(SsdController {
            map_kb,
            command_us: 10.0,
            link_mbps: NVME_LINK_MBPS,
            buffer_kb: 8192.0,
            gc_reserve_blocks: 0,
            read_ahead: true,
            channels: 8,
            channel_mbps: 1200.0,
            queue_depth: 1024,
            max_kiops: kiops,
        }),
    }
}

/// PCIe 4.0 × 4 after its 128b/130b encoding (7.88 GB/s) and about 10 % of
/// packet headers, in MB/s of 1024² B (assumption).
const NVME_LINK_MBPS: f64 = 6800.0;

const FLASH_NOTE: &str = "flash: page 16 KB, 1024 pages per block, page read 60 µs (TLC) / 100 µs (QLC), erase 5 ms and write_read_interference 0.05 are class figures (not from the datasheet); spare_factor 0.145 = raw 2^k TiB behind the user TB (assumption)";

const CONTROLLER_NOTE: &str = "controller (model §11, scalable SSD model): 8 channels of 1200 MB/s (ONFI/Toggle class), 10 µs per command, host link 6800 MB/s (PCIe 4.0 × 4 after encoding and packet overhead), 8 MB write buffer, NVMe queue of 1024 commands, GC paced with the host writes (incremental, assumptions); dies from the raw capacity in 512 Gb (TLC) or 1 Tb (QLC) dies (assumption); page program time fitted to the datasheet's sequential write and the command ceiling to its random-read IOPS (characterisation, not calibration to a result)";

/// The present-day devices (model §4), each figure with its source.
pub fn today_device_presets() -> Vec<Device> {
    vec![
        device(Spec {
            id: "exos_x20",
            name: "HDD 20 TB 7200 rpm (Seagate Exos X20)",
            kind: DeviceKind::Hdd,
            capacity: Capacity::DecimalTb(20.0),
            read: Some(285.0),
            write: Some(285.0),
            power_w: 9.5,
            flash: None,
            sources: &[
                "capacity 20 TB, 285 MB/s maximum sustained transfer: Seagate Exos X20, as reported by Blocks & Files, 2023-10-18 (\"the same maximum sustained data rate of 285 MBps as the X20\")",
                "read_mbps = the maximum sustained rate (outer tracks), the datasheet figure: the stream planner admits streams against the streaming bandwidth derived from the timing below at the scenario's read size per stream (model §4), which is lower",
                EXOS_TIMING_NOTE,
                "power_w 9.5 W: class figure of a 3.5\" helium 7200 rpm drive under load (assumption)",
            ],
        }),
        device(Spec {
            id: "exos_x24",
            name: "HDD 24 TB 7200 rpm (Seagate Exos X24)",
            kind: DeviceKind::Hdd,
            capacity: Capacity::DecimalTb(24.0),
            read: Some(285.0),
            write: Some(285.0),
            power_w: 9.5,
            flash: None,
            sources: &[
                "capacity 24 TB, 285 MB/s maximum sustained transfer, 7200 rpm: Seagate Exos X24 announcement, Blocks & Files, 2023-10-18; X24 SAS product manual 200562600 Rev. A, 2023-11",
                "read_mbps = the maximum sustained rate (outer tracks), the datasheet figure: the stream planner admits streams against the streaming bandwidth derived from the timing below at the scenario's read size per stream (model §4), which is lower",
                EXOS_TIMING_NOTE,
                "power_w 9.5 W: class figure of a 3.5\" helium 7200 rpm drive under load (assumption)",
            ],
        }),
        device(Spec {
            id: "pm9a3_7t68",
            name: "NVMe TLC SSD 7.68 TB (Samsung PM9A3, U.2)",
            kind: DeviceKind::Ssd,
            capacity: Capacity::DecimalTb(7.68),
            read: Some(6500.0),
            write: Some(3500.0),
            power_w: 12.0,
            flash: Some(nvme_flash(CellType::Tlc, 2_373, 599.0, 128, 4.0, 900.0)),
            sources: &[
                "capacity 7.68 TB, sequential read 6 500 MB/s, write 3 500 MB/s, random 4 KB read 900 000 and write 200 000 IOPS (U.2), 1.3 DWPD: Samsung PM9A3, heise online 2020-05 (citing Samsung's datasheet via ServeTheHome)",
                "4 KB indirection unit, 128 dies (assumptions)",
                "pe_cycles 2 373 = 1.3 DWPD × 365 × 5 years (the warranted drive writes)",
                "power_w 12 W: class figure of a U.2 PCIe 4.0 drive reading (assumption)",
                FLASH_NOTE,
                CONTROLLER_NOTE,
            ],
        }),
        device(Spec {
            id: "micron7450_15t36",
            name: "NVMe TLC SSD 15.36 TB (Micron 7450 PRO, U.3)",
            kind: DeviceKind::Ssd,
            capacity: Capacity::DecimalTb(15.36),
            read: Some(6800.0),
            write: Some(5600.0),
            power_w: 14.0,
            flash: Some(nvme_flash(CellType::Tlc, 1_825, 749.0, 256, 4.0, 1000.0)),
            sources: &[
                "capacity 15.36 TB, sequential read 6 800 MB/s, write up to 5 600 MB/s (the family's fastest models), 1 DWPD (PRO): Micron 7450 launch, ServeTheHome 2022-03 and TweakTown review 2022; up to 1 million random-read IOPS: techunwrapped 2022-03",
                "4 KB indirection unit, 256 dies (assumptions); no random-write figure in the sources used",
                "pe_cycles 1 825 = 1 DWPD × 365 × 5 years (the warranted drive writes)",
                "power_w 14 W: class figure of a U.3 PCIe 4.0 drive reading (assumption)",
                FLASH_NOTE,
                CONTROLLER_NOTE,
            ],
        }),
        device(Spec {
            id: "p5430_30t72",
            name: "NVMe QLC SSD 30.72 TB (Solidigm D5-P5430)",
            kind: DeviceKind::Ssd,
            capacity: Capacity::DecimalTb(30.72),
            read: Some(7000.0),
            write: Some(3000.0),
            power_w: 16.0,
            flash: Some(nvme_flash(CellType::Qlc, 912, 1_398.0, 256, 4.0, 1000.0)),
            sources: &[
                "capacities 3.84–30.72 TB, sequential read 7 000 MB/s, write 3 000 MB/s: Solidigm D5-P5430, AnandTech via geektopia.es, 2023-05-16",
                "4 KB indirection unit (Solidigm's mainstream QLC line, unlike the D5-P5316's 64 KB: e企研究院 2023-06-27), 256 dies, command ceiling 1 000 k/s (assumption: no random-I/O figure in the sources used)",
                "pe_cycles 912 = 0.5 DWPD × 365 × 5 years: no endurance rating in the sources used — a QLC class figure (assumption), check the datasheet",
                "power_w 16 W: class figure of a high-capacity PCIe 4.0 drive reading (assumption)",
                FLASH_NOTE,
                CONTROLLER_NOTE,
            ],
        }),
        device(Spec {
            id: "p5336_61t44",
            name: "NVMe QLC SSD 61.44 TB (Solidigm D5-P5336)",
            kind: DeviceKind::Ssd,
            capacity: Capacity::DecimalTb(61.44),
            read: Some(7000.0),
            write: Some(3300.0),
            power_w: 20.0,
            flash: Some(nvme_flash(CellType::Qlc, 912, 2_541.0, 512, 16.0, 1005.0)),
            sources: &[
                "capacity 61.44 TB, sequential read 7 000 MB/s, write 3 300 MB/s, 1 005 000 random-read and 38 000 random-write IOPS: Solidigm D5-P5336, Architecting IT, 2024-08",
                "16 KB indirection unit (assumption, as the drive's 16 KB random-write rating and its class suggest: a 4 KB write reads and rewrites 16 KB), 512 dies",
                "pe_cycles 912 = 0.5 DWPD × 365 × 5 years: no endurance rating in the sources used — a QLC class figure (assumption), check the datasheet",
                "power_w 20 W: class figure of a 60 TB-class PCIe 4.0 drive reading (assumption)",
                FLASH_NOTE,
                CONTROLLER_NOTE,
            ],
        }),
        device(Spec {
            id: "ddr5_32gb",
            name: "DRAM module (DDR5-4800 RDIMM, 32 GB)",
            kind: DeviceKind::Dram,
            capacity: Capacity::BinaryGb(32.0),
            read: None,
            write: None,
            power_w: 5.0,
            flash: None,
            sources: &[
                "DDR5-4800: 4 800 MT/s × 8 B = 38 400 MB/s peak per module (JEDEC JESD79-5, 2020-07); far above any stream load, so bandwidth unlimited as in the studies",
                "capacity 32 GB: module sizes are binary (32 × 1024³ B)",
                "power_w 5 W per RDIMM: class figure (assumption)",
            ],
        }),
        device(Spec {
            id: "ddr5_64gb",
            name: "DRAM module (DDR5-4800 RDIMM, 64 GB)",
            kind: DeviceKind::Dram,
            capacity: Capacity::BinaryGb(64.0),
            read: None,
            write: None,
            power_w: 6.0,
            flash: None,
            sources: &[
                "DDR5-4800: 4 800 MT/s × 8 B = 38 400 MB/s peak per module (JEDEC JESD79-5, 2020-07); far above any stream load, so bandwidth unlimited as in the studies",
                "capacity 64 GB: module sizes are binary (64 × 1024³ B)",
                "power_w 6 W per RDIMM: class figure (assumption)",
            ],
        }),
    ]
}

/// Workloads of today on today's devices: warm-up one video length (a plan
/// is about the steady state, not an empty start).
pub(super) fn today_scenario(
    name: &str,
    videos: u32,
    classes: Vec<VideoClass>,
    exponent: f64,
    concurrent_streams: f64,
    counts: (u32, u32, u32),
) -> Scenario {
    let longest_h = classes.iter().map(|c| c.length_min).fold(0.0, f64::max) / 60.0;
    let tiers = tiers(
        tier("exos_x24", counts.0),
        Some(tier("ddr5_64gb", counts.1)),
        Some(tier("pm9a3_7t68", counts.2)),
    );
    let mut s = super::mmsys_base(name, Architecture::SsdLfuHdd, tiers, 0.0);
    s.workload.videos = videos;
    s.workload.classes = classes;
    // Little's law: the rate that keeps the stated streams open.
    s.workload.arrival_rate = s.workload.rate_for_streams(concurrent_streams);
    s.workload.popularity.value = exponent;
    // Both halves of a plan by default: the SSDs are written (dynamic LFU
    // over a 24 h window) while the catalogue turns over 1 % a day in
    // hourly steps (an assumption, editable), so every plan reports their
    // lifetime instead of "no writes".
    s.policy.lfu = LfuPolicy::Dynamic;
    s.policy.lfu_window_h = 24.0;
    s.workload.churn = Some(Churn {
        period_h: 1.0,
        new_titles: (videos / TODAY_CHURN_PER_DAY_DIVISOR / 24).max(1),
    });
    s.run = RunConfig {
        duration_h: 4.0,
        warmup_h: longest_h.max(1.0),
        seed: 1,
        replications: 3,
        timeseries: false,
        target_rejection: None,
        halt_above_peak_utilisation: None,
    };
    // Only today's devices: the studies' stay one "Add a device" away.
    s.devices = today_device_presets();
    s
}

/// The present-day workloads replace 1/100 of the titles a day.
pub const TODAY_CHURN_PER_DAY_DIVISOR: u32 = 100;

/// KB/s (KB = 1024 B) in one Mbps: 10⁶ / 8 / 1024 = 122.0703125.
pub const KBPS_PER_MBPS: f64 = 1e6 / 8.0 / 1024.0;

#[cfg(test)]
mod tests {
    use super::*;

    fn has_year(s: &str) -> bool {
        s.as_bytes()
            .windows(4)
            .any(|w| w.iter().all(u8::is_ascii_digit) && (w[0] == b'1' || w[0] == b'2'))
    }

    #[test]
    fn every_present_day_device_has_a_dated_source_and_a_checked_price() {
        let devices = today_device_presets();
        assert!(devices.len() >= 8);
        for d in &devices {
            // The first line is the figures' source: names a publication and a date.
            let first = &d.assumptions[0];
            assert!(has_year(first), "{}: source without a date: {first}", d.id);
            assert!(first.contains(':'), "{}: source not named: {first}", d.id);
            // The price is an assumption with its date, from the one price table.
            let p = d
                .assumptions
                .iter()
                .find(|a| a.starts_with("price $"))
                .unwrap_or_else(|| panic!("{}: no price note", d.id));
            assert!(p.contains("assumption") && p.contains(PRICES_AS_OF), "{p}");
            assert!(PRICES
                .iter()
                .any(|(k, usd, _)| *k == d.id && *usd == d.price));
            // SSDs state their endurance basis.
            if d.kind == DeviceKind::Ssd {
                assert!(d.assumptions.iter().any(|a| a.contains("DWPD")), "{}", d.id);
            }
        }
        // Every price belongs to a device.
        for (k, _, _) in PRICES {
            assert!(devices.iter().any(|d| d.id == *k), "{k} has no device");
        }
    }

    #[test]
    fn the_catalog_spans_today_s_classes() {
        let d = today_device_presets();
        let hdd_tb = |d: &Device| d.capacity_gb * 1024f64.powi(3) / 1e12;
        assert!(d
            .iter()
            .any(|x| x.kind == DeviceKind::Hdd && (20.0..=30.0).contains(&hdd_tb(x))));
        for cell in [CellType::Tlc, CellType::Qlc] {
            let n = d
                .iter()
                .filter(|x| x.flash.as_ref().is_some_and(|f| f.cell == cell))
                .count();
            assert!(n >= 2, "{cell:?}: {n} capacities");
        }
        assert!(d.iter().any(|x| x.id.starts_with("ddr5")));
    }

    #[test]
    fn units_convert_decimal_datasheets_to_the_model_s_binary_units() {
        // 24 TB = 24 × 10¹² B = 22 351.74 × 1024³ B; 285 MB/s = 271.8 × 1024² B/s.
        assert_eq!(tb(24.0), 22_351.74);
        assert_eq!(mbps(285.0), 271.8);
        let ddr = today_device_presets();
        let m = ddr.iter().find(|d| d.id == "ddr5_64gb").unwrap();
        assert_eq!(m.capacity_gb, 64.0);
        // 4 Mbps = 488.28125 KB/s of 1024 B.
        assert_eq!(4.0 * KBPS_PER_MBPS, 488.28125);
    }
}
