//! The optimiser plans a fleet (model §10b): no server over its bays,
//! slots or egress; enough servers for the egress the workload needs; the
//! binding limit named; capital and rack units are N × one server's.

use tierplan_scenario::presets::chassis::chassis_preset;
use tierplan_scenario::presets::scenario_preset;
use tierplan_scenario::server::*;
use tierplan_scenario::validate::problems;
use tierplan_scenario::*;
use tierplan_stream::fleet::{place_by_title, run_fleet, server_workload};
use tierplan_studies::optimize::fleet::{drive, optimize_fleet, FleetRequest, FleetSearch};
use tierplan_studies::optimize::OptimizeSpec;

/// today-plan at 6 000 streams of 2 000 titles (30 Gb/s) on a 2U storage
/// server with 2 × 10 GbE (18 Gb/s after the headroom): two servers at
/// least.
fn small_fleet() -> Scenario {
    let mut s = scenario_preset("today-plan").unwrap();
    s.workload.videos = 2_000;
    s.workload.arrival_rate = 6_000.0 / 3600.0;
    s.workload.churn = None;
    s.run.duration_h = 3.0;
    let mut ch = chassis_preset("storage_2u_12lff").unwrap();
    ch.nic_gbps = 10.0;
    s.server = Some(ServerSpec {
        chassis: ch,
        egress_headroom: DEFAULT_EGRESS_HEADROOM,
        fleet: Fleet::default(),
    });
    s
}

#[test]
fn a_fleet_plan_fits_every_server_and_carries_the_egress() {
    let s = small_fleet();
    let spec = OptimizeSpec {
        architectures: vec![Architecture::SsdLfuHdd, Architecture::HddOnly],
        target: 0.0,
        max_replications: None,
        max_peak_utilisation: None,
        criterion: Default::default(),
        max_counts: Default::default(),
        tco: Some(tierplan_studies::optimize::Tco {
            years: 5.0,
            usd_per_kwh: 0.1,
            hours_per_day: None,
        }),
    };
    let r = optimize_fleet(&s, &spec).unwrap();
    assert!(
        (r.egress_needed_gbps - 30.0).abs() < 1e-9,
        "{}",
        r.egress_needed_gbps
    );
    assert!(!r.plans.is_empty(), "{:?}", r.tried);
    let ch = s.server.as_ref().unwrap().chassis.clone();
    for p in &r.plans {
        eprintln!(
            "{}: {} × ({}) limited by {} ({:.2}), ${:.0}, TCO {:?}",
            p.label,
            p.servers,
            p.devices_text,
            p.binding_label,
            p.binding_utilisation,
            p.capital,
            p.tco
        );
        // Enough servers for the egress: N ≥ 30 / 18.
        assert!(
            p.servers as f64 >= r.egress_needed_gbps / p.egress_gbps,
            "{p:?}"
        );
        assert!(p.servers >= 2);
        // The server as planned is valid: its drives in bays that take
        // them, its modules in its slots, its bitrate within its egress.
        let mut one = s.clone();
        one.architecture = p.architecture;
        one.tiers.disk.count = p.devices_per_server.disk;
        if let Some(t) = one.tiers.file_cache.as_mut() {
            t.count = p.devices_per_server.file_cache;
        }
        if let Some(t) = one.tiers.interval_cache.as_mut() {
            t.count = p.devices_per_server.interval_cache;
        }
        assert_eq!(problems(&one), vec![]);
        assert!(p.bays_used <= 1.0 && p.slots_used <= 1.0 && p.egress_peak <= 1.0);
        assert_eq!(p.rejection_probability, 0.0);
        // Capital and space are N × one server's (devices, chassis, NICs).
        let server = one.capital_cost() + ch.price + ch.nic_price;
        assert!((p.capital - p.servers as f64 * server).abs() < 1e-6);
        assert!((p.server_capital - server).abs() < 1e-6);
        assert_eq!(p.rack_units, 2 * p.servers);
        // The TCO counts the chassis (capital and idle power) N times.
        let idle = ch.idle_power_w * 5.0 * 365.25 * 24.0 / 1000.0 * 0.1;
        assert!(p.tco.unwrap() >= p.capital + p.servers as f64 * idle);
        assert!(!p.binding_label.is_empty() && p.binding_utilisation > 0.0);
        assert!(p.streams_per_dollar > 0.0);
        // The plan written as the fleet it is (N servers, the whole
        // arrival rate) runs to the plan's own numbers: its server sees
        // 1/N of the arrivals once, not twice.
        let mut fleet = one.clone();
        fleet.server.as_mut().unwrap().fleet.servers = p.servers;
        let run = tierplan_stream::run(&fleet).unwrap();
        assert_eq!(
            run.summary.avg_streams.mean * p.servers as f64,
            p.avg_streams,
            "{}",
            p.label
        );
        assert_eq!(
            run.summary.rejection_probability.mean,
            p.rejection_probability
        );
    }
    // Cheapest first.
    assert!(r.plans.windows(2).all(|w| w[0].capital <= w[1].capital));
}

#[test]
fn a_chassis_without_a_bay_for_the_disks_is_reported_not_planned() {
    let mut s = small_fleet();
    s.server.as_mut().unwrap().chassis = chassis_preset("edge_1u_nvme").unwrap();
    let spec = OptimizeSpec {
        architectures: vec![Architecture::HddOnly],
        target: 0.0,
        max_replications: None,
        max_peak_utilisation: None,
        criterion: Default::default(),
        max_counts: Default::default(),
        tco: None,
    };
    let r = optimize_fleet(&s, &spec).unwrap();
    assert!(r.plans.is_empty());
    assert!(r.tried[0].outcome.contains("no bay"), "{:?}", r.tried);
}

fn two_architectures() -> OptimizeSpec {
    OptimizeSpec {
        architectures: vec![Architecture::SsdLfuHdd, Architecture::HddOnly],
        target: 0.0,
        max_replications: None,
        max_peak_utilisation: None,
        criterion: Default::default(),
        max_counts: Default::default(),
        tco: Some(tierplan_studies::optimize::Tco {
            years: 5.0,
            usd_per_kwh: 0.1,
            hours_per_day: None,
        }),
    }
}

/// The capital bound only drops tries that cannot beat a fleet already
/// found: every architecture's plan is the one the exhaustive search (every
/// chassis × servers × architecture worked to its end) gives, and the bound
/// did drop some tries, so the comparison is not vacuous.
#[test]
fn pruning_the_fleet_search_never_changes_its_plans() {
    let mut s = small_fleet();
    s.run.duration_h = 2.0;
    let spec = two_architectures();
    let make = || FleetSearch::with_extra_servers(s.clone(), spec.clone(), 4).unwrap();
    let pruned = drive(make()).unwrap();
    let exhaustive = drive(make().exhaustive()).unwrap();
    assert_eq!(exhaustive.pruned, 0);
    assert!(pruned.pruned > 0, "{:?}", pruned.tried);
    assert!(pruned.simulations < exhaustive.simulations);
    assert!(!pruned.plans.is_empty());
    assert_eq!(pruned.plans, exhaustive.plans);
    assert_eq!(pruned.space, exhaustive.space);
}

/// The ask/tell protocol, with candidates taken three at a time and
/// reported in reverse order, gives the one-call answer.
#[test]
fn the_fleet_protocol_in_batches_gives_the_one_call_answer() {
    let mut s = small_fleet();
    s.run.duration_h = 2.0;
    let spec = two_architectures();
    let one_call =
        drive(FleetSearch::with_extra_servers(s.clone(), spec.clone(), 4).unwrap()).unwrap();
    let mut search = FleetSearch::with_extra_servers(s, spec, 4).unwrap();
    let mut batches = 0;
    loop {
        let batch = search.next_batch(3);
        if batch.is_empty() {
            assert!(search.progress().in_flight == 0);
            break;
        }
        batches += 1;
        let results: Vec<_> = batch
            .iter()
            .map(|c| (c.id, tierplan_stream::run(&c.scenario).unwrap()))
            .collect();
        for (id, r) in results.iter().rev() {
            search.report(*id, r).unwrap();
        }
        // A report twice is refused, not counted twice.
        let (id, r) = &results[0];
        assert!(search.report(*id, r).unwrap_err().contains("already"));
    }
    assert!(search.is_done() && search.progress().done);
    assert!(batches > 1);
    let r = search.result().unwrap();
    assert_eq!(r.plans, one_call.plans);
    assert!(search
        .report(99_999, &tierplan_stream::run(&small_fleet()).unwrap())
        .is_err());
}

#[test]
fn a_fleet_search_without_architectures_names_the_field() {
    let mut spec = two_architectures();
    spec.architectures.clear();
    let errs = FleetSearch::new(small_fleet(), spec).err().unwrap();
    assert_eq!(errs[0].path, "optimize.architectures");
}

/// Drive the fleet search with its shortcuts (a candidate stops once a
/// tier peaks over the ceiling; a try whose largest server fails the bound
/// ends at once) and the reference without them in lockstep, one
/// candidate at a time: both ask for the same candidates in the same order
/// (each next one depends on every verdict before it), each candidate's
/// run is the reference's bit for bit unless it halted, and a halted one's
/// full run breaks the ceiling (so `judge` fails it and counts it over the
/// ceiling either way). The results are equal. Returns the halted runs.
fn shortcuts_agree(s: &Scenario, spec: &OptimizeSpec, request: &FleetRequest) -> u32 {
    let ceiling = spec.max_peak_utilisation.unwrap_or(0.9);
    let mut fast = FleetSearch::with_request(s.clone(), spec.clone(), request).unwrap();
    let mut reference = FleetSearch::with_request(s.clone(), spec.clone(), request)
        .unwrap()
        .without_shortcuts();
    let mut halted = 0;
    loop {
        let batch = fast.next_batch(1);
        let twins = reference.next_batch(1);
        assert_eq!(batch.len(), twins.len());
        if batch.is_empty() {
            break;
        }
        // One candidate, or the final runs of every plan at once.
        for (a, b) in batch.iter().zip(&twins) {
            assert_eq!(
                (a.architecture, a.counts, a.capital_cost),
                (b.architecture, b.counts, b.capital_cost)
            );
            let mut same = a.scenario.clone();
            same.run.halt_above_peak_utilisation = None;
            assert_eq!(same, b.scenario);
            let (ra, rb) = (
                tierplan_stream::run(&a.scenario).unwrap(),
                tierplan_stream::run(&b.scenario).unwrap(),
            );
            assert!(!rb.halted);
            if ra.halted {
                halted += 1;
                let worst = rb
                    .replications
                    .iter()
                    .flat_map(|x| x.tiers.iter().map(|t| t.util_peak))
                    .fold(0.0, f64::max);
                assert!(
                    worst > ceiling,
                    "{:?} {:?}: {worst}",
                    a.architecture,
                    a.counts
                );
                assert!(ra.events < rb.events);
            } else {
                assert_eq!(ra, rb, "{:?} {:?}", a.architecture, a.counts);
            }
            fast.report(a.id, &ra).unwrap();
            reference.report(b.id, &rb).unwrap();
        }
    }
    assert!(fast.is_done() && reference.is_done());
    let r = fast.result().unwrap();
    assert_eq!(r, reference.result().unwrap());
    let hopeless = r
        .tried
        .iter()
        .filter(|t| t.outcome.starts_with("no answer"))
        .count();
    eprintln!(
        "{halted} candidates halted, {hopeless} tries without an answer, {} simulations",
        r.simulations
    );
    halted
}

/// Issue 47's speed-ups change no answer: for several scenarios and rules
/// (the pathwise target 0 and the sequential 1 % rule, the default ceiling
/// and a lower one, every architecture, every chassis preset) every
/// candidate's verdict and the whole FleetResult — plans, tries and their
/// outcomes, simulations — equal those of the search without them, and
/// candidates did halt, so the comparison is not vacuous.
#[test]
fn shortcuts_change_no_verdict_and_no_plan() {
    let mut s = small_fleet();
    s.run.duration_h = 2.0;
    let few = FleetRequest {
        every_chassis: false,
        extra_servers: Some(3),
        routing: None,
    };
    let mut halted = shortcuts_agree(&s, &two_architectures(), &few);
    let mut spec = two_architectures();
    spec.architectures = vec![Architecture::DramIcHdd, Architecture::HddOnly];
    spec.max_peak_utilisation = Some(0.8);
    halted += shortcuts_agree(&s, &spec, &few);
    let mut spec = two_architectures();
    spec.target = 0.01;
    spec.max_replications = Some(4);
    halted += shortcuts_agree(&s, &spec, &few);
    // Every chassis preset: most cannot take the disks or carry the load.
    let mut wide = s.clone();
    wide.server = None;
    wide.run.duration_h = 1.5;
    wide.run.warmup_h = 0.5;
    halted += shortcuts_agree(
        &wide,
        &OptimizeSpec {
            architectures: vec![
                Architecture::HddOnly,
                Architecture::DramIcHdd,
                Architecture::SsdLfuHdd,
            ],
            ..two_architectures()
        },
        &FleetRequest {
            every_chassis: true,
            extra_servers: Some(2),
            routing: None,
        },
    );
    assert!(halted > 0);
}

/// The fleet search through the farmed-study protocol (`crate::farmed`):
/// reported out of order or on three threads, the plans are the in-order
/// ones, and the in-order protocol is `drive`'s loop.
#[test]
fn the_fleet_search_as_a_farmed_study_gives_the_in_order_plans() {
    let mut s = small_fleet();
    s.run.duration_h = 2.0;
    let spec = two_architectures();
    let make = || FleetSearch::with_extra_servers(s.clone(), spec.clone(), 4).unwrap();
    let ways = crate::farmed::three_ways(make);
    let one_call = drive(make()).unwrap();
    let in_order = tierplan_kit::farm::FarmedStudy::answer(&ways[0]).unwrap();
    assert_eq!(in_order, one_call);
    assert!(!in_order.plans.is_empty());
    for (way, search) in ["out of order", "farmed"].iter().zip(&ways[1..]) {
        let r = tierplan_kit::farm::FarmedStudy::answer(search).unwrap();
        assert_eq!(r.plans, in_order.plans, "{way}");
    }
}

// ---- Routing by title (issue 47) ----

/// small_fleet at 3 000 streams (15 Gb/s) routed by title: `exponent` the
/// Zipf skew, one copy of each title, no warm-up (so a run's arrivals are
/// its seed's unit-rate instants over its rate, see the relation test).
fn by_title_fleet(exponent: f64) -> Scenario {
    let mut s = small_fleet();
    s.workload.arrival_rate = 3_000.0 / 3600.0;
    s.workload.popularity = Popularity {
        convention: ZipfConvention::Exponent,
        value: exponent,
    };
    s.run.duration_h = 2.0;
    s.run.warmup_h = 0.0;
    s.architecture = Architecture::HddOnly;
    s.server.as_mut().unwrap().fleet = Fleet {
        servers: 1,
        routing: Routing::ByTitle,
        replicas: 1,
        hot_titles: 0,
        hash_seed: 7,
    };
    s
}

fn hdd_only() -> OptimizeSpec {
    OptimizeSpec {
        architectures: vec![Architecture::HddOnly],
        tco: None,
        ..two_architectures()
    }
}

/// A plan routed by title: every server of it holds its titles within its
/// bays and slots, the hottest server (the one simulated) keeps its egress
/// and rejects nothing at target 0, and the plan written as the fleet it is
/// runs, in the engine, to the plan's own numbers: the same server, share
/// and rejections.
#[test]
fn a_by_title_plan_fits_every_server_and_its_hottest_server_carries_its_share() {
    let s = by_title_fleet(1.0);
    let request = FleetRequest {
        extra_servers: Some(4),
        ..FleetRequest::default()
    };
    let r = drive(FleetSearch::with_request(s.clone(), hdd_only(), &request).unwrap()).unwrap();
    assert!(!r.plans.is_empty(), "{:?}", r.tried);
    assert!(r.notes[0].starts_with("routing by title"), "{:?}", r.notes);
    let p = &r.plans[0];
    assert_eq!(p.routing, Routing::ByTitle);
    let who = p.simulated.as_ref().expect("by title names its server");
    assert_eq!(who.servers, p.servers);
    assert!(who.why.starts_with("by title: server"), "{}", who.why);
    assert!(p.bays_used <= 1.0 && p.slots_used <= 1.0, "{p:?}");
    assert!(p.egress_peak <= 1.0, "{p:?}");
    assert_eq!(p.rejection_probability, 0.0);
    // The plan as the fleet it is.
    let mut fleet = s.clone();
    fleet.tiers.disk.count = p.devices_per_server.disk;
    fleet.server.as_mut().unwrap().fleet.servers = p.servers;
    assert_eq!(problems(&fleet), vec![]);
    // Each server holds its titles: the one with the most within its disks.
    let w = &fleet.workload;
    let placed = place_by_title(
        w.videos,
        w.popularity.exponent(),
        &fleet.server.as_ref().unwrap().fleet,
    );
    let most = placed.titles.iter().map(Vec::len).max().unwrap() as f64;
    let disk = fleet.device(&fleet.tiers.disk.device).unwrap().capacity_gb * 1024.0;
    assert!(most * w.library_mb() / w.videos as f64 <= disk * p.devices_per_server.disk as f64);
    // The hottest server's share is the placement's, and the engine's
    // fleet run simulates that server to the plan's numbers.
    assert_eq!(who.share, placed.shares[placed.hottest() as usize]);
    assert!(who.share > 1.0 / p.servers as f64, "Zipf 1: uneven");
    let run = run_fleet(&fleet).unwrap();
    assert_eq!(&run.simulated, who);
    assert_eq!(
        run.server.summary.rejection_probability.mean,
        p.rejection_probability
    );
    assert_eq!(
        run.server.summary.avg_streams.mean / who.share,
        p.avg_streams
    );
}

/// The space the optimiser lays out by title is the engine's hottest
/// server, checked against shares worked by hand: 3 titles of Zipf 1
/// (6/11, 3/11, 2/11), the top one on both of 2 servers (3/11 each), the
/// others on one each. Whatever the hash does, the hottest server draws
/// 3/11 + what it holds of {3/11, 2/11}: 8/11 or 6/11.
#[test]
fn the_by_title_space_is_the_hottest_server_worked_by_hand() {
    let mut s = by_title_fleet(1.0);
    s.workload.videos = 3;
    s.workload.arrival_rate = 1.1;
    let f = Fleet {
        servers: 2,
        routing: Routing::ByTitle,
        replicas: 2,
        hot_titles: 1,
        hash_seed: 7,
    };
    s.server.as_mut().unwrap().fleet = f;
    let by_hand = [6.0 / 11.0, 3.0 / 11.0, 2.0 / 11.0];
    let placed = place_by_title(3, 1.0, &f);
    let mut shares = [0.0f64; 2];
    for (server, titles) in placed.titles.iter().enumerate() {
        for &(rank, _) in titles {
            let k = if rank == 0 { 2.0 } else { 1.0 };
            shares[server] += by_hand[rank as usize] / k;
        }
    }
    let hottest = shares[0].max(shares[1]);
    assert!(
        (hottest - 8.0 / 11.0).abs() < 1e-12 || (hottest - 6.0 / 11.0).abs() < 1e-12,
        "{shares:?}"
    );
    let sw = server_workload(&s);
    assert!((sw.simulated.share - hottest).abs() < 1e-12, "{sw:?}");
    assert!((sw.workload.arrival_rate - 1.1 * hottest).abs() < 1e-12);
    let h = placed.hottest() as usize;
    assert_eq!(sw.workload.videos as usize, placed.titles[h].len());
    assert_eq!(
        sw.largest_titles as usize,
        placed.titles.iter().map(Vec::len).max().unwrap()
    );
}

/// A relation that holds exactly, not a tendency. HDD only, one class, no
/// warm-up, target 0, the whole library within one server's bays: a server
/// meets the target iff its disks and egress carry the peak of its
/// arrivals, and the engine draws a run's arrival instants as its seed's
/// unit-rate instants over the rate. Under by-title routing the hottest
/// server sees λ × s_max ≥ λ / N (the largest share is at least the mean),
/// so every window of one video length at λ / N lies inside one at the
/// hottest server's rate: its peak is at least an any-server peak. So any
/// N at which a by-title fleet meets the target, an any-server fleet meets
/// it too (with at least as many disks: it holds the whole library), and
/// by title needs at least as many servers. At Zipf 1.2 it needs more.
#[test]
fn by_title_needs_at_least_the_servers_any_server_needs() {
    let s = by_title_fleet(1.2);
    let search = |routing| {
        let request = FleetRequest {
            extra_servers: Some(3),
            routing: Some(routing),
            ..FleetRequest::default()
        };
        drive(
            FleetSearch::with_request(s.clone(), hdd_only(), &request)
                .unwrap()
                .exhaustive(),
        )
        .unwrap()
    };
    let fewest = |r: &tierplan_studies::optimize::fleet::FleetResult| {
        r.tried
            .iter()
            .filter(|t| t.capital.is_some())
            .map(|t| t.servers)
            .min()
    };
    let (any, title) = (search(Routing::AnyServer), search(Routing::ByTitle));
    let met = |r: &tierplan_studies::optimize::fleet::FleetResult, n: u32| {
        r.tried
            .iter()
            .any(|t| t.servers == n && t.capital.is_some())
    };
    let (a, b) = (fewest(&any).unwrap(), fewest(&title).unwrap());
    for t in title.tried.iter().filter(|t| t.capital.is_some()) {
        assert!(
            met(&any, t.servers),
            "by title meets it with {} servers, any server not",
            t.servers
        );
    }
    assert!(b >= a);
    assert!(b > a, "Zipf 1.2 makes the hottest server decide");
    assert!(title.plans[0].servers >= a);
}

/// Bad routing input is refused with the field named.
#[test]
fn bad_routing_input_names_its_field() {
    let e = tierplan_scenario::json_read::from_json::<FleetRequest>(
        r#"{"every_chassis": false, "routing": "round_robin"}"#,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("routing"), "{e}");
    let ok: FleetRequest = tierplan_scenario::json_read::from_json(
        r#"{"every_chassis": true, "routing": "by_title"}"#,
    )
    .unwrap();
    assert_eq!(ok.routing, Some(Routing::ByTitle));
    // Placement settings the fleet cannot have, by title.
    let mut s = by_title_fleet(1.0);
    s.server.as_mut().unwrap().fleet.hot_titles = s.workload.videos + 1;
    let errs = FleetSearch::with_request(s, hdd_only(), &FleetRequest::default())
        .err()
        .unwrap();
    assert_eq!(errs[0].path, "server.fleet.hot_titles", "{errs:?}");
    let mut s = by_title_fleet(1.0);
    s.server.as_mut().unwrap().fleet.replicas = 0;
    let errs = FleetSearch::with_request(s, hdd_only(), &FleetRequest::default())
        .err()
        .unwrap();
    assert_eq!(errs[0].path, "server.fleet.replicas", "{errs:?}");
}

/// The single-server search on one fleet routed by title lays out its
/// space from the hottest server (its offered load is λ × its share × the
/// mean length), and the arrivals it regenerates for its bounds are the
/// engine's run of that server, replication by replication: pruning stays
/// on (a mismatch would turn it off and say so).
#[test]
fn the_search_on_a_by_title_fleet_regenerates_the_hottest_servers_arrivals() {
    let mut s = by_title_fleet(1.0);
    s.server.as_mut().unwrap().fleet.servers = 3;
    let r = tierplan_studies::optimize::optimize(&s, &hdd_only()).unwrap();
    let share = server_workload(&s).simulated.share;
    let whole = s.workload.arrival_rate * 3600.0;
    assert!(
        (r.offered_load - whole * share).abs() < 1e-9 * whole,
        "{} vs {}",
        r.offered_load,
        whole * share
    );
    assert!(r.pruning_active, "{:?}", r.notes);
    assert!(
        r.simulations > 0 && r.pruned > 0,
        "{} simulated, {} pruned",
        r.simulations,
        r.pruned
    );
    assert!(r.architectures[0].best.is_some());
}
