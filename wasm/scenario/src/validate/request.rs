//! Validation of the request-level section (model §11) in the style of
//! `validate.rs`: every problem at once, each naming its field path, the
//! value and the allowed range — including the combinations that would make
//! a run meaningless or unbounded (a chunk larger than a segment, a cache
//! bigger than its device, a rate whose run would exceed the event limit).

use super::checker::{fmt_num, Checker, FieldError};
use crate::request::*;
use crate::{DeviceKind, FlashSpec, Scenario, ZipfConvention};

/// Fewest ways per set S3-FIFO takes: its small queue is a tenth of a set's
/// ways (truncated, as libCacheSim sizes it), so at least one.
pub const S3_FIFO_MIN_WAYS: u32 = 10;

/// Bytes S3-FIFO's order may hold per cache block, at worst
/// (`kit::slot_order::S3FifoSlots`), every table just after doubling its
/// capacity: its two recency lists, each as long as the slots (2 × 8 B,
/// doubled: 32 B), the queue mark and hit count (1 + 4 B, doubled: 10 B),
/// and a ghost entry for 90 % of the blocks, whose map (16 B and a control
/// byte at ≥ 7/16 of its buckets used: 39 B) and FIFO (16 B, up to four
/// times the ghost's count: 64 B) cost 0.9 × 103 B. Rounded up; a test
/// measures the tables against it.
pub const S3_FIFO_BYTES_PER_BLOCK: f64 = 136.0;

/// The most S3-FIFO's order may take: half the 4 GiB a WebAssembly module
/// can address, leaving the rest to the cache's tags, the library and the
/// devices.
pub const S3_FIFO_MAX_BYTES: f64 = 2.0 * 1024.0 * 1024.0 * 1024.0;

/// What every request-level job (a run, the highest-rate search, a figure)
/// says when its scenario has no `request` section: the one message.
pub const REQUEST_SECTION_MISSING: &str =
    "is missing: a request-level job (run, highest-rate search, figure) needs the request section";

/// The field error of a scenario without its `request` section.
pub fn request_section_missing() -> FieldError {
    FieldError {
        path: "request".into(),
        message: REQUEST_SECTION_MISSING.into(),
    }
}

/// Runs whose expected I/Os (all replications) exceed this are refused.
pub const MAX_EXPECTED_IOS: f64 = 200e6;
const MAX_SEGMENTS_TOTAL: f64 = 20e6;
const GB: f64 = 1024.0 * 1024.0 * 1024.0;

pub(crate) fn check_request(c: &mut Checker, s: &Scenario, r: &RequestSpec) {
    for (i, d) in s.devices.iter().enumerate() {
        if let Some(u) = d.flash.as_ref().and_then(|f| f.units) {
            c.count(&format!("devices[{i}].flash.units"), u, 1, 1024);
        }
    }
    let w = &r.workload;
    c.count("request.workload.videos", w.videos, 1, 100_000);
    c.count("request.workload.segments", w.segments, 1, 100_000);
    let total = w.videos as f64 * w.segments as f64;
    if total > MAX_SEGMENTS_TOTAL {
        c.push(
            "request.workload.segments",
            format!(
                "videos × segments = {} is too many: the limit is {}",
                fmt_num(total),
                fmt_num(MAX_SEGMENTS_TOTAL)
            ),
        );
    }
    c.range(
        "request.workload.segment_s",
        w.segment_s,
        0.0,
        true,
        3600.0,
        "s",
    );
    c.range(
        "request.workload.bitrate_kbps",
        w.bitrate_kbps,
        0.0,
        true,
        1e6,
        "KB/s",
    );
    c.range("request.workload.size_cv", w.size_cv, 0.0, false, 3.0, "");
    c.range(
        "request.workload.rate",
        w.rate,
        0.0,
        true,
        10_000.0,
        "requests/s",
    );
    let (lo, hi) = match w.popularity.convention {
        ZipfConvention::Theta => (-4.0, 1.0),
        ZipfConvention::Exponent => (0.0, 5.0),
    };
    c.range(
        "request.workload.popularity.value",
        w.popularity.value,
        lo,
        false,
        hi,
        "",
    );

    let seg_bytes = w.bitrate_kbps * 1024.0 * w.segment_s;
    c.range("request.chunk_kb", r.chunk_kb, 0.5, false, 65_536.0, "KB");
    if r.chunk_kb.is_finite() && seg_bytes.is_finite() && r.chunk_kb * 1024.0 > seg_bytes * 4.0 {
        c.push(
            "request.chunk_kb",
            format!(
                "{} KB is larger than a segment (mean {} KB): the web server reads a segment in chunks no larger than about the segment",
                fmt_num(r.chunk_kb),
                fmt_num(libm::round(seg_bytes / 1024.0))
            ),
        );
    }

    let l = &r.layout;
    c.count("request.layout.disks", l.disks, 1, 64);
    c.range(
        "request.layout.stripe_kb",
        l.stripe_kb,
        4.0,
        false,
        1_048_576.0,
        "KB",
    );
    let library = total * seg_bytes;
    match s.device(&l.disk) {
        None => c.push(
            "request.layout.disk",
            format!("\"{}\" is not a device id of the catalog", l.disk),
        ),
        Some(d) if d.kind != DeviceKind::Hdd || d.hdd.is_none() => c.push(
            "request.layout.disk",
            format!(
                "\"{}\" must be an HDD with `hdd` timing (seek, revolution, media rate)",
                l.disk
            ),
        ),
        Some(d) => {
            let room = d.capacity_gb * GB * l.disks as f64;
            if library * 1.02 > room {
                c.push(
                    "request.layout.disks",
                    format!(
                        "the library (about {}) does not fit on {} × {}",
                        super::gib_text(libm::round(library / GB), false),
                        l.disks,
                        super::gib_text(d.capacity_gb, true)
                    ),
                );
            }
        }
    }

    match s.device(&r.ram.device) {
        Some(d) if d.kind == DeviceKind::Dram => {}
        _ => c.push(
            "request.ram.device",
            format!("\"{}\" must be the id of a DRAM device", r.ram.device),
        ),
    }
    c.range(
        "request.ram.capacity_gb",
        r.ram.capacity_gb,
        0.0,
        false,
        4096.0,
        "GiB",
    );

    check_cache(c, s, r, library);

    let run = &r.run;
    c.range(
        "request.run.duration_h",
        run.duration_h,
        0.0,
        true,
        1000.0,
        "h",
    );
    c.range(
        "request.run.warmup_h",
        run.warmup_h,
        0.0,
        false,
        1000.0,
        "h",
    );
    if let Some(x) = run.warmup_rate {
        c.range(
            "request.run.warmup_rate",
            x,
            0.0,
            true,
            10_000.0,
            "requests/s",
        );
    }
    c.count("request.run.replications", run.replications, 1, 100);
    if let Some(k) = run.first_replication {
        c.count("request.run.first_replication", k, 0, 99);
    }
    let dynamic = matches!(
        r.cache.policy,
        CachePolicyKind::Block | CachePolicyKind::Ring | CachePolicyKind::Object
    );
    if dynamic && r.cache.start == CacheStart::Warm && run.warmup_h <= 0.0 {
        c.push(
            "request.run.warmup_h",
            "a warm start needs a warm-up: set hours > 0 (the study warmed flashcache 12 h at 1 request/s)",
        );
    }

    let q = &r.search;
    c.range(
        "request.search.miss_target",
        q.miss_target,
        0.0,
        false,
        1.0,
        "",
    );
    c.range(
        "request.search.step",
        q.step,
        0.0,
        true,
        10_000.0,
        "requests/s",
    );
    c.range(
        "request.search.min_rate",
        q.min_rate,
        0.0,
        true,
        10_000.0,
        "requests/s",
    );
    c.range(
        "request.search.max_rate",
        q.max_rate,
        q.min_rate,
        false,
        10_000.0,
        "requests/s",
    );
    if q.step > 0.0 && (q.max_rate - q.min_rate) / q.step > 10_000.0 {
        c.push(
            "request.search.step",
            "gives more than 10 000 rates between min_rate and max_rate",
        );
    }

    if c.errors.is_empty() {
        let warm = r.cache.start == CacheStart::Warm;
        let ios = expected_ios(
            w,
            r.chunk_kb * 1024.0,
            w.rate,
            run.warmup_rate.unwrap_or(w.rate),
            if warm { run.warmup_h * 3600.0 } else { 0.0 },
            run.duration_h * 3600.0,
        ) * run.replications as f64;
        if ios > MAX_EXPECTED_IOS {
            c.push(
                "request.workload.rate",
                format!(
                    "this run would take about {} I/Os (rate × duration × chunks per segment × replications): the limit is {}; lower the rate, shorten request.run.duration_h or warmup_h, or use larger chunks",
                    fmt_num(libm::round(ios)),
                    fmt_num(MAX_EXPECTED_IOS)
                ),
            );
        }
    }
}

/// The host's commands in flight on the SSD: only a drive with a
/// controller times commands that overlap, and it takes at most its own
/// queue depth.
fn check_queue_depth(c: &mut Checker, k: &CacheSpec, f: &FlashSpec) {
    let Some(q) = k.ssd_queue_depth else {
        return;
    };
    let most = crate::request::drive_queue_depth(Some(f));
    match &f.controller {
        Some(_) => c.count("request.cache.ssd_queue_depth", q, 1, most),
        None if q != most => c.push(
            "request.cache.ssd_queue_depth",
            format!(
                "{q} is out of range: \"{}\" has no controller model and takes one command at a time (1)",
                k.flash_device
            ),
        ),
        None => {}
    }
}

fn check_cache(c: &mut Checker, s: &Scenario, r: &RequestSpec, library: f64) {
    let k = &r.cache;
    if k.policy == CachePolicyKind::None {
        return;
    }
    match s.device(&k.flash_device) {
        Some(d) if d.kind == DeviceKind::Ssd && d.flash.is_some() => {
            c.range(
                "request.cache.flash_gb",
                k.flash_gb,
                0.0,
                true,
                d.capacity_gb,
                "GiB (the device's capacity)",
            );
            let f = d.flash.as_ref().expect("checked");
            let pages = d.capacity_gb * GB * (1.0 + f.spare_factor) / (f.page_kb * 1024.0);
            // Only a per-page model holds a table per page (the one rule of
            // which model runs; the erase blocks per unit are the device's
            // own check).
            let model = k.ssd_model.unwrap_or_default();
            if pages > 1.5e9 && model.runs_on(f.controller.is_some()).per_page() {
                c.push(
                    "request.cache.flash_device",
                    format!(
                        "\"{}\" has too many flash pages to simulate page by page: use the scalable model (ssd_model absent or \"scalable\") on a drive with a controller",
                        k.flash_device
                    ),
                );
            }
            check_queue_depth(c, k, f);
        }
        _ => c.push(
            "request.cache.flash_device",
            format!(
                "\"{}\" must be the id of an SSD with a flash spec",
                k.flash_device
            ),
        ),
    }
    match k.policy {
        CachePolicyKind::Block => {
            c.range(
                "request.cache.block.block_kb",
                k.block.block_kb,
                0.5,
                false,
                1024.0,
                "KB",
            );
            c.count("request.cache.block.ways", k.block.ways, 1, 65_535);
            let blocks = library / (k.block.block_kb * 1024.0);
            if blocks > 4.0e9 {
                c.push(
                    "request.cache.block.block_kb",
                    "gives more than 4 × 10⁹ library blocks; use larger blocks",
                );
            }
            if k.flash_gb * GB < k.block.ways as f64 * k.block.block_kb * 1024.0 {
                c.push(
                    "request.cache.block.ways",
                    "one set (ways × block) is larger than the cache",
                );
            }
            if k.block.replacement == SetReplacement::S3Fifo && k.block.ways < S3_FIFO_MIN_WAYS {
                c.push(
                    "request.cache.block.replacement",
                    format!(
                        "s3_fifo keeps a tenth of each set's ways in its small queue: it needs at least {S3_FIFO_MIN_WAYS} ways per set (request.cache.block.ways is {}); use fifo, lru or sieve, or more ways",
                        k.block.ways
                    ),
                );
            }
            let cache_blocks = (k.flash_gb * GB / (k.block.block_kb * 1024.0)).floor();
            let order_bytes = cache_blocks * S3_FIFO_BYTES_PER_BLOCK;
            if k.block.replacement == SetReplacement::S3Fifo && order_bytes > S3_FIFO_MAX_BYTES {
                c.push(
                    "request.cache.block.replacement",
                    format!(
                        "s3_fifo would keep up to {} GB of order for {} cache blocks ({} B each at most), more than the {} GB a run may give it; use blocks of at least {} KB (request.cache.block.block_kb is {}), or sieve, lru or fifo",
                        fmt_num(order_bytes / GB),
                        fmt_num(cache_blocks),
                        fmt_num(S3_FIFO_BYTES_PER_BLOCK),
                        fmt_num(S3_FIFO_MAX_BYTES / GB),
                        fmt_num((k.flash_gb * GB * S3_FIFO_BYTES_PER_BLOCK / S3_FIFO_MAX_BYTES / 1024.0).ceil()),
                        fmt_num(k.block.block_kb)
                    ),
                );
            }
        }
        CachePolicyKind::Ring => {
            c.range(
                "request.cache.ring.feed_interval_s",
                k.ring.feed_interval_s,
                0.001,
                false,
                3600.0,
                "s",
            );
            c.range(
                "request.cache.ring.feed_limit_mb",
                k.ring.feed_limit_mb,
                0.0,
                true,
                4096.0,
                "MB",
            );
            c.count(
                "request.cache.ring.demand_chunks",
                k.ring.demand_chunks,
                0,
                1_000_000,
            );
        }
        _ => {
            c.range(
                "request.cache.object.window_h",
                k.object.window_h,
                0.001,
                false,
                8760.0,
                "h",
            );
            c.count("request.cache.object.margin", k.object.margin, 0, 1_000_000);
        }
    }
    if let Some(b) = k.index.bytes_per_entry {
        c.range(
            "request.cache.index.bytes_per_entry",
            b,
            0.0,
            false,
            65_536.0,
            "B",
        );
    }
    c.count("request.cache.index.skimpy_k", k.index.skimpy_k, 1, 1000);
}
