//! The SSD programs the whole mapping units in the body of a large write in
//! one call (`Ssd::program_whole`); it must time every I/O exactly as
//! programming them one at a time through the write's loop does. Held here
//! against that per-unit path (`set_per_unit_writes`) on seeded random
//! writes: sizes from a sector to 4 MB at any byte offset, runs that
//! continue each other and writes on their own, reads in between, gaps
//! that leave the write buffer empty, partly full or full, drives fresh and
//! in steady state (GC bursts inside large writes), with and without
//! channels and a write buffer, mapping units of 4, 8 and 16 KB, and both
//! FTL models, 10 dies and 100 (the timelines' blocks). Every service time, its split, and the drive's totals are
//! compared bit for bit.

use tierplan_kit::devices::ssd::{Ssd, SsdGeometry};
use tierplan_kit::devices::IoOp;
use tierplan_kit::sampling::rng::SimRng;
use tierplan_scenario::{SsdController, SsdModelKind};

fn drive(
    units: u32,
    gb: u64,
    map_kb: f64,
    buffer_kb: f64,
    channels: u32,
) -> (SsdGeometry, SsdController) {
    (
        SsdGeometry {
            units,
            page_bytes: 4096,
            pages_per_block: 128,
            read_us: 170.0,
            program_us: 558.0,
            erase_ms: 3.8,
            capacity_bytes: gb << 30,
            spare_factor: 0.07,
            used_bytes: gb << 30,
        },
        SsdController {
            map_kb,
            command_us: 68.0,
            link_mbps: 280.0,
            buffer_kb,
            gc_reserve_blocks: 4,
            read_ahead: true,
            channels,
            channel_mbps: if channels > 0 { 200.0 } else { 0.0 },
            queue_depth: 32,
            max_kiops: 35.0,
        },
    )
}

fn same(a: &Ssd, b: &Ssd, what: &str) {
    assert_eq!(
        a.last.behind_s.to_bits(),
        b.last.behind_s.to_bits(),
        "{what}: behind"
    );
    assert_eq!(a.last.gc_s.to_bits(), b.last.gc_s.to_bits(), "{what}: gc");
    assert_eq!(
        a.last.own_s.to_bits(),
        b.last.own_s.to_bits(),
        "{what}: own"
    );
    assert_eq!(a.gc_s.to_bits(), b.gc_s.to_bits(), "{what}: gc total");
    assert_eq!(a.flash_ops, b.flash_ops, "{what}: flash ops");
    assert_eq!(
        a.gc_share().to_bits(),
        b.gc_share().to_bits(),
        "{what}: gc share"
    );
    assert_eq!(
        a.busy_until().to_bits(),
        b.busy_until().to_bits(),
        "{what}: busy until"
    );
    assert_eq!(
        a.host_written_bytes(),
        b.host_written_bytes(),
        "{what}: host bytes"
    );
    let (wa, wb) = (a.wear(), b.wear());
    assert_eq!(
        (wa.host_pages, wa.nand_pages, wa.erases),
        (wb.host_pages, wb.nand_pages, wb.erases),
        "{what}: wear"
    );
}

/// A drive and a stream of random I/Os to time on it.
#[derive(Clone, Copy)]
struct Case {
    model: SsdModelKind,
    units: u32,
    gb: u64,
    map_kb: f64,
    buffer_kb: f64,
    channels: u32,
    steady: bool,
    seed: u64,
    ios: usize,
}

/// The case's I/Os, timed by the run path and the per-unit path side by
/// side.
fn compare(case: Case) {
    let Case {
        model,
        units,
        gb,
        map_kb,
        buffer_kb,
        channels,
        steady,
        seed,
        ios,
    } = case;
    let (g, c) = drive(units, gb, map_kb, buffer_kb, channels);
    let mut fast = Ssd::with_model(&g, Some(&c), model);
    if steady {
        fast.reset_steady(seed);
    }
    let mut slow = fast.clone();
    slow.set_per_unit_writes(true);
    let span = gb << 30;
    let mut rng = SimRng::new(seed);
    let mut now = 0.0;
    let mut next_addr = 0u64;
    for i in 0..ios {
        let what = format!("{model:?} {units} dies {gb} GB map {map_kb} KB buffer {buffer_kb} KB channels {channels} steady {steady} seed {seed} I/O {i}");
        let r = rng.uniform();
        // Sizes from one sector to 4 MB, mostly large (the fills that
        // program runs of whole units), some small.
        let size = if r < 0.2 {
            512 * (1 + (rng.uniform() * 16.0) as u64)
        } else {
            let max_kb = if rng.uniform() < 0.5 { 4096.0 } else { 512.0 };
            (1 + (rng.uniform() * max_kb) as u64) * 1024 + (rng.uniform() * 4096.0) as u64
        };
        let addr = if rng.uniform() < 0.4 {
            // Continues the last write: a stream.
            next_addr % span
        } else if rng.uniform() < 0.5 {
            // Aligned to 2 MB (a cache's set), as flashcache fills are.
            ((rng.uniform() * (span >> 21) as f64) as u64) << 21
        } else {
            (rng.uniform() * span as f64) as u64
        };
        let op = if rng.uniform() < 0.15 {
            IoOp::Read
        } else {
            IoOp::Write
        };
        let ta = fast.service_at(op, addr, size, now);
        let tb = slow.service_at(op, addr, size, now);
        assert_eq!(
            ta.to_bits(),
            tb.to_bits(),
            "{what}: service time ({ta} vs {tb})"
        );
        same(&fast, &slow, &what);
        if op == IoOp::Write {
            next_addr = addr + size;
        }
        // Gaps from none (a queue: the buffer fills and GC falls behind)
        // to longer than the I/O took.
        let gap = rng.uniform();
        now += if gap < 0.4 {
            0.0
        } else if gap < 0.8 {
            ta * rng.uniform()
        } else {
            ta * 3.0 * rng.uniform()
        };
    }
}

#[test]
fn runs_of_whole_units_are_timed_as_one_at_a_time() {
    let base = Case {
        model: SsdModelKind::Scalable,
        units: 10,
        gb: 1,
        map_kb: 8.0,
        buffer_kb: 1024.0,
        channels: 0,
        steady: false,
        seed: 1,
        ios: 600,
    };
    for model in [SsdModelKind::Scalable, SsdModelKind::Reference] {
        for (map_kb, buffer_kb, channels) in [
            (8.0, 1024.0, 0),
            (4.0, 256.0, 4),
            (16.0, 0.0, 0),
            (8.0, 64.0, 3),
        ] {
            for steady in [false, true] {
                for seed in [1, 2] {
                    compare(Case {
                        model,
                        map_kb,
                        buffer_kb,
                        channels,
                        steady,
                        seed,
                        ..base
                    });
                }
            }
        }
    }
    // A drive large enough for the scalable model's spatial sample, in
    // steady state (the flashcache figure's X25-M).
    compare(Case {
        gb: 80,
        steady: true,
        seed: 3,
        ios: 1500,
        ..base
    });
    // Enough dies that the die timelines keep blocks' minima (from 64 on).
    for (channels, steady) in [(0, false), (8, true)] {
        compare(Case {
            units: 100,
            gb: 8,
            buffer_kb: 4096.0,
            channels,
            steady,
            seed: 4,
            ..base
        });
    }
}
