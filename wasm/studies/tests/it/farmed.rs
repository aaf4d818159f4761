//! Drive a search through the one farmed-study protocol three ways: in
//! order (ask one, run it, report it: the sequential loop), out of order
//! (batches of five, the last handed out reported first, more asked for
//! before the earlier ones are in) and by the shared driver on three
//! threads. The tests in `optimize.rs` and `optimize_fleet.rs` compare
//! their answers.

use tierplan_kit::farm::{farm, FarmedStudy};
use tierplan_stream::results::RunResult;
use tierplan_stream::run;
use tierplan_studies::optimize::Candidate;

pub fn three_ways<S>(make: impl Fn() -> S) -> [S; 3]
where
    S: FarmedStudy<Job = Candidate, Outcome = RunResult> + Send,
{
    let mut in_order = make();
    loop {
        // One asked for; the fleet search hands out its final runs together.
        let batch = in_order.next_batch(1);
        if batch.is_empty() {
            break;
        }
        for c in batch {
            in_order.report(c.id, &run(&c.scenario).unwrap()).unwrap();
        }
    }
    assert!(in_order.is_done(), "in order");

    let mut out_of_order = make();
    let mut pending: Vec<(u32, RunResult)> = Vec::new();
    loop {
        for c in out_of_order.next_batch(5usize.saturating_sub(pending.len())) {
            pending.push((c.id, run(&c.scenario).unwrap()));
        }
        let Some((id, r)) = pending.pop() else { break };
        out_of_order.report(id, &r).unwrap();
        assert!(out_of_order.report(id, &r).is_err(), "reported twice");
    }
    assert!(out_of_order.is_done(), "out of order");
    let any =
        run(&tierplan_scenario::presets::scenario_preset("mmsys11-cost-hdd").unwrap()).unwrap();
    assert!(
        out_of_order.report(99_999, &any).is_err(),
        "never handed out"
    );

    let mut farmed = make();
    farm(
        &mut farmed,
        3,
        |c: &Candidate| run(&c.scenario),
        |s: &S| assert!(s.cost().fraction() <= 1.0),
        &Default::default(),
    )
    .unwrap();
    assert!(farmed.is_done(), "farmed");
    assert_eq!(farmed.cost().left, 0.0);
    [in_order, out_of_order, farmed]
}
