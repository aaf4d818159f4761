//! Block trace readers: every format round-trips through its writer, any
//! chunking gives the same I/Os, bad lines are reported with their line
//! number and column, the format is detected from the first bytes, and no
//! input makes the reader panic.

use proptest::prelude::*;
use tierplan_block::sampling::synthetic::SyntheticBlocks;
use tierplan_block::sampling::trace::*;
use tierplan_block::sampling::{BlockIo, BlockSource};
use tierplan_scenario::block::{BlockTraceFormat, SyntheticBlockWorkload};

const FORMATS: [BlockTraceFormat; 3] = [
    BlockTraceFormat::Msr,
    BlockTraceFormat::Spc,
    BlockTraceFormat::Plain,
];

fn write(format: BlockTraceFormat, ios: &[BlockIo]) -> Vec<u8> {
    let mut out = Vec::new();
    let ios = ios.iter().copied();
    match format {
        BlockTraceFormat::Msr => write_msr(&mut out, ios),
        BlockTraceFormat::Spc => write_spc(&mut out, ios),
        BlockTraceFormat::Plain => write_plain(&mut out, ios),
    }
    .unwrap();
    out
}

fn read(format: BlockTraceFormat, bytes: &[u8], chunk: usize) -> (Vec<BlockIo>, TraceReader) {
    let mut r = TraceReader::new(format);
    let mut out = Vec::new();
    for c in bytes.chunks(chunk.max(1)) {
        r.feed(c);
        while let Some(io) = r.next_io() {
            out.push(io);
        }
    }
    assert!(!r.is_finished());
    r.end();
    out.extend(std::iter::from_fn(|| r.next_io()));
    assert!(r.is_finished());
    (out, r)
}

fn generated(n: usize) -> Vec<BlockIo> {
    let w = SyntheticBlockWorkload {
        seq_share: 0.3,
        io_kb: 8.0,
        duration_s: 100.0,
        ..Default::default()
    };
    let mut g = SyntheticBlocks::new(&w, 7);
    std::iter::from_fn(|| g.next_io()).take(n).collect()
}

/// Times as the reader gives them: relative to the first I/O.
fn normalised(ios: &[BlockIo]) -> Vec<BlockIo> {
    let t0 = ios[0].t;
    ios.iter()
        .map(|io| BlockIo {
            t: io.t - t0,
            ..*io
        })
        .collect()
}

#[test]
fn every_format_round_trips_a_generated_workload() {
    let ios = normalised(&generated(3000));
    for format in FORMATS {
        let bytes = write(format, &ios);
        for chunk in [bytes.len(), 4096, 7] {
            let (back, r) = read(format, &bytes, chunk);
            assert_eq!(r.bad_lines(), 0, "{format:?}: {:?}", r.errors());
            assert_eq!(back.len(), ios.len(), "{format:?}");
            for (a, b) in ios.iter().zip(&back) {
                assert_eq!(
                    (a.block, a.blocks, a.write),
                    (b.block, b.blocks, b.write),
                    "{format:?}"
                );
                // MSR keeps 100 ns ticks, SPC microseconds, plain nanoseconds.
                assert!((a.t - b.t).abs() <= 1e-6, "{format:?}: {} vs {}", a.t, b.t);
            }
        }
        assert_eq!(
            detect_block_format(&bytes[..bytes.len().min(4096)]),
            Some(format)
        );
    }
}

#[test]
fn msr_lines_are_read_as_published() {
    let text = b"128166372003061629,hm,1,Read,3218992128,4096,2888\r\n\
                 128166372013061629,hm,1,Write,3219017728,16384,1000\r\n";
    let (ios, r) = read(BlockTraceFormat::Msr, text, 13);
    assert_eq!(r.lines(), 2);
    let base = VOLUME_BLOCKS; // disk 1
                              // 4096 bytes at 3218992128 (3 KB into a block) straddle two blocks.
    assert_eq!(
        ios[0],
        BlockIo {
            t: 0.0,
            block: base + 3218992128 / 4096,
            blocks: 2,
            write: false
        }
    );
    assert_eq!(ios[1].block, base + 3219017728 / 4096);
    assert_eq!(ios[1].blocks, 4);
    assert!(ios[1].write);
    assert!((ios[1].t - 1.0).abs() < 1e-9);
}

#[test]
fn spc_asus_are_disjoint_and_sectors_round_out() {
    let text = b"0,303567,3584,w,0.000000\n1,303567,3584,W,0.5\n0,8,512,r,0.25,extra\n";
    let (ios, r) = read(BlockTraceFormat::Spc, text, 5);
    assert_eq!(r.bad_lines(), 0);
    // 303567 sectors = byte 155426304 = block 37945 + 2048 bytes; 3584 bytes
    // end at 155429888, inside block 37946: two blocks.
    assert_eq!((ios[0].block, ios[0].blocks), (37945, 2));
    assert_eq!(ios[1].block, VOLUME_BLOCKS + 37945);
    // The third line is earlier than the second: clamped to it.
    assert_eq!((ios[2].block, ios[2].t), (1, 0.5));
    assert_eq!(r.clamped(), 1);
}

#[test]
fn plain_header_may_name_a_block_column() {
    let (ios, _) = read(
        BlockTraceFormat::Plain,
        b"time,op,block,size\n0,W,10,8192\n",
        100,
    );
    assert_eq!((ios[0].block, ios[0].blocks, ios[0].write), (10, 2, true));
}

#[test]
fn bad_lines_name_line_and_column() {
    let text = "time,op,offset,size\n\
                0,R,0,4096\n\
                1,X,0,4096\n\
                2,W,abc,4096\n\
                3,W,0,0\n\
                -1,R,0,4096\n\
                4,R\n\
                5,W,4096,4096\n";
    let (ios, r) = read(BlockTraceFormat::Plain, text.as_bytes(), 9);
    assert_eq!(ios.len(), 2);
    assert_eq!(r.bad_lines(), 5);
    let e = r.errors();
    let lines: Vec<u64> = e.iter().map(|e| e.line).collect();
    assert_eq!(lines, [3, 4, 5, 6, 7]);
    assert!(
        e[0].message.contains("column 2 (op)") && e[0].message.contains("R or W"),
        "{}",
        e[0].message
    );
    assert!(
        e[1].message.contains("column 3 (offset)"),
        "{}",
        e[1].message
    );
    assert!(e[2].message.contains("column 4 (size)") && e[2].message.contains("allowed 1 to"));
    assert!(
        e[3].message.contains("column 1 (time)")
            && e[3].message.contains("allowed 0 to 1e12 seconds")
    );
    assert!(e[4].message.contains("expected 4"), "{}", e[4].message);

    let (_, r) = read(
        BlockTraceFormat::Msr,
        b"1,h,0,Read,0,4096,1\n2,h,0,Erase,0,4096,1\n",
        64,
    );
    assert_eq!(r.errors()[0].line, 2);
    assert!(r.errors()[0].message.contains("column 4 (Type)"));
    let (_, r) = read(BlockTraceFormat::Spc, b"70000,0,512,r,0\n", 64);
    assert!(
        r.errors()[0].message.contains("column 1 (ASU)"),
        "{}",
        r.errors()[0].message
    );
}

#[test]
fn errors_are_kept_up_to_the_limit_and_counted_beyond() {
    let text = "x,y\n".repeat(100) + "0,R,0,1\n";
    let (ios, r) = read(BlockTraceFormat::Plain, text.as_bytes(), 50);
    assert_eq!(ios.len(), 1);
    // The first line is taken as a header.
    assert_eq!(r.bad_lines(), 99);
    assert_eq!(r.errors().len(), MAX_ERRORS);
    assert_eq!(r.lines(), 101);
}

#[test]
fn detection_needs_a_readable_sample() {
    assert_eq!(detect_block_format(b""), None);
    assert_eq!(detect_block_format(b"hello world\nnot a trace\n"), None);
    // A bad line among good ones does not hide the format.
    assert_eq!(
        detect_block_format(b"time,op,offset,size\n0,R,0,4096\n1,X,0,1\n2,W,0,1\n"),
        Some(BlockTraceFormat::Plain)
    );
    assert_eq!(
        detect_block_format(b"0,1,512,r,0.1\n0,9,512,w,0.2\n0,4"),
        Some(BlockTraceFormat::Spc)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..3000), chunk in 1usize..300) {
        for format in FORMATS {
            let (ios, r) = read(format, &bytes, chunk);
            prop_assert!(ios.len() as u64 + r.bad_lines() <= r.lines());
            prop_assert!(ios.windows(2).all(|w| w[0].t <= w[1].t));
        }
        let _ = detect_block_format(&bytes);
    }

    #[test]
    fn mutated_csv_never_panics(
        lines in proptest::collection::vec(
            proptest::collection::vec(prop_oneof![
                Just("0".to_string()), Just("-1".to_string()), Just("R".to_string()),
                Just("w".to_string()), Just("Read".to_string()), Just("18446744073709551615".to_string()),
                Just("1e308".to_string()), Just("NaN".to_string()), Just("".to_string()),
                Just("4096".to_string()), Just("inf".to_string()), Just("\r".to_string()),
            ], 0..9),
            0..40),
        chunk in 1usize..64,
    ) {
        let text: String = lines.iter().map(|l| l.join(",") + "\n").collect();
        for format in FORMATS {
            let (ios, _) = read(format, text.as_bytes(), chunk);
            prop_assert!(ios.iter().all(|io| io.blocks >= 1 && io.t.is_finite() && io.t >= 0.0));
        }
    }
}
