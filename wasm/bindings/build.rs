//! Generates the TypeScript declarations of every type that crosses the
//! wasm boundary from the core's own definitions (ts-rs), so the app's types
//! can never drift from the Rust schema. `src/lib.rs` includes the file as a
//! `typescript_custom_section`, and wasm-bindgen puts it into the `.d.ts`.

use std::fmt::Write as _;
use std::path::PathBuf;

use tierplan_core::analytics::cost_model::{
    CostGrid, CostModelReport, CostModelSpec, CostParams, CostPoint, FlashTiming, HddTiming,
    Partition, WriteShareOptimum, ZipfWorkload,
};
use tierplan_core::analytics::gc_sim::{GcSimConfig, GcSimResult};
use tierplan_core::analytics::LfuOverlay;
use tierplan_core::block::mrc::job::MrcSpec;
use tierplan_core::block::mrc::{MrcPoint, MrcPolicy, MrcResult, Sampling};
use tierplan_core::block::result::{
    BlockCacheResult, BlockResult, CostAtU, PartitionPoint, TierResult,
};
use tierplan_core::block::sampling::presets::BlockWorkloadPreset;
use tierplan_core::block::sampling::trace::TraceLineError;
use tierplan_core::characterize::{
    Characterization, CharacterizePlan, CharacterizeProgress, CharacterizeRow, CharacterizeSpec,
    DriveState, Pattern, ThroughputSeries,
};
use tierplan_core::logs::curves::{TitleCurves, TitlePoint};
use tierplan_core::logs::fit::{
    ChurnFit, DayNew, DiurnalFit, HourRate, Interval, LogFit, RankPoint, ZipfFit,
};
use tierplan_core::logs::mapping::{ColumnMap, Detection, LogFormat};
use tierplan_core::logs::parse::{BadLine, ParseProgress};
use tierplan_core::logs::scenario::PeakHour;
use tierplan_core::logs::TimeFormat;
use tierplan_core::optimize::fleet::{
    FleetPlan, FleetProgress, FleetRequest, FleetResult, FleetTry,
};
use tierplan_core::optimize::{
    ArchitectureResult, BestConfig, Candidate, Counts, Criterion, EvaluatedConfig, MaxCounts,
    Measurement, OptimizeResult, OptimizeSpec, Replacement, SearchProgress, SearchSpace,
    SsdLifetime, Tco, TcoBreakdown, TierPeak, TierRange,
};
use tierplan_core::progress::Progress;
use tierplan_core::published_servers::{ServerClaim, ServerVerdict};
use tierplan_core::reproduce::{
    Analytic, BlockCheck, Claim, ClaimOutcome, Combine, DeviceCheck, Difference, Expect, Input,
    Method, Metric, Ours, ReproScenario, Reproduction, ReproductionRow, RequestInput,
    RequestMetric, RequestOutput, RequestReproScenario, Study, StudyConfig, Verdict,
};
use tierplan_core::request::figure::{
    FigureForm, FigureJob, FigureOutline, FigurePlanPoint, FigurePointNow, FigureProgress,
    FigureRun, FigureRunDone, FigureSeries, FigureSettings, FigureStep, PointRunsLeft,
};
use tierplan_core::request::{
    DeviceReplication, DeviceUse, FlashWrites, IndexRam, MaxRatePoint, MaxRateProgress,
    MaxRateResult, NicReplication, RateLoad, RequestReplication, RequestResult, RequestServer,
    Saturation, TimeSplit, WriteSizes,
};
use tierplan_core::scenario::block::{
    BlockCacheKind, BlockSpec, BlockTraceFormat, BlockTraceRef, BlockWorkload, ReplacementOrder,
    SyntheticBlockWorkload,
};
use tierplan_core::scenario::presets::ComparisonCase;
use tierplan_core::scenario::presets::{DeviceFigure, FigureSource, PresetInfo};
use tierplan_core::scenario::request::{
    ArrivalPattern, BlockCacheSpec, CachePolicyKind, CacheSpec, CacheStart, DiskLayout,
    DiskScheduler, HddMechanics, IndexKind, IndexSpec, MaxRateSpec, ObjectSpec, RamSpec,
    RequestRun, RequestSpec, RingSpec, SeekModel, SegmentWorkload, SetReplacement, SsdQueueDepths,
    SsdState,
};
use tierplan_core::scenario::server::{
    Bays, Chassis, EgressLimit, Fleet, FormFactor, Routing, ServerSpec,
};
use tierplan_core::scenario::validate::FieldError;
use tierplan_core::scenario::{
    Architecture, CellType, Churn, Device, DeviceKind, FlashSpec, IntervalPolicy, LfuPolicy,
    LfuStart, Policy, Popularity, RateProfile, RunConfig, Scenario, SsdController, SsdModelKind,
    TierRole, TierSpec, Tiers, VideoClass, Workload, WorkloadFigures, ZipfConvention,
};
use tierplan_core::stats::Estimate;
use tierplan_core::stream::fleet::{FleetRun, SimulatedServer};
use tierplan_core::stream::results::{
    Decision, FlashSummary, FlashWear, ReplicationResult, RunResult, Summary, TargetVerdict,
    TierMetrics, TierSummary, TimeSeries,
};
use tierplan_core::stream::server::{Limit, LimitUse, ServerMetrics, ServerSummary};
use tierplan_core::sweep::{SweepJob, SweepProgress};
use ts_rs::{Config, TS};

fn decl<T: TS>(cfg: &Config, out: &mut String) {
    if let Some(docs) = T::docs() {
        out.push_str(&docs);
    }
    // One member per line, closing brace on its own line: wasm-bindgen
    // re-indents custom sections by their braces.
    let body = T::decl(cfg).replace(", };", ",\n};");
    writeln!(out, "export {body}\n").expect("write to String");
}

fn main() {
    // u64 counters (events, arrivals) are serialised by serde_json as plain
    // JSON numbers, so they are `number` on the TypeScript side.
    let cfg = Config::new().with_large_int("number");
    let mut out = String::from(
        "// Generated by wasm/bindings/build.rs from tierplan-core (ts-rs). Do not edit.\n\n",
    );
    macro_rules! all {
        ($($t:ty),* $(,)?) => { $( decl::<$t>(&cfg, &mut out); )* };
    }
    all!(
        Scenario,
        Workload,
        WorkloadFigures,
        ComparisonCase,
        VideoClass,
        ZipfConvention,
        Popularity,
        Churn,
        RunConfig,
        DeviceKind,
        CellType,
        Device,
        SsdController,
        SsdModelKind,
        FlashSpec,
        Architecture,
        TierSpec,
        Tiers,
        IntervalPolicy,
        LfuPolicy,
        LfuStart,
        Policy,
        TierRole,
        FieldError,
        PresetInfo,
        Progress,
        Estimate,
        TierMetrics,
        FlashWear,
        ReplicationResult,
        TierSummary,
        FlashSummary,
        Summary,
        TimeSeries,
        TargetVerdict,
        Decision,
        RunResult,
        FormFactor,
        Bays,
        Chassis,
        EgressLimit,
        Routing,
        Fleet,
        ServerSpec,
        ServerMetrics,
        Limit,
        LimitUse,
        ServerSummary,
        SimulatedServer,
        FleetRun,
        ServerVerdict,
        ServerClaim,
        FleetPlan,
        FleetTry,
        FleetResult,
        FleetRequest,
        FleetProgress,
        Criterion,
        MaxCounts,
        Tco,
        OptimizeSpec,
        Counts,
        Candidate,
        TierRange,
        SearchSpace,
        SsdLifetime,
        TierPeak,
        Replacement,
        TcoBreakdown,
        Measurement,
        BestConfig,
        ArchitectureResult,
        EvaluatedConfig,
        OptimizeResult,
        SearchProgress,
        SweepJob,
        SweepProgress,
        CostParams,
        FlashTiming,
        HddTiming,
        ZipfWorkload,
        CostModelSpec,
        WriteShareOptimum,
        CostPoint,
        CostGrid,
        Partition,
        CostModelReport,
        GcSimConfig,
        GcSimResult,
        LfuOverlay,
        Study,
        Expect,
        Metric,
        Input,
        Combine,
        Analytic,
        Method,
        Claim,
        ReproScenario,
        Reproduction,
        Verdict,
        Ours,
        Difference,
        ClaimOutcome,
        ReproductionRow,
        StudyConfig,
        RateProfile,
        LogFormat,
        TimeFormat,
        ColumnMap,
        Detection,
        BadLine,
        ParseProgress,
        Interval,
        RankPoint,
        ZipfFit,
        HourRate,
        DiurnalFit,
        DayNew,
        ChurnFit,
        LogFit,
        TitlePoint,
        TitleCurves,
        PeakHour,
        RequestMetric,
        BlockCheck,
        Pattern,
        DriveState,
        DeviceCheck,
        RequestInput,
        RequestReproScenario,
        RequestOutput,
        SeekModel,
        HddMechanics,
        ArrivalPattern,
        SegmentWorkload,
        DiskScheduler,
        DiskLayout,
        RamSpec,
        CachePolicyKind,
        SetReplacement,
        BlockCacheSpec,
        RingSpec,
        ObjectSpec,
        IndexKind,
        IndexSpec,
        CacheStart,
        SsdState,
        CacheSpec,
        RequestRun,
        MaxRateSpec,
        RequestSpec,
        SsdQueueDepths,
        IndexRam,
        DeviceReplication,
        Saturation,
        NicReplication,
        RequestReplication,
        DeviceUse,
        FlashWrites,
        WriteSizes,
        TimeSplit,
        RequestServer,
        RequestResult,
        MaxRatePoint,
        MaxRateProgress,
        MaxRateResult,
        RateLoad,
        FigureSeries,
        FigureSettings,
        FigureForm,
        FigureOutline,
        FigurePlanPoint,
        FigureRun,
        FigureJob,
        FigureRunDone,
        FigurePointNow,
        PointRunsLeft,
        FigureStep,
        FigureProgress,
        SyntheticBlockWorkload,
        BlockTraceFormat,
        BlockTraceRef,
        BlockWorkload,
        BlockCacheKind,
        ReplacementOrder,
        BlockSpec,
        BlockWorkloadPreset,
        TierResult,
        CostAtU,
        PartitionPoint,
        BlockCacheResult,
        BlockResult,
        MrcPolicy,
        Sampling,
        MrcSpec,
        MrcPoint,
        MrcResult,
        TraceLineError,
        CharacterizeSpec,
        CharacterizePlan,
        CharacterizeProgress,
        CharacterizeRow,
        ThroughputSeries,
        Characterization,
        FigureSource,
        DeviceFigure,
    );
    let dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR set by cargo"));
    std::fs::write(dir.join("types.d.ts"), out).expect("write types.d.ts");
    // The declarations depend only on the core's sources, which cargo tracks
    // through the build-dependency.
    println!("cargo:rerun-if-changed=build.rs");
}
