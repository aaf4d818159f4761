//! Prints miss ratio and hit ratios of a request preset at given rates
//! (`cargo run --release --example request_probe -- PRESET RATE...`), for
//! calibration by hand.

use tierplan_core::presets_request::request_preset;
use tierplan_core::request::run_request;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let id = args
        .first()
        .map(String::as_str)
        .unwrap_or("nossdav12-hdd-only");
    if std::env::var("MAXRATE").is_ok() {
        let mut s = request_preset(id).expect("preset");
        s.request.as_mut().unwrap().run.replications = 1;
        let t = std::time::Instant::now();
        let m = tierplan_core::request::max_rate(&s).expect("valid");
        println!(
            "{id} max_rate={:?} points={:?} t={:.1}s",
            m.max_rate,
            m.points
                .iter()
                .map(|p| (p.rate, p.miss_ratio.mean))
                .collect::<Vec<_>>(),
            t.elapsed().as_secs_f64()
        );
        return;
    }
    for r in &args[1.min(args.len())..] {
        let mut s = request_preset(id).expect("preset");
        let rate: f64 = r.parse().expect("rate");
        let req = s.request.as_mut().unwrap();
        req.workload.rate = rate;
        req.run.replications = 1;
        if let Ok(c) = std::env::var("CHUNK_KB") {
            req.chunk_kb = c.parse().expect("chunk");
        }
        let t = std::time::Instant::now();
        let res = run_request(&s).expect("valid");
        println!(
            "{id} r={rate} miss={:.4} p50={:.3} p99={:.3} ram={:.3} flash={:.3} block={:?} util={:?} ios={} wa={:?} t={:.2}s",
            res.miss_ratio.mean,
            res.response_p50_s.mean,
            res.response_p99_s.mean,
            res.ram_hit_ratio.mean,
            res.flash_hit_ratio.mean,
            res.block_hit_ratio.map(|e| e.mean),
            res.devices.iter().map(|d| (d.name.clone(), (d.utilisation.mean * 1000.0).round() / 1000.0)).collect::<Vec<_>>(),
            res.ios,
            res.flash.as_ref().map(|f| f.write_amplification.mean),
            t.elapsed().as_secs_f64()
        );
    }
}
