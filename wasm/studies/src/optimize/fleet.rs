//! The optimiser plans a fleet (model §10b): servers × chassis × devices
//! per server, within each chassis's bays and slots.
//!
//! # Search space
//! For each chassis (the scenario's own when it has a `server` section,
//! else every chassis preset) and each number of servers N from
//! N₀ = ⌈egress the workload needs / egress of one server⌉ (fewer cannot
//! carry the mean load) upwards, the servers route *any server*: each sees
//! λ/N and the whole library, so all are alike and one is sized. Its device
//! counts are searched by the single-server optimiser (exact for its own
//! space, see `mod.rs`) with the maxima capped by the chassis: drives by
//! the bays their form factor fits, memory modules by the DIMM slots; the
//! server section makes every candidate's simulation admit streams only
//! while the egress has room. N grows until the architecture has an
//! answer, and one more N is tried (a larger fleet of smaller servers can
//! be cheaper); at most [`MAX_EXTRA_SERVERS`] beyond N₀. The plan of an
//! architecture is the cheapest (capital of the whole fleet) found.
//!
//! Routing by title (each server holding only its titles) is not searched
//! here yet: the engine simulates such a fleet (`tierplan_stream::fleet`),
//! the optimiser sizes any-server fleets only.

use super::result::Counts;
use super::spec::{MaxCounts, OptimizeSpec, Tco};
use super::{optimize, OptimizeResult};
use serde::{Deserialize, Serialize};
use tierplan_scenario::presets::chassis::chassis_presets;
use tierplan_scenario::server::*;
use tierplan_scenario::validate::FieldError;
use tierplan_scenario::*;
use tierplan_stream::run;
use tierplan_stream::server::Limit;

/// How many server counts beyond N₀ the search may try per chassis.
pub const MAX_EXTRA_SERVERS: u32 = 12;

/// The fleet one architecture needs on one chassis.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FleetPlan {
    pub architecture: Architecture,
    pub label: String,
    pub chassis: String,
    pub chassis_name: String,
    pub servers: u32,
    pub routing: Routing,
    pub devices_per_server: Counts,
    /// "2 × exos_x24 + 7 × pm9a3_7t68" per server.
    pub devices_text: String,
    /// One server: devices, chassis and NICs, $.
    pub server_capital: f64,
    /// The fleet's capital, $.
    pub capital: f64,
    /// The fleet's TCO over the spec's service life (devices' and the
    /// chassis's idle power, flash replacements), $; `null` without a TCO.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub tco: Option<f64>,
    pub rack_units: u32,
    /// What one server may send, Gb/s (min(NIC, host) × headroom).
    pub egress_gbps: f64,
    pub binding: Limit,
    pub binding_label: String,
    pub binding_utilisation: f64,
    /// Peak egress use of a server / its egress.
    pub egress_peak: f64,
    /// Drive bays taken (the fullest form factor) and DIMM slots taken.
    pub bays_used: f64,
    pub slots_used: f64,
    /// Streams the fleet serves on average: N × one server's.
    pub avg_streams: f64,
    pub streams_per_dollar: f64,
    /// Rejection probability of a server (mean over replications).
    pub rejection_probability: f64,
}

/// A chassis, server count and architecture tried, and what came of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FleetTry {
    pub chassis: String,
    pub servers: u32,
    pub architecture: Architecture,
    /// Fleet capital when a configuration met the target, else `null`.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub capital: Option<f64>,
    pub outcome: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FleetResult {
    /// The space searched, in words.
    pub space: String,
    /// Egress the workload needs, Gb/s (λ × Σ share × length × bitrate).
    pub egress_needed_gbps: f64,
    /// Per architecture, its cheapest fleet; cheapest first.
    pub plans: Vec<FleetPlan>,
    pub tried: Vec<FleetTry>,
    pub notes: Vec<String>,
}

/// Egress the workload needs on average, KB/s: λ × Σ share × length × b.
fn needed_kbps(w: &Workload) -> f64 {
    let total: f64 = w.classes.iter().map(|c| c.share).sum();
    w.arrival_rate
        * w.classes
            .iter()
            .map(|c| c.share / total * c.length_s() * c.bitrate_kbps)
            .sum::<f64>()
}

/// Bays a drive of `ff` can take in `ch`.
fn bays_for(ch: &Chassis, ff: FormFactor) -> u32 {
    FormFactor::ALL
        .iter()
        .filter(|b| ff.fits(**b))
        .map(|b| ch.bays_of(*b))
        .sum()
}

/// The spec's maxima capped by what the chassis holds at `arch`.
fn capped(s: &Scenario, arch: Architecture, ch: &Chassis, max: &MaxCounts) -> MaxCounts {
    let ff = |id: &str| s.device(id).map(form_factor_of);
    let cap = |given: Option<u32>, room: u32| Some(given.map_or(room, |g| g.min(room)));
    let room = |f: Option<FormFactor>| match f {
        Some(FormFactor::Dimm) => ch.dimm_slots,
        Some(f) => bays_for(ch, f),
        None => 0,
    };
    let disk_ff = ff(&s.tiers.disk.device);
    let fc_ff = s.tiers.file_cache.as_ref().and_then(|t| ff(&t.device));
    let ic_ff = s.tiers.interval_cache.as_ref().and_then(|t| ff(&t.device));
    let fc_used = arch.has_file_cache();
    let ic_used = arch.interval_cache_kind().is_some();
    // Tiers of one form factor share its bays: each gets an equal part, so
    // every configuration of the space fits (a stated restriction).
    let share = |f: Option<FormFactor>| {
        [(disk_ff, true), (fc_ff, fc_used), (ic_ff, ic_used)]
            .iter()
            .filter(|(g, used)| *used && *g == f)
            .count()
            .max(1) as u32
    };
    MaxCounts {
        disk: cap(max.disk, room(disk_ff) / share(disk_ff)),
        file_cache: cap(max.file_cache, room(fc_ff) / share(fc_ff)),
        interval_cache: cap(max.interval_cache, room(ic_ff) / share(ic_ff)),
    }
}

/// "2 × exos_x24 + 7 × pm9a3_7t68": the devices of a configuration.
fn devices_text(s: &Scenario) -> String {
    let parts: Vec<String> = s
        .tiers_in_use()
        .filter(|(_, t)| t.count > 0)
        .map(|(_, t)| format!("{} × {}", t.count, t.device))
        .collect();
    parts.join(" + ")
}

/// One server of `n` on chassis `ch`, any-server routing.
fn one_server(base: &Scenario, ch: &Chassis, headroom: f64, n: u32) -> Scenario {
    let mut s = base.clone();
    s.workload.arrival_rate = base.workload.arrival_rate / n as f64;
    s.server = Some(ServerSpec {
        chassis: ch.clone(),
        egress_headroom: headroom,
        fleet: Fleet {
            servers: n,
            routing: Routing::AnyServer,
            ..Fleet::default()
        },
    });
    s
}

/// Plan a fleet for `scenario` under `spec` (see the module's account).
pub fn optimize_fleet(
    scenario: &Scenario,
    spec: &OptimizeSpec,
) -> Result<FleetResult, Vec<FieldError>> {
    let chassis: Vec<Chassis> = match &scenario.server {
        Some(v) => vec![v.chassis.clone()],
        None => chassis_presets(),
    };
    let headroom = scenario
        .server
        .as_ref()
        .map_or(DEFAULT_EGRESS_HEADROOM, |v| v.egress_headroom);
    let need = needed_kbps(&scenario.workload);
    if !need.is_finite() || need <= 0.0 {
        return Err(vec![FieldError {
            path: "workload.arrival_rate".into(),
            message:
                "the workload needs no egress: give an arrival rate, lengths and bitrates above 0"
                    .into(),
        }]);
    }
    let mut tried = Vec::new();
    let mut best: Vec<(f64, Scenario, u32, Counts, Option<f64>)> = Vec::new();
    let mut best_arch: Vec<Architecture> = Vec::new();
    let mut notes = Vec::new();
    for ch in &chassis {
        let probe = one_server(scenario, ch, headroom, 1);
        let per_server = probe.server.as_ref().map_or(0.0, |v| v.egress_kbps());
        if per_server.is_nan() || per_server <= 0.0 {
            return Err(vec![FieldError {
                path: "server.chassis.nic_gbps".into(),
                message: format!("{} has no egress: NIC and host must be above 0 Gb/s", ch.id),
            }]);
        }
        let n0 = ((need / per_server) - 1e-9).ceil().max(1.0) as u32;
        for &arch in &spec.architectures {
            let mut found_at: Option<u32> = None;
            for n in n0..=n0 + MAX_EXTRA_SERVERS {
                if found_at.is_some_and(|f| n > f + 1) {
                    break;
                }
                let s = one_server(scenario, ch, headroom, n);
                let mut one = spec.clone();
                one.architectures = vec![arch];
                one.max_counts = capped(&s, arch, ch, &spec.max_counts);
                let outcome = optimize(&s, &one);
                let fits = outcome.is_ok();
                let (capital, why, config) = judge(&s, arch, n, outcome, spec.tco.as_ref());
                tried.push(FleetTry {
                    chassis: ch.id.clone(),
                    servers: n,
                    architecture: arch,
                    capital,
                    outcome: why,
                });
                let Some((counts, cfg_scenario, tco)) = config else {
                    if !fits {
                        // The chassis cannot take this architecture (a
                        // device without a bay, the library beyond the
                        // bays): more servers of it do not help, as each
                        // holds the whole library.
                        break;
                    }
                    continue;
                };
                found_at.get_or_insert(n);
                let cost = capital.unwrap_or(f64::INFINITY);
                match best_arch.iter().position(|a| *a == arch) {
                    Some(i) if best[i].0 <= cost => {}
                    Some(i) => best[i] = (cost, cfg_scenario, n, counts, tco),
                    None => {
                        best_arch.push(arch);
                        best.push((cost, cfg_scenario, n, counts, tco));
                    }
                }
            }
        }
    }
    let mut plans = Vec::new();
    for (arch, (capital, s, n, counts, tco)) in best_arch.iter().zip(best) {
        let r = run(&s)?;
        let v = r
            .server
            .as_ref()
            .expect("a server scenario reports its server");
        let ch = &s.server.as_ref().expect("server").chassis;
        let avg = r.summary.avg_streams.mean * n as f64;
        plans.push(FleetPlan {
            architecture: *arch,
            label: arch.label().into(),
            chassis: ch.id.clone(),
            chassis_name: ch.name.clone(),
            servers: n,
            routing: Routing::AnyServer,
            devices_per_server: counts,
            devices_text: devices_text(&s),
            server_capital: s.server_capital_cost(),
            capital,
            tco,
            rack_units: ch.rack_units * n,
            egress_gbps: v.egress_gbps,
            binding: v.binding,
            binding_label: v.binding.label().into(),
            binding_utilisation: v.binding_utilisation,
            egress_peak: v.egress_util_peak.mean,
            bays_used: tierplan_stream::server_summary::bay_and_slot_use(&s).0,
            slots_used: tierplan_stream::server_summary::bay_and_slot_use(&s).1,
            avg_streams: avg,
            streams_per_dollar: if capital > 0.0 { avg / capital } else { 0.0 },
            rejection_probability: r.summary.rejection_probability.mean,
        });
    }
    plans.sort_by(|a, b| a.capital.total_cmp(&b.capital));
    notes.push(format!(
        "any-server routing: each of N servers sees 1/N of the arrivals and holds the whole library; egress per server = min(NIC, host) × {headroom} headroom"
    ));
    Ok(FleetResult {
        space: format!(
            "chassis {}; servers from ⌈{:.1} Gb/s needed / one server's egress⌉ until an answer and one more (at most {MAX_EXTRA_SERVERS} beyond); per server, the single-server optimiser's exact search with drives capped by the bays their form factor fits and memory by the DIMM slots",
            chassis.iter().map(|c| c.id.as_str()).collect::<Vec<_>>().join(", "),
            need / KBPS_PER_GBPS
        ),
        egress_needed_gbps: need / KBPS_PER_GBPS,
        plans,
        tried,
        notes,
    })
}

type Found = Option<(Counts, Scenario, Option<f64>)>;

/// What one optimiser run on one server of `n` gave: the fleet's capital
/// and the configuration when one met the target, and why not otherwise.
fn judge(
    s: &Scenario,
    arch: Architecture,
    n: u32,
    outcome: Result<OptimizeResult, Vec<FieldError>>,
    tco_spec: Option<&Tco>,
) -> (Option<f64>, String, Found) {
    let r = match outcome {
        Ok(r) => r,
        Err(errs) => {
            let e = errs.first().map_or(String::new(), |e| e.to_string());
            return (None, format!("does not fit: {e}"), None);
        }
    };
    let Some(a) = r.architectures.iter().find(|a| a.architecture == arch) else {
        return (None, "not searched".into(), None);
    };
    let Some(b) = a.best.as_ref() else {
        let why = a
            .message
            .clone()
            .unwrap_or_else(|| "no configuration met the target".into());
        return (None, format!("no answer with {n} servers: {why}"), None);
    };
    let ch = &s.server.as_ref().expect("server").chassis;
    let mut cfg = s.clone();
    cfg.architecture = arch;
    cfg.tiers.disk.count = b.counts.disk;
    if let Some(t) = cfg.tiers.file_cache.as_mut() {
        t.count = if arch.has_file_cache() {
            b.counts.file_cache
        } else {
            0
        };
    }
    if let Some(t) = cfg.tiers.interval_cache.as_mut() {
        t.count = if arch.interval_cache_kind().is_some() {
            b.counts.interval_cache
        } else {
            0
        };
    }
    let server = b.capital_cost + ch.capital();
    // The devices' TCO of one server, plus its chassis, NICs and idle power.
    let tco = b
        .measurement
        .as_ref()
        .and_then(|m| m.tco.as_ref())
        .zip(tco_spec)
        .map(|(t, spec)| {
            let chassis_kwh = ch.idle_power_w * t.operating_hours / 1000.0;
            (t.total + ch.capital() + chassis_kwh * spec.usd_per_kwh) * n as f64
        });
    let capital = server * n as f64;
    (
        Some(capital),
        format!("{n} × ({}) on {}: ${capital:.0}", devices_text(&cfg), ch.id),
        Some((b.counts, cfg, tco)),
    )
}
