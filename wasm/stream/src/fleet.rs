//! A fleet of identical servers behind a load balancer (model §10b). The
//! engine simulates one server, the one that decides:
//! - *any server*: every server sees 1/N of the arrivals and the whole
//!   popularity curve, so all are alike and server 1 stands for every one;
//! - *by title*: consistent hashing puts each title on one server (the
//!   `hot_titles` most popular on `replicas` servers, their requests split
//!   evenly), so a server sees its titles' share of the arrivals — uneven
//!   under Zipf — and the hottest server, the first to turn streams away,
//!   is simulated with its own titles, their popularity and its rate.

use crate::results::RunResult;
use crate::Job;
use serde::{Deserialize, Serialize};
use tierplan_kit::analytics::zipf_probabilities;
use tierplan_kit::progress::SteppedJob;
use tierplan_scenario::server::{Fleet, Routing};
use tierplan_scenario::validate::{gib_text, validate, FieldError};
use tierplan_scenario::{Scenario, ValidScenario, Workload};

/// Points each server has on the hash ring: enough that a server's arc
/// varies by about 1/√64 ≈ 12 % (the usual choice of a few tens to
/// hundreds of virtual nodes).
pub const VIRTUAL_NODES: u32 = 64;

/// SplitMix64's finaliser: a fixed, well-mixed 64-bit hash.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The ring position of virtual node `v` of server `server`.
pub fn node_point(seed: u32, server: u32, v: u32) -> u64 {
    mix(mix((seed as u64) << 32 | 0x5E5E) ^ ((server as u64) << 32 | v as u64))
}

/// The ring position of the title at popularity rank `rank` (0-based).
pub fn title_point(seed: u32, rank: u32) -> u64 {
    mix(mix((seed as u64) << 32 | 0x717E) ^ rank as u64)
}

/// Where every title lives and what share of the arrivals each server sees.
#[derive(Debug, Clone, PartialEq)]
pub struct Placement {
    /// Per server, the ranks of its titles (ascending) with the share of all
    /// arrivals each brings to this server.
    pub titles: Vec<Vec<(u32, f64)>>,
    /// Per server, its share of all arrivals.
    pub shares: Vec<f64>,
}

impl Placement {
    /// The server with the largest share (the lowest index among equals).
    pub fn hottest(&self) -> u32 {
        let mut best = 0;
        for (i, s) in self.shares.iter().enumerate() {
            if *s > self.shares[best] {
                best = i;
            }
        }
        best as u32
    }
}

/// By-title placement of `videos` titles of Zipf exponent `exponent`.
pub fn place_by_title(videos: u32, exponent: f64, f: &Fleet) -> Placement {
    let n = f.servers.max(1);
    let mut ring: Vec<(u64, u32)> = (0..n)
        .flat_map(|s| (0..VIRTUAL_NODES).map(move |v| (node_point(f.hash_seed, s, v), s)))
        .collect();
    ring.sort_unstable();
    let p = zipf_probabilities(videos, exponent);
    let mut titles = vec![Vec::new(); n as usize];
    let mut chosen = Vec::with_capacity(f.replicas as usize);
    for (rank, &pr) in p.iter().enumerate() {
        let rank = rank as u32;
        let k = if rank < f.hot_titles {
            f.replicas.clamp(1, n)
        } else {
            1
        };
        // The first k distinct servers clockwise from the title's point.
        let start = ring.partition_point(|(x, _)| *x < title_point(f.hash_seed, rank));
        chosen.clear();
        for i in 0..ring.len() {
            let s = ring[(start + i) % ring.len()].1;
            if !chosen.contains(&s) {
                chosen.push(s);
                if chosen.len() as u32 == k {
                    break;
                }
            }
        }
        for &s in &chosen {
            titles[s as usize].push((rank, pr / k as f64));
        }
    }
    let shares = titles
        .iter()
        .map(|t| {
            // A server with every title (one server, or replicas = N for
            // all) sees every arrival: exactly 1, not a sum rounded below.
            if t.len() as u32 == videos && n == 1 {
                1.0
            } else {
                t.iter().map(|(_, s)| s).sum()
            }
        })
        .collect();
    Placement { titles, shares }
}

/// Which server of the fleet was simulated and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SimulatedServer {
    /// 1-based, as people count.
    pub server: u32,
    pub servers: u32,
    pub routing: Routing,
    /// Its share of all arrivals.
    pub share: f64,
    /// Titles it holds.
    pub titles: u32,
    /// The mean share, 1/N, for comparison.
    pub mean_share: f64,
    /// Why this server stands for the fleet, in plain words.
    pub why: String,
}

/// The run of a fleet: the deciding server's result and the fleet's totals.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FleetRun {
    pub simulated: SimulatedServer,
    /// The simulated server's run.
    pub server: RunResult,
    /// N × one server's capital (devices, chassis, NICs), $.
    pub capital_cost: f64,
    pub rack_units: u32,
}

/// The deciding server's scenario, its popularity weights (`None`: the
/// scenario's Zipf curve) and who it is.
pub type DecidingServer = (ValidScenario, Option<Vec<f64>>, SimulatedServer);

/// What one server of a fleet sees, before any validation: the workload of
/// the server that decides (its rate, its titles and their weights), who
/// it is, and which server holds the most titles. [`deciding_server`] runs
/// this workload; the optimiser lays out its search space from it (model
/// §10b), so both read one placement.
#[derive(Debug, Clone, PartialEq)]
pub struct ServerWorkload {
    /// The scenario's workload as the deciding server sees it.
    pub workload: Workload,
    /// By title, the weights of its titles by rank (they sum to its share);
    /// `None`: the workload's own Zipf curve.
    pub weights: Option<Vec<f64>>,
    /// Whether the deciding server is the scenario itself (a fleet of one
    /// routed by title holds every title and sees every arrival).
    pub whole: bool,
    pub simulated: SimulatedServer,
    /// The server holding the most titles (1-based) and how many: by title
    /// its library is what each server's disks must hold; otherwise every
    /// server holds the whole library.
    pub largest_server: u32,
    pub largest_titles: u32,
}

impl ServerWorkload {
    /// The library the largest server holds, MB (the scenario's whole
    /// library unless routed by title).
    pub fn largest_library_mb(&self, s: &Scenario) -> f64 {
        if self.largest_titles == s.workload.videos {
            return s.library_mb();
        }
        let mut w = s.workload.clone();
        w.videos = self.largest_titles;
        w.library_mb()
    }
}

/// The workload of the server that decides `s`'s fleet (a scenario
/// without a fleet is a fleet of one), and which server that is.
pub fn server_workload(s: &Scenario) -> ServerWorkload {
    let f = s.server.as_ref().map_or(Fleet::default(), |v| v.fleet);
    let n = f.servers.max(1);
    let w = &s.workload;
    match f.routing {
        Routing::AnyServer => {
            let mut one = w.clone();
            one.arrival_rate = w.arrival_rate / n as f64;
            ServerWorkload {
                workload: one,
                weights: None,
                whole: false,
                simulated: SimulatedServer {
                    server: 1,
                    servers: n,
                    routing: f.routing,
                    share: 1.0 / n as f64,
                    titles: w.videos,
                    mean_share: 1.0 / n as f64,
                    why: format!(
                        "any server: each of the {n} servers sees 1/{n} of the arrivals and the whole library, so all are alike and server 1 stands for every one"
                    ),
                },
                largest_server: 1,
                largest_titles: w.videos,
            }
        }
        Routing::ByTitle => {
            let p = place_by_title(w.videos, w.popularity.exponent(), &f);
            let h = p.hottest();
            let mine = &p.titles[h as usize];
            let share = p.shares[h as usize];
            let all = mine.len() as u32 == w.videos && n == 1;
            let count = mine.len() as u32;
            let mut one = w.clone();
            if !all {
                one.videos = count.max(1);
                one.arrival_rate = w.arrival_rate * share;
                if let Some(c) = one.churn.as_mut() {
                    c.new_titles = c.new_titles.min(count.max(1));
                }
            }
            // The first server among those holding the most titles.
            let (largest, most) = p
                .titles
                .iter()
                .enumerate()
                .fold(
                    (0, 0),
                    |(bi, bn), (i, t)| {
                        if t.len() > bn {
                            (i, t.len())
                        } else {
                            (bi, bn)
                        }
                    },
                );
            ServerWorkload {
                workload: one,
                weights: (!all).then(|| mine.iter().map(|(_, s)| *s).collect()),
                whole: all,
                simulated: SimulatedServer {
                    server: h + 1,
                    servers: n,
                    routing: f.routing,
                    share,
                    titles: count,
                    mean_share: 1.0 / n as f64,
                    why: format!(
                        "by title: server {} holds {} titles drawing {:.2} % of the arrivals (the mean server {:.2} %), the most of the {n}; it turns streams away first, so it decides",
                        h + 1,
                        count,
                        share * 100.0,
                        100.0 / n as f64
                    ),
                },
                largest_server: largest as u32 + 1,
                largest_titles: most as u32,
            }
        }
    }
}

/// By title, each server holds only its titles, so its disks must hold the
/// library of the server with the most (the validation, which cannot place
/// titles, leaves this check to the placement): the error when they do not.
fn largest_library_error(s: &Scenario, sw: &ServerWorkload) -> Option<FieldError> {
    let f = s.server.as_ref()?.fleet;
    if f.routing != Routing::ByTitle || f.servers <= 1 {
        return None;
    }
    let t = &s.tiers.disk;
    let d = s.device(&t.device)?;
    let disk_gb = d.capacity_gb * t.count as f64;
    let lib_mb = sw.largest_library_mb(s);
    (lib_mb.is_finite() && lib_mb > disk_gb * 1024.0).then(|| FieldError {
        path: "tiers.disk.count".into(),
        message: format!(
            "{} disks hold {} but server {} of the {} holds {} of the {} titles by title, {}: add disks or servers",
            t.count,
            gib_text(disk_gb, true),
            sw.largest_server,
            f.servers,
            sw.largest_titles,
            s.workload.videos,
            gib_text(lib_mb / 1024.0, false)
        ),
    })
}

/// The scenario of the server that decides, and which server it is. For
/// a fleet of one, or any-server routing, the popularity is the scenario's
/// own (`None`); by title, the weights of the server's titles by rank.
pub fn deciding_server(s: &ValidScenario) -> Result<DecidingServer, Vec<FieldError>> {
    let sw = server_workload(s);
    if let Some(e) = largest_library_error(s, &sw) {
        return Err(vec![e]);
    }
    let one = if sw.whole {
        s.clone()
    } else {
        s.derive(|x: &mut Scenario| x.workload = sw.workload.clone())?
    };
    Ok((one, sw.weights, sw.simulated))
}

impl Job {
    /// The job of the server that decides a fleet (the scenario itself
    /// without a fleet), and which server it is. [`Job::new`] is this job.
    pub fn fleet(scenario: Scenario) -> Result<(Job, SimulatedServer), Vec<FieldError>> {
        let valid = validate(scenario)?;
        let (one, weights, who) = deciding_server(&valid)?;
        let mut job = Job::of(one);
        if let Some(w) = weights {
            job.plan.popularity(&w);
        }
        Ok((job, who))
    }
}

impl FleetRun {
    /// The fleet's totals from the deciding server's run: N × its capital
    /// and rack units.
    pub fn of(scenario: &Scenario, simulated: SimulatedServer, server: RunResult) -> FleetRun {
        let n = simulated.servers;
        let per_ru = scenario.server.as_ref().map_or(0, |v| v.chassis.rack_units);
        FleetRun {
            capital_cost: server.capital_cost * n as f64,
            rack_units: per_ru * n,
            simulated,
            server,
        }
    }
}

/// Validate and run a fleet to completion.
pub fn run_fleet(scenario: &Scenario) -> Result<FleetRun, Vec<FieldError>> {
    let (mut job, simulated) = Job::fleet(scenario.clone())?;
    let server = job.run_to_end(1 << 22);
    Ok(FleetRun::of(scenario, simulated, server))
}
