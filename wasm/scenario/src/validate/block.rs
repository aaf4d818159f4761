//! Validation of the block-level section (model §13) in the style of
//! `validate_request.rs`: every problem at once, each naming its field path,
//! the value and the allowed range — including a run too long to finish
//! (expected I/Os over `MAX_BLOCK_IOS`) and cache lists that are empty or
//! name a cache twice.

use super::checker::{fmt_num, Checker, MAX_REPLICATIONS};
use crate::block::*;

/// Runs whose expected host I/Os (all replications) exceed this are refused.
pub const MAX_BLOCK_IOS: f64 = 50e6;
/// Largest flash cache simulated, GB (its LRU keeps an entry per 4 KB block).
pub const MAX_CACHE_GB: f64 = 256.0;
const MAX_FOOTPRINT_GB: f64 = 65_536.0;
const MAX_SWEEP_POINTS: usize = 32;

fn check_synthetic(c: &mut Checker, w: &SyntheticBlockWorkload, replications: u32) {
    let at = "block.workload";
    c.range(
        &format!("{at}.read_share"),
        w.read_share,
        0.0,
        false,
        1.0,
        "",
    );
    c.range(&format!("{at}.zipf_s"), w.zipf_s, 0.0, false, 5.0, "");
    c.range(
        &format!("{at}.footprint_gb"),
        w.footprint_gb,
        0.0,
        true,
        MAX_FOOTPRINT_GB,
        "GiB",
    );
    c.range(&format!("{at}.seq_share"), w.seq_share, 0.0, false, 1.0, "");
    c.range(
        &format!("{at}.seq_run_kb"),
        w.seq_run_kb,
        4.0,
        false,
        1e6,
        "KB",
    );
    c.range(&format!("{at}.io_kb"), w.io_kb, 4.0, false, 4096.0, "KB");
    if w.io_kb.is_finite() && w.io_kb >= 4.0 && w.io_kb % 4.0 != 0.0 {
        c.push(
            format!("{at}.io_kb"),
            format!(
                "{} is not a multiple of 4: I/Os are whole 4 KB blocks",
                fmt_num(w.io_kb)
            ),
        );
    }
    if w.footprint_gb.is_finite()
        && w.io_kb.is_finite()
        && w.footprint_gb * 1024.0 * 1024.0 < w.io_kb
    {
        c.push(
            format!("{at}.footprint_gb"),
            format!(
                "{} is smaller than one I/O of {} KB",
                super::gib_text(w.footprint_gb, false),
                fmt_num(w.io_kb)
            ),
        );
    }
    c.range(&format!("{at}.iops"), w.iops, 0.0, true, 1e6, "I/Os per s");
    c.range(
        &format!("{at}.duration_s"),
        w.duration_s,
        0.0,
        true,
        1e7,
        "s",
    );
    let ios = w.iops * w.duration_s * replications.max(1) as f64;
    if ios.is_finite() && ios > MAX_BLOCK_IOS {
        c.push(
            format!("{at}.iops"),
            format!(
                "iops × duration_s × replications = {} I/Os is too many: the limit is {}; lower block.workload.iops or block.workload.duration_s",
                fmt_num(ios.round()),
                fmt_num(MAX_BLOCK_IOS)
            ),
        );
    }
}

fn check_caches(c: &mut Checker, caches: &[BlockCacheKind]) {
    if caches.is_empty() {
        c.push(
            "block.caches",
            "is empty: name at least one cache to simulate",
        );
    }
    for (i, k) in caches.iter().enumerate() {
        if caches[..i].contains(k) {
            c.push(
                format!("block.caches[{i}]"),
                format!("{k:?} is listed twice: each cache may appear once"),
            );
        }
    }
}

fn check_sweep(c: &mut Checker, us: &[f64]) {
    if us.len() > MAX_SWEEP_POINTS {
        c.push(
            "block.cost_sweep_u",
            format!("has {} points: the limit is {MAX_SWEEP_POINTS}", us.len()),
        );
    }
    for (i, &u) in us.iter().enumerate() {
        let path = format!("block.cost_sweep_u[{i}]");
        if !(u.is_finite() && u > 0.0 && u < 1.0) {
            c.push(
                path,
                format!(
                    "{} is out of range: must be 0 < value < 1 (the caching share u)",
                    fmt_num(u)
                ),
            );
        } else if us[..i].contains(&u) {
            c.push(path, format!("{} is listed twice", fmt_num(u)));
        }
    }
}

pub(crate) fn check_block(c: &mut Checker, b: &BlockSpec) {
    match &b.workload {
        BlockWorkload::Synthetic(w) => check_synthetic(c, w, b.replications),
        BlockWorkload::Trace(t) => {
            if t.name.trim().is_empty() {
                c.push(
                    "block.workload.name",
                    "is empty: give the trace file's name",
                );
            } else if t.name.chars().count() > 255 {
                c.push("block.workload.name", "is longer than 255 characters");
            }
        }
    }
    check_caches(c, &b.caches);
    c.range("block.cache_gb", b.cache_gb, 0.0, true, MAX_CACHE_GB, "GiB");
    c.range("block.ops", b.ops, 0.01, false, 0.9, "");
    c.range("block.fixed_u", b.fixed_u, 0.05, false, 0.99, "");
    // Both read and write lists of RW-FCL keep some space.
    c.range("block.fixed_r", b.fixed_r, 0.05, false, 0.95, "");
    c.range("block.fcl_period_s", b.fcl_period_s, 0.0, true, 1e7, "s");
    c.count("block.disks", b.disks, 1, 64);
    check_sweep(c, &b.cost_sweep_u);
    c.count("block.replications", b.replications, 1, MAX_REPLICATIONS);
}
