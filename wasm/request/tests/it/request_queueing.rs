//! The request-level engine's queues against queueing theory (model §11):
//! one disk, Poisson arrivals, one fixed-size I/O per request — M/D/1 with
//! a constant positioning time, M/M/1 with exponential positioning — and
//! Little's law L = λW on every device queue of every policy.

use crate::request_support;

use request_support::*;
use tierplan_request::run_request;
use tierplan_scenario::request::*;
use tierplan_scenario::Scenario;

/// One disk, 2 000 000-byte segments read in one chunk, no RAM cache, no
/// rotational delay: service = seek + transfer.
fn single_server(seek_ms: f64, model: SeekModel, media_mbps: f64, rate: f64) -> Scenario {
    let mut s = preset("nossdav12-hdd-only");
    let d = device(&mut s, "hdd7200");
    d.hdd = Some(HddMechanics {
        seek_ms,
        revolution_ms: 0.0,
        media_mbps,
        seek_model: model,
        inner_mbps: None,
    });
    let r = req(&mut s);
    r.layout.disks = 1;
    r.workload.bitrate_kbps = 200.0 * 1000.0 / 1024.0;
    r.workload.segment_s = 10.0;
    r.workload.size_cv = 0.0;
    r.workload.arrivals = ArrivalPattern::Poisson;
    r.workload.rate = rate;
    r.chunk_kb = 2_000_000.0 / 1024.0;
    r.ram.capacity_gb = 0.0;
    r.run.duration_h = 2.0;
    r.run.replications = 8;
    s
}

fn check_mean(s: &Scenario, expect: f64) {
    let r = run_request(s).expect("valid");
    let m = r.response_mean_s;
    assert!(
        (m.mean - expect).abs() <= m.ci95.max(0.01 * expect),
        "mean response {} ± {} vs {}",
        m.mean,
        m.ci95,
        expect
    );
}

#[test]
fn md1_mean_response_is_pollaczek_khinchine() {
    // s = 20 ms + 2 000 000 B / 100 MiB/s.
    let service = 0.020 + 2_000_000.0 / (100.0 * 1024.0 * 1024.0);
    let mu = 1.0 / service;
    let lambda = 0.6 * mu;
    let rho = lambda / mu;
    let expect = 1.0 / mu + rho / (2.0 * mu * (1.0 - rho));
    check_mean(
        &single_server(20.0, SeekModel::Constant, 100.0, lambda),
        expect,
    );
}

#[test]
fn mm1_mean_response_is_one_over_mu_minus_lambda() {
    // Exponential positioning of mean 40 ms, transfer negligible.
    let mu = 1.0 / 0.040;
    let lambda = 0.5 * mu;
    check_mean(
        &single_server(40.0, SeekModel::Exponential, 1e9, lambda),
        1.0 / (mu - lambda),
    );
}

#[test]
fn littles_law_holds_on_every_queue() {
    for policy in [
        CachePolicyKind::None,
        CachePolicyKind::Block,
        CachePolicyKind::Ring,
        CachePolicyKind::Object,
        CachePolicyKind::ObjectStatic,
    ] {
        let mut s = small(policy, 4.0, 0.5);
        req(&mut s).workload.arrivals = ArrivalPattern::Poisson;
        req(&mut s).ram.capacity_gb = 0.005;
        let r = run_request(&s).expect("valid");
        assert_littles_law(&r.replications[0], &format!("{policy:?}"));
        for d in &r.replications[0].devices {
            assert_eq!(d.arrivals, d.completions, "{policy:?} {} drained", d.name);
        }
    }
}
