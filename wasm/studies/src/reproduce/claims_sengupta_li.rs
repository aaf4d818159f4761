//! Sengupta & Li's closed forms (seed 003, model §11 "Index RAM"): the RAM
//! per entry and flash reads per lookup of SkimpyStash, and the
//! performance-per-dollar arithmetic of FlashStore and ChunkStash. Data only.

use super::rows::value;
use crate::reproduce::Analytic;
use crate::reproduce::Claim;
use crate::reproduce::Expect;
use crate::reproduce::Method;
use crate::reproduce::Study;

fn closed_form(
    id: &str,
    claim: &str,
    published: &str,
    expect: Expect,
    how: &str,
    analytic: Analytic,
    tolerance: f64,
) -> Claim {
    Claim {
        id: id.into(),
        study: Study::SenguptaLi,
        section: "§11".into(),
        claim: claim.into(),
        published: published.into(),
        expect,
        how: how.into(),
        method: Method::Analytic { analytic },
        tolerance,
        explanation: String::new(),
        caveat: String::new(),
    }
}

pub(super) fn sengupta_li_claims() -> Vec<Claim> {
    vec![
        closed_form(
            "sengupta-skimpystash-ram",
            "SkimpyStash keeps about (1 + 5/k) bytes of RAM per key-value pair on flash; with chains of k = 10 keys that is 1.5 B.",
            "1.5 B per entry (k = 10)",
            value(1.5, "B", 1),
            "1 + 5/k with k = 10 (a 4-byte chain pointer and a 1-byte counter per bucket of about k keys); the request-level engine offers it as an index choice.",
            Analytic::SkimpyStashBytesPerEntry { k: 10 },
            0.05,
        ),
        closed_form(
            "sengupta-skimpystash-reads",
            "A SkimpyStash lookup walks half a chain on average: about 5 flash reads (≈ 50 µs) at k = 10.",
            "5 reads per lookup",
            value(5.0, "reads", 0),
            "k/2 flash reads per lookup, k = 10; the request-level engine adds them to every flash-index lookup.",
            Analytic::SkimpyStashReadsPerLookup { k: 10 },
            0.5,
        ),
        closed_form(
            "sengupta-flashstore-per-dollar",
            "FlashStore on SSD gives about 40× the throughput of BerkeleyDB on HDD for 6× the cost (flash = 50 % of disk capacity at 10× per GB): ≈ 7× throughput per dollar.",
            "≈ 7× (40/6)",
            value(7.0, "×", 0),
            "40 / (1 + 0.5 × 10).",
            Analytic::PerformancePerDollar { speedup: 40.0, flash_share: 0.5, flash_cost_per_gb_ratio: 10.0 },
            0.5,
        ),
        closed_form(
            "sengupta-chunkstash-per-dollar",
            "ChunkStash keeps chunk metadata on flash (1/64 of the disk's capacity at 10× per GB): 25× the performance at 1.16× the cost, ≈ 22× per dollar.",
            "≈ 22× (25/1.16)",
            value(22.0, "×", 0),
            "25 / (1 + 10/64).",
            Analytic::PerformancePerDollar { speedup: 25.0, flash_share: 1.0 / 64.0, flash_cost_per_gb_ratio: 10.0 },
            0.5,
        ),
        closed_form(
            "sengupta-metadata-cost",
            "Flash for ChunkStash's metadata is 1/64 of the disk storage at 10× the price per GB: about 16 % added cost.",
            "≈ 16 %",
            value(16.0, "%", 0),
            "100 × 10/64.",
            Analytic::FlashAddedCost { flash_share: 1.0 / 64.0, flash_cost_per_gb_ratio: 10.0 },
            0.5,
        ),
    ]
}
