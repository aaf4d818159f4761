//! HDD only is an M/G/c/c loss system: its simulated rejection probability
//! must agree with Erlang B (model §5) within the run's 95 % CI.

use tierplan_kit::analytics::erlang_b;
use tierplan_scenario::presets::scenario_preset;
use tierplan_scenario::Scenario;
use tierplan_stream::run;

/// c streams of capacity exactly (1024 KB/s streams on c MB/s of disk),
/// offered load A erlangs with 1-minute videos.
pub(crate) fn loss_system(c: u32, a: f64) -> Scenario {
    let mut s = scenario_preset("mmsys11-cost-hdd").unwrap();
    s.workload.videos = 50;
    s.workload.classes[0].length_min = 1.0;
    s.workload.classes[0].bitrate_kbps = 1024.0;
    s.workload.arrival_rate = a / 60.0;
    let d = s.devices.iter_mut().find(|d| d.id == "hdd15k").unwrap();
    d.read_mbps = Some(c as f64);
    s.tiers.disk.count = 1;
    // 10 video lengths of warm-up remove the empty-start bias.
    s.run.warmup_h = 10.0 / 60.0;
    s.run.duration_h = s.run.warmup_h + 1500.0 / 60.0;
    s.run.replications = 20;
    s
}

#[test]
fn hdd_only_matches_erlang_b() {
    // Including offered loads close to (and above) the number of servers.
    for (c, a) in [(10, 5.0), (20, 18.0), (50, 50.0), (30, 40.0), (100, 95.0)] {
        let s = loss_system(c, a);
        let r = run(&s).unwrap();
        assert_eq!(r.tiers[0].stream_capacity, Some(c as u64));
        let b = erlang_b(c as u64, a);
        let est = r.summary.rejection_probability;
        assert!(
            (est.mean - b).abs() <= est.ci95,
            "c={c} A={a}: simulated {:.5} ± {:.5}, Erlang B {:.5}",
            est.mean,
            est.ci95,
            b
        );
        eprintln!(
            "c={c} A={a}: simulated {:.5} ± {:.5}, Erlang B {:.5}",
            est.mean, est.ci95, b
        );
        // And the CI is tight enough for the comparison to mean something.
        assert!(
            est.ci95 < 0.1 * b.max(0.01),
            "c={c} A={a}: CI {:.5} too wide",
            est.ci95
        );
    }
}
