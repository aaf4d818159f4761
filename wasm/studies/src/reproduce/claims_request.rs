//! NOSSDAV'12's five DASH results (model §11) as data: the request-level
//! runs and max-rate searches that reproduce them, and what the model lacks
//! where it does not. Data only; `request_inputs.rs` reads the results.

use super::rows::value;
use crate::reproduce::Claim;
use crate::reproduce::Expect;
use crate::reproduce::Method;
use crate::reproduce::RequestInput;
use crate::reproduce::RequestReproScenario;
use crate::reproduce::Study;

use super::types::RequestMetric;
use tierplan_scenario::presets::{request_preset, CALIBRATED_CHUNK_KB};

fn run(
    id: &str,
    title: &str,
    preset: &str,
    search: Option<(f64, f64)>,
    replications: u32,
) -> RequestReproScenario {
    let mut s = request_preset(preset).expect("request preset");
    let r = s.request.as_mut().expect("request section");
    r.run.replications = replications;
    if let Some((lo, hi)) = search {
        r.search.min_rate = lo;
        r.search.max_rate = hi;
        r.search.step = 1.0;
    }
    RequestReproScenario {
        id: id.into(),
        title: title.into(),
        search: search.is_some(),
        scenario: s,
    }
}

/// The runs and searches, one replication per search point (each point is
/// an hour of requests), two per hit-ratio run.
pub(super) fn nossdav12_request_scenarios() -> Vec<RequestReproScenario> {
    vec![
        run(
            "req-hdd-search",
            "HDD only: highest rate at 0 % miss",
            "nossdav12-hdd-only",
            Some((10.0, 30.0)),
            1,
        ),
        {
            // The same disks with Poisson arrivals instead of the study's
            // evenly spaced requests.
            let mut r = run(
                "req-hdd-poisson-search",
                "HDD only, Poisson arrivals: highest rate at 0 % miss",
                "nossdav12-hdd-only",
                Some((10.0, 30.0)),
                1,
            );
            let req = r.scenario.request.as_mut().expect("request section");
            req.workload.arrivals = tierplan_scenario::request::ArrivalPattern::Poisson;
            r
        },
        run(
            "req-flashcache-search",
            "flashcache cold: highest rate at 0 % miss",
            "nossdav12-flashcache-cold",
            Some((1.0, 20.0)),
            1,
        ),
        run(
            "req-flashcache-warm-search",
            "flashcache warm: highest rate at 0 % miss",
            "nossdav12-flashcache-warm",
            Some((1.0, 20.0)),
            1,
        ),
        run(
            "req-l2arc-cold-search",
            "L2ARC cold: highest rate at 0 % miss",
            "nossdav12-l2arc-cold",
            Some((10.0, 24.0)),
            1,
        ),
        run(
            "req-l2arc-warm-search",
            "L2ARC warm: highest rate at 0 % miss",
            "nossdav12-l2arc-warm",
            Some((16.0, 30.0)),
            1,
        ),
        run(
            "req-flashcache-cold",
            "flashcache cold at 1 request/s",
            "nossdav12-flashcache-cold",
            None,
            2,
        ),
        run(
            "req-flashcache-warm",
            "flashcache warm (12 h at 1 request/s) at 1 request/s",
            "nossdav12-flashcache-warm",
            None,
            2,
        ),
        run(
            "req-l2arc-cold",
            "L2ARC cold at 16 requests/s",
            "nossdav12-l2arc-cold",
            None,
            2,
        ),
        run(
            "req-l2arc-warm",
            "L2ARC warm (4 h) at 20 requests/s",
            "nossdav12-l2arc-warm",
            None,
            2,
        ),
    ]
}

fn inp(scenario: &str, metric: RequestMetric, label: &str) -> RequestInput {
    RequestInput {
        scenario: scenario.into(),
        metric,
        label: label.into(),
    }
}

#[allow(clippy::too_many_arguments)]
fn claim(
    id: &str,
    claim: &str,
    published: &str,
    expect: Expect,
    how: String,
    inputs: Vec<RequestInput>,
    tolerance: f64,
    explanation: &str,
    caveat: &str,
) -> Claim {
    Claim {
        id: id.into(),
        study: Study::Nossdav12,
        section: "§11".into(),
        claim: claim.into(),
        published: published.into(),
        expect,
        how,
        method: Method::RequestSimulated { inputs },
        tolerance,
        explanation: explanation.into(),
        caveat: caveat.into(),
    }
}

pub(super) fn nossdav12_request_claims() -> Vec<Claim> {
    use RequestMetric::*;
    let setup = format!(
        "Request-level engine: 300 videos × 466 segments of 10 s (VBR, CV 0.3), θ = 0.271, requests evenly spaced, one hour per point; 2 × 7200 rpm disks RAID-0 (512 KB stripe), 2 GB page cache, the web server reading {CALIBRATED_CHUNK_KB} KB per I/O."
    );
    vec![
        claim(
            "nossdav12-hdd-rate",
            "Two 7200 rpm HDDs in RAID0 serve up to 19 requests/s of 10-second segments at 0 % miss.",
            "19 req/s",
            value(19.0, "req/s", 0),
            format!("{setup} Bisection over whole rates for the highest with no deadline miss."),
            vec![inp("req-hdd-search", MaxRate, "HDD only"), inp("req-hdd-poisson-search", MaxRate, "Poisson arrivals")],
            4.75,
            "",
            "Calibrated: this row fixes the one fitted parameter, the web server's read size (768 KB instead of the model's 128 KB default; with 128 KB every segment costs 18 positionings and the disks saturate near 8 requests/s). All other NOSSDAV'12 rows are predictions. With Poisson arrivals the same disks manage less (shown beside): random bunches of requests queue at the disks, and at a 0 % target one segment pushed past its 10 s deadline in the hour is enough to fail a rate.",
        ),
        claim(
            "nossdav12-flashcache-rate",
            "flashcache (block cache, 60 GB of SSD A) could not serve even 1 request/s at 0 % segment miss ratio, cold or warm.",
            "< 1 req/s",
            Expect::AtMost { bound: 1.0, unit: "req/s".into(), decimals: 0, strict: true },
            format!("{setup} flashcache-like cache: 4 KB blocks, 512 ways, FIFO; each missed 4 KB block is read from disk and written to the X25-M before the chunk completes, the SSD's queue merging writes that touch (at most 512 KB); the drive starts in steady state (a flushed flashcache does not TRIM it) with the controller characterised from Table 1. Warm: 12 h at 1 request/s first. Judged on the cold value; the warm one is shown beside it."),
            vec![inp("req-flashcache-search", MaxRate, "cold"), inp("req-flashcache-warm-search", MaxRate, "warm")],
            0.5,
            "Reproduced as a prediction of the characterised drive. On the used X25-M every fill write makes the garbage collector copy about six more mapping units (WA ≈ 7), so the drive absorbs only about 7 MB/s of fills; a 2.5 MB segment per second already keeps it busy most of the time, collections stall a unit for seconds at a time, and since the SSD serves its queue in order, hits and fills queue behind the stalled writes until segments miss their 10 s deadline — cold and warm alike.",
            "",
        ),
        claim(
            "nossdav12-flashcache-write-size",
            "flashcache's median write request to the SSD is 116 KB (1 request/s, cold cache, Figure 3a).",
            "116 KB",
            value(116.0, "KB", 0),
            format!("{setup} The median size of the write requests the SSD served in the cold run at 1 request/s (after the block layer's merging)."),
            vec![inp("req-flashcache-cold", FlashWriteMedianKb, "cold")],
            58.0,
            "Same order, about twice as large: our queue merges every touching write while the device is busy, up to 512 KB; Linux dispatches sooner (plugging ends, the request queue's depth limits how long a request stays mergeable) and flashcache writes a disk block's pieces as they complete, so its merged requests are shorter.",
            "",
        ),
        claim(
            "nossdav12-l2arc-rate",
            "ZFS L2ARC on 60 GB serves up to 16 requests/s cold and 20 warm at 0 % miss.",
            "16 / 20 req/s",
            value(16.0, "req/s", 0),
            format!("{setup} L2ARC-like ring: feed every 1 s (200 ms after a big feed), 8 MB per feed (16 MB until the first wrap), noprefetch and norw; warm = 4 h of warm-up. Judged on the cold value; the warm one is shown beside it."),
            vec![inp("req-l2arc-cold-search", MaxRate, "cold"), inp("req-l2arc-warm-search", MaxRate, "warm")],
            4.0,
            "The ordering holds (cold < HDD only < warm). Cold is below HDD only: the ring's first pass writes over a used X25-M at WA ≈ 7, and its garbage-collection bursts (seconds long on a die) stall the reads queued behind them; the scalable SSD model gives 17 requests/s here and the per-page reference 18 (model §11). Warm is above the study's 20: our ring holds more of what is requested (see the hit-ratio row), and the model lacks what makes ZFS slower than ext4 on the same disks — ARC memory given to L2ARC headers and buffers, checksumming and 128 KB record handling.",
            "",
        ),
        claim(
            "nossdav12-flashcache-hit",
            "flashcache's read hit ratio is 0.7 % cold and 25.7 % warm.",
            "0.7 % / 25.7 %",
            value(25.7, "%", 1),
            format!("{setup} Block hits per block lookup at 1 request/s; warm after 12 h at 1 request/s as in the study. Judged on the warm value; the cold one is shown beside it."),
            vec![inp("req-flashcache-warm", BlockHitPercent, "warm"), inp("req-flashcache-cold", BlockHitPercent, "cold")],
            5.0,
            "Warm is close; cold is a few times the study's 0.7 %: at 1 request/s a set (one 2 MB extent) is revisited within the hour more often than in the study, whose hit ratio also counts the re-reads its 4 KB pieces cause. The warm hit ratio far above the cold one is reproduced.",
            "",
        ),
        claim(
            "nossdav12-l2arc-hit",
            "L2ARC's hit ratio (from block traces) is 4.2 % cold and 11.1 % warm.",
            "4.2 % / 11.1 %",
            value(11.1, "%", 1),
            format!("{setup} Bytes read from the ring over all bytes read, cold at 16 and warm at 20 requests/s. Judged on the warm value; the cold one is shown beside it."),
            vec![inp("req-l2arc-warm", FlashHitPercent, "warm"), inp("req-l2arc-cold", FlashHitPercent, "cold")],
            3.0,
            "Our ring holds more of what is requested than ZFS's: every first and second chunk of a segment read on demand is fed, while ZFS's prefetcher marks more of each segment as prefetched (l2arc_noprefetch) and its ARC is smaller than our page cache for the headers it keeps. The model lacks ARC's adaptive lists and ZFS's prefetch heuristics.",
            "",
        ),
    ]
}
