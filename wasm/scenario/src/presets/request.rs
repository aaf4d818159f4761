//! The NOSSDAV'12 configurations for the request-level engine (model §11):
//! two 7200 rpm disks in RAID-0, 60 GB of an Intel X25-M G1 as flashcache,
//! L2ARC (cold and warm) or an object cache, and the two SSDs the study
//! measured. Kept apart from the stream-level presets so their list and the
//! shared device catalog stay as they were.

use super::{device_presets, PresetInfo};
use crate::request::*;
use crate::*;

fn strs(xs: &[&str]) -> Vec<String> {
    xs.iter().map(|s| s.to_string()).collect()
}

/// The X25-M's controller, fitted to the drive's own microbenchmarks
/// (NOSSDAV'12 Table 1 and the datasheet): characterisation, not
/// calibration to a study result.
pub const X25M_CONTROLLER: SsdController = SsdController {
    // Two planes programmed together: the FTL maps 8 KB, so a 4 KB write
    // reads the other half and programs both.
    map_kb: 8.0,
    command_us: 68.0,
    link_mbps: 280.0,
    buffer_kb: 1024.0,
    gc_reserve_blocks: 16,
    read_ahead: true,
    // Ten channels with one die each (the transfer is in the page times);
    // NCQ takes 32 commands; the controller starts at most 35 000 a second
    // (the datasheet's random-read ceiling: characterisation).
    channels: 0,
    channel_mbps: 0.0,
    queue_depth: 32,
    max_kiops: 35.0,
};

/// The OCZ Core V2's controller (JMicron JMF602): no DRAM buffer and a
/// block-mapped FTL, so a small write rewrites its whole 512 KB block.
pub const OCZ_CONTROLLER: SsdController = SsdController {
    map_kb: 512.0,
    command_us: 60.0,
    link_mbps: 280.0,
    buffer_kb: 0.0,
    gc_reserve_blocks: 1,
    read_ahead: true,
    channels: 0,
    channel_mbps: 0.0,
    // The JMF602 takes one command at a time (no NCQ).
    queue_depth: 1,
    max_kiops: 0.0,
};

/// The disks and SSDs of the study, with request-level timing.
pub fn request_device_presets() -> Vec<Device> {
    let flash = |read_us: f64, program_us: f64, units: u32, controller: SsdController| FlashSpec {
        cell: CellType::Mlc,
        pe_cycles: 10_000,
        page_kb: 4.0,
        pages_per_block: 128,
        read_us,
        program_us,
        erase_ms: 3.8,
        spare_factor: 0.07,
        write_read_interference: 0.8,
        units: Some(units),
        controller: Some(controller),
    };
    vec![
        Device {
            id: "hdd7200".into(),
            name: "7200 rpm HDD (NOSSDAV'12 RAID-0 member)".into(),
            kind: DeviceKind::Hdd,
            capacity_gb: 500.0,
            read_mbps: Some(100.0),
            write_mbps: Some(100.0),
            price: 60.0,
            power_w: 8.0,
            flash: None,
            assumptions: strs(&[
                "capacity 500 GB, price $60, power 8 W (the study names no model)",
                "seek 8.5 ms, revolution 8.33 ms, media rate 100 MB/s (model §11 7200 rpm preset)",
            ]),
            hdd: Some(HddMechanics {
                seek_ms: 8.5,
                revolution_ms: 8.33,
                media_mbps: 100.0,
                seek_model: SeekModel::Constant,
                inner_mbps: None,
            }),
            form_factor: None,
        },
        Device {
            id: "x25m".into(),
            name: "Intel X25-M G1 80 GB (SSD A of NOSSDAV'12)".into(),
            kind: DeviceKind::Ssd,
            capacity_gb: 80.0,
            read_mbps: Some(250.0),
            write_mbps: Some(70.0),
            price: 200.0,
            power_w: 0.15,
            flash: Some(flash(170.0, 558.0, 10, X25M_CONTROLLER)),
            assumptions: strs(&[
                "characterised (fitted to the drive's own measurements: NOSSDAV'12 Table 1 4 KB random read 15.5 MB/s and write 3.25 MB/s in steady state, datasheet 128 KB sequential read 250 and write 70 MB/s): page read 170 µs (array + channel transfer), page program 558 µs, 8 KB mapping unit (two planes), 68 µs per command, 280 MB/s host link, a command ceiling of 35 000 a second (datasheet random read at NCQ 32)",
                "assumed: 10 units (10 channels), 128 pages per 512 KB block, erase 3.8 ms (model §11 MLC default), spare factor 0.07, 1 MB write buffer, NCQ 32, GC restores 16 clean blocks per unit once it must run (a steady-state start puts each unit at a stratified, seeded point of that cycle), read-ahead on sequential reads, price $2.50/GB (model §4)",
            ]),
            hdd: None,
            form_factor: None,
        },
        Device {
            id: "ocz_core_v2".into(),
            name: "OCZ Core V2 124 GB (SSD B of NOSSDAV'12)".into(),
            kind: DeviceKind::Ssd,
            capacity_gb: 124.0,
            read_mbps: Some(120.0),
            write_mbps: Some(80.0),
            price: 372.0,
            power_w: 2.0,
            flash: Some(flash(190.0, 1000.0, 4, OCZ_CONTROLLER)),
            assumptions: strs(&[
                "characterised (fitted to NOSSDAV'12 Table 1: 4 KB random read 14.8 MB/s, write 0.02 MB/s): page read 190 µs, page program 1 ms, block-mapped FTL (512 KB mapping unit: a 4 KB write rewrites its block), no write buffer, 60 µs per command",
                "assumed: 4 units, erase 3.8 ms, spare factor 0.07, price $3/GB",
            ]),
            hdd: None,
            form_factor: None,
        },
    ]
}

/// Read-ahead calibrated so that HDD only meets the study's 19 requests/s.
pub const CALIBRATED_CHUNK_KB: f64 = 768.0;

const NOSSDAV: &str = "Ryu, Kim, Ramachandran, NOSSDAV 2012";

fn base(name: &str, policy: CachePolicyKind, start: CacheStart, rate: f64) -> Scenario {
    let mut devices = device_presets();
    devices.extend(request_device_presets());
    let mut request = RequestSpec {
        // The one calibrated parameter: the web server's / file system's I/O
        // size (read-ahead), 128 KB → 768 KB, so that HDD only serves 19
        // requests/s at 0 % miss (see README, request-level engine).
        chunk_kb: CALIBRATED_CHUNK_KB,
        ..RequestSpec::default()
    };
    request.workload.rate = rate;
    request.cache.policy = policy;
    request.cache.start = start;
    // flashcache and L2ARC ran on a used X25-M: flushing the cache or
    // re-adding the device does not TRIM it, so the drive is in steady state.
    if matches!(policy, CachePolicyKind::Block | CachePolicyKind::Ring) {
        request.cache.ssd_state = Some(SsdState::Steady);
    }
    // The engine's default SSD model, the scalable one (model §11): on
    // these presets it gives the study's verdicts as the per-page
    // reference does (`request.cache.ssd_model: "reference"` to compare).
    Scenario {
        version: SCHEMA_VERSION,
        name: name.into(),
        // The stream-level part: the same two disks, HDD only.
        workload: Workload {
            videos: 300,
            classes: vec![VideoClass {
                share: 1.0,
                length_min: 78.0,
                bitrate_kbps: 238.5,
            }],
            popularity: Popularity {
                convention: ZipfConvention::Theta,
                value: 0.271,
            },
            arrival_rate: 0.05,
            churn: None,
            rate_profile: None,
        },
        run: RunConfig {
            duration_h: 1.0,
            warmup_h: 0.0,
            seed: 1,
            replications: 3,
            timeseries: false,
            target_rejection: None,
            halt_above_peak_utilisation: None,
        },
        devices,
        architecture: Architecture::HddOnly,
        tiers: Tiers {
            disk: TierSpec {
                device: "hdd7200".into(),
                count: 2,
            },
            interval_cache: None,
            file_cache: None,
            disk_read_kb: None,
        },
        policy: Policy::default(),
        cost_model: None,
        request: Some(request),
        server: None,
        block: None,
    }
}

fn warm(mut s: Scenario, hours: f64, rate: f64) -> Scenario {
    let r = s.request.as_mut().expect("request section");
    r.run.warmup_h = hours;
    r.run.warmup_rate = Some(rate);
    s
}

/// Where the present-day edge's figures come from (model §11, "A
/// request-level scenario of today").
const TODAY_EDGE: &str = "present-day catalog (Exos X24, Solidigm D5-P5336); an edge scaled 1:256";

/// How much smaller than the real edge the stand-in's bytes are (cache,
/// library, RAM): the model's block-cache tags take 4 B per 4 KB slot and
/// the library one bit per block, so a full-size 61 TB cache (61 G bytes of
/// tags) cannot run in a browser worker.
pub const TODAY_EDGE_SCALE: f64 = 256.0;

/// An HTTP video edge of today, as the question of issue 33 puts it: would
/// 4 × 61.44 TB QLC drives as a flashcache-style block cache in front of
/// 24 TB disks collapse the way the X25-M did? The stand-in is one quarter
/// of such an edge — one D5-P5336 (all its dies, its NVMe queue, its 16 KB
/// indirection unit and steady-state GC over the whole 61.44 TB, timed by
/// the scalable model) in front of 9 Exos X24 in RAID-0 — with every byte
/// count (the cache's share of the drive, the library and the RAM page
/// cache) divided by `TODAY_EDGE_SCALE`, so the hit ratios of the full edge
/// (set by the ratios of cache, RAM and library) hold while the tags fit a
/// worker. The disks' seek spans the library's stroke, so positioning is
/// the full drive's average.
fn today_edge(name: &str, policy: CachePolicyKind, start: CacheStart, rate: f64) -> Scenario {
    let mut s = base(name, policy, start, rate);
    s.devices = all_devices();
    let r = s.request.as_mut().expect("request section");
    // 1080p at 5 Mbps (610 KB/s of 1024 B), 6 s segments (HLS/DASH), hour-
    // long titles: 600 segments of 3.6 MB, 2.1 GB a title; 320 titles are
    // 670 GB, the stand-in of a 172 TB library on the quarter edge's
    // 216 TB of disk.
    r.workload.videos = 320;
    r.workload.segments = 600;
    r.workload.segment_s = 6.0;
    r.workload.bitrate_kbps = 610.0;
    r.workload.rate = rate;
    r.layout.disk = "exos_x24".into();
    r.layout.disks = 9;
    r.layout.stripe_kb = 1024.0;
    // The server reads 1 MB at a time (assumption: large read-ahead, as an
    // edge serving sendfile from disk is tuned).
    r.chunk_kb = 1024.0;
    // 128 GB of page cache per quarter edge (a 512 GB server), scaled.
    r.ram.device = "ddr5_64gb".into();
    r.ram.capacity_gb = 0.5;
    // The cache's share: the whole 61.44 TB drive, scaled (223.5 GB of
    // 1024³ B); the drive's FTL still maps all of it and is in steady state
    // (a cache device in use is never TRIMmed).
    r.cache.flash_device = "p5336_61t44".into();
    r.cache.flash_gb = libm::round(61.44e12 / TODAY_EDGE_SCALE / GB_BYTES * 10.0) / 10.0;
    r.cache.ssd_state = Some(SsdState::Steady);
    // An NVMe host queue of 128 commands (a common depth, far below the
    // drive's 1024): hit reads, fills and their GC overlap on the drive's
    // 512 dies instead of waiting for one another. At the preset's 100
    // requests/s a queue of 32 gives nearly the same run: the server's
    // requests, one chunk in flight each, seldom have more outstanding.
    r.cache.ssd_queue_depth = Some(128);
    // 16 KB blocks, the drive's indirection unit, instead of flashcache's
    // default 4 KB: at 24 B of index per block (model §11) 4 KB blocks
    // would need 360 GB of RAM per 61.44 TB drive, 16 KB blocks 90 GB (of
    // the 128 GB a quarter of a 512 GB server has); a fill of whole units
    // also spares the drive a read-modify-write. 512 ways: a set covers an
    // 8 MB extent of the disk.
    r.cache.block.block_kb = 16.0;
    // Short runs (a browser worker runs each point): 6 minutes measured
    // after half an hour of warm-up at the measured rate, which fills the
    // cache's 223.5 GB at about 100 requests/s.
    r.run.duration_h = 0.1;
    r.run.warmup_h = 0.5;
    r.run.warmup_rate = None;
    r.run.replications = 2;
    r.search = MaxRateSpec {
        miss_target: 0.0,
        min_rate: 10.0,
        max_rate: 500.0,
        step: 10.0,
    };
    s.tiers.disk = TierSpec {
        device: "exos_x24".into(),
        count: 9,
    };
    s
}

const GB_BYTES: f64 = 1024.0 * 1024.0 * 1024.0;

type Build = fn() -> Scenario;

fn entries() -> Vec<(&'static str, &'static str, &'static str, Build)> {
    vec![
        ("nossdav12-hdd-only", "HTTP segments: HDD only (2 × 7200 rpm, RAID-0)",
         "The study's base configuration: up to 19 requests/s at 0 % segment miss.",
         || base("NOSSDAV'12 — HDD only", CachePolicyKind::None, CacheStart::Cold, 19.0)),
        ("nossdav12-flashcache-cold", "HTTP segments: flashcache on 60 GB of the X25-M, cold",
         "Set-associative 4 KB blocks, fill on the critical path: under 1 request/s at 0 % miss; hit ratio 0.7 %.",
         || base("NOSSDAV'12 — flashcache, cold", CachePolicyKind::Block, CacheStart::Cold, 1.0)),
        ("nossdav12-flashcache-warm", "HTTP segments: flashcache on 60 GB of the X25-M, warm",
         "Warmed 12 h at 1 request/s as in the study: hit ratio 25.7 %, still under 1 request/s.",
         || warm(base("NOSSDAV'12 — flashcache, warm", CachePolicyKind::Block, CacheStart::Warm, 1.0), 12.0, 1.0)),
        ("nossdav12-l2arc-cold", "HTTP segments: ZFS L2ARC on 60 GB, cold",
         "Ring fed from the ARC in large sequential writes: 16 requests/s; hit ratio 4.2 %.",
         || base("NOSSDAV'12 — L2ARC, cold", CachePolicyKind::Ring, CacheStart::Cold, 16.0)),
        ("nossdav12-l2arc-warm", "HTTP segments: ZFS L2ARC on 60 GB, warm",
         "Warmed until the ring is full: 20 requests/s; hit ratio 11.1 %.",
         || {
             let mut s = base("NOSSDAV'12 — L2ARC, warm", CachePolicyKind::Ring, CacheStart::Warm, 20.0);
             s = warm(s, 4.0, 20.0);
             s
         }),
        ("nossdav12-object-static", "HTTP segments: object cache of the 56 most popular videos on 60 GB",
         "The study's recommendation: whole videos, reads first, no writes on the critical path; ≈ 55 % of requests from flash.",
         || base("NOSSDAV'12 — object cache (static)", CachePolicyKind::ObjectStatic, CacheStart::Warm, 30.0)),
        ("nossdav12-object-dynamic", "HTTP segments: object cache with windowed LFU, cold",
         "Whole videos admitted by 24 h request counts, written off the critical path in erase-block-aligned pieces.",
         || base("NOSSDAV'12 — object cache (dynamic LFU)", CachePolicyKind::Object, CacheStart::Cold, 20.0)),
        ("today-edge-qlc-flashcache", "HTTP segments of today: flashcache on a 61.44 TB QLC drive before 9 × 24 TB disks (1:256 stand-in)",
         "Would 4 × QLC 61 TB drives as a block cache in front of 24 TB disks collapse as the X25-M did? A quarter of that edge (one drive, 9 disks), bytes scaled 1:256, warm, the drive in steady state with 128 commands in flight, timed by the scalable SSD model.",
         || today_edge("Today's edge — flashcache on QLC (1:256 stand-in)", CachePolicyKind::Block, CacheStart::Warm, 100.0)),
    ]
}

pub fn request_presets() -> Vec<PresetInfo> {
    entries()
        .into_iter()
        .map(|(id, title, description, _)| PresetInfo {
            id: id.into(),
            title: title.into(),
            source: if id.starts_with("today-") {
                TODAY_EDGE
            } else {
                NOSSDAV
            }
            .into(),
            description: description.into(),
        })
        .collect()
}

pub fn request_preset(id: &str) -> Option<Scenario> {
    entries().into_iter().find(|e| e.0 == id).map(|e| (e.3)())
}

/// Any study preset by id: the stream-level ones first, then the
/// request-level ones. What `#preset=` links and `tierplan preset` open.
pub fn any_preset(id: &str) -> Option<Scenario> {
    crate::presets::scenario_preset(id).or_else(|| request_preset(id))
}

/// Every preset the front ends list: the stream-level ones, then the
/// request-level ones (what `tierplan presets` prints).
pub fn all_presets() -> Vec<PresetInfo> {
    let mut out = crate::presets::scenario_presets();
    out.extend(request_presets());
    out
}

/// The whole built-in device catalog, each device once by id: the
/// stream-level catalog, then the request-level study's devices (the first
/// wins a shared id). What `tierplan devices` lists.
pub fn all_devices() -> Vec<Device> {
    let mut out: Vec<Device> = Vec::new();
    for d in crate::presets::catalog()
        .into_iter()
        .chain(request_device_presets())
    {
        if !out.iter().any(|o| o.id == d.id) {
            out.push(d);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_preset_opens_both_kinds() {
        assert!(any_preset("mmsys11-cost-ssd").unwrap().request.is_none());
        assert!(any_preset("nossdav12-hdd-only").unwrap().request.is_some());
        assert!(any_preset("no-such-preset").is_none());
        // Ids are unique across both lists, so every preset opens by name.
        let mut ids: Vec<String> = crate::presets::scenario_presets()
            .into_iter()
            .chain(request_presets())
            .map(|p| p.id)
            .collect();
        let n = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), n, "duplicate preset ids");
    }

    #[test]
    fn every_request_preset_is_valid() {
        for p in request_presets() {
            let s = request_preset(&p.id).unwrap();
            assert_eq!(crate::validate::problems(&s), vec![], "{}", p.id);
        }
    }
}
