//! `tierplan devices`: the whole built-in device catalog — the stream-level
//! studies' devices and the request-level ones — with every figure and the
//! assumptions (sources) each device lists.

use std::io::Write;
use std::process::ExitCode;
use tierplan_core::scenario::presets::all_devices;
use tierplan_core::scenario::DeviceKind;

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DevicesFormat {
    Table,
    Json,
}

fn opt(v: Option<f64>) -> String {
    v.map_or_else(|| "—".into(), |x| format!("{x}"))
}

pub fn run(format: DevicesFormat) -> ExitCode {
    // A closed pipe (`tierplan devices | head`) ends the listing quietly.
    match print(format, &mut std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tierplan devices: {e}");
            ExitCode::FAILURE
        }
    }
}

fn print(format: DevicesFormat, out: &mut impl Write) -> std::io::Result<()> {
    let devices = all_devices();
    if format == DevicesFormat::Json {
        let text = serde_json::to_string_pretty(&devices).expect("serialisable");
        return writeln!(out, "{text}");
    }
    writeln!(
        out,
        "{:<16} {:<5} {:>9} {:>10} {:>10} {:>8} {:>9}  name",
        "id", "kind", "GB", "read MB/s", "write MB/s", "price $", "P/E"
    )?;
    for d in &devices {
        let kind = match d.kind {
            DeviceKind::Hdd => "hdd",
            DeviceKind::Ssd => "ssd",
            DeviceKind::Dram => "dram",
        };
        let pe = d
            .flash
            .as_ref()
            .map_or_else(|| "—".into(), |f| f.pe_cycles.to_string());
        writeln!(
            out,
            "{:<16} {:<5} {:>9} {:>10} {:>10} {:>8} {:>9}  {}",
            d.id,
            kind,
            d.capacity_gb,
            opt(d.read_mbps),
            opt(d.write_mbps),
            d.price,
            pe,
            d.name
        )?;
        if let (Some(m), DeviceKind::Hdd) = (&d.hdd, d.kind) {
            let kb = f64::from(tierplan_core::scenario::DEFAULT_DISK_READ_KB);
            writeln!(
                out,
                "{:<16} streaming: {:.1} MB/s derived at {kb} KB reads per stream (seek {} ms, revolution {:.2} ms, media {}{} MB/s; model §4) against {} MB/s on the datasheet",
                "",
                tierplan_core::devices::hdd::streaming_mbps(m, kb),
                m.seek_ms,
                m.revolution_ms,
                m.media_mbps,
                m.inner_mbps.map_or(String::new(), |i| format!(" → {i}")),
                opt(d.read_mbps)
            )?;
        }
        for a in &d.assumptions {
            writeln!(out, "{:<16} source/assumption: {a}", "")?;
        }
    }
    Ok(())
}
