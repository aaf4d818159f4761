//! Dynamic LFU with popularity churn: file fills write to flash at a rate
//! that scales with the churn, and the lifetime follows model §8.

use tierplan_scenario::presets::scenario_preset;
use tierplan_scenario::Scenario;
use tierplan_scenario::*;
use tierplan_stream::run;

fn churned(new_titles: u32) -> Scenario {
    let mut s = scenario_preset("mmsys11-fig11-ssd").unwrap();
    s.policy.lfu = LfuPolicy::Dynamic;
    // A margin of 10 requests keeps files of near-equal popularity from
    // swapping on sampling noise, so the writes that remain are mostly the
    // churn's.
    s.policy.lfu_margin = 10;
    if new_titles > 0 {
        s.workload.churn = Some(Churn {
            period_h: 4.0,
            new_titles,
        });
    }
    s.run.warmup_h = 2.0;
    s.run.duration_h = 50.0;
    s.run.replications = 3;
    s
}

fn write_rate(s: &Scenario) -> (f64, f64) {
    let r = run(s).unwrap();
    let w = r
        .flash
        .iter()
        .find(|f| f.role == TierRole::FileCache)
        .unwrap();
    (
        w.host_write_mbps.mean,
        w.lifetime_h.map_or(f64::INFINITY, |e| e.mean),
    )
}

#[test]
fn write_rate_scales_with_churn() {
    let (w0, _) = write_rate(&churned(0));
    let (w2, l2) = write_rate(&churned(2));
    let (w4, _) = write_rate(&churned(4));
    let (w8, l8) = write_rate(&churned(8));
    eprintln!("churn 0/2/4/8 titles per 4 h: {w0:.4} {w2:.4} {w4:.4} {w8:.4} MB/s; lifetimes {l2:.0} h, {l8:.0} h");
    assert!(w0 < w2 && w2 < w4 && w4 < w8);
    // The churn's share of the writes is roughly proportional to the churn.
    let base = w2 - w0;
    for (w, k) in [(w4, 2.0), (w8, 4.0)] {
        let ratio = (w - w0) / base;
        assert!(ratio > 0.6 * k && ratio < 1.4 * k, "ratio {ratio} for ×{k}");
    }
    assert!(l8 < l2);
    // Static LFU never writes.
    let mut st = churned(8);
    st.policy.lfu = LfuPolicy::Static;
    let (w0, l0) = write_rate(&st);
    assert_eq!(w0, 0.0);
    assert!(l0.is_infinite());
}
