//! Bounded work for any input (issue 50): a trace's far-off timestamps,
//! huge offsets and sizes, and the largest cache sizes allowed make the
//! miss-ratio curve and the working set either refuse a line (naming it and
//! its column) or answer in memory that grows with the trace's lines, never
//! with its time span or a cache's size. Verdicts are on counts only.

use proptest::prelude::*;
use tierplan_block::mrc::job::{MrcJob, MrcSpec};
use tierplan_block::mrc::working_set::{WorkingSet, WorkingSetWindow};
use tierplan_block::mrc::{MrcPolicy, MrcResult, Sampling};
use tierplan_block::sampling::trace::TraceLineError;
use tierplan_scenario::block::BlockTraceFormat;

struct Run {
    result: MrcResult,
    windows: Vec<WorkingSetWindow>,
    errors: Vec<TraceLineError>,
    bad: u64,
}

/// `tierplan mrc --working-set window_s` on `text`, fed in one slice.
fn run(text: &str, policy: MrcPolicy, sizes: Vec<u64>, window_s: f64) -> Run {
    let mut job = MrcJob::new(&MrcSpec {
        format: BlockTraceFormat::Msr,
        policy,
        sampling: Sampling::Exact,
        sizes,
    })
    .unwrap();
    job.track_working_set(WorkingSet::new(window_s).unwrap());
    job.feed_trace(text.as_bytes());
    job.end_trace();
    // Each step takes at least one I/O, so a trace of n lines is done within
    // n + 1 steps; more would mean the job does not advance.
    let lines = text.lines().count() as u64;
    let mut steps = 0;
    while !job.step(1 << 16).done {
        steps += 1;
        assert!(steps <= lines + 1, "the job does not finish");
    }
    Run {
        result: job.result().unwrap().clone(),
        windows: job.working_set().unwrap().to_vec(),
        errors: job.trace_errors(),
        bad: job.bad_lines(),
    }
}

/// The bug report's trace: five lines of the sample, then one stamped
/// 999999999999999999 (a filetime in the year 4770).
const SIX_LINES: &str = "\
128166372000020866,tierplan,0,Write,1533779968,8192,0
128166372000023418,tierplan,0,Read,0,8192,0
128166372000024688,tierplan,0,Read,1033183232,8192,0
128166372000025628,tierplan,0,Read,958423040,8192,0
128166372000035809,tierplan,0,Write,198426624,8192,0
999999999999999999,tierplan,0,Read,0,4096,0
";

#[test]
fn a_timestamp_in_the_year_4770_gives_four_windows_not_eighty_billion() {
    let r = run(SIX_LINES, MrcPolicy::Lru, Vec::new(), 1.0);
    assert_eq!(r.bad, 0);
    assert_eq!(r.result.ios, 6);
    // The last I/O is (999999999999999999 − 128166372000020866) ticks of
    // 100 ns after the first: window 87 183 362 799 of one second.
    let k = (999_999_999_999_999_999u64 - 128_166_372_000_020_866) / 10_000_000;
    let starts: Vec<f64> = r.windows.iter().map(|w| w.start_s).collect();
    assert_eq!(starts, [0.0, 1.0, (k - 1) as f64, k as f64]);
    let ios: Vec<u64> = r.windows.iter().map(|w| w.ios).collect();
    assert_eq!(ios, [5, 0, 0, 1]);
    assert_eq!(r.windows[0].distinct_blocks, 10);
    assert_eq!(r.windows[3].distinct_blocks, 1);
}

#[test]
fn the_largest_set_associative_cache_allocates_only_the_sets_it_touches() {
    // 10¹⁵ blocks (the largest --sizes allows) are 2·10¹² sets of 512:
    // a ring per set made up front would be terabytes.
    for policy in [MrcPolicy::SetAssoc, MrcPolicy::Fifo] {
        let r = run(SIX_LINES, policy, vec![1, 1_000_000_000_000_000], 60.0);
        assert_eq!(r.result.points.len(), 2);
        assert!(r.result.peak_followed <= r.result.blocks * 2);
    }
}

#[test]
fn out_of_range_lines_are_refused_by_line_and_column() {
    let text = "\
0,h,0,Read,0,4096,0
1,h,0,Read,18446744073709551615,4096,0
2,h,0,Read,0,1073741825,0
3,h,65536,Read,0,4096,0
18446744073709551616,h,0,Read,0,4096,0
";
    let r = run(text, MrcPolicy::Lru, Vec::new(), 1.0);
    assert_eq!(r.result.ios, 1);
    let got: Vec<(u64, &str)> = r
        .errors
        .iter()
        .map(|e| (e.line, e.message.as_str()))
        .collect();
    assert_eq!(got.len(), 4);
    assert_eq!(got[0].0, 2);
    assert!(got[0].1.starts_with("column 5 (Offset)"), "{}", got[0].1);
    assert_eq!(got[1].0, 3);
    assert!(got[1].1.contains("allowed 1 to 1073741824 bytes"));
    assert_eq!(got[2].0, 4);
    assert!(got[2].1.contains("allowed 0 to 65535"));
    assert_eq!(got[3].0, 5);
    assert!(got[3].1.starts_with("column 1 (Timestamp)"));
}

fn field() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("0".to_string()),
        Just("1".to_string()),
        Just("4096".to_string()),
        Just("1073741824".to_string()),
        Just("1073741825".to_string()),
        Just("17592186040320".to_string()),
        Just("999999999999999999".to_string()),
        Just("18446744073709551615".to_string()),
        Just("18446744073709551616".to_string()),
        Just("-1".to_string()),
        Just("1e308".to_string()),
        any::<u64>().prop_map(|x| x.to_string()),
    ]
}

/// One MSR line with extreme numbers in its numeric columns.
fn line() -> impl Strategy<Value = String> {
    (
        field(),
        prop_oneof![Just("0"), Just("65535"), Just("65536"), Just("7")],
        prop_oneof![Just("Read"), Just("Write"), Just("Trim")],
        field(),
        // Sizes: mostly small, so a case stays quick; 1 GB (2^18 blocks) is
        // the largest I/O accepted.
        prop_oneof![
            4 => Just("4096".to_string()),
            2 => Just("1".to_string()),
            1 => Just("1073741824".to_string()),
            1 => field(),
        ],
    )
        .prop_map(|(t, disk, op, off, size)| format!("{t},h,{disk},{op},{off},{size},0"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn any_small_trace_is_answered_in_memory_bounded_by_its_lines(
        lines in proptest::collection::vec(line(), 1..9),
        window_s in prop_oneof![Just(0.001), Just(1.0), Just(3600.0), Just(1e12)],
        policy in prop_oneof![Just(MrcPolicy::Lru), Just(MrcPolicy::Fifo), Just(MrcPolicy::SetAssoc)],
        big in any::<bool>(),
    ) {
        let text: String = lines.iter().map(|l| l.clone() + "\n").collect();
        let sizes = if big { vec![8, 1_000_000_000_000_000] } else { Vec::new() };
        let r = run(&text, policy, sizes, window_s);
        let n = lines.len() as u64;
        // Every line is an I/O or a refusal naming its line and column.
        prop_assert_eq!(r.result.ios + r.bad, n);
        for e in &r.errors {
            prop_assert!((1..=n).contains(&e.line));
            prop_assert!(e.message.starts_with("column "), "{}", e.message);
            prop_assert!(e.message.contains("allowed") || e.message.contains("must end within"), "{}", e.message);
            prop_assert!(!e.message.contains("Some(") && !e.message.contains("{"), "{}", e.message);
        }
        // The working set: at most three windows per I/O (its own and the
        // two edges of the gap before it), in order, holding every I/O.
        prop_assert!(r.windows.len() as u64 <= 3 * r.result.ios);
        prop_assert_eq!(r.windows.is_empty(), r.result.ios == 0);
        prop_assert!(r.windows.windows(2).all(|w| w[0].start_s < w[1].start_s));
        prop_assert_eq!(r.windows.iter().map(|w| w.ios).sum::<u64>(), r.result.ios);
        prop_assert!(r.windows.iter().all(|w| w.distinct_blocks <= r.result.blocks));
        // The profiler follows at most the blocks the I/Os touched (each of
        // at most 2^18 + 1 blocks: 1 GB not aligned to 4 KB), in each of its
        // caches.
        let caches = if policy == MrcPolicy::Lru { 1 } else { 21 };
        prop_assert!(r.result.blocks <= r.result.ios * ((1 << 18) + 1));
        prop_assert!(r.result.peak_followed <= r.result.blocks * caches);
        // LRU's default grid is about 12 sizes per power of two up to the
        // footprint; FIFO's is its 21 powers of two (or the sizes given).
        prop_assert!(r.result.points.len() <= 12 * 64 + 1);
    }
}
