//! The reproduction page's data types: claims, how our value is obtained,
//! outcomes and table rows (the TypeScript side sees them through ts-rs).

use crate::optimize::Counts;
use tierplan_request::MaxRateResult;
use tierplan_request::RequestResult;
use tierplan_scenario::Architecture;
use tierplan_scenario::Scenario;
use tierplan_scenario::TierRole;
use tierplan_stream::results::RunResult;

use serde::{Deserialize, Serialize};

/// Where a claim was published.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Study {
    /// Ryu, Kim, Ramachandran, MMSys 2011.
    Mmsys11,
    /// Ryu, Kim, Ramachandran, NOSSDAV 2012.
    Nossdav12,
    /// Oh, Lee, Choi, Lee, Noh: HySSC.
    Hyssc,
    /// Oh, Choi, Lee, Noh, FAST 2012.
    Fast12,
    /// A check value docs/model.md states for a formula it takes from the
    /// literature rather than from one of the four studies.
    Spec,
    /// Sengupta, Li: flash-aware key-value stores (FlashStore, SkimpyStash,
    /// ChunkStash).
    SenguptaLi,
}

impl Study {
    pub fn label(self) -> &'static str {
        match self {
            Study::Mmsys11 => "MMSys'11",
            Study::Nossdav12 => "NOSSDAV'12",
            Study::Hyssc => "HySSC",
            Study::Fast12 => "FAST'12",
            Study::Spec => "model check value",
            Study::SenguptaLi => "Sengupta & Li",
        }
    }
}

/// What the study published, in a form we can compare against.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Expect {
    /// A number as printed, with `decimals` digits after the point.
    Value {
        value: f64,
        unit: String,
        decimals: u32,
    },
    /// Ours must reach `bound` (or exceed it when `strict`); `decimals`
    /// only sets how values are shown.
    AtLeast {
        bound: f64,
        unit: String,
        decimals: u32,
        strict: bool,
    },
    /// Ours must not exceed `bound` (or stay below it when `strict`), e.g.
    /// a 0 % rejection target, which is exact, not a rounded figure.
    AtMost {
        bound: f64,
        unit: String,
        decimals: u32,
        strict: bool,
    },
    /// Nothing we can compare (claims we do not model).
    Nothing,
}

impl Expect {
    /// Half a unit of the last printed digit.
    pub fn precision(&self) -> f64 {
        match self {
            Expect::Value { decimals, .. } => 0.5 * libm::pow(10.0, -(*decimals as f64)),
            _ => 0.0,
        }
    }

    pub(super) fn unit(&self) -> &str {
        match self {
            Expect::Value { unit, .. }
            | Expect::AtLeast { unit, .. }
            | Expect::AtMost { unit, .. } => unit,
            Expect::Nothing => "",
        }
    }

    pub(super) fn reference(&self) -> Option<f64> {
        match self {
            Expect::Value { value, .. } => Some(*value),
            Expect::AtLeast { bound, .. } | Expect::AtMost { bound, .. } => Some(*bound),
            Expect::Nothing => None,
        }
    }

    pub(super) fn decimals(&self) -> u32 {
        match self {
            Expect::Value { decimals, .. }
            | Expect::AtLeast { decimals, .. }
            | Expect::AtMost { decimals, .. } => *decimals,
            Expect::Nothing => 2,
        }
    }
}

/// A quantity read from one simulation result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Metric {
    /// Bytes read from cache tiers / all bytes read (summary.hit_ratio).
    HitRatio,
    /// The same, in %.
    HitRatioPercent,
    /// Streams reading from the interval-cache buffer (summary.buffered_streams).
    BufferedStreams,
    /// Streams served by the file-cache (flash) tier.
    FileCacheStreams,
    /// summary.streams_per_dollar.
    StreamsPerDollar,
    /// Largest rejection probability of any replication, %.
    MaxRejectionPercent,
    /// Smallest rejection probability of any replication, %.
    MinRejectionPercent,
    /// The study's "system capacity increase" of a cache with hit ratio h:
    /// 1 / (1 − h) − 1, in %.
    CapacityGainPercent,
    /// The configuration's capital cost, $.
    CapitalCost,
}

impl Metric {
    pub fn label(self) -> &'static str {
        match self {
            Metric::HitRatio => "hit ratio",
            Metric::HitRatioPercent => "hit ratio (%)",
            Metric::BufferedStreams => "buffered streams",
            Metric::FileCacheStreams => "streams from flash",
            Metric::StreamsPerDollar => "streams per dollar",
            Metric::MaxRejectionPercent => "largest rejection probability of any replication (%)",
            Metric::MinRejectionPercent => "smallest rejection probability of any replication (%)",
            Metric::CapacityGainPercent => "capacity gain 1/(1 − hit ratio) − 1 (%)",
            Metric::CapitalCost => "capital cost ($)",
        }
    }

    /// Mean and 95 % half-width (`None` for extremes over replications and
    /// for exact quantities).
    pub fn read(self, r: &RunResult) -> (f64, Option<f64>) {
        let s = &r.summary;
        match self {
            Metric::HitRatio => (s.hit_ratio.mean, Some(s.hit_ratio.ci95)),
            Metric::HitRatioPercent => (100.0 * s.hit_ratio.mean, Some(100.0 * s.hit_ratio.ci95)),
            Metric::BufferedStreams => (s.buffered_streams.mean, Some(s.buffered_streams.ci95)),
            Metric::FileCacheStreams => r
                .tiers
                .iter()
                .find(|t| t.role == TierRole::FileCache)
                .map_or((0.0, Some(0.0)), |t| {
                    (t.avg_streams.mean, Some(t.avg_streams.ci95))
                }),
            Metric::StreamsPerDollar => {
                (s.streams_per_dollar.mean, Some(s.streams_per_dollar.ci95))
            }
            Metric::MaxRejectionPercent => (100.0 * s.max_rejection_probability, None),
            Metric::MinRejectionPercent => (
                100.0
                    * r.replications
                        .iter()
                        .map(|x| x.rejection_probability)
                        .fold(f64::INFINITY, f64::min),
                None,
            ),
            Metric::CapacityGainPercent => {
                let h = s.hit_ratio.mean;
                // Delta method: d/dh (1/(1 − h)) = 1/(1 − h)².
                let slope = 1.0 / ((1.0 - h) * (1.0 - h));
                (
                    100.0 * (1.0 / (1.0 - h) - 1.0),
                    Some(100.0 * s.hit_ratio.ci95 * slope),
                )
            }
            Metric::CapitalCost => (r.capital_cost, None),
        }
    }
}

/// One quantity of one simulated scenario of the reproduction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Input {
    /// Id of a [`ReproScenario`].
    pub scenario: String,
    pub metric: Metric,
}

/// How the inputs of a simulated claim combine into our value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Combine {
    /// The first input; the others only feed the explanation.
    First,
    /// The first input divided by the largest of the others.
    RatioToBestOther,
    /// The capital cost of the cheapest input configuration that rejects
    /// nothing in any replication.
    CheapestWithoutRejections,
}

/// What the closed forms compute.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "formula", rename_all = "snake_case")]
pub enum Analytic {
    /// SkimpyStash's RAM per key-value pair, (1 + 5/k) bytes.
    SkimpyStashBytesPerEntry { k: u32 },
    /// SkimpyStash's flash reads per lookup, about k/2.
    SkimpyStashReadsPerLookup { k: u32 },
    /// Throughput per dollar: `speedup` / (1 + `flash_share` ×
    /// `flash_cost_per_gb_ratio`), where flash holds `flash_share` of the
    /// disk's capacity at that price ratio per GB.
    PerformancePerDollar {
        speedup: f64,
        flash_share: f64,
        flash_cost_per_gb_ratio: f64,
    },
    /// Cost flash adds to the disks, %: share × price ratio × 100.
    FlashAddedCost {
        flash_share: f64,
        flash_cost_per_gb_ratio: f64,
    },
    /// Share of requests drawn by the `top` most popular of `videos`, %.
    ZipfTopKMass {
        videos: u32,
        exponent: f64,
        top: u32,
    },
    /// floor(R × 1024 / b) streams.
    StreamsPerBandwidth {
        bandwidth_mbps: f64,
        bitrate_kbps: f64,
    },
    /// T = C × 1024 × N / (W × WA × 3600) hours.
    LifetimeHours {
        capacity_gb: f64,
        pe_cycles: u32,
        write_mbps: f64,
        write_amplification: f64,
    },
    /// WA(ρ) of greedy GC by the Lambert-W formula.
    WriteAmplification { spare_factor: f64 },
    /// The FAST'12 example cost model (`CostModelSpec::fast12_example`):
    /// the optimum u of its grid search.
    Fast12OptimumU,
    /// The same: caching space u × cache size at the optimum, GB.
    Fast12CachingGb,
    /// The study's capacity model S = Σ floor(R × N / B) (model §10): the
    /// cheapest device counts whose streams reach `need`, with at least
    /// `min_disks` disks to hold the library. Our value is the cost, $.
    CapacityRule {
        disk_mbps: f64,
        disk_price: f64,
        min_disks: u32,
        /// (bandwidth MB/s, price $) of the cache device, if any.
        #[cfg_attr(feature = "ts", ts(optional = nullable))]
        cache: Option<(f64, f64)>,
        bitrate_kbps: f64,
        need: u64,
    },
}

/// How our value is obtained.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Method {
    Analytic {
        analytic: Analytic,
    },
    Simulated {
        inputs: Vec<Input>,
        combine: Combine,
    },
    NotModelled {
        reason: String,
    },
    /// Request-level runs (model §11): ours is the first input's value, the
    /// others are shown beside it.
    RequestSimulated {
        inputs: Vec<RequestInput>,
    },
    /// Short block-cache runs (model §13) the core does itself, once per
    /// process (`claims_block`).
    BlockSimulated {
        check: BlockCheck,
    },
    /// A microbenchmark of a catalog device's model (model §11, device
    /// characterisation) the core runs itself (`claims_devices`).
    DeviceCharacterized {
        check: DeviceCheck,
    },
}

/// Which figure of which device's characterisation a claim reads: MB/s of
/// `pattern` at queue depth 1 in `state`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DeviceCheck {
    pub device: String,
    pub pattern: crate::characterize::Pattern,
    pub state: crate::characterize::DriveState,
}

/// What a block-cache claim computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum BlockCheck {
    /// How many of HySSC ≈ SLC, HySSC < MLC, MLC < TLC hold, over the presets.
    HysscOrdering,
    /// HySSC's mean response time above SLC's, %, on the worse preset.
    HysscOverSlc,
    /// Blocks written into HySSC's TLC over those into its SLC, %.
    TlcWriteShare,
    /// FAST'12: the u of least simulated cost on the write-dominant preset.
    Fast12WriteHeavyU,
    /// FAST'12: OP-FCL's cost above the best fixed partition, %, worst preset.
    Fast12OpGap,
}

/// What a request-level claim reads from its run or search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RequestMetric {
    /// Highest rate meeting the miss target (a max-rate search), req/s.
    MaxRate,
    /// Bytes served by flash, %.
    FlashHitPercent,
    /// Block-cache hits per block lookup, %.
    BlockHitPercent,
    /// Median SSD write request, KB.
    FlashWriteMedianKb,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RequestInput {
    /// Id of a [`RequestReproScenario`].
    pub scenario: String,
    pub metric: RequestMetric,
    /// Shown with the value, e.g. "cold".
    pub label: String,
}

/// A request-level scenario some claims need: one run, or a max-rate search
/// over `request.search` when `search` is set.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RequestReproScenario {
    pub id: String,
    pub title: String,
    pub search: bool,
    pub scenario: Scenario,
}

/// The outcome of a [`RequestReproScenario`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum RequestOutput {
    Run { result: Box<RequestResult> },
    MaxRate { result: MaxRateResult },
}

/// One published claim.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Claim {
    pub id: String,
    pub study: Study,
    /// The model section the claim belongs to, e.g. "§10".
    pub section: String,
    /// The claim in words.
    pub claim: String,
    /// The published value as printed ("55.4 %", "13 HDDs", "< 1 req/s").
    pub published: String,
    pub expect: Expect,
    /// How we compute ours, in words (empty when not modelled).
    pub how: String,
    pub method: Method,
    /// Band around the published value within which ours is at least
    /// `close`, in the claim's unit (≥ the published precision).
    pub tolerance: f64,
    /// Why we differ (shown when the verdict is not `reproduced`); may name
    /// an input as `{scenario-id:metric}`, replaced by its value.
    pub explanation: String,
    /// Shown when reproduced (a caveat), may be empty.
    pub caveat: String,
}

impl Claim {
    /// The scenarios (stream or request level) the claim's value is read
    /// from, in the order of its inputs.
    pub fn inputs(&self) -> Vec<String> {
        let mut ids: Vec<String> = match &self.method {
            Method::Simulated { inputs, .. } => inputs.iter().map(|i| i.scenario.clone()).collect(),
            Method::RequestSimulated { inputs } => {
                inputs.iter().map(|i| i.scenario.clone()).collect()
            }
            _ => Vec::new(),
        };
        ids.dedup();
        ids
    }
}

/// A scenario some claims simulate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReproScenario {
    pub id: String,
    /// What it is, e.g. "13 HDDs, λ = 1/s".
    pub title: String,
    pub scenario: Scenario,
}

/// Every claim and every scenario they need.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Reproduction {
    pub scenarios: Vec<ReproScenario>,
    pub claims: Vec<Claim>,
    /// Request-level runs and searches (model §11) the NOSSDAV'12 rows need.
    #[serde(default)]
    pub request_scenarios: Vec<RequestReproScenario>,
}

impl Reproduction {
    /// The part of the plan the claims `ids` need: those claims, and the
    /// scenarios their inputs and explanations (`{scenario-id:metric}`)
    /// read. An unknown id is named, with how many there are.
    pub fn only(&self, ids: &[&str]) -> Result<Reproduction, String> {
        let mut claims = Vec::new();
        for id in ids {
            match self.claims.iter().find(|c| c.id == *id) {
                Some(c) => claims.push(c.clone()),
                None => {
                    return Err(format!(
                        "no claim is called {id:?} (there are {}; `tierplan reproduce` lists them)",
                        self.claims.len()
                    ))
                }
            }
        }
        let needed = |sid: &str| {
            claims.iter().any(|c: &Claim| {
                c.inputs().iter().any(|i| i == sid) || c.explanation.contains(&format!("{{{sid}:"))
            })
        };
        Ok(Reproduction {
            scenarios: self
                .scenarios
                .iter()
                .filter(|s| needed(&s.id))
                .cloned()
                .collect(),
            request_scenarios: self
                .request_scenarios
                .iter()
                .filter(|s| needed(&s.id))
                .cloned()
                .collect(),
            claims,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Reproduced,
    Close,
    Differs,
    NotModelled,
    Pending,
}

impl Verdict {
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Reproduced => "reproduced",
            Verdict::Close => "close",
            Verdict::Differs => "differs",
            Verdict::NotModelled => "not modelled",
            Verdict::Pending => "not run yet",
        }
    }
}

/// Our value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Ours {
    pub value: f64,
    /// 95 % half-width over the replications (simulated means only).
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub ci95: Option<f64>,
    /// As shown: value, CI and unit, plus the configuration where it helps.
    pub text: String,
}

/// Ours − published (for a bound: ours − bound).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Difference {
    pub absolute: f64,
    /// absolute / |published|; `null` when the published value is 0.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub relative: Option<f64>,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ClaimOutcome {
    pub id: String,
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub ours: Option<Ours>,
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub difference: Option<Difference>,
    pub verdict: Verdict,
    /// Why we differ, what we do not model, or a caveat; may be empty.
    pub note: String,
}

/// One row of the table the page and `tierplan reproduce` show.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReproductionRow {
    pub id: String,
    pub study: Study,
    pub study_label: String,
    pub section: String,
    pub claim: String,
    pub published: String,
    pub how: String,
    /// Ids of the scenarios this claim simulates (empty for closed forms).
    pub scenarios: Vec<String>,
    pub outcome: ClaimOutcome,
}

/// One configuration of the MMSys'11 cost table (§6.4): what the study
/// found cheapest for each architecture at λ = 1/s with 0 % rejection.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StudyConfig {
    pub architecture: Architecture,
    /// "HDD only", "DRAM + HDD", "SSD + HDD".
    pub label: String,
    pub counts: Counts,
    /// "2 DRAM + 12 HDDs".
    pub text: String,
    pub streams_per_dollar: f64,
}
