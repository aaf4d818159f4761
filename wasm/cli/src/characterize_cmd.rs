//! `tierplan characterize DEVICE_ID`: microbenchmarks of a catalog device's
//! model (model §11, device characterisation), as fio would run them on the
//! drive: MB/s, IOPS, latency and WA per pattern, queue depth and state.

use std::process::ExitCode;
use std::time::Instant;
use tierplan_core::characterize::{characterize, published_for, rows_csv, CharacterizeSpec};
use tierplan_core::scenario::presets::{all_devices, figures_of};
use tierplan_core::scenario::Device;

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ModelArg {
    Scalable,
    Reference,
}

impl ModelArg {
    pub fn kind(self) -> tierplan_core::scenario::SsdModelKind {
        match self {
            ModelArg::Scalable => tierplan_core::scenario::SsdModelKind::Scalable,
            ModelArg::Reference => tierplan_core::scenario::SsdModelKind::Reference,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CharFormat {
    Table,
    Csv,
    Json,
}

/// The device: from the scenario's catalog when one is given, else from
/// every built-in catalog.
fn find(id: &str, scenario: Option<&tierplan_core::Scenario>) -> Result<Device, String> {
    let catalog: Vec<Device> = match scenario {
        Some(s) => s.devices.clone(),
        None => all_devices(),
    };
    catalog.iter().find(|d| d.id == id).cloned().ok_or_else(|| {
        let ids: Vec<&str> = catalog.iter().map(|d| d.id.as_str()).collect();
        format!(
            "device {id:?} is not in the catalog; known: {}",
            ids.join(", ")
        )
    })
}

pub fn run(
    id: &str,
    scenario: Option<&tierplan_core::Scenario>,
    format: CharFormat,
    spec: CharacterizeSpec,
) -> ExitCode {
    let device = match find(id, scenario) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("tierplan characterize: {e}");
            return ExitCode::from(2);
        }
    };
    let device = match tierplan_core::scenario::validate::validate_device(device) {
        Ok(d) => d,
        Err(errs) => return crate::invalid("the characterisation", &errs),
    };
    let c = match characterize(&device, &spec) {
        Ok(c) => c,
        Err(errs) => return crate::invalid("the characterisation", &errs),
    };
    match format {
        CharFormat::Csv => print!("{}", rows_csv(&c)),
        CharFormat::Json => println!(
            "{}",
            serde_json::to_string_pretty(&c).expect("serialisable")
        ),
        CharFormat::Table => {
            // The real drive's published figure beside each test it names.
            let figures = figures_of(&device.id);
            println!("{} ({})", device.name, device.id);
            println!(
                "{:<16} {:<7} {:>4} {:>9} {:>9} {:>8} {:>8} {:>8} {:>8} {:>6}  published",
                "pattern",
                "state",
                "qd",
                "MB/s",
                "IOPS",
                "mean ms",
                "p99 ms",
                "p99.9",
                "max ms",
                "WA",
            );
            for r in &c.rows {
                let published = published_for(&figures, r)
                    .map(|f| match f.iops {
                        Some(i) => format!("{i:.0} IOPS ({})", f.cite),
                        None => format!("{} MB/s ({})", f.mbps, f.cite),
                    })
                    .unwrap_or_default();
                println!(
                    "{:<16} {:<7} {:>4} {:>9.2} {:>9.0} {:>8.3} {:>8.3} {:>8.3} {:>8.3} {:>6.2}  {}",
                    r.pattern.label(),
                    r.state.label(),
                    r.queue_depth,
                    r.mbps,
                    r.iops,
                    r.mean_ms,
                    r.p99_ms,
                    r.p999_ms,
                    r.max_ms,
                    r.wa,
                    published
                );
            }
            if let Some(p) = &c.precondition {
                let first = p.mbps.first().copied().unwrap_or(0.0);
                let last = p.mbps.last().copied().unwrap_or(0.0);
                let wa = p.wa.last().copied().unwrap_or(1.0);
                println!("preconditioning (random 4 KB writes from fresh): {first:.2} → {last:.2} MB/s, WA {wa:.2}, {:.0} s simulated", p.t_s.last().copied().unwrap_or(0.0));
            }
            for n in &c.notes {
                println!("note: {n}");
            }
        }
    }
    ExitCode::SUCCESS
}

/// Flash operations per second of the SSD models natively (issue 33's
/// speed figure): `ios` 4 KB random writes at queue depth 1 on each drive
/// laid out in steady state (the layout is timed apart), best of `rounds`;
/// one JSON line per (drive, model): I/Os, flash operations (page reads,
/// programs, copies counted as a read and a program, erases), seconds and
/// operations per second.
pub fn bench_ssd(rounds: u32, ios: u64) {
    use tierplan_core::characterize::ssd_geometry_for;
    use tierplan_core::devices::ssd::Ssd;
    use tierplan_core::devices::IoOp;
    use tierplan_core::sampling::rng::SimRng;
    use tierplan_core::scenario::SsdModelKind;
    let runs = [
        ("x25m", SsdModelKind::Scalable),
        ("x25m", SsdModelKind::Reference),
        ("p5336_61t44", SsdModelKind::Scalable),
    ];
    for (id, model) in runs {
        let d = all_devices()
            .into_iter()
            .find(|d| d.id == id)
            .expect("a catalog SSD");
        let d = tierplan_core::scenario::validate::validate_device(d).expect("a valid catalog SSD");
        let g = ssd_geometry_for(&d, model).expect("characterisable");
        let c = d.flash.as_ref().and_then(|f| f.controller);
        let mut best = f64::INFINITY;
        let (mut ops, mut layout_s) = (0, 0.0);
        for _ in 0..rounds.max(1) {
            let t = Instant::now();
            let mut ssd = Ssd::with_model(&g, c.as_ref(), model);
            ssd.reset_steady(1);
            layout_s = t.elapsed().as_secs_f64();
            let mut rng = SimRng::new(7);
            let span = g.capacity_bytes / 4096;
            let t = Instant::now();
            let mut now = 0.0;
            for _ in 0..ios {
                let a = ((rng.uniform() * span as f64) as u64).min(span - 1) * 4096;
                now += ssd.service_at(IoOp::Write, a, 4096, now);
            }
            best = best.min(t.elapsed().as_secs_f64());
            ops = ssd.flash_ops;
        }
        println!(
            "{{\"device\": \"{id}\", \"model\": \"{model:?}\", \"ios\": {ios}, \"flash_ops\": {ops}, \"layout_s\": {layout_s:.3}, \"best_s\": {best:.4}, \"flash_ops_per_s\": {:.0}}}",
            ops as f64 / best
        );
    }
}
