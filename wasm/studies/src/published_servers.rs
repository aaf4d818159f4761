//! The published servers as claims (model §10b): for each configuration
//! Netflix described, the limit the publication names against the model's
//! binding limit, and the throughput it published against what the model
//! carries when offered more than the server can send. A second Study-claims
//! table beside §12's (the page shows both).
//!
//! Our throughput is the mean egress in use over the measured window of a
//! short run (one replication, 1 h after a 1 h warm-up) offered 1.25 × the
//! server's line rate, so every limit that can bind does.

use serde::{Deserialize, Serialize};
use tierplan_scenario::presets::chassis::HOST_NIC_TLS_GBPS;
use tierplan_scenario::presets::published::{
    nvme_2021, storage_today, EUROBSDCON_2021, FAST21_KEYNOTE, PUBLISHED_MBPS,
};
use tierplan_scenario::validate::FieldError;
use tierplan_scenario::Scenario;
use tierplan_stream::fleet::run_fleet;
use tierplan_stream::server::Limit;

/// How a published server's claim came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ServerVerdict {
    /// The model names a limit the publication names (or it names none)
    /// and its throughput is in the published range (± [`TOLERANCE`]).
    Reproduced,
    /// One of the two holds, or the throughput misses by at most 2 ×
    /// [`TOLERANCE`].
    Close,
    /// Neither.
    Differs,
}

/// Share by which our throughput may fall outside the published range and
/// still be in it: the publications round ("about 400", "180+").
pub const TOLERANCE: f64 = 0.05;

/// One row of the published servers' table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ServerClaim {
    pub id: String,
    /// The configuration, in words.
    pub configuration: String,
    /// The preset it is built from (`#preset=<id>` opens it).
    pub preset: String,
    /// What the publication says, as it says it.
    pub published: String,
    /// The limits the publication names (empty: it names none).
    pub published_limits: Vec<Limit>,
    /// Published range, Gb/s (`high` absent: "at least").
    pub published_low_gbps: f64,
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub published_high_gbps: Option<f64>,
    /// The model's binding limit and its throughput, Gb/s.
    pub model_limit: Limit,
    pub model_gbps: f64,
    /// The egress the model allows, Gb/s (min(NIC, host) × headroom).
    pub egress_gbps: f64,
    pub verdict: ServerVerdict,
    pub source: String,
    /// Why we differ, or what the row does not test.
    pub note: String,
}

struct Row {
    id: &'static str,
    configuration: &'static str,
    preset: &'static str,
    published: &'static str,
    limits: &'static [Limit],
    low: f64,
    high: Option<f64>,
    source: &'static str,
    note: &'static str,
    build: fn() -> Scenario,
}

fn nic_tls() -> Scenario {
    let mut s = nvme_2021();
    if let Some(v) = s.server.as_mut() {
        v.chassis.host_gbps = HOST_NIC_TLS_GBPS;
    }
    s
}

fn rows() -> Vec<Row> {
    vec![
        Row {
            id: "eurobsdcon21-software-tls",
            configuration: "18 × 2 TB NVMe, 4 × 100 GbE, software TLS",
            preset: "published-nvme-2021",
            published: "about 240 Gb/s with software kTLS; memory bandwidth binds",
            limits: &[Limit::Host],
            low: 240.0,
            high: Some(240.0),
            source: EUROBSDCON_2021,
            note: "The host ceiling (240 Gb/s) is taken from this talk, so the row tests that the 18 drives (about 510 Gb/s) and the NICs do not bind first, not the 240 itself.",
            build: nvme_2021,
        },
        Row {
            id: "eurobsdcon21-nic-tls",
            configuration: "18 × 2 TB NVMe, 4 × 100 GbE, TLS offloaded to the NICs",
            preset: "published-nvme-2021",
            published: "about 400 Gb/s with NIC kTLS offload: the 4 × 100 GbE line rate",
            limits: &[Limit::Nic, Limit::Host],
            low: 400.0,
            high: Some(400.0),
            source: EUROBSDCON_2021,
            note: "The preset with the host ceiling raised to the talk's 400 Gb/s; the NICs' 4 × 100 GbE are then the lesser limit. The drives, about 510 Gb/s, still do not bind.",
            build: nic_tls,
        },
        Row {
            id: "fast21-all-flash",
            configuration: "Netflix's all-flash appliance (the 2021 server, software TLS)",
            preset: "published-nvme-2021",
            published: "180+ Gb/s (all-flash appliance)",
            limits: &[],
            low: 180.0,
            high: None,
            source: FAST21_KEYNOTE,
            note: "The keynote names no limit (the CPU was under 50 % at 180 Gb/s); the 2021 server stands for the all-flash appliance.",
            build: nvme_2021,
        },
        Row {
            id: "fast21-hdd-flash",
            configuration: "36 × 24 TB HDD + 4 × 7.68 TB NVMe (LFU), 2 × 100 GbE",
            preset: "published-storage-today",
            published: "up to 80 Gb/s (large HDD + flash appliance)",
            limits: &[],
            low: 0.0,
            high: Some(80.0),
            source: FAST21_KEYNOTE,
            note: "The keynote gives neither the appliance's drives nor a limit: 36 disks and 4 SSDs of today, 60 000 one-hour titles and Zipf 0.8 are assumptions, and the verdict follows them. The 36 disks alone stream about the published 80 Gb/s at their sequential rate; four NVMe drives of today then serve the hottest titles on top, so the assumed box carries more than twice that. What differs is the unpublished hardware (the appliance's flash, NICs and year), not a mechanism of serving the model lacks.",
            build: storage_today,
        },
    ]
}

/// Offered load: 1.25 × the line rate, so every limit that can bind does.
const OVERLOAD: f64 = 1.25;

fn judge(r: &Row, limit: Limit, gbps: f64) -> ServerVerdict {
    let limit_ok = r.limits.is_empty() || r.limits.contains(&limit);
    let lo = r.low * (1.0 - TOLERANCE);
    let hi = r.high.map_or(f64::INFINITY, |h| h * (1.0 + TOLERANCE));
    let in_range = gbps >= lo && gbps <= hi;
    let near = gbps >= r.low * (1.0 - 2.0 * TOLERANCE)
        && gbps
            <= r.high
                .map_or(f64::INFINITY, |h| h * (1.0 + 2.0 * TOLERANCE));
    match (limit_ok, in_range) {
        (true, true) => ServerVerdict::Reproduced,
        (true, false) if near => ServerVerdict::Close,
        (false, true) => ServerVerdict::Close,
        _ => ServerVerdict::Differs,
    }
}

/// The cheap run of a row: one replication, 1 h measured after 1 h of
/// warm-up, offered [`OVERLOAD`] × the NIC line rate.
fn short(mut s: Scenario) -> Scenario {
    s.run.replications = 1;
    s.run.duration_h = 2.0;
    s.run.warmup_h = 1.0;
    s.run.target_rejection = None;
    if let Some(v) = &s.server {
        let offered_gbps = v.chassis.nic_total_gbps() * OVERLOAD;
        let streams = offered_gbps * 1000.0 / PUBLISHED_MBPS;
        s.workload.arrival_rate = s.workload.rate_for_streams(streams);
    }
    s
}

/// Every published server's row, each from a short simulation.
pub fn published_server_claims() -> Result<Vec<ServerClaim>, Vec<FieldError>> {
    rows().iter().map(claim).collect()
}

fn claim(r: &Row) -> Result<ServerClaim, Vec<FieldError>> {
    let s = short((r.build)());
    let run = run_fleet(&s)?;
    let summary = run.server.server.as_ref().ok_or_else(|| {
        vec![FieldError {
            path: "server".into(),
            message: "the published server's scenario has no server section".into(),
        }]
    })?;
    let model_gbps = summary.egress_util_mean.mean * summary.egress_gbps;
    Ok(ServerClaim {
        id: r.id.into(),
        configuration: r.configuration.into(),
        preset: r.preset.into(),
        published: r.published.into(),
        published_limits: r.limits.to_vec(),
        published_low_gbps: r.low,
        published_high_gbps: r.high,
        model_limit: summary.binding,
        model_gbps,
        egress_gbps: summary.egress_gbps,
        verdict: judge(r, summary.binding, model_gbps),
        source: r.source.into(),
        note: r.note.into(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str) -> Row {
        rows().into_iter().find(|r| r.id == id).unwrap()
    }

    #[test]
    fn the_verdict_rule_against_hand_cases() {
        let r = row("eurobsdcon21-software-tls");
        assert_eq!(judge(&r, Limit::Host, 239.0), ServerVerdict::Reproduced);
        assert_eq!(judge(&r, Limit::Host, 216.0), ServerVerdict::Close);
        assert_eq!(judge(&r, Limit::DiskBandwidth, 239.0), ServerVerdict::Close);
        assert_eq!(
            judge(&r, Limit::DiskBandwidth, 150.0),
            ServerVerdict::Differs
        );
        let f = row("fast21-all-flash");
        assert_eq!(
            judge(&f, Limit::DiskBandwidth, 500.0),
            ServerVerdict::Reproduced
        );
        assert_eq!(judge(&f, Limit::Nic, 150.0), ServerVerdict::Differs);
    }
}
