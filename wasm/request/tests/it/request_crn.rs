//! Common random numbers across rates: the request stream the engine draws
//! (`workload::ArrivalStream`, which `arrive` takes its requests from) asks
//! for the same segments in the same order at every rate, and the i-th
//! request's arrival time scales as 1 / rate — through a warm-up at the
//! measured rate exactly, and after a warm-up at another rate from the
//! warm-up's end.

use crate::request_support;

use request_support::*;
use tierplan_kit::progress::SteppedJob;
use tierplan_kit::sampling::rng::{unit_exp, SimRng};
use tierplan_request::figure::{point_scenario, FigureSeries, FigureSettings};
use tierplan_request::workload::{Arrival, ArrivalClock, ArrivalStream};
use tierplan_request::RequestJob;
use tierplan_scenario::request::ArrivalPattern;

fn stream(
    w: &tierplan_scenario::request::SegmentWorkload,
    clock: ArrivalClock,
    seed: u64,
    n: usize,
) -> Vec<Arrival> {
    ArrivalStream::new(w, clock, seed).take(n).collect()
}

fn clock(rate: f64, warm_rate: f64, warmup_s: f64) -> ArrivalClock {
    ArrivalClock {
        warm_rate,
        warmup_s,
        rate,
    }
}

#[test]
fn the_same_requests_at_every_rate_with_times_scaled_by_the_rate() {
    let mut s = preset("nossdav12-hdd-only");
    for pattern in [ArrivalPattern::Even, ArrivalPattern::Poisson] {
        req(&mut s).workload.arrivals = pattern;
        let w = &req(&mut s).workload;
        let (r1, r2) = (7.0, 23.0);
        let a = stream(w, clock(r1, r1, 0.0), 5, 5000);
        let b = stream(w, clock(r2, r2, 0.0), 5, 5000);
        for (i, (x, y)) in a.iter().zip(&b).enumerate() {
            assert_eq!(
                (x.video, x.segment),
                (y.video, y.segment),
                "{pattern:?} #{i}"
            );
            assert_eq!(x.operational, y.operational, "{pattern:?} #{i}");
            // One division each: t = s / rate, so t × rate is s to an ulp.
            assert_eq!(x.at_s, x.operational / r1);
            assert_eq!(y.at_s, y.operational / r2);
            let tol = 4.0 * f64::EPSILON * x.operational;
            assert!((x.at_s * r1 - y.at_s * r2).abs() <= tol, "{pattern:?} #{i}");
        }
        // Evenly spaced: the i-th request at i / rate; Poisson: each gap is
        // the inverse transform of one uniform (then two for the pick).
        let mut rng = SimRng::new(5);
        for (i, x) in a.iter().enumerate().take(200) {
            match pattern {
                ArrivalPattern::Even => assert_eq!(x.operational, i as f64),
                ArrivalPattern::Poisson => {
                    let gap = unit_exp(rng.uniform());
                    assert_eq!(a[i + 1].operational, x.operational + gap);
                    rng.uniform();
                    rng.uniform();
                }
            }
        }
    }
}

#[test]
fn a_warm_up_keeps_the_stream_common() {
    let mut s = preset("nossdav12-hdd-only");
    req(&mut s).workload.arrivals = ArrivalPattern::Poisson;
    let w = &req(&mut s).workload;
    let warm_s = 600.0;
    // The figure's warm ring: the warm-up at the measured rate, so the whole
    // stream (warm-up and measured period) scales with the rate.
    let (r1, r2) = (12.0, 20.0);
    let a = stream(w, clock(r1, r1, warm_s), 9, 30_000);
    let b = stream(w, clock(r2, r2, warm_s), 9, 30_000);
    assert!(
        a.last().expect("requests").at_s > warm_s,
        "past the warm-up"
    );
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(
            (x.video, x.segment, x.operational),
            (y.video, y.segment, y.operational)
        );
        assert_eq!(x.at_s, x.operational / r1);
        assert_eq!(y.at_s, y.operational / r2);
    }
    // A warm-up at its own rate (1 request/s, as the flashcache-warm
    // preset's): the warm-up is the same at both measured rates, and after
    // it the times from the warm-up's end scale with the rate — the first
    // measured request included (its gap is not drawn at the warm-up rate).
    let a = stream(w, clock(r1, 1.0, warm_s), 9, 3000);
    let b = stream(w, clock(r2, 1.0, warm_s), 9, 3000);
    let mut measured = 0;
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(
            (x.video, x.segment, x.operational),
            (y.video, y.segment, y.operational)
        );
        if x.operational < warm_s {
            assert_eq!(x.at_s, y.at_s);
            assert!(x.at_s < warm_s);
        } else {
            measured += 1;
            let (dx, dy) = ((x.at_s - warm_s) * r1, (y.at_s - warm_s) * r2);
            assert!((dx - dy).abs() <= 1e-9 * x.operational, "{dx} vs {dy}");
            assert!((dx - (x.operational - warm_s)).abs() <= 1e-9 * x.operational);
        }
    }
    assert!(measured > 1000);
}

/// The engine runs this stream: its measured requests are the stream's
/// arrivals in the measured period, for the figure's warm ring at two rates.
#[test]
fn the_engine_counts_the_streams_measured_requests() {
    let base = preset("nossdav12-hdd-only");
    let f = FigureSettings {
        from_rate: 4.0,
        to_rate: 9.0,
        points: 2,
        replications: 2,
        duration_h: 0.02,
        warmup_h: 0.03,
    };
    for rate in [4.0, 9.0] {
        let mut s = point_scenario(&base, FigureSeries::RingWarm, rate, &f).expect("request");
        req(&mut s).workload.arrivals = ArrivalPattern::Poisson;
        let result = RequestJob::new(s.clone())
            .expect("valid")
            .run_to_end(1 << 22);
        let r = req(&mut s);
        let (warm_s, end_s) = (
            r.run.warmup_h * 3600.0,
            (r.run.warmup_h + r.run.duration_h) * 3600.0,
        );
        for rep in &result.replications {
            let n = ArrivalStream::new(&r.workload, clock(rate, rate, warm_s), rep.seed as u64)
                .take_while(|a| a.at_s < end_s)
                .filter(|a| a.at_s >= warm_s)
                .count() as u64;
            assert_eq!(rep.requests, n, "rate {rate}, seed {}", rep.seed);
        }
    }
}
