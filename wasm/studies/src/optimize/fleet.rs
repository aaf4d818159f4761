//! The optimiser plans a fleet (model §10b): servers × chassis × devices
//! per server, within each chassis's bays and slots.
//!
//! # Search space
//! For each chassis (the scenario's own when it has a `server` section,
//! else every chassis preset) and each number of servers N from
//! N₀ = ⌈egress the workload needs / egress of one server⌉ (fewer cannot
//! carry the mean load) to N₀ + [`MAX_EXTRA_SERVERS`], the servers route
//! as the scenario's fleet says (or the request, [`FleetRequest::routing`]):
//! - *any server*: each sees λ/N and the whole library, so all are alike
//!   and one is sized;
//! - *by title*: the engine's placement (`tierplan_stream::fleet`, the
//!   scenario's hash seed, replicas and hot titles) puts each title on its
//!   servers; the hottest server, the one the engine simulates for the
//!   fleet, is sized: its share of the arrivals, its titles and their
//!   popularity give the single-server search's load, bounds and
//!   regenerated arrivals, and every server's disks hold the library of the
//!   server with the most titles (so every server of the plan holds its
//!   own). The plan is exact for this space: servers built alike, the
//!   hottest one deciding, as the engine's fleet run.
//!
//! Each try's device counts are searched by the single-server
//! optimiser (exact for its own space, see `mod.rs`) with the maxima capped
//! by the chassis: drives by the bays their form factor fits, memory
//! modules by the DIMM slots; the server section makes every candidate's
//! simulation admit streams only while the egress has room. The plan of an
//! architecture is the cheapest (capital of the whole fleet) over the
//! space; ties go to the first chassis, then the fewest servers.
//!
//! The space is worked cheapest bound first and pruned exactly (see
//! [`FleetSearch`]): most large fleets are never simulated.
//!

use super::bound::Trace;
use super::result::{Candidate, Counts};
use super::spec::{MaxCounts, OptimizeSpec, Tco};
use super::{OptimizeResult, Search};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;
use tierplan_scenario::presets::chassis::chassis_presets;
use tierplan_scenario::server::*;
use tierplan_scenario::validate::FieldError;
use tierplan_scenario::*;
use tierplan_stream::fleet::SimulatedServer;
use tierplan_stream::results::RunResult;
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
    /// "22 × HDD 24 TB 7200 rpm (Seagate Exos X24) + 4 × NVMe TLC SSD 7.68 TB (Samsung PM9A3, U.2)" per server: device names.
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
    /// Streams the fleet serves on average: N × one server's; by title, the
    /// hottest server's over its share of the arrivals (every server
    /// serving its share as the hottest does).
    pub avg_streams: f64,
    pub streams_per_dollar: f64,
    /// Rejection probability of a server (mean over replications); by
    /// title, of the hottest.
    pub rejection_probability: f64,
    /// By title, which server was simulated and why (the engine's words);
    /// absent under any-server routing, where every server is alike.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub simulated: Option<SimulatedServer>,
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
    /// Simulations the search ran (the plans' final runs included).
    #[serde(default)]
    pub simulations: u32,
    /// Tries skipped because their capital's lower bound could not beat
    /// the cheapest fleet found for their architecture.
    #[serde(default)]
    pub pruned: u32,
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
    // NVMe drives also share the PCIe lanes the NICs (and, with SAS/SATA
    // drives, their adapter) leave (`server::nvme_lane_room`, the rule the
    // validation applies): each NVMe tier gets an equal part of them too.
    let used = [(disk_ff, true), (fc_ff, fc_used), (ic_ff, ic_used)];
    let sas = used
        .iter()
        .any(|(f, u)| *u && matches!(f, Some(FormFactor::Lff35 | FormFactor::Sff25)));
    let nvme_tiers = used
        .iter()
        .filter(|(f, u)| *u && f.is_some_and(FormFactor::is_nvme))
        .count()
        .max(1) as u32;
    let lane_room = nvme_lane_room(ch, sas).map(|r| r / nvme_tiers);
    let room_of = |f: Option<FormFactor>| {
        let bays = room(f) / share(f);
        match lane_room {
            Some(l) if f.is_some_and(FormFactor::is_nvme) => bays.min(l),
            _ => bays,
        }
    };
    MaxCounts {
        disk: cap(max.disk, room_of(disk_ff)),
        file_cache: cap(max.file_cache, room_of(fc_ff)),
        interval_cache: cap(max.interval_cache, room_of(ic_ff)),
    }
}

/// "22 × Seagate Exos X24 + 4 × Samsung PM9A3": the devices of a
/// configuration by name (their ids where the scenario lacks one).
fn devices_text(s: &Scenario) -> String {
    let parts: Vec<String> = s
        .tiers_in_use()
        .filter(|(_, t)| t.count > 0)
        .map(|(_, t)| {
            let name = s.device(&t.device).map_or(&t.device, |d| &d.name);
            format!("{} × {name}", t.count)
        })
        .collect();
    parts.join(" + ")
}

/// One server of `n` on chassis `ch` under any-server routing, as a
/// scenario of its own: 1/n of the arrivals and a fleet of one, so every
/// engine entry runs exactly this server (a fleet of n here would be
/// divided by n again). The try keeps n.
fn one_server(base: &Scenario, ch: &Chassis, headroom: f64, n: u32) -> Scenario {
    let mut s = base.clone();
    s.workload.arrival_rate = base.workload.arrival_rate / n as f64;
    s.server = Some(ServerSpec {
        chassis: ch.clone(),
        egress_headroom: headroom,
        fleet: Fleet {
            servers: 1,
            routing: Routing::AnyServer,
            ..Fleet::default()
        },
    });
    s
}

/// One server of `n` on chassis `ch` routed by title, as a scenario of its
/// own: the whole arrival rate and a fleet of `n` by title, so every engine
/// entry runs the hottest server of the placement (`Job::fleet`), and the
/// single-server search lays out its space from that server. The fleet
/// keeps the scenario's placement settings (hash seed, hot titles; replicas
/// at most `n`).
fn by_title_server(base: &Scenario, ch: &Chassis, headroom: f64, n: u32, f: &Fleet) -> Scenario {
    let mut s = base.clone();
    s.server = Some(ServerSpec {
        chassis: ch.clone(),
        egress_headroom: headroom,
        fleet: Fleet {
            servers: n,
            routing: Routing::ByTitle,
            replicas: f.replicas.clamp(1, n),
            hot_titles: f.hot_titles,
            hash_seed: f.hash_seed,
        },
    });
    s
}

/// What a front end asks of the fleet search.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct FleetRequest {
    /// Try every chassis preset even when the scenario names a chassis
    /// (its egress headroom is kept).
    #[serde(default)]
    pub every_chassis: bool,
    /// Server counts tried beyond N₀ per chassis, 0 to
    /// [`MAX_EXTRA_SERVERS`]; `null` = [`MAX_EXTRA_SERVERS`].
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub extra_servers: Option<u32>,
    /// How the load balancer routes: `null` = as the scenario's fleet says
    /// (any server without one).
    #[serde(default)]
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub routing: Option<Routing>,
}

/// Where a try of the fleet search stands.
#[derive(Debug, Clone, PartialEq)]
enum TryState {
    /// Not begun or searching.
    Open,
    /// Its single-server search concluded (an answer or none).
    Done,
    /// Its capital's lower bound cannot beat the cheapest fleet found for
    /// its architecture: it cannot change the answer.
    Pruned,
    /// The chassis cannot take the architecture (the search's own words).
    Failed,
}

/// One (chassis, servers, architecture) of the space: a single-server
/// search on one server of the fleet.
struct Try {
    ch: usize,
    n: u32,
    arch: Architecture,
    scenario: Scenario,
    search: Option<Search>,
    state: TryState,
    /// A lower bound on the fleet's capital this try can give: N × (chassis
    /// and NICs + the search's cost floor), the devices' floor 0 until the
    /// search is laid out.
    bound: f64,
}

/// What a fleet candidate id stands for.
#[derive(Debug, Clone, Copy)]
enum Issued {
    /// A candidate of try `t`'s search, its own id there `inner`.
    Try { t: usize, inner: u32 },
    /// The final run of an architecture's plan (index into `finals`).
    Final(usize),
}

/// The cheapest fleet found so far for an architecture, and what makes it.
#[derive(Debug, Clone)]
struct Best {
    capital: f64,
    /// The try that gave it: ties go to the earliest try in the order
    /// chassis, architecture, servers (the exhaustive loop's order).
    t: usize,
    /// Servers in the fleet.
    n: u32,
    counts: Counts,
    /// One server of the fleet (its share of the arrivals).
    scenario: Scenario,
    tco: Option<f64>,
}

/// Progress of a fleet search.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FleetProgress {
    /// (chassis, servers, architecture) tries in the space.
    pub tries: u32,
    /// Tries whose single-server search concluded or could not start.
    pub tries_done: u32,
    /// Tries skipped: their capital's lower bound cannot beat a fleet found.
    pub tries_pruned: u32,
    /// Simulations run (each reported candidate once).
    pub simulated: u32,
    /// Candidates decided by another try's identical simulation.
    pub shared: u32,
    pub in_flight: u32,
    /// The cheapest fleet found so far over all architectures, $.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub best_capital: Option<f64>,
    pub done: bool,
}

/// The fleet search (module account above), ask/tell like [`Search`]: the
/// caller takes batches of candidate servers, simulates each anywhere and
/// reports the results in any order; the answer does not depend on the
/// order. [`optimize_fleet`] drives it one candidate at a time.
///
/// # Order and pruning (exact)
/// Every (chassis, N, architecture) of the space is a *try*; the tries are
/// worked in order of a lower bound on the fleet capital they can give,
/// N × (chassis and NICs + the cheapest device configuration its search
/// has not yet ruled out). A try whose bound exceeds the cheapest fleet
/// already found for its architecture (or equals it and comes later in the
/// exhaustive loop's order, which breaks ties) is dropped, also midway:
/// its answer could not replace the one found. So every architecture's
/// plan equals the exhaustive search's over the same space (a test checks
/// it). Configurations without a cache device are the same server whatever
/// the architecture, so one simulation per (chassis, N, disks) serves
/// every try that meets it; the tries at one N share their arrival trace.
pub struct FleetSearch {
    spec: OptimizeSpec,
    chassis: Vec<Chassis>,
    headroom: f64,
    routing: Routing,
    need: f64,
    extra: u32,
    prune: bool,
    /// Candidates stop once over the ceiling and hopeless tries end at
    /// once (see `pick`); off only to show it changes no answer.
    shortcuts: bool,
    tries: Vec<Try>,
    issued: Vec<Issued>,
    reported: Vec<bool>,
    best: Vec<(Architecture, Best)>,
    tried: Vec<(usize, FleetTry)>,
    /// Plain servers (no cache device) simulated, by (chassis, N, disks) …
    plain_done: HashMap<(usize, u32, u32), RunResult>,
    /// … in flight, by the same key: the fleet id simulating it …
    plain_in_flight: HashMap<(usize, u32, u32), u32>,
    /// … and the try candidates waiting for that fleet id.
    waiters: HashMap<u32, Vec<(usize, u32)>>,
    /// The final run of each architecture's plan, once the tries are done.
    finals: Vec<(Architecture, Best, Option<RunResult>)>,
    finals_issued: bool,
    /// Arrival traces by server count: every try at N servers sees the same
    /// arrivals (λ/N, the same workload, policy and run), whatever its
    /// chassis or architecture, so its bound's trace is generated once.
    traces: HashMap<u32, [Option<Arc<Trace>>; 2]>,
    in_flight: u32,
    simulated: u32,
    shared: u32,
    ended: bool,
}

impl FleetSearch {
    /// Lay out the space: the chassis (the scenario's own, else every
    /// preset), each from N₀ to N₀ + [`MAX_EXTRA_SERVERS`] servers, each
    /// architecture of the spec.
    pub fn new(scenario: Scenario, spec: OptimizeSpec) -> Result<FleetSearch, Vec<FieldError>> {
        Self::with_extra_servers(scenario, spec, MAX_EXTRA_SERVERS)
    }

    /// As [`FleetSearch::new`] with at most `extra` server counts beyond N₀
    /// per chassis (a smaller space, stated in the result).
    pub fn with_extra_servers(
        scenario: Scenario,
        spec: OptimizeSpec,
        extra: u32,
    ) -> Result<FleetSearch, Vec<FieldError>> {
        Self::with_request(
            scenario,
            spec,
            &FleetRequest {
                every_chassis: false,
                extra_servers: Some(extra),
                routing: None,
            },
        )
    }

    /// The search a front end asks for (see [`FleetRequest`]).
    pub fn with_request(
        scenario: Scenario,
        spec: OptimizeSpec,
        request: &FleetRequest,
    ) -> Result<FleetSearch, Vec<FieldError>> {
        let extra = request.extra_servers.unwrap_or(MAX_EXTRA_SERVERS);
        if extra > MAX_EXTRA_SERVERS {
            return Err(vec![FieldError {
                path: "fleet.extra_servers".into(),
                message: format!("must be 0 to {MAX_EXTRA_SERVERS}, not {extra}"),
            }]);
        }
        let chassis: Vec<Chassis> = match &scenario.server {
            Some(v) if !request.every_chassis => vec![v.chassis.clone()],
            _ => chassis_presets(),
        };
        let headroom = scenario
            .server
            .as_ref()
            .map_or(DEFAULT_EGRESS_HEADROOM, |v| v.egress_headroom);
        let fleet = scenario
            .server
            .as_ref()
            .map_or(Fleet::default(), |v| v.fleet);
        let routing = request.routing.unwrap_or(fleet.routing);
        // The placement's settings, checked once here rather than as every
        // try's failure.
        if routing == Routing::ByTitle {
            if fleet.replicas < 1 {
                return Err(vec![FieldError {
                    path: "server.fleet.replicas".into(),
                    message: "is 0: by title, each title needs at least one server (1 to the fleet's servers)".into(),
                }]);
            }
            if fleet.hot_titles > scenario.workload.videos {
                return Err(vec![FieldError {
                    path: "server.fleet.hot_titles".into(),
                    message: format!(
                        "is {}: at most the {} titles of the library can be replicated",
                        fleet.hot_titles, scenario.workload.videos
                    ),
                }]);
            }
        }
        let need = needed_kbps(&scenario.workload);
        if !need.is_finite() || need <= 0.0 {
            return Err(vec![FieldError {
                path: "workload.arrival_rate".into(),
                message:
                    "the workload needs no egress: give an arrival rate, lengths and bitrates above 0"
                        .into(),
            }]);
        }
        if spec.architectures.is_empty() {
            return Err(vec![FieldError {
                path: "optimize.architectures".into(),
                message: "name at least one architecture".into(),
            }]);
        }
        let mut tries = Vec::new();
        for (ci, ch) in chassis.iter().enumerate() {
            let probe = one_server(&scenario, ch, headroom, 1);
            let per_server = probe.server.as_ref().map_or(0.0, |v| v.egress_kbps());
            if per_server.is_nan() || per_server <= 0.0 {
                return Err(vec![FieldError {
                    path: "server.chassis.nic_gbps".into(),
                    message: format!("{} has no egress: NIC and host must be above 0 Gb/s", ch.id),
                }]);
            }
            let n0 = ((need / per_server) - 1e-9).ceil().max(1.0) as u32;
            for &arch in &spec.architectures {
                for n in n0..=n0.saturating_add(extra) {
                    tries.push(Try {
                        ch: ci,
                        n,
                        arch,
                        scenario: match routing {
                            Routing::AnyServer => one_server(&scenario, ch, headroom, n),
                            Routing::ByTitle => by_title_server(&scenario, ch, headroom, n, &fleet),
                        },
                        search: None,
                        state: TryState::Open,
                        bound: n as f64 * ch.capital(),
                    });
                }
            }
        }
        Ok(FleetSearch {
            spec,
            chassis,
            headroom,
            routing,
            need,
            extra,
            prune: true,
            shortcuts: true,
            tries,
            issued: Vec::new(),
            reported: Vec::new(),
            best: Vec::new(),
            tried: Vec::new(),
            plain_done: HashMap::new(),
            plain_in_flight: HashMap::new(),
            waiters: HashMap::new(),
            finals: Vec::new(),
            finals_issued: false,
            traces: HashMap::new(),
            in_flight: 0,
            simulated: 0,
            shared: 0,
            ended: false,
        })
    }

    /// Work every try to its end (no pruning): the reference the tests
    /// compare the pruned search with. Call before the first batch.
    pub fn exhaustive(mut self) -> FleetSearch {
        self.prune = false;
        self
    }

    /// Run every candidate to its end, even one already over the ceiling,
    /// and every try's search configuration by configuration, even one
    /// whose largest server fails the bound: the reference the tests
    /// compare the search with. Call before the first batch.
    pub fn without_shortcuts(mut self) -> FleetSearch {
        self.shortcuts = false;
        self
    }

    fn best_of(&self, arch: Architecture) -> Option<&Best> {
        self.best.iter().find(|(a, _)| *a == arch).map(|(_, b)| b)
    }

    /// Whether try `t` can no longer give its architecture's plan.
    fn beaten(&self, t: usize) -> bool {
        if !self.prune {
            return false;
        }
        let tr = &self.tries[t];
        self.best_of(tr.arch)
            .is_some_and(|b| tr.bound > b.capital || (tr.bound == b.capital && t > b.t))
    }

    fn record_try(&mut self, t: usize, capital: Option<f64>, outcome: String) {
        let tr = &self.tries[t];
        self.tried.push((
            t,
            FleetTry {
                chassis: self.chassis[tr.ch].id.clone(),
                servers: tr.n,
                architecture: tr.arch,
                capital,
                outcome,
            },
        ));
    }

    /// Refresh try `t` after its search moved: conclude it, or raise its
    /// bound from the search's cost floor.
    fn refresh(&mut self, t: usize) {
        let tr = &mut self.tries[t];
        if tr.state != TryState::Open {
            return;
        }
        let Some(search) = tr.search.as_ref() else {
            return;
        };
        let chassis = self.chassis[tr.ch].capital();
        if let Some(floor) = search.cost_floor() {
            tr.bound = tr.bound.max(tr.n as f64 * (chassis + floor));
        }
        if !search.is_done() {
            return;
        }
        tr.state = TryState::Done;
        let (arch, n) = (tr.arch, tr.n);
        let r = search.result();
        // Its state (configurations, bounds, traces) is no longer needed.
        tr.search = None;
        let (capital, why, found) = judge(&tr.scenario, arch, n, Ok(r), self.spec.tco.as_ref());
        self.record_try(t, capital, why);
        let (Some(capital), Some((counts, scenario, tco))) = (capital, found) else {
            return;
        };
        let b = Best {
            capital,
            t,
            n,
            counts,
            scenario,
            tco,
        };
        match self.best.iter_mut().find(|(a, _)| *a == arch) {
            Some((_, old)) if (old.capital, old.t) <= (capital, t) => {}
            Some((_, old)) => *old = b,
            None => self.best.push((arch, b)),
        }
    }

    /// The open try to work next: the lowest bound (ties: the earlier),
    /// skipping `blocked`; drops beaten tries on the way.
    fn pick(&mut self, blocked: &[usize]) -> Option<usize> {
        loop {
            let t = (0..self.tries.len())
                .filter(|t| self.tries[*t].state == TryState::Open && !blocked.contains(t))
                .min_by(|a, b| {
                    self.tries[*a]
                        .bound
                        .total_cmp(&self.tries[*b].bound)
                        .then(a.cmp(b))
                })?;
            if self.beaten(t) {
                let tr = &mut self.tries[t];
                tr.state = TryState::Pruned;
                tr.search = None;
                continue;
            }
            if self.tries[t].search.is_none() {
                let tr = &self.tries[t];
                let mut one = self.spec.clone();
                one.architectures = vec![tr.arch];
                one.max_counts = capped(
                    &tr.scenario,
                    tr.arch,
                    &self.chassis[tr.ch],
                    &self.spec.max_counts,
                );
                match Search::new(tr.scenario.clone(), one) {
                    Ok(mut s) => {
                        // A candidate over the ceiling stops there: the
                        // search keeps only its verdict and that it broke
                        // the ceiling, which the rest of its run cannot
                        // change (`Search::halt_over_ceiling`).
                        if self.shortcuts {
                            s.halt_over_ceiling();
                        }
                        if let Some(shared) = self.traces.get(&tr.n) {
                            s.adopt_traces(shared);
                        }
                        if self.shortcuts {
                            s.rule_out_hopeless();
                        }
                        self.tries[t].search = Some(s);
                        // Before `refresh` may conclude it and drop it.
                        self.keep_traces(t);
                        self.refresh(t);
                    }
                    Err(errs) => {
                        // The chassis cannot take this architecture (a
                        // device without a bay, the library beyond the
                        // bays): said in the tries, no plan from it.
                        self.tries[t].state = TryState::Failed;
                        let e = errs.first().map_or(String::new(), |e| e.to_string());
                        self.record_try(t, None, format!("does not fit: {e}"));
                    }
                }
                continue;
            }
            return Some(t);
        }
    }

    /// Keep the traces try `t`'s search generated for the other tries at
    /// its server count.
    fn keep_traces(&mut self, t: usize) {
        let tr = &self.tries[t];
        let Some(s) = tr.search.as_ref() else { return };
        let kept = self.traces.entry(tr.n).or_default();
        for (k, mine) in kept.iter_mut().zip(s.traces()) {
            if k.is_none() {
                *k = mine;
            }
        }
    }

    fn plain_key(&self, t: usize, c: &Candidate) -> Option<(usize, u32, u32)> {
        let tr = &self.tries[t];
        let no_ic = c.architecture.interval_cache_kind().is_none() || c.counts.interval_cache == 0;
        let no_fc = !c.architecture.has_file_cache() || c.counts.file_cache == 0;
        (no_ic && no_fc).then_some((tr.ch, tr.n, c.counts.disk))
    }

    fn issue(&mut self, what: Issued, c: Candidate) -> Candidate {
        let id = self.issued.len() as u32;
        self.issued.push(what);
        self.reported.push(false);
        self.in_flight += 1;
        Candidate { id, ..c }
    }

    /// Up to `k` candidate servers to simulate; empty when the search is
    /// done or everything left waits on candidates in flight.
    pub fn next_batch(&mut self, k: usize) -> Vec<Candidate> {
        let mut out = Vec::new();
        let mut blocked = Vec::new();
        while out.len() < k {
            let Some(t) = self.pick(&blocked) else { break };
            let batch = self.tries[t]
                .search
                .as_mut()
                .expect("picked tries are laid out")
                .next_batch(1);
            self.keep_traces(t);
            let Some(c) = batch.into_iter().next() else {
                self.refresh(t);
                if self.tries[t].state == TryState::Open {
                    // Everything it can issue is in flight.
                    blocked.push(t);
                }
                continue;
            };
            if let Some(key) = self.plain_key(t, &c) {
                if let Some(r) = self.plain_done.get(&key).cloned() {
                    self.shared += 1;
                    self.tell_try(t, c.id, &r);
                    continue;
                }
                if let Some(&id) = self.plain_in_flight.get(&key) {
                    self.waiters.entry(id).or_default().push((t, c.id));
                    continue;
                }
                let inner = c.id;
                let c = self.issue(Issued::Try { t, inner }, c);
                self.plain_in_flight.insert(key, c.id);
                out.push(c);
                continue;
            }
            let inner = c.id;
            out.push(self.issue(Issued::Try { t, inner }, c));
        }
        if out.len() < k && self.in_flight == 0 && self.waiters.is_empty() {
            self.finish_tries(&mut out);
        }
        out
    }

    fn tell_try(&mut self, t: usize, inner: u32, r: &RunResult) {
        if let Some(s) = self.tries[t].search.as_mut() {
            s.report(inner, r)
                .expect("an issued candidate is reported once");
        }
        self.refresh(t);
    }

    /// Once no try is open: one final run per architecture's plan (the
    /// plan's server with the scenario's own run settings, for its server
    /// summary), or the end when there is none.
    fn finish_tries(&mut self, out: &mut Vec<Candidate>) {
        if self.finals_issued || self.tries.iter().any(|t| t.state == TryState::Open) {
            return;
        }
        self.finals_issued = true;
        for (arch, b) in std::mem::take(&mut self.best) {
            let i = self.finals.len();
            let c = Candidate {
                id: 0,
                architecture: arch,
                counts: b.counts,
                capital_cost: b.capital,
                scenario: b.scenario.clone(),
            };
            self.finals.push((arch, b, None));
            out.push(self.issue(Issued::Final(i), c));
        }
        self.ended = self.finals.is_empty();
    }

    /// Take the result of candidate `id` (any order).
    pub fn report(&mut self, id: u32, result: &RunResult) -> Result<(), String> {
        let Some(&what) = self.issued.get(id as usize) else {
            return Err(format!("candidate {id} was never issued"));
        };
        if self.reported[id as usize] {
            return Err(format!("candidate {id} was already reported"));
        }
        self.reported[id as usize] = true;
        self.in_flight -= 1;
        self.simulated += 1;
        match what {
            Issued::Final(i) => {
                self.finals[i].2 = Some(result.clone());
                self.ended = self.finals.iter().all(|f| f.2.is_some());
            }
            Issued::Try { t, inner } => {
                let key = self
                    .plain_in_flight
                    .iter()
                    .find(|(_, v)| **v == id)
                    .map(|(k, _)| *k);
                if let Some(key) = key {
                    self.plain_in_flight.remove(&key);
                    self.plain_done.insert(key, result.clone());
                }
                self.tell_try(t, inner, result);
                for (t2, inner2) in self.waiters.remove(&id).unwrap_or_default() {
                    self.shared += 1;
                    self.tell_try(t2, inner2, result);
                }
            }
        }
        Ok(())
    }

    pub fn is_done(&self) -> bool {
        self.ended
    }

    pub fn progress(&self) -> FleetProgress {
        let count = |s: TryState| self.tries.iter().filter(|t| t.state == s).count() as u32;
        FleetProgress {
            tries: self.tries.len() as u32,
            tries_done: count(TryState::Done) + count(TryState::Failed),
            tries_pruned: count(TryState::Pruned),
            simulated: self.simulated,
            shared: self.shared,
            in_flight: self.in_flight,
            best_capital: self
                .best
                .iter()
                .map(|(_, b)| b.capital)
                .chain(self.finals.iter().map(|f| f.1.capital))
                .min_by(f64::total_cmp),
            done: self.ended,
        }
    }

    /// The result: final once [`FleetSearch::is_done`]; before that, the
    /// tries so far and no plans.
    pub fn result(&self) -> Result<FleetResult, Vec<FieldError>> {
        let mut plans = Vec::new();
        for (arch, b, r) in &self.finals {
            let Some(r) = r else { continue };
            plans.push(plan(*arch, b, r)?);
        }
        plans.sort_by(|a, b| a.capital.total_cmp(&b.capital));
        let mut tried = self.tried.clone();
        tried.sort_by_key(|(t, _)| *t);
        let headroom = self.headroom;
        let extra = self.extra;
        let routed = match self.routing {
            Routing::AnyServer => format!("any-server routing: each of N servers sees 1/N of the arrivals and holds the whole library; egress per server = min(NIC, host) × {headroom} headroom"),
            Routing::ByTitle => format!("routing by title: at each N the engine's placement puts each title on its servers, the hottest server (the most arrivals) is simulated with its titles, share and their popularity, and every server's disks hold the titles of the one with the most; egress per server = min(NIC, host) × {headroom} headroom"),
        };
        let per_server = match self.routing {
            Routing::AnyServer => "per server",
            Routing::ByTitle => {
                "per server (the hottest, its disks holding the largest server's titles)"
            }
        };
        let pruned = self.progress().tries_pruned;
        Ok(FleetResult {
            space: format!(
                "chassis {}; on each, N servers from N₀ = ⌈{:.1} Gb/s needed / one server's egress⌉ to N₀ + {extra}, every count unless a lower bound on its capital shows it cannot beat the cheapest fleet found; {per_server}, the single-server optimiser's exact search with drives capped by the bays their form factor fits and memory by the DIMM slots",
                self.chassis.iter().map(|c| c.id.as_str()).collect::<Vec<_>>().join(", "),
                self.need / KBPS_PER_GBPS
            ),
            egress_needed_gbps: self.need / KBPS_PER_GBPS,
            plans,
            tried: tried.into_iter().map(|(_, x)| x).collect(),
            notes: vec![
                routed,
                format!("{} of {} chassis × servers × architecture tries worked, {pruned} skipped by the capital bound; {} simulations, {} shared between tries", self.tries.len() as u32 - pruned, self.tries.len(), self.simulated, self.shared),
            ],
            simulations: self.simulated,
            pruned,
        })
    }
}

/// The plan of `arch` from its best try and the final run of its server.
fn plan(arch: Architecture, b: &Best, r: &RunResult) -> Result<FleetPlan, Vec<FieldError>> {
    let s = &b.scenario;
    let v = r.server.as_ref().ok_or_else(|| {
        vec![FieldError {
            path: "server".into(),
            message: "the plan's run reported no server (not a server scenario)".into(),
        }]
    })?;
    let sv = s.server.as_ref().expect("fleet tries have a server");
    let (ch, n) = (&sv.chassis, b.n);
    let routing = sv.fleet.routing;
    let who = tierplan_stream::fleet::server_workload(s).simulated;
    let avg = match routing {
        Routing::AnyServer => r.summary.avg_streams.mean * n as f64,
        Routing::ByTitle => r.summary.avg_streams.mean / who.share,
    };
    let (bays, slots) = tierplan_stream::server_summary::bay_and_slot_use(s);
    Ok(FleetPlan {
        architecture: arch,
        label: arch.label().into(),
        chassis: ch.id.clone(),
        chassis_name: ch.name.clone(),
        servers: n,
        routing,
        devices_per_server: b.counts,
        devices_text: devices_text(s),
        server_capital: s.server_capital_cost(),
        capital: b.capital,
        tco: b.tco,
        rack_units: ch.rack_units * n,
        egress_gbps: v.egress_gbps,
        binding: v.binding,
        binding_label: v.binding.label().into(),
        binding_utilisation: v.binding_utilisation,
        egress_peak: v.egress_util_peak.mean,
        bays_used: bays,
        slots_used: slots,
        avg_streams: avg,
        streams_per_dollar: if b.capital > 0.0 {
            avg / b.capital
        } else {
            0.0
        },
        rejection_probability: r.summary.rejection_probability.mean,
        simulated: (routing == Routing::ByTitle).then_some(who),
    })
}

/// Plan a fleet for `scenario` under `spec` (see the module's account):
/// the fleet search driven natively, one simulation at a time.
pub fn optimize_fleet(
    scenario: &Scenario,
    spec: &OptimizeSpec,
) -> Result<FleetResult, Vec<FieldError>> {
    drive(FleetSearch::new(scenario.clone(), spec.clone())?)
}

/// Run a fleet search to its end, one simulation at a time (the shared
/// driver on one thread).
pub fn drive(mut search: FleetSearch) -> Result<FleetResult, Vec<FieldError>> {
    super::drive::drive_natively(&mut search, 1, |_: &FleetSearch| {}, &Default::default())?;
    debug_assert!(search.is_done());
    search.result()
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

#[cfg(test)]
mod lane_tests {
    use super::*;
    use tierplan_scenario::presets::chassis::chassis_preset;
    use tierplan_scenario::presets::scenario_preset;

    /// today-plan's HDD + NVMe file cache in the 2U chassis, its lanes cut
    /// to `lanes`.
    fn lanes(lanes: Option<u32>) -> (Scenario, Chassis) {
        let s = scenario_preset("today-plan").expect("preset");
        let mut ch = chassis_preset("storage_2u_12lff").expect("chassis");
        ch.pcie_lanes = lanes;
        (s, ch)
    }

    #[test]
    fn nvme_maxima_are_capped_by_the_lanes_the_nics_and_hba_leave() {
        let none = MaxCounts::default();
        // 160 lanes: the 4 U.2 bays bind, not the lanes.
        let (s, ch) = lanes(Some(160));
        let m = capped(&s, Architecture::SsdLfuHdd, &ch, &none);
        assert_eq!((m.disk, m.file_cache), (Some(12), Some(4)));
        // 28 lanes − 8 (NIC) − 8 (HBA for the disks) = 12: 3 NVMe drives.
        let (s, ch) = lanes(Some(28));
        let m = capped(&s, Architecture::SsdLfuHdd, &ch, &none);
        assert_eq!((m.disk, m.file_cache), (Some(12), Some(3)));
        // Every configuration of the capped space passes the validation's
        // lane rule (one home: `server::lane_use`).
        let need = lane_use(&ch, &[(FormFactor::Lff35, 12), (FormFactor::U2, 3)]);
        assert_eq!(need, Some((28, 28)));
        // No lane count (an older file): bays only.
        let (s, ch) = lanes(None);
        let m = capped(&s, Architecture::SsdLfuHdd, &ch, &none);
        assert_eq!(m.file_cache, Some(4));
    }
}
