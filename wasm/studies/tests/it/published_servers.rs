//! The published servers' claims (model §10b): the 2021 all-NVMe server is
//! bound by its host or network, never its drives, and carries what the
//! talk and the keynote published.

use tierplan_stream::server::Limit;
use tierplan_studies::published_servers::*;

#[test]
fn the_published_servers_name_the_publications_limits_and_throughputs() {
    let rows = published_server_claims().expect("the presets are valid");
    for r in &rows {
        eprintln!(
            "{}: {:?} {:.1} Gb/s of {:.1} → {:?}",
            r.id, r.model_limit, r.model_gbps, r.egress_gbps, r.verdict
        );
    }
    let get = |id: &str| rows.iter().find(|r| r.id == id).unwrap();
    // Software TLS: the host (240 Gb/s), not the 18 drives (≈ 510 Gb/s).
    let sw = get("eurobsdcon21-software-tls");
    assert_eq!(sw.model_limit, Limit::Host);
    assert_eq!(sw.verdict, ServerVerdict::Reproduced);
    assert!(
        sw.model_gbps > 228.0 && sw.model_gbps <= 240.0,
        "{}",
        sw.model_gbps
    );
    // NIC TLS offload: the 4 × 100 GbE, about 400 Gb/s.
    let nic = get("eurobsdcon21-nic-tls");
    assert_eq!(nic.model_limit, Limit::Nic);
    assert_eq!(nic.verdict, ServerVerdict::Reproduced);
    assert!(
        nic.model_gbps > 380.0 && nic.model_gbps <= 400.0,
        "{}",
        nic.model_gbps
    );
    assert_eq!(get("fast21-all-flash").verdict, ServerVerdict::Reproduced);
    let hdd = get("fast21-hdd-flash");
    assert!(
        !matches!(hdd.model_limit, Limit::Nic | Limit::Host),
        "a disk + flash box of 2 × 100 GbE is bound by its drives: {:?}",
        hdd.model_limit
    );
}
