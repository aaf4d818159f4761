//! Request-log workloads (model §14) against ground truth: logs generated
//! from known Zipf, diurnal and churn parameters must give those parameters
//! back within the fits' own intervals; aggregated counts must fit exactly as
//! the raw log; every documented format parses, malformed lines are reported
//! with their line numbers.

use proptest::prelude::*;
use tierplan_scenario::{Churn, Popularity, RateProfile, VideoClass, Workload, ZipfConvention};
use tierplan_studies::logs::generate::{generate, GenerateSpec};
use tierplan_studies::logs::{self, fit, ColumnMap, LogFormat, TimeFormat};

const START: f64 = 1_709_251_200.0; // 2024-03-01T00:00:00Z

fn workload(videos: u32, pop: Popularity, rate: f64) -> Workload {
    Workload {
        videos,
        classes: vec![VideoClass {
            share: 1.0,
            length_min: 60.0,
            bitrate_kbps: 245.0,
        }],
        popularity: pop,
        arrival_rate: rate,
        churn: None,
        rate_profile: None,
    }
}

fn log_of(w: &Workload, days: f64, seed: u64, format: LogFormat, tf: TimeFormat) -> Vec<u8> {
    let mut out = Vec::new();
    generate(
        &GenerateSpec {
            workload: w,
            days,
            seed,
            start: START,
            format,
            time_format: tf,
        },
        &mut out,
    )
    .unwrap();
    out
}

fn csv_map() -> ColumnMap {
    logs::detect(b"timestamp,title,length_s,bitrate_kbps\n2024-03-01T00:00:01Z,v1,3600,245\n2024-03-01T00:00:02Z,v2,3600,245\n")
        .map
        .unwrap()
}

#[test]
fn zipf_mle_recovers_the_exponent_within_its_interval() {
    // Both conventions, flat to steep, small to large logs.
    let cases = [
        (
            Popularity {
                convention: ZipfConvention::Exponent,
                value: 0.271,
            },
            300,
            0.5,
            1.0,
        ),
        (
            Popularity {
                convention: ZipfConvention::Theta,
                value: 0.271,
            },
            300,
            0.2,
            1.0,
        ),
        (
            Popularity {
                convention: ZipfConvention::Exponent,
                value: 1.0,
            },
            2000,
            1.0,
            1.0,
        ),
        (
            Popularity {
                convention: ZipfConvention::Theta,
                value: 0.2,
            },
            5000,
            2.0,
            2.0,
        ),
        (
            Popularity {
                convention: ZipfConvention::Exponent,
                value: 0.6,
            },
            100,
            0.05,
            1.0,
        ),
    ];
    for (i, (pop, n, rate, days)) in cases.into_iter().enumerate() {
        let w = workload(n, pop, rate);
        let bytes = log_of(&w, days, 11 + i as u64, LogFormat::Csv, TimeFormat::Iso8601);
        let p = logs::parse_all(&bytes, csv_map(), false).unwrap();
        assert_eq!(p.progress().bad, 0);
        let f = fit(&p.tally);
        let z = f.zipf.expect("fitted");
        let s = pop.exponent();
        assert!(
            z.exponent.lo <= s && s <= z.exponent.hi,
            "case {i}: s = {s} not in [{}, {}] (raw {})",
            z.exponent.lo,
            z.exponent.hi,
            z.raw_exponent
        );
        let theta = 1.0 - s;
        assert!(z.theta.lo <= theta && theta <= z.theta.hi, "case {i}: θ");
        assert!((z.theta.value - (1.0 - z.exponent.value)).abs() < 1e-12);
        // An interval that says something: narrower than ±0.1 for these sizes.
        assert!(z.exponent.hi - z.exponent.lo < 0.2, "case {i}: too wide");
        assert!(z.ks_distance < 0.05, "case {i}: KS {}", z.ks_distance);
        assert!(z.warning.is_none(), "case {i}: {:?}", z.warning);
    }
    // A sparse log (about 2 requests per title) is flagged, not trusted.
    let w = workload(
        5000,
        Popularity {
            convention: ZipfConvention::Exponent,
            value: 0.5,
        },
        0.1,
    );
    let bytes = log_of(&w, 1.0, 3, LogFormat::Csv, TimeFormat::Iso8601);
    let z = fit(&logs::parse_all(&bytes, csv_map(), false).unwrap().tally)
        .zipf
        .unwrap();
    assert!(
        z.warning
            .as_deref()
            .is_some_and(|m| m.contains("requests per title")),
        "{:?}",
        z.warning
    );
}

#[test]
fn the_intervals_cover_the_truth_at_their_nominal_rate() {
    // 40 small logs of a flat law, where the ranking bias is largest: the
    // 95 % interval should cover s in about 38 of 40; at least 33 (binomial
    // lower tail ≈ 0.3 %) guards against an interval that only looks right.
    let pop = Popularity {
        convention: ZipfConvention::Exponent,
        value: 0.4,
    };
    let w = workload(200, pop, 0.2);
    let mut covered = 0;
    for seed in 0..40 {
        let bytes = log_of(&w, 0.5, 100 + seed, LogFormat::Csv, TimeFormat::EpochS);
        let map = ColumnMap {
            time_format: TimeFormat::EpochS,
            ..csv_map()
        };
        let z = fit(&logs::parse_all(&bytes, map, false).unwrap().tally)
            .zipf
            .unwrap();
        covered += (z.exponent.lo <= 0.4 && 0.4 <= z.exponent.hi) as u32;
    }
    assert!(covered >= 33, "covered {covered} of 40");
}

fn evening_profile() -> Vec<f64> {
    (0..24)
        .map(|h| match h {
            1..=6 => 0.2,
            19..=22 => 2.5,
            _ => 1.0,
        })
        .collect()
}

#[test]
fn the_diurnal_profile_and_churn_are_recovered() {
    let mut w = workload(
        400,
        Popularity {
            convention: ZipfConvention::Exponent,
            value: 0.9,
        },
        0.3,
    );
    w.rate_profile = Some(RateProfile {
        hourly: evening_profile(),
        start_hour: 0,
    });
    w.churn = Some(Churn {
        period_h: 24.0,
        new_titles: 5,
    });
    let bytes = log_of(&w, 14.0, 5, LogFormat::Csv, TimeFormat::Iso8601);
    let f = fit(&logs::parse_all(&bytes, csv_map(), false).unwrap().tally);
    let d = f.diurnal.unwrap();
    assert_eq!(d.days, 14);
    assert!((19..=22).contains(&d.peak_hour), "peak at {}", d.peak_hour);
    let prof = evening_profile();
    let mean = prof.iter().sum::<f64>() / 24.0;
    for h in &d.hours {
        let truth = 0.3 * prof[h.hour as usize] / mean;
        assert!(
            (h.rate - truth).abs() <= 1.5 * h.ci95 + 1e-9,
            "hour {}: {} ± {} vs {truth}",
            h.hour,
            h.rate,
            h.ci95
        );
    }
    assert!((d.mean_rate - 0.3).abs() < 0.01, "{}", d.mean_rate);
    assert!(d.p_flat < 1e-6);
    // New titles enter at the top ranks and are requested at once: the fit
    // sees 5 a day (old, unrequested titles seen late can only add).
    let churn = f.churn.per_day.unwrap();
    assert!(churn.lo <= 5.0 + 1.0 && churn.value >= 5.0, "{churn:?}");
    assert_eq!(f.churn.days.len(), 14);
    assert_eq!(f.churn.days[0].date, "2024-03-01");
    assert_eq!(f.mean_length_s, Some(3600.0));
    assert_eq!(f.mean_bitrate_kbps, Some(245.0));
}

#[test]
fn aggregated_counts_fit_exactly_as_the_raw_log() {
    let mut w = workload(
        300,
        Popularity {
            convention: ZipfConvention::Theta,
            value: 0.271,
        },
        0.2,
    );
    w.rate_profile = Some(RateProfile {
        hourly: evening_profile(),
        start_hour: 0,
    });
    w.churn = Some(Churn {
        period_h: 24.0,
        new_titles: 3,
    });
    let bytes = log_of(&w, 5.0, 9, LogFormat::Tsv, TimeFormat::EpochMs);
    let map = logs::detect(&bytes[..4096]).map.unwrap();
    assert_eq!(
        (map.format, map.time_format),
        (LogFormat::Tsv, TimeFormat::EpochMs)
    );
    let raw = logs::parse_all(&bytes, map, false).unwrap();
    let counts = raw.tally.to_counts_csv();
    let agg = logs::parse_all(counts.as_bytes(), ColumnMap::counts(), false).unwrap();
    assert_eq!(agg.progress().bad, 0);
    let (a, b) = (fit(&raw.tally), fit(&agg.tally));
    assert_eq!(a.zipf, b.zipf);
    assert_eq!(a.diurnal, b.diurnal);
    assert_eq!(a.churn, b.churn);
    assert_eq!(a.requests, b.requests);
}

#[test]
fn bad_lines_are_reported_with_their_numbers() {
    let text = "timestamp,title,seconds\n\
                2024-03-01T10:00:00Z,v1,30\n\
                yesterday,v2,30\n\
                2024-03-01T10:00:02Z,,30\n\
                2024-03-01T10:00:03Z\n\
                \n\
                2024-03-01T10:00:04Z,v3,-4\n\
                2024-03-01T10:00:05Z,\"v4,30\n\
                2024-03-01T11:00:00Z,v1,12\r\n";
    let map = ColumnMap {
        seconds: Some("seconds".into()),
        bitrate_kbps: None,
        length_s: None,
        ..csv_map()
    };
    let p = logs::parse_all(text.as_bytes(), map, false).unwrap();
    let pr = p.progress();
    assert_eq!(pr.records, 2);
    assert_eq!(pr.bad, 5);
    let lines: Vec<u64> = pr.bad_lines.iter().map(|b| b.line).collect();
    assert_eq!(lines, vec![3, 4, 5, 7, 8]);
    assert!(
        pr.bad_lines[0].message.contains("not ISO 8601"),
        "{:?}",
        pr.bad_lines[0]
    );
    assert!(pr.bad_lines[2].message.contains("has 1 fields"));
    assert!(pr.bad_lines[3].message.contains("seconds watched"));
    // A wrong mapping is one clear error, not a million bad lines.
    let wrong = ColumnMap {
        title: "video".into(),
        length_s: None,
        bitrate_kbps: None,
        ..csv_map()
    };
    let e = logs::parse_all(text.as_bytes(), wrong, false)
        .err()
        .unwrap();
    assert!(e.contains("no column \"video\""), "{e}");
    // Binary junk and over-long lines never panic.
    let mut junk = b"timestamp,title,length_s,bitrate_kbps\n".to_vec();
    junk.extend_from_slice(&[0xffu8, 0xfe, b'\n']);
    junk.extend(std::iter::repeat_n(b'a', 100_000));
    junk.extend_from_slice(b"\n2024-03-01T10:00:00Z,v1,3600,245\n");
    let p = logs::parse_all(&junk, csv_map(), false).unwrap();
    assert_eq!((p.progress().bad, p.progress().records), (2, 1));
}

fn any_format() -> impl Strategy<Value = (LogFormat, TimeFormat, bool)> {
    (
        prop_oneof![
            Just(LogFormat::Csv),
            Just(LogFormat::Tsv),
            Just(LogFormat::JsonLines)
        ],
        prop_oneof![
            Just(TimeFormat::EpochS),
            Just(TimeFormat::EpochMs),
            Just(TimeFormat::Iso8601)
        ],
        any::<bool>(),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any records written in any documented format (header or not, quoted
    /// titles, CRLF, any chunking) are read back exactly.
    #[test]
    fn every_documented_format_round_trips(
        (format, tf, header) in any_format(),
        recs in prop::collection::vec((0u32..2_000_000, "[a-zA-Z0-9 ,\"_-]{1,12}", 0u32..10_000), 1..40),
        crlf in any::<bool>(),
        chunk in 1usize..64,
    ) {
        let header = header && format != LogFormat::JsonLines;
        let sep = if format == LogFormat::Tsv { '\t' } else { ',' };
        let eol = if crlf { "\r\n" } else { "\n" };
        let mut text = String::new();
        if header {
            text += &format!("ts{sep}video_id{sep}seconds{eol}");
        }
        let mut expect: Vec<(f64, String)> = Vec::new();
        for (dt, title, secs) in &recs {
            let title = title.trim().replace(['\t'], "");
            prop_assume!(!title.is_empty());
            let t = START + *dt as f64;
            let ts = match tf {
                TimeFormat::EpochS => format!("{}", t as i64),
                TimeFormat::EpochMs => format!("{}", t as i64 * 1000),
                TimeFormat::Iso8601 => logs::time::format_iso(t),
            };
            let line = match format {
                LogFormat::JsonLines => serde_json::json!({"ts": ts, "video_id": title, "seconds": secs}).to_string(),
                _ => {
                    let q = |s: &str| if s.contains([sep, '"']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s.to_string() };
                    format!("{}{sep}{}{sep}{secs}", q(&ts), q(&title))
                }
            };
            text += &line;
            text += eol;
            expect.push((t, title));
        }
        let (ts_col, title_col, sec_col) = if header || format == LogFormat::JsonLines {
            ("ts", "video_id", "seconds")
        } else {
            ("1", "2", "3")
        };
        let map = ColumnMap {
            format,
            header,
            timestamp: ts_col.into(),
            time_format: tf,
            title: title_col.into(),
            bytes: None,
            seconds: Some(sec_col.into()),
            bitrate_kbps: None,
            length_s: None,
        };
        let mut p = logs::LogParser::new(map, true).unwrap();
        for c in text.as_bytes().chunks(chunk) {
            p.feed(c);
        }
        p.finish();
        let pr = p.progress();
        prop_assert_eq!(pr.bad, 0, "{:?}", pr.bad_lines);
        let trace = p.trace.as_ref().unwrap();
        prop_assert_eq!(trace.len(), expect.len());
        for ((t, idx), (et, etitle)) in trace.iter().zip(&expect) {
            prop_assert_eq!(*t, *et);
            prop_assert_eq!(&*p.tally.names[*idx as usize], etitle.as_str());
        }
    }

    /// Arbitrary bytes never panic and every line is either a record or a
    /// reported bad line.
    #[test]
    fn arbitrary_input_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..600), chunk in 1usize..50) {
        let mut p = logs::LogParser::new(csv_map(), false).unwrap();
        for c in bytes.chunks(chunk) {
            p.feed(c);
        }
        p.finish();
        let _ = fit(&p.tally);
    }
}

/// Title-level curves of a generated log: static LFU's top-N share equals the
/// Zipf top-N mass the log was drawn from (within sampling noise), the fitted
/// model's curve too, and LRU over titles equals a plain LRU replay.
#[test]
fn title_curves_match_the_zipf_top_k_mass_and_a_plain_lru_replay() {
    use tierplan_kit::analytics::zipf_top_k_mass;
    use tierplan_studies::logs::curves::title_curves;
    let w = workload(
        500,
        Popularity {
            convention: ZipfConvention::Exponent,
            value: 0.8,
        },
        2.0,
    );
    let bytes = log_of(&w, 1.0, 5, LogFormat::Csv, TimeFormat::Iso8601);
    let p = logs::parse_all(&bytes, csv_map(), true).unwrap();
    let order: Vec<u32> = p.trace.as_ref().unwrap().iter().map(|&(_, t)| t).collect();
    assert!(order.len() > 150_000, "{} requests", order.len());
    let c = title_curves(
        &p.tally,
        p.trace.as_deref(),
        &[1, 10, 50, 100, 250, 500],
        None,
    );
    for pt in &c.points {
        let truth = zipf_top_k_mass(500, 0.8, pt.titles as u32);
        assert!(
            (pt.static_lfu - truth).abs() < 0.01,
            "top {}: {} vs {truth}",
            pt.titles,
            pt.static_lfu
        );
        assert!(
            (pt.zipf - truth).abs() < 0.02,
            "model top {}: {} vs {truth}",
            pt.titles,
            pt.zipf
        );
        // LRU by replay: a queue of the N most recent titles.
        let mut recent: std::collections::VecDeque<u32> = std::collections::VecDeque::new();
        let mut hits = 0u64;
        for &t in &order {
            if let Some(i) = recent.iter().position(|&x| x == t) {
                hits += 1;
                recent.remove(i);
            } else if recent.len() == pt.titles as usize {
                recent.pop_back();
            }
            recent.push_front(t);
        }
        assert_eq!(
            pt.lru,
            Some(hits as f64 / order.len() as f64),
            "LRU of {} titles",
            pt.titles
        );
        // LRU of a popularity-skewed stream does worse than keeping the top N.
        assert!(pt.lru.unwrap() <= pt.static_lfu + 1e-12 || pt.titles == 500);
    }
    assert!(
        (c.zipf_exponent - 0.8).abs() < 0.02,
        "fitted s = {}",
        c.zipf_exponent
    );
}
