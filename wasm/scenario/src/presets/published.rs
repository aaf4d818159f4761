//! Servers Netflix has described in public (model §10b), as scenarios: the
//! 2021 all-NVMe edge and the storage edge of about 36 disks and a few
//! SSDs, in its 4 × 10 GbE form of about 2013 and with today's drives.
//! Each figure names its dated source; what no source gives is marked as an
//! assumption. The Study-claims rows that compare the model with these
//! publications are in `tierplan-studies` (`published_servers`).

use super::chassis::{chassis_preset, HOST_SOFTWARE_TLS_GBPS};
use super::today::{today_device_presets, today_scenario, KBPS_PER_MBPS};
use super::{class, tier, tiers};
use crate::server::*;
use crate::*;

/// Mean bitrate of a stream in these presets, Mbps: an assumption (Netflix
/// publishes no mean bitrate per server); a server's ceiling in Gb/s does
/// not depend on it, only the number of streams.
pub const PUBLISHED_MBPS: f64 = 8.0;

/// The 2021 talk: Drew Gallatin, "Serving Netflix Video at 400Gb/s on
/// FreeBSD", EuroBSDCon 2021-09.
pub const EUROBSDCON_2021: &str =
    "Gallatin, \"Serving Netflix Video at 400Gb/s on FreeBSD\", EuroBSDCon 2021-09";
/// The FAST'21 keynote: Jonathan Looney (Netflix), USENIX FAST 2021-02, as
/// reported by Tom Coughlin, Forbes 2021-03-29.
pub const FAST21_KEYNOTE: &str =
    "Looney (Netflix), FAST'21 keynote, 2021-02 (reported by T. Coughlin, Forbes, 2021-03-29)";
/// The 2013 storage appliance as opened by a Reddit user (PoisonWaffle3)
/// and reported in 2022.
pub const OCA_2013_REPORT: &str = "a retired 2013 Open Connect storage appliance as opened and reported by Reddit user PoisonWaffle3, 2022-10 (Tom's Hardware Italia 2022-10, digitblue 2022)";

fn base_device(id: &str) -> Device {
    today_device_presets()
        .into_iter()
        .find(|d| d.id == id)
        .expect("today's catalog has the base device")
}

/// WD SN720 2 TB, the drive of the 2021 server.
fn sn720() -> Device {
    let mut d = base_device("pm9a3_7t68");
    d.id = "wd_sn720_2tb".into();
    d.name = "NVMe TLC SSD 2 TB (WD SN720, PCIe 3.0 × 4)".into();
    d.capacity_gb = 2e12 / (1u64 << 30) as f64;
    d.read_mbps = Some(3400.0);
    d.write_mbps = Some(2800.0);
    d.price = 250.0;
    d.power_w = 8.0;
    d.assumptions = vec![
        "18 × WD SN720 2 TB: EuroBSDCon 2021-09 (PCWorld.pl 2021-09)".into(),
        "assumed: 3 400/2 800 MB/s, $250, 8 W, flash as PM9A3".into(),
    ];
    d
}

/// The 2013 appliance's 7.2 TB 7200 rpm disk.
fn hdd_2013() -> Device {
    let mut d = base_device("exos_x20");
    let k = 180.0 / 285.0;
    d.id = "hdd_7t2_2013".into();
    d.name = "HDD 7.2 TB 7200 rpm (2013 appliance)".into();
    d.capacity_gb = 7.2e12 / (1u64 << 30) as f64;
    d.read_mbps = Some(180.0);
    d.write_mbps = Some(180.0);
    d.price = 300.0;
    d.power_w = 8.0;
    if let Some(m) = d.hdd.as_mut() {
        m.media_mbps *= k;
        m.inner_mbps = m.inner_mbps.map(|x| x * k);
    }
    d.assumptions = vec!["2013 appliance (Reddit, 2022-10); assumed: 180 MB/s, $300, 8 W".into()];
    d
}

/// The 2013 appliance's 500 GB SATA SSD (flash characteristics of the
/// studies' SATA SSD: the stream engine uses its bandwidth and capacity).
fn ssd_2013() -> Device {
    let mut d = super::device_presets()
        .into_iter()
        .find(|d| d.id == "ssd_a")
        .expect("the studies' SSD");
    d.id = "micron_500g_2013".into();
    d.name = "SATA SSD 500 GB (Micron, 2013 appliance)".into();
    d.capacity_gb = 500e9 / (1u64 << 30) as f64;
    d.read_mbps = Some(500.0);
    d.write_mbps = Some(400.0);
    d.price = 400.0;
    d.power_w = 4.0;
    d.form_factor = Some(FormFactor::Sff25);
    d.assumptions =
        vec!["2013 appliance (Reddit, 2022-10); assumed: 500/400 MB/s, $400, 4 W".into()];
    d
}

/// The 2013 storage appliance: 36 × 3.5" + 6 × 2.5", 4 × 10 GbE.
pub fn oca_2013_chassis() -> Chassis {
    Chassis {
        id: "oca_2013_storage".into(),
        name: "2013 storage appliance (36 × 3.5\" + 6 SSD, 4 × 10 GbE)".into(),
        bays: vec![
            Bays {
                form_factor: FormFactor::Lff35,
                count: 36,
            },
            Bays {
                form_factor: FormFactor::Sff25,
                count: 6,
            },
        ],
        dimm_slots: 8,
        max_dimm_gb: 16.0,
        nic_ports: 4,
        nic_gbps: 10.0,
        // No serving ceiling was published for this host: set to the NIC's
        // line rate so it never binds before the NIC (assumption).
        host_gbps: 40.0,
        price: 0.0,
        nic_price: 0.0,
        idle_power_w: 250.0,
        rack_units: 4,
        // The 2013 appliance's lanes were not published: no lane limit.
        pcie_lanes: None,
        nic_lanes: 0,
        assumptions: vec![
            "2013 appliance, Reddit report 2022-10; assumed: 4U, slots, host = NIC, 250 W, $0"
                .into(),
        ],
    }
}

fn server(chassis: Chassis) -> ServerSpec {
    ServerSpec {
        chassis,
        // The publications give what a server served at its ceiling: the
        // whole egress may be filled.
        egress_headroom: 1.0,
        fleet: Fleet::default(),
    }
}

/// A published server's scenario: `videos` one-hour titles at
/// [`PUBLISHED_MBPS`], offered `offered_gbps` of streams, Zipf 0.8, no
/// churn, warm-up one title length.
fn published(name: &str, videos: u32, offered_gbps: f64) -> Scenario {
    let streams = offered_gbps * 1000.0 / PUBLISHED_MBPS;
    let mut s = today_scenario(
        name,
        videos,
        vec![class(1.0, 60.0, PUBLISHED_MBPS)],
        0.8,
        streams,
        (1, 0, 1),
    );
    s.workload.churn = None;
    s.policy.lfu = LfuPolicy::Static;
    s.run.duration_h = 2.0;
    s.run.replications = 2;
    s
}

/// 2021 all-NVMe edge: 18 × 2 TB NVMe as the only tier, 256 GB, 4 × 100
/// GbE, software TLS (host 240 Gb/s); offered 300 Gb/s.
pub fn nvme_2021() -> Scenario {
    let mut s = published("Netflix 2021 all-NVMe edge (18 × 2 TB NVMe)", 4_000, 300.0);
    s.devices.push(sn720());
    s.architecture = Architecture::HddOnly;
    s.tiers = tiers(tier("wd_sn720_2tb", 18), None, None);
    // Its 256 GB of memory is the OS's page cache, not a tier of this
    // architecture; the host ceiling is software TLS's 240 Gb/s.
    let ch = chassis_preset("oca_2021_nvme").expect("the 2021 chassis");
    debug_assert_eq!(ch.host_gbps, HOST_SOFTWARE_TLS_GBPS);
    s.server = Some(server(ch));
    s
}

/// The storage edge of about 2013: 36 disks + 6 SSDs (LFU), 4 × 10 GbE;
/// offered 50 Gb/s.
pub fn storage_2013() -> Scenario {
    let mut s = published(
        "Netflix storage edge, 2013 (36 HDD + 6 SSD, 4 × 10 GbE)",
        20_000,
        50.0,
    );
    // Only the devices it uses: a link to it stays short.
    s.devices.retain(|d| d.id == "ddr5_64gb");
    s.devices.push(hdd_2013());
    s.devices.push(ssd_2013());
    s.tiers = tiers(
        tier("hdd_7t2_2013", 36),
        Some(tier("ddr5_64gb", 0)),
        Some(tier("micron_500g_2013", 6)),
    );
    s.server = Some(server(oca_2013_chassis()));
    s
}

/// The storage edge with today's drives: 36 × 24 TB disks + 4 × 7.68 TB
/// NVMe (LFU) in the 4U 60-bay chassis (2 × 100 GbE, host 240 Gb/s);
/// offered 150 Gb/s.
pub fn storage_today() -> Scenario {
    let mut s = published(
        "Storage edge today (36 × 24 TB HDD + 4 NVMe, 2 × 100 GbE)",
        60_000,
        150.0,
    );
    s.tiers = tiers(
        tier("exos_x24", 36),
        Some(tier("ddr5_64gb", 0)),
        Some(tier("pm9a3_7t68", 4)),
    );
    s.server = Some(server(
        chassis_preset("storage_4u_60lff").expect("the 4U chassis"),
    ));
    s
}

/// Streams of [`PUBLISHED_MBPS`] in KB/s (for tests and the claims).
pub fn published_kbps() -> f64 {
    PUBLISHED_MBPS * KBPS_PER_MBPS
}
