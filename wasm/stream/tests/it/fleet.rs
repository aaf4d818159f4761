//! A fleet behind a load balancer (model §10b): by title, the hottest
//! server's share is the largest sum of Zipf shares a seeded hash gives a
//! server (checked against a brute-force ring here); a fleet of one is the
//! single server bit for bit.

use tierplan_kit::analytics::zipf_probabilities;
use tierplan_scenario::presets::chassis::chassis_preset;
use tierplan_scenario::presets::scenario_preset;
use tierplan_scenario::server::*;
use tierplan_scenario::Scenario;
use tierplan_stream::fleet::*;
use tierplan_stream::run;

/// The reference: for every title, scan every virtual node for the
/// nearest clockwise (no sorted ring, no binary search), take the first
/// `k` distinct servers, add the title's share / k to each.
fn brute_force_shares(videos: u32, exponent: f64, f: &Fleet) -> Vec<f64> {
    let p = zipf_probabilities(videos, exponent);
    let mut shares = vec![0.0; f.servers as usize];
    for (rank, pr) in p.iter().enumerate() {
        let t = title_point(f.hash_seed, rank as u32);
        let mut nodes: Vec<(u64, u32)> = (0..f.servers)
            .flat_map(|s| {
                (0..VIRTUAL_NODES).map(move |v| (node_point(f.hash_seed, s, v).wrapping_sub(t), s))
            })
            .collect();
        nodes.sort();
        let k = if (rank as u32) < f.hot_titles {
            f.replicas
        } else {
            1
        };
        let mut got: Vec<u32> = Vec::new();
        for (_, s) in nodes {
            if !got.contains(&s) {
                got.push(s);
            }
            if got.len() as u32 == k {
                break;
            }
        }
        for s in got {
            shares[s as usize] += pr / k as f64;
        }
    }
    shares
}

#[test]
fn by_title_the_hottest_server_is_the_top_of_the_seeded_hash_of_the_zipf_shares() {
    for (servers, hot_titles, replicas, seed) in [
        (2, 0, 1, 0),
        (5, 0, 1, 7),
        (16, 0, 1, 3),
        (8, 20, 3, 11),
        (12, 100, 4, 5),
    ] {
        let f = Fleet {
            servers,
            routing: Routing::ByTitle,
            replicas,
            hot_titles,
            hash_seed: seed,
        };
        let p = place_by_title(2000, 0.8, &f);
        let want = brute_force_shares(2000, 0.8, &f);
        let top = want.iter().copied().fold(0.0, f64::max);
        let h = p.hottest() as usize;
        assert!(
            (p.shares[h] - top).abs() < 1e-12,
            "{servers}: {} vs {top}",
            p.shares[h]
        );
        assert!((want[h] - top).abs() < 1e-12);
        for (a, b) in p.shares.iter().zip(&want) {
            assert!((a - b).abs() < 1e-12);
        }
        // Every title is placed, hot ones on `replicas` servers.
        let placed: usize = p.titles.iter().map(Vec::len).sum();
        assert_eq!(placed as u32, 2000 + hot_titles * (replicas - 1));
        assert!((p.shares.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        // Under Zipf the hottest server carries more than the mean.
        assert!(top > 1.0 / servers as f64, "{servers}: {top}");
        eprintln!(
            "{servers} servers, {hot_titles} hot titles on {replicas}: hottest {:.4} (mean {:.4})",
            top,
            1.0 / servers as f64
        );
    }
}

fn with_fleet(mut s: Scenario, fleet: Fleet) -> Scenario {
    let mut ch = chassis_preset("storage_4u_60lff").unwrap();
    ch.bays[1].count = 16;
    s.server = Some(ServerSpec {
        chassis: ch,
        egress_headroom: DEFAULT_EGRESS_HEADROOM,
        fleet,
    });
    s
}

#[test]
fn a_fleet_of_one_is_the_single_server_bit_for_bit() {
    for id in ["today-plan", "mmsys11-cost-ssd"] {
        let mut base = scenario_preset(id).unwrap();
        base.run.replications = 2;
        base.run.duration_h = base.run.warmup_h + 1.0;
        for routing in [Routing::AnyServer, Routing::ByTitle] {
            let s = with_fleet(
                base.clone(),
                Fleet {
                    servers: 1,
                    routing,
                    ..Fleet::default()
                },
            );
            let single = run(&s).unwrap();
            let fleet = run_fleet(&s).unwrap();
            assert_eq!(fleet.server, single, "{id} {routing:?}");
            assert_eq!(fleet.simulated.server, 1);
            assert_eq!(fleet.simulated.share, 1.0);
            assert_eq!(fleet.capital_cost, single.capital_cost);
        }
    }
}

#[test]
fn the_simulated_server_sees_its_share_of_the_arrivals() {
    let mut base = scenario_preset("today-plan").unwrap();
    base.run.replications = 2;
    base.run.duration_h = base.run.warmup_h + 2.0;
    base.workload.arrival_rate *= 4.0;
    let any = run_fleet(&with_fleet(
        base.clone(),
        Fleet {
            servers: 4,
            routing: Routing::AnyServer,
            ..Fleet::default()
        },
    ))
    .unwrap();
    let by = run_fleet(&with_fleet(
        base.clone(),
        Fleet {
            servers: 4,
            routing: Routing::ByTitle,
            ..Fleet::default()
        },
    ))
    .unwrap();
    assert!(any.simulated.why.contains("any server"));
    assert!(by
        .simulated
        .why
        .contains(&format!("server {}", by.simulated.server)));
    assert!(by.simulated.share > 0.25);
    // Arrivals per hour measured ≈ λ × share × measured window.
    let measured = any.server.measured_s;
    for (r, share) in [(&any, 0.25), (&by, by.simulated.share)] {
        let want = base.workload.arrival_rate * share * measured;
        let got = r.server.summary.arrivals.mean;
        assert!((got - want).abs() < 0.05 * want, "{got} vs {want}");
    }
    assert_eq!(any.rack_units, 16);
    assert_eq!(any.capital_cost, 4.0 * any.server.capital_cost);
    // The result echoes the workload its server ran: any server, λ / 4 of
    // the whole library; by title, λ × its share over its own titles.
    let whole = base.workload.figures();
    let echo = any.server.workload;
    assert_eq!(echo.mean_length_s, whole.mean_length_s);
    assert_eq!(echo.library_gb, whole.library_gb);
    assert!((echo.offered_load - whole.offered_load / 4.0).abs() < 1e-9 * whole.offered_load);
    let echo = by.server.workload;
    assert!(
        (echo.offered_load - whole.offered_load * by.simulated.share).abs()
            < 1e-9 * whole.offered_load
    );
    assert!(echo.library_gb < whole.library_gb);
}

/// By title, a server of several holds only its titles, so its disks need
/// hold only the largest server's library, not the whole one: a fleet
/// whose disks hold that runs; with one disk fewer than that needs, the
/// error names the disk count and the largest server.
#[test]
fn by_title_each_server_holds_only_the_largest_servers_titles() {
    let mut base = scenario_preset("today-plan").unwrap();
    base.workload.churn = None;
    base.run.replications = 1;
    base.run.duration_h = base.run.warmup_h + 0.5;
    base.architecture = tierplan_scenario::Architecture::HddOnly;
    let f = Fleet {
        servers: 8,
        routing: Routing::ByTitle,
        ..Fleet::default()
    };
    let mut s = with_fleet(base, f);
    let sw = server_workload(&s);
    let w = &s.workload;
    let placed = place_by_title(w.videos, w.popularity.exponent(), &f);
    let most = placed.titles.iter().map(Vec::len).max().unwrap() as u32;
    assert_eq!(sw.largest_titles, most);
    assert!(most < w.videos / 4, "{most}");
    // Disks of 1/100 of a 24 TB drive: how many the largest server needs.
    let id = s.tiers.disk.device.clone();
    let d = s.devices.iter_mut().find(|d| d.id == id).unwrap();
    d.capacity_gb /= 100.0;
    let per_title_mb = w.library_mb() / w.videos as f64;
    let need = (most as f64 * per_title_mb / (d.capacity_gb * 1024.0)).ceil() as u32;
    let whole = (w.library_mb() / (d.capacity_gb * 1024.0)).ceil() as u32;
    assert!(need < whole);
    s.tiers.disk.count = need;
    assert!(run_fleet(&s).is_ok());
    s.tiers.disk.count = need - 1;
    let e = run_fleet(&s).err().unwrap();
    assert_eq!(e[0].path, "tiers.disk.count");
    assert!(
        e[0].message.contains(&format!(
            "server {} of the 8 holds {most}",
            sw.largest_server
        )),
        "{}",
        e[0].message
    );
}
