//! Scenario validation: every field checked, every problem reported at once,
//! each message naming the field path, the value and the allowed range.

use crate::cost_model::{CostModelSpec, MAX_CACHE_GB, MAX_GRID_STEPS, MAX_ZIPF_BLOCKS};
use crate::valid::{ValidDevice, ValidScenario};
use crate::*;

#[cfg(feature = "studies")]
pub mod block;
mod checker;
mod hdd;
#[cfg(feature = "studies")]
mod request;
pub mod server;
#[cfg(feature = "studies")]
pub use request::{
    request_section_missing, REQUEST_SECTION_MISSING, S3_FIFO_BYTES_PER_BLOCK, S3_FIFO_MAX_BYTES,
};

use checker::{fmt_num, Checker};
pub use checker::{
    gib_text, FieldError, MAX_CLASSES, MAX_COUNT, MAX_DEVICES, MAX_EXPECTED_CONCURRENT,
    MAX_EXPECTED_EVENTS, MAX_REPLICATIONS, MAX_VIDEOS, MIN_REPLICATIONS_TO_DECIDE,
};

/// Read a scenario from JSON without the range checks: a structural problem
/// (wrong type, unknown or missing field) is reported with its path. The one
/// reader of scenario text ([`crate::json_read`], which every JSON input
/// shares, so the module holds one instance of each deserialiser).
pub fn read_scenario(json: &str) -> Result<Scenario, Vec<FieldError>> {
    crate::json_read::from_json(json).map_err(|e| {
        let path = e.path();
        vec![FieldError {
            path: if path == "." {
                "(scenario)".to_string()
            } else {
                path
            },
            message: e.message().to_string(),
        }]
    })
}

/// Parse a scenario from JSON and validate it. A structural problem (wrong
/// type, unknown or missing field) is reported with its path; otherwise every
/// range problem is reported.
pub fn parse_scenario(json: &str) -> Result<Scenario, Vec<FieldError>> {
    let scenario = read_scenario(json)?;
    let errors = problems(&scenario);
    if errors.is_empty() {
        Ok(scenario)
    } else {
        Err(errors)
    }
}

/// Validate a scenario: the [`ValidScenario`] it is, or every problem found.
/// The only maker of a `ValidScenario`.
pub fn validate(scenario: Scenario) -> Result<ValidScenario, Vec<FieldError>> {
    let errors = problems(&scenario);
    if errors.is_empty() {
        ValidScenario::resolve(scenario)
    } else {
        Err(errors)
    }
}

/// The checks of one catalog device on its own (paths start `device.`),
/// as a characterisation of a device outside a scenario needs them.
pub fn device_problems(d: &Device) -> Vec<FieldError> {
    let mut c = Checker { errors: Vec::new() };
    check_devices(&mut c, std::slice::from_ref(d));
    c.errors
        .into_iter()
        .map(|e| FieldError {
            path: e.path.replacen("devices[0]", "device", 1),
            message: e.message,
        })
        .collect()
}

impl ValidScenario {
    /// A scenario made from this one by `change` (other counts, another
    /// rate, another architecture), validated again: the one place a
    /// derived scenario is checked.
    pub fn derive(
        &self,
        change: impl FnOnce(&mut Scenario),
    ) -> Result<ValidScenario, Vec<FieldError>> {
        let mut s = self.scenario().clone();
        change(&mut s);
        validate(s)
    }
}

/// Every problem of a parsed scenario (empty = valid), for a front end that
/// shows them; [`validate`] gives the scenario as a [`ValidScenario`].
/// Validate one catalog device on its own: the [`ValidDevice`] it is, or
/// every problem (paths start `device.`). The only maker of a `ValidDevice`.
pub fn validate_device(device: Device) -> Result<ValidDevice, Vec<FieldError>> {
    let errors = device_problems(&device);
    if errors.is_empty() {
        Ok(ValidDevice(device))
    } else {
        Err(errors)
    }
}

pub fn problems(s: &Scenario) -> Vec<FieldError> {
    let mut c = Checker { errors: Vec::new() };
    if s.version != SCHEMA_VERSION {
        c.push(
            "version",
            format!(
                "{} is not supported: this build reads schema version {}",
                s.version, SCHEMA_VERSION
            ),
        );
    }
    if s.name.chars().count() > 200 {
        c.push("name", "is longer than 200 characters");
    }
    check_workload(&mut c, &s.workload);
    check_run(&mut c, &s.run);
    check_devices(&mut c, &s.devices);
    check_tiers(&mut c, s);
    check_policy(&mut c, &s.policy);
    if let Some(cm) = &s.cost_model {
        check_cost_model(&mut c, "cost_model", cm);
    }
    #[cfg(feature = "studies")]
    if let Some(r) = &s.request {
        request::check_request(&mut c, s, r);
    }
    #[cfg(feature = "studies")]
    if let Some(b) = &s.block {
        block::check_block(&mut c, b);
    }
    if let Some(v) = &s.server {
        server::check_server(&mut c, s, v);
    }
    if c.errors.is_empty() {
        check_budget(&mut c, s);
    }
    c.errors
}

fn check_workload(c: &mut Checker, w: &Workload) {
    c.count("workload.videos", w.videos, 1, MAX_VIDEOS);
    if w.classes.is_empty() || w.classes.len() > MAX_CLASSES {
        c.push(
            "workload.classes",
            format!(
                "has {} classes: must have from 1 to {MAX_CLASSES}",
                w.classes.len()
            ),
        );
    }
    let mut share_sum = 0.0;
    for (i, k) in w.classes.iter().enumerate() {
        let p = format!("workload.classes[{i}]");
        c.range(&format!("{p}.share"), k.share, 0.0, true, 1.0, "");
        c.range(
            &format!("{p}.length_min"),
            k.length_min,
            0.1,
            false,
            1440.0,
            "min",
        );
        c.range(
            &format!("{p}.bitrate_kbps"),
            k.bitrate_kbps,
            1.0,
            false,
            1_000_000.0,
            "KB/s",
        );
        share_sum += k.share;
    }
    if !w.classes.is_empty() && share_sum.is_finite() && (share_sum - 1.0).abs() > 1e-6 {
        c.push(
            "workload.classes",
            format!("shares sum to {}: they must sum to 1", fmt_num(share_sum)),
        );
    }
    match w.popularity.convention {
        ZipfConvention::Exponent => c.range(
            "workload.popularity.value",
            w.popularity.value,
            0.0,
            false,
            3.0,
            "(exponent s)",
        ),
        ZipfConvention::Theta => c.range(
            "workload.popularity.value",
            w.popularity.value,
            -2.0,
            false,
            1.0,
            "(θ; exponent = 1 − θ)",
        ),
    }
    c.range(
        "workload.arrival_rate",
        w.arrival_rate,
        0.0,
        true,
        1000.0,
        "requests/s",
    );
    if let Some(ch) = &w.churn {
        c.range(
            "workload.churn.period_h",
            ch.period_h,
            0.01,
            false,
            8760.0,
            "h",
        );
        let hi = w.videos.max(1);
        c.count("workload.churn.new_titles", ch.new_titles, 1, hi);
    }
    if let Some(p) = &w.rate_profile {
        check_rate_profile(c, p);
    }
}

fn check_rate_profile(c: &mut Checker, p: &RateProfile) {
    let at = "workload.rate_profile";
    if p.hourly.len() != 24 {
        c.push(
            format!("{at}.hourly"),
            format!(
                "has {} values: give one weight for each of the 24 hours",
                p.hourly.len()
            ),
        );
        return;
    }
    for (h, &v) in p.hourly.iter().enumerate() {
        c.range(
            &format!("{at}.hourly[{h}]"),
            v,
            0.0,
            false,
            1e6,
            "(relative weight)",
        );
    }
    let sum: f64 = p.hourly.iter().sum();
    if sum.is_finite() && sum <= 0.0 {
        c.push(
            format!("{at}.hourly"),
            "is zero in every hour: at least one hour needs a weight > 0",
        );
    }
    c.count(&format!("{at}.start_hour"), p.start_hour, 0, 23);
}

fn check_run(c: &mut Checker, r: &RunConfig) {
    c.range("run.duration_h", r.duration_h, 0.0, true, 8760.0, "h");
    let hi = if r.duration_h.is_finite() && r.duration_h > 0.0 {
        r.duration_h
    } else {
        8760.0
    };
    c.range("run.warmup_h", r.warmup_h, 0.0, false, hi, "h");
    if r.warmup_h.is_finite()
        && r.duration_h.is_finite()
        && r.warmup_h >= r.duration_h
        && r.warmup_h <= hi
    {
        {
            c.push(
                "run.warmup_h",
                format!(
                    "{} must be shorter than run.duration_h ({} h)",
                    fmt_num(r.warmup_h),
                    fmt_num(r.duration_h)
                ),
            );
        }
    }
    c.count("run.replications", r.replications, 1, MAX_REPLICATIONS);
    if let Some(x) = r.halt_above_peak_utilisation {
        if !(x.is_finite() && x > 0.0 && x <= 1.0) {
            c.push(
                "run.halt_above_peak_utilisation",
                format!(
                    "{} is out of range: a peak-utilisation ceiling is a fraction above 0 and at most 1 (100 %)",
                    fmt_num(x)
                ),
            );
        }
    }
    if let Some(t) = r.target_rejection {
        if !(t.is_finite() && t > 0.0 && t < 1.0) {
            c.push(
                "run.target_rejection",
                format!(
                    "{} ({} %) is out of range: the share of viewers turned away must be above 0 and below 1 (100 %)",
                    fmt_num(t),
                    fmt_num(t * 100.0)
                ),
            );
        } else if r.replications < MIN_REPLICATIONS_TO_DECIDE {
            c.push(
                "run.replications",
                format!(
                    "{} is too few to decide a target: with run.target_rejection set it is the cap, at least {MIN_REPLICATIONS_TO_DECIDE}",
                    r.replications
                ),
            );
        }
    }
}

fn check_devices(c: &mut Checker, devices: &[Device]) {
    if devices.len() > MAX_DEVICES {
        c.push(
            "devices",
            format!("has {} entries: at most {MAX_DEVICES}", devices.len()),
        );
    }
    for (i, d) in devices.iter().enumerate() {
        let p = format!("devices[{i}]");
        if d.id.is_empty() || d.id.len() > 40 {
            c.push(format!("{p}.id"), "must be 1 to 40 characters");
        } else if devices[..i].iter().any(|o| o.id == d.id) {
            c.push(
                format!("{p}.id"),
                format!(
                    "\"{}\" is used by an earlier device: ids must be unique",
                    d.id
                ),
            );
        }
        if d.name.chars().count() > 120 {
            c.push(format!("{p}.name"), "is longer than 120 characters");
        }
        c.range(
            &format!("{p}.capacity_gb"),
            d.capacity_gb,
            0.0,
            true,
            1e6,
            "GiB",
        );
        for (field, v) in [("read_mbps", d.read_mbps), ("write_mbps", d.write_mbps)] {
            match v {
                Some(v) => c.range(&format!("{p}.{field}"), v, 0.0, true, 1e6, "MB/s"),
                None if d.kind != DeviceKind::Dram => c.push(
                    format!("{p}.{field}"),
                    "is missing: only DRAM may have unlimited bandwidth (null)",
                ),
                None => {}
            }
        }
        c.range(&format!("{p}.price"), d.price, 0.0, false, 1e7, "$");
        c.range(&format!("{p}.power_w"), d.power_w, 0.0, false, 1e5, "W");
        if let Some(m) = &d.hdd {
            hdd::check_mechanics(c, &format!("{p}.hdd"), d.kind, m);
        }
        match (&d.flash, d.kind) {
            (None, DeviceKind::Ssd) => c.push(
                format!("{p}.flash"),
                "is missing: an SSD needs its flash characteristics (cell, P/E cycles, timings)",
            ),
            (Some(_), DeviceKind::Hdd | DeviceKind::Dram) => c.push(
                format!("{p}.flash"),
                "is only allowed for devices of kind \"ssd\"",
            ),
            (Some(f), DeviceKind::Ssd) => {
                let p = format!("{p}.flash");
                c.count(&format!("{p}.pe_cycles"), f.pe_cycles, 1, 10_000_000);
                c.range(&format!("{p}.page_kb"), f.page_kb, 0.5, false, 1024.0, "KB");
                c.count(&format!("{p}.pages_per_block"), f.pages_per_block, 1, 4096);
                c.range(&format!("{p}.read_us"), f.read_us, 0.0, true, 1e6, "µs");
                c.range(
                    &format!("{p}.program_us"),
                    f.program_us,
                    0.0,
                    true,
                    1e6,
                    "µs",
                );
                c.range(&format!("{p}.erase_ms"), f.erase_ms, 0.0, true, 1e4, "ms");
                c.range(
                    &format!("{p}.spare_factor"),
                    f.spare_factor,
                    0.0,
                    true,
                    10.0,
                    "",
                );
                c.range(
                    &format!("{p}.write_read_interference"),
                    f.write_read_interference,
                    0.0,
                    false,
                    0.9,
                    "",
                );
                if let Some(u) = f.units {
                    c.count(&format!("{p}.units"), u, 1, 65_536);
                }
                if let Some(k) = &f.controller {
                    check_controller(c, &format!("{p}.controller"), k, f);
                }
                if !c.errors.iter().any(|e| e.path.starts_with(&p)) {
                    check_flash_space(c, &p, d.capacity_gb, f);
                }
            }
            (None, _) => {}
        }
    }
}

/// The spare flash must hold whole mapping units beyond the logical space
/// on every unit, or garbage collection finds no block to reclaim: a
/// mapping unit that leaves part of each erase block unused, or a spare
/// factor too small for a unit's share, leaves none.
fn check_flash_space(c: &mut Checker, p: &str, capacity_gb: f64, f: &FlashSpec) {
    if !(capacity_gb.is_finite() && capacity_gb > 0.0) {
        return;
    }
    // The geometry the device models build, checked as they will use it.
    let g = crate::flash_layout::SsdGeometry::of(capacity_gb, f, None);
    let physical_pages =
        libm::floor(g.capacity_bytes as f64 * (1.0 + g.spare_factor) / g.page_bytes as f64) as u64;
    let blocks = physical_pages / g.pages_per_block as u64 / g.units as u64;
    if blocks < crate::flash_layout::MIN_BLOCKS_PER_UNIT as u64 {
        c.push(
            format!("{p}.pages_per_block"),
            format!(
                "{} GiB with spare factor {} gives {} erase blocks of {} pages on each of the {} units: garbage collection needs at least {}; use fewer pages per block or fewer units",
                fmt_num(capacity_gb),
                fmt_num(g.spare_factor),
                blocks,
                g.pages_per_block,
                g.units,
                crate::flash_layout::MIN_BLOCKS_PER_UNIT
            ),
        );
        return;
    }
    let map_kb = f.controller.map_or(f.page_kb, |k| k.map_kb);
    let l = crate::flash_layout::MappedLayout::new(
        g.capacity_bytes,
        g.spare_factor,
        g.page_bytes,
        g.pages_per_block,
        g.units,
        map_kb,
    );
    if l.has_spare() {
        return;
    }
    c.push(
        format!("{p}.spare_factor"),
        format!(
            "{} leaves garbage collection no block to reclaim: each of the {} units holds {} mapping units of {} KB ({} to an erase block of {} × {} KB) in its blocks but one and is given {} of the drive's {}; raise spare_factor or choose a mapping unit that divides the erase block",
            fmt_num(f.spare_factor),
            l.units,
            l.closed_slots_per_unit(),
            fmt_num(l.map_bytes as f64 / 1024.0),
            l.slots,
            f.pages_per_block,
            fmt_num(f.page_kb),
            l.logical_per_unit(),
            l.logical
        ),
    );
}

/// An SSD controller's fields: the mapping unit is whole pages within one
/// erase block; the rest are bounded so a run stays finite.
fn check_controller(c: &mut Checker, p: &str, k: &SsdController, f: &FlashSpec) {
    let block_kb = f.page_kb * f.pages_per_block as f64;
    c.range(
        &format!("{p}.map_kb"),
        k.map_kb,
        0.0,
        true,
        block_kb.max(f.page_kb),
        "KB (one erase block)",
    );
    // A mapping unit is whole pages, or a whole share of one page (several
    // units programmed together in a page).
    let pages = k.map_kb / f.page_kb;
    let share = f.page_kb / k.map_kb;
    let whole = |x: f64| x >= 1.0 && (x - x.round()).abs() < 1e-9;
    if k.map_kb.is_finite() && k.map_kb > 0.0 && f.page_kb > 0.0 && !whole(pages) && !whole(share) {
        c.push(
            format!("{p}.map_kb"),
            format!(
                "{} KB is neither a whole number of {} KB pages nor a whole share of one",
                fmt_num(k.map_kb),
                fmt_num(f.page_kb)
            ),
        );
    }
    if k.map_kb.is_finite() && k.map_kb > 0.0 && k.map_kb < 0.5 {
        c.push(
            format!("{p}.map_kb"),
            format!("{} KB is below one 512 B sector", fmt_num(k.map_kb)),
        );
    }
    let units = f.units.unwrap_or(1).max(1);
    c.count(&format!("{p}.channels"), k.channels, 0, units);
    c.range(
        &format!("{p}.channel_mbps"),
        k.channel_mbps,
        0.0,
        false,
        1e5,
        "MB/s",
    );
    if k.channels > 0 && k.channel_mbps == 0.0 {
        c.push(
            format!("{p}.channel_mbps"),
            format!("{} channels need a bus rate > 0 MB/s", k.channels),
        );
    }
    c.count(&format!("{p}.queue_depth"), k.queue_depth, 1, 65_536);
    c.range(
        &format!("{p}.max_kiops"),
        k.max_kiops,
        0.0,
        false,
        1e5,
        "thousand commands/s (0: no ceiling)",
    );
    c.range(
        &format!("{p}.command_us"),
        k.command_us,
        0.0,
        false,
        1e5,
        "µs",
    );
    c.range(
        &format!("{p}.link_mbps"),
        k.link_mbps,
        0.0,
        true,
        1e5,
        "MB/s",
    );
    c.range(
        &format!("{p}.buffer_kb"),
        k.buffer_kb,
        0.0,
        false,
        1e7,
        "KB",
    );
    c.count(
        &format!("{p}.gc_reserve_blocks"),
        k.gc_reserve_blocks,
        0,
        4096,
    );
}

fn check_tier(
    c: &mut Checker,
    s: &Scenario,
    path: &str,
    tier: &TierSpec,
    kind: DeviceKind,
    min_count: u32,
) -> Option<f64> {
    c.count(&format!("{path}.count"), tier.count, min_count, MAX_COUNT);
    match s.device(&tier.device) {
        None => {
            let ids: Vec<&str> = s.devices.iter().map(|d| d.id.as_str()).collect();
            c.push(
                format!("{path}.device"),
                format!(
                    "\"{}\" is not in the device catalog (known: {})",
                    tier.device,
                    if ids.is_empty() {
                        "none".to_string()
                    } else {
                        ids.join(", ")
                    }
                ),
            );
            None
        }
        Some(d) if d.kind != kind => {
            c.push(
                format!("{path}.device"),
                format!(
                    "\"{}\" is a {:?} device: this tier of {} needs kind \"{}\"",
                    d.id,
                    d.kind,
                    s.architecture.label(),
                    match kind {
                        DeviceKind::Hdd => "hdd",
                        DeviceKind::Dram => "dram",
                        DeviceKind::Ssd => "ssd",
                    }
                ),
            );
            None
        }
        Some(d) => Some(d.capacity_gb * tier.count as f64),
    }
}

fn check_tiers(c: &mut Checker, s: &Scenario) {
    // The bulk tier holds the whole library: disks, or NVMe SSDs in an
    // all-flash server (model §10b) — the stream engine needs only its
    // bandwidth and capacity. Memory cannot be it.
    let disk_kind = match s.device(&s.tiers.disk.device) {
        Some(d) if d.kind == DeviceKind::Ssd => DeviceKind::Ssd,
        _ => DeviceKind::Hdd,
    };
    let disk_gb = check_tier(c, s, "tiers.disk", &s.tiers.disk, disk_kind, 1);
    if let Some(kb) = s.tiers.disk_read_kb {
        c.count("tiers.disk_read_kb", kb, 4, 65_536);
    }
    if let Some(kind) = s.architecture.interval_cache_kind() {
        match &s.tiers.interval_cache {
            Some(t) => {
                check_tier(c, s, "tiers.interval_cache", t, kind, 0);
            }
            None => c.push(
                "tiers.interval_cache",
                format!(
                    "is missing: {} needs an interval-cache tier",
                    s.architecture.label()
                ),
            ),
        }
    }
    if s.architecture.has_file_cache() {
        match &s.tiers.file_cache {
            Some(t) => {
                check_tier(c, s, "tiers.file_cache", t, DeviceKind::Ssd, 0);
            }
            None => c.push(
                "tiers.file_cache",
                format!(
                    "is missing: {} needs a file-cache (LFU) tier",
                    s.architecture.label()
                ),
            ),
        }
    }
    // Routed by title, a server of several holds only its titles: which,
    // the placement decides (the stream engine's `fleet`, which checks the
    // server with the most against its disks).
    let by_title = s
        .server
        .as_ref()
        .is_some_and(|v| v.fleet.routing == crate::server::Routing::ByTitle && v.fleet.servers > 1);
    if let Some(disk_gb) = disk_gb.filter(|_| !by_title) {
        let lib_mb = s.library_mb();
        if lib_mb.is_finite() && lib_mb > disk_gb * 1024.0 {
            c.push(
                "tiers.disk.count",
                format!(
                    "{} disks hold {} but the library needs {}: add disks or shrink the library",
                    s.tiers.disk.count,
                    gib_text(disk_gb, true),
                    gib_text(lib_mb / 1024.0, false)
                ),
            );
        }
    }
}

fn check_policy(c: &mut Checker, p: &Policy) {
    c.range(
        "policy.lfu_window_h",
        p.lfu_window_h,
        0.0,
        true,
        8760.0,
        "h",
    );
    c.count("policy.lfu_margin", p.lfu_margin, 0, 1_000_000);
}

/// Validate the cost-model inputs on their own (the app's cost-model panel
/// and the CLI's `cost-model` command), with paths under `cost_model`.
pub fn validate_cost_model(spec: &CostModelSpec) -> Vec<FieldError> {
    let mut c = Checker { errors: Vec::new() };
    check_cost_model(&mut c, "cost_model", spec);
    c.errors
}

/// Longest flash or disk operation the cost model accepts, µs (1 s).
const MAX_OP_US: f64 = 1e6;

fn check_cost_model(c: &mut Checker, at: &str, m: &CostModelSpec) {
    let p = &m.params;
    let pp = format!("{at}.params");
    c.range(&format!("{pp}.page_kb"), p.page_kb, 0.0, true, 1024.0, "KB");
    c.count(&format!("{pp}.pages_per_block"), p.pages_per_block, 1, 4096);
    for (name, v) in [
        ("c_fr_us", p.c_fr_us),
        ("c_prog_us", p.c_prog_us),
        ("c_cp_us", p.c_cp_us),
        ("c_e_us", p.c_e_us),
        ("c_dr_us", p.c_dr_us),
        ("c_dw_us", p.c_dw_us),
    ] {
        c.range(&format!("{pp}.{name}"), v, 0.0, false, MAX_OP_US, "µs");
    }
    if let Some(v) = p.c_wh_us {
        c.range(&format!("{pp}.c_wh_us"), v, 0.0, false, MAX_OP_US, "µs");
    }
    // IO_R is 1 − IO_W (the app derives it); report it only when IO_W is
    // itself valid, so one bad write share gives one message.
    let io_errors = c.errors.len();
    c.range(&format!("{pp}.io_w"), p.io_w, 0.0, false, 1.0, "");
    if c.errors.len() == io_errors && !(p.io_r.is_finite() && (p.io_r + p.io_w - 1.0).abs() <= 1e-9)
    {
        c.push(
            format!("{pp}.io_r"),
            format!(
                "{} is not 1 − io_w = {}: reads and writes are the only I/Os",
                fmt_num(p.io_r),
                fmt_num(1.0 - p.io_w)
            ),
        );
    }
    let w = &m.workload;
    let wp = format!("{at}.workload");
    c.count(
        &format!("{wp}.read_blocks"),
        w.read_blocks,
        1,
        MAX_ZIPF_BLOCKS,
    );
    c.count(
        &format!("{wp}.write_blocks"),
        w.write_blocks,
        1,
        MAX_ZIPF_BLOCKS,
    );
    c.range(
        &format!("{wp}.read_exponent"),
        w.read_exponent,
        0.0,
        false,
        5.0,
        "",
    );
    c.range(
        &format!("{wp}.write_exponent"),
        w.write_exponent,
        0.0,
        false,
        5.0,
        "",
    );
    c.range(
        &format!("{at}.cache_gb"),
        m.cache_gb,
        0.0,
        true,
        MAX_CACHE_GB,
        "GiB",
    );
    c.count(&format!("{at}.u_steps"), m.u_steps, 2, MAX_GRID_STEPS);
    c.count(&format!("{at}.r_steps"), m.r_steps, 1, MAX_GRID_STEPS);
}

/// Expected events of a whole run (all replications), for the budget check
/// and for progress reporting.
pub fn expected_events(s: &Scenario) -> f64 {
    let w = &s.workload;
    let history = if s.architecture.has_file_cache()
        && s.policy.lfu == LfuPolicy::Dynamic
        && s.policy.lfu_start == LfuStart::Warm
    {
        s.policy.lfu_window_h * 3600.0
    } else {
        0.0
    };
    // Each arrival makes at most an end event and, with interval caching, a
    // move-to-buffer event; history arrivals are single events.
    let per_arrival = if s.architecture.interval_cache_kind().is_some() {
        3.0
    } else {
        2.0
    };
    let per_rep = w.arrival_rate * (s.run.duration_h * 3600.0 * per_arrival + history);
    per_rep * s.run.replications as f64
}

fn check_budget(c: &mut Checker, s: &Scenario) {
    let events = expected_events(s);
    if events > MAX_EXPECTED_EVENTS {
        c.push(
            "run",
            format!(
                "this run would take about {} events (arrival rate × duration × replications): the limit is {}; shorten run.duration_h, lower run.replications or workload.arrival_rate",
                fmt_num(events.round()),
                fmt_num(MAX_EXPECTED_EVENTS)
            ),
        );
    }
    let max_len_s = s
        .workload
        .classes
        .iter()
        .map(VideoClass::length_s)
        .fold(0.0, f64::max);
    // With a rate profile the busiest hour sets the concurrency.
    let peak = s.workload.peak_rate();
    let concurrent = offered_load(peak, max_len_s);
    if concurrent > MAX_EXPECTED_CONCURRENT {
        c.push(
            "workload.arrival_rate",
            format!(
                "{} requests/s × {} s videos means about {} concurrent streams: the limit is {}",
                fmt_num(peak),
                fmt_num(max_len_s),
                fmt_num(concurrent.round()),
                fmt_num(MAX_EXPECTED_CONCURRENT)
            ),
        );
    }
}
