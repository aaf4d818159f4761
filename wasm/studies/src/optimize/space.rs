//! The search space of each architecture: the workload's facts, the count
//! ranges of its tiers (derived maxima when the spec leaves them unset),
//! its configurations in capital-cost order, and the notes that state how.
//!
//! Derived maxima, with A = λ × mean length and c* = A + 8√A + 20 streams
//! (the Poisson peak over a long run stays well below): disk — enough disks
//! to carry c* alone (and hold the library); file cache — enough SSDs to
//! hold the library and carry c* alone; interval cache — as many devices as
//! the price of the disk maximum buys (a buffer costing more than an
//! all-disk system cannot be the cheapest way to add streams).

use super::arch::{Arch, Cfg, Facts};
use super::bound;
use super::config::{ceil_div, err};
use super::{
    Counts, Criterion, MaxCounts, OptimizeSpec, SearchSpace, TierRange, MAX_CONFIGURATIONS,
};
use tierplan_kit::analytics::streams_per_bandwidth;
use tierplan_kit::devices::hdd::disk_tier_mbps;
use tierplan_scenario::validate::{FieldError, MAX_COUNT};
use tierplan_scenario::*;

/// The offered load A = λ × mean length and the peak c* the derived maxima
/// are sized for, streams.
#[derive(Debug, Clone, Copy)]
pub(super) struct Load {
    pub a_load: f64,
    pub c_star: f64,
}

impl Facts {
    /// Request-weighted mean length and bitrate, and the smallest bitrate
    /// in the engine's bandwidth units; the titles weighted by `weights`
    /// when the engine draws by them (one server of a fleet by title), else
    /// by the workload's Zipf curve.
    pub(super) fn of(w: &Workload, weights: Option<&[f64]>) -> Facts {
        let probs = match weights {
            Some(x) => {
                let total: f64 = x.iter().sum();
                x.iter().map(|p| p / total).collect()
            }
            None => tierplan_kit::analytics::zipf_probabilities(w.videos, w.popularity.exponent()),
        };
        let sc = w.class_of_ranks();
        let (mut mean_len_s, mut mean_kbps) = (0.0, 0.0);
        for (i, p) in probs.iter().enumerate() {
            let c = &w.classes[sc[i] as usize];
            mean_len_s += p * c.length_min * 60.0;
            mean_kbps += p * c.bitrate_kbps;
        }
        let bmin_units = w
            .classes
            .iter()
            .map(|c| (c.bitrate_kbps * bound::BW_SCALE).round() as u64)
            .min()
            .unwrap_or(1)
            .max(1);
        Facts {
            bmin_units,
            mean_len_s,
            mean_kbps,
        }
    }

    pub(super) fn load(&self, arrival_rate: f64) -> Load {
        let a_load = offered_load(arrival_rate, self.mean_len_s);
        Load {
            a_load,
            c_star: a_load + 8.0 * a_load.sqrt() + 20.0,
        }
    }
}

/// The fewest disks of `disk` that hold `lib_mb`: the validator's own test.
fn library_min_disks(lib_mb: f64, disk: &Device) -> u32 {
    let mut n = ceil_div(lib_mb, disk.capacity_gb * 1024.0).max(1);
    while n > 1 && lib_mb <= disk.capacity_gb * (n - 1) as f64 * 1024.0 {
        n -= 1;
    }
    while lib_mb > disk.capacity_gb * n as f64 * 1024.0 {
        n += 1;
    }
    n
}

/// The count range of each tier the scenario's architecture varies, disk
/// first.
fn tier_ranges(
    s: &ValidScenario,
    lib_mb: f64,
    max: &MaxCounts,
    mean_kbps: f64,
    c_star: f64,
    ceiling: f64,
) -> Result<Vec<TierRange>, FieldError> {
    let (_, disk_dev) = s.disk();
    let lib_min = library_min_disks(lib_mb, disk_dev);
    // Streams a device carries at the ceiling's share of its bandwidth.
    let per_disk = streams_per_bandwidth(
        disk_tier_mbps(s).unwrap_or(0.0) * ceiling.min(1.0),
        mean_kbps,
    ) as f64;
    let disk_max_derived = lib_min.max(ceil_div(c_star, per_disk)).min(MAX_COUNT);
    let disk_max = max.disk.unwrap_or(disk_max_derived);
    let mut tiers = vec![TierRange {
        role: TierRole::Disk,
        device: disk_dev.id.clone(),
        min: lib_min,
        max: disk_max,
        max_derived: max.disk.is_none(),
    }];
    if disk_max < lib_min {
        return Err(err(
            "optimize.max_counts.disk",
            format!(
                "{disk_max} disks cannot hold the library ({} needs {lib_min} of {}): raise it to at least {lib_min}",
                tierplan_scenario::validate::gib_text(lib_mb / 1024.0, false),
                disk_dev.id
            ),
        ));
    }
    // `s` is the scenario at `arch`: its cache tiers are the ones `arch` has.
    if let Some((_, d)) = s.file_cache() {
        let per =
            streams_per_bandwidth(d.read_mbps.unwrap_or(0.0) * ceiling.min(1.0), mean_kbps) as f64;
        let derived = ceil_div(lib_mb, d.capacity_gb * 1024.0)
            .max(ceil_div(c_star, per))
            .clamp(1, MAX_COUNT);
        tiers.push(TierRange {
            role: TierRole::FileCache,
            device: d.id.clone(),
            min: 0,
            max: max.file_cache.unwrap_or(derived),
            max_derived: max.file_cache.is_none(),
        });
    }
    if let Some((_, d)) = s.interval_cache() {
        let derived = if d.price > 0.0 {
            ceil_div(disk_max as f64 * disk_dev.price, d.price).clamp(1, MAX_COUNT)
        } else {
            64
        };
        tiers.push(TierRange {
            role: TierRole::IntervalCache,
            device: d.id.clone(),
            min: 0,
            max: max.interval_cache.unwrap_or(derived),
            max_derived: max.interval_cache.is_none(),
        });
    }
    Ok(tiers)
}

/// Every configuration of the ranges, sorted by capital cost (ties: fewer
/// disks, then fewer file-cache devices, then fewer interval-cache devices).
fn configurations(s: &Scenario, tiers: &[TierRange], size: u64) -> Vec<Cfg> {
    let range = |role: TierRole| {
        tiers
            .iter()
            .find(|t| t.role == role)
            .map_or((0, 0), |t| (t.min, t.max))
    };
    let (d0, d1) = range(TierRole::Disk);
    let (f0, f1) = range(TierRole::FileCache);
    let (i0, i1) = range(TierRole::IntervalCache);
    let price = |t: Option<&TierSpec>| t.and_then(|t| s.device(&t.device)).map_or(0.0, |d| d.price);
    let (pd, pf, pi) = (
        price(Some(&s.tiers.disk)),
        price(s.tiers.file_cache.as_ref()),
        price(s.tiers.interval_cache.as_ref()),
    );
    let mut cfgs = Vec::with_capacity(size as usize);
    for disk in d0..=d1 {
        for file_cache in f0..=f1 {
            for interval_cache in i0..=i1 {
                cfgs.push(Cfg {
                    counts: Counts {
                        disk,
                        interval_cache,
                        file_cache,
                    },
                    cost: disk as f64 * pd + file_cache as f64 * pf + interval_cache as f64 * pi,
                });
            }
        }
    }
    cfgs.sort_by(|a, b| {
        a.cost
            .total_cmp(&b.cost)
            .then(a.counts.disk.cmp(&b.counts.disk))
            .then(a.counts.file_cache.cmp(&b.counts.file_cache))
            .then(a.counts.interval_cache.cmp(&b.counts.interval_cache))
    });
    cfgs
}

/// "SSD LFU + HDD: HDD exos_x24 × 8..=40 (max derived), … — n configurations, …".
fn describe(arch: Architecture, tiers: &[TierRange], n: usize) -> String {
    format!(
        "{}: {} — {} configurations, visited in capital-cost order",
        arch.label(),
        tiers
            .iter()
            .map(|t| format!(
                "{} {} × {}..={}{}",
                t.role.label(),
                t.device,
                t.min,
                t.max,
                if t.max_derived { " (max derived)" } else { "" }
            ))
            .collect::<Vec<_>>()
            .join(", "),
        n
    )
}

/// The search space of one architecture, or why it cannot be laid out
/// (a maximum below the library, or too many configurations). `lib_mb` is
/// the library one server holds: the whole, or by title the largest
/// server's titles.
pub(super) fn lay_out(
    valid: ValidScenario,
    lib_mb: f64,
    arch: Architecture,
    max: &MaxCounts,
    facts: &Facts,
    load: Load,
    ceiling: f64,
) -> Result<Arch, FieldError> {
    let s = &valid;
    let tiers = tier_ranges(s, lib_mb, max, facts.mean_kbps, load.c_star, ceiling)?;
    let size: u64 = tiers.iter().map(|t| (t.max - t.min + 1) as u64).product();
    if size > MAX_CONFIGURATIONS {
        return Err(err(
            "optimize.max_counts",
            format!(
                "{}: {size} configurations, at most {MAX_CONFIGURATIONS}: lower the maxima",
                arch.label()
            ),
        ));
    }
    let cfgs = configurations(s, &tiers, size);
    let n = cfgs.len();
    let description = describe(arch, &tiers, n);
    Ok(Arch::new(
        arch,
        Some(valid),
        SearchSpace {
            tiers,
            configurations: n as u64,
            description,
        },
        cfgs,
    ))
}

/// Whether the trace bound can be kept (the arrivals of all replications
/// fit in memory), and the notes that state the assumptions.
pub(super) fn bounds_and_notes(
    scenario: &Scenario,
    spec: &OptimizeSpec,
    archs: &[Arch],
    load: Load,
) -> (bool, Vec<String>) {
    let mut notes = Vec::new();
    let w = &scenario.workload;
    let arrivals =
        w.arrival_rate * scenario.run.duration_h * 3600.0 * scenario.run.replications as f64;
    let bounds_on = spec.criterion == Criterion::Simulated && arrivals <= bound::MAX_TRACE_ARRIVALS;
    if spec.criterion == Criterion::Simulated && !bounds_on {
        notes.push(format!(
            "about {arrivals:.0} arrivals over all replications: too many to keep the arrival trace, so no configuration is pruned and every one up to the optimum is simulated"
        ));
    }
    if archs
        .iter()
        .any(|a| a.space.tiers.iter().any(|t| t.max_derived))
    {
        let Load { a_load, c_star } = load;
        notes.push(format!(
            "maxima marked \"derived\" come from the workload: A = λ × mean length = {a_load:.1} streams, c* = A + 8√A + 20 = {c_star:.0}; disk: enough disks to carry c* alone at the peak-utilisation ceiling; file cache: enough SSDs to hold the library and carry c* at the ceiling; interval cache: as many devices as the disk maximum's price buys"
        ));
    }
    if spec.criterion == Criterion::StudyCapacity
        && spec
            .architectures
            .iter()
            .any(|a| a.interval_cache_kind().is_some())
    {
        notes.push("the study's capacity rule credits an interval cache with no streams (it has no closed form); use the simulated criterion to size one".into());
    }
    (bounds_on, notes)
}
