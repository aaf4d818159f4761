//! `tierplan http-figure`: the figure's schedule of passes run to the end
//! (the same figure with and without `--progressive`), each pass printed
//! as it completes, and its settings' problems named.

use crate::support;

use support::tierplan;

const ARGS: [&str; 14] = [
    "http-figure",
    "-",
    "--series",
    "hdd,ring-warm",
    "--from",
    "4",
    "--to",
    "28",
    "--points",
    "11",
    "--replications",
    "2",
    "--hours",
    "0.01",
];

fn hdd_only() -> String {
    String::from_utf8(tierplan(&["preset", "nossdav12-hdd-only"], None).stdout).unwrap()
}

#[test]
fn the_passes_print_as_they_complete_and_end_in_the_figure() {
    let scenario = hdd_only();
    let mut args = ARGS.to_vec();
    args.extend(["--warmup-hours", "0.01", "--threads", "2"]);
    let plain = tierplan(&args, Some(&scenario));
    assert!(
        plain.status.success(),
        "{}",
        String::from_utf8_lossy(&plain.stderr)
    );
    let plain = String::from_utf8(plain.stdout).unwrap();
    let lines: Vec<&str> = plain.lines().collect();
    assert_eq!(
        lines[0],
        "policy,rate,miss_ratio,ci95,min,max,replications,saturated,zero_vouched_by"
    );
    // Every rate of both series, with both replications, or with one when
    // it stopped as saturated (its lower bound in the 8th column), or with
    // one or none when a higher rate's replications vouch for its 0 %
    // (that rate in the last column).
    assert_eq!(lines.len(), 1 + 2 * 11);
    let cols = |l: &str| l.split(',').map(str::to_owned).collect::<Vec<_>>();
    assert!(lines[1..].iter().all(|l| {
        let c = cols(l);
        c[6] == "2"
            || (c[6] == "1" && !c[7].is_empty())
            || ((c[6] == "1" || c[6] == "0")
                && c[2] == "0"
                && c[8].parse::<f64>().unwrap() > c[1].parse().unwrap())
    }));
    assert!(lines[1..].iter().any(|l| cols(l)[6] == "2"));
    // Both series miss nothing up to 20.8 requests/s in 36 s runs: the
    // rates between the first picture's below it were never run.
    assert!(lines[1..].iter().any(|l| cols(l)[6] == "0"));

    args.push("--progressive");
    let out = tierplan(&args, Some(&scenario));
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let passes: Vec<&str> = text.lines().filter(|l| l.starts_with("# pass")).collect();
    assert!(passes[0].starts_with("# pass 1: first picture, 12 runs, "));
    assert!(passes.last().unwrap().contains("replication 2 of 2"));
    // Pass 1's block: the first picture, one replication at 6 of the 11
    // rates each (every other one).
    let first: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("# pass 1"))
        .skip(2)
        .take_while(|l| !l.starts_with('#'))
        .collect();
    assert_eq!(first.len(), 12);
    assert!(first
        .iter()
        .all(|l| l.starts_with("1,") && l.split(',').nth(7) == Some("1")));
    // After "# finished", the same figure as without --progressive.
    let (_, finished) = text.split_once("# finished\n").expect("a finished figure");
    assert_eq!(finished, plain);

    let bad = tierplan(
        &["http-figure", "-", "--points", "0", "--replications", "31"],
        Some(&scenario),
    );
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("--points: must be a whole number from 1 to 100"));
    assert!(err.contains("--replications: must be a whole number from 1 to 30"));
}
