//! Write amplification of the scalable SSD model against the per-page
//! reference on the write patterns that decide it (issue 48): a ring
//! written in order, uniform random writes, a hot/cold mix and the pattern
//! of a flashcache-like set-associative cache (each 2 MB set refilled in
//! FIFO order). The truth is analytic where there is one (a ring in order:
//! WA 1; uniform random writes on large blocks: the Lambert-W WA) and the
//! per-page reference elsewhere.
//!
//! `cargo test --release -p tierplan-kit --test it flash_locality -- --nocapture`
//! prints the table (`wa_table`, ignored by default: it runs both models).

use tierplan_kit::analytics::write_amplification;
use tierplan_kit::devices::ssd::{Ssd, SsdGeometry};
use tierplan_kit::devices::IoOp;
use tierplan_kit::sampling::rng::SimRng;
use tierplan_scenario::{SsdController, SsdModelKind};

const MAP: u64 = 8 << 10;
/// Seconds between writes per mapping unit written (see `wa`).
const GAP_PER_UNIT: f64 = 0.02;

/// An X25-M-like drive of `gb` GB (10 dies, 4 KB pages, 128 pages per
/// block, 8 KB mapping unit, GC restoring 4 clean blocks at a time) with
/// spare factor `spare`, `ppb` pages a block.
fn drive(gb: u64, spare: f64, ppb: u32) -> (SsdGeometry, SsdController) {
    (
        SsdGeometry {
            units: 10,
            page_bytes: 4096,
            pages_per_block: ppb,
            read_us: 170.0,
            program_us: 558.0,
            erase_ms: 3.8,
            capacity_bytes: gb << 30,
            spare_factor: spare,
            used_bytes: gb << 30,
        },
        SsdController {
            map_kb: 8.0,
            command_us: 68.0,
            link_mbps: 280.0,
            buffer_kb: 1024.0,
            gc_reserve_blocks: 4,
            read_ahead: true,
            channels: 0,
            channel_mbps: 0.0,
            queue_depth: 32,
            max_kiops: 35.0,
        },
    )
}

#[derive(Clone, Copy, Debug)]
enum Pattern {
    /// Two rings, each half the drive, written in order by 8 KB writes
    /// that alternate between them (so no write continues the one before).
    Ring,
    /// 8 KB writes at uniformly random mapping units of the whole drive.
    Uniform,
    /// 80 % of the writes on the first 20 % of the drive, the rest on the
    /// other 80 %, uniform within each.
    HotCold,
    /// flashcache: 3/4 of the drive in 2 MB sets, each refilled in FIFO
    /// order by 768 KB runs (the calibrated read-ahead), the set of each
    /// fill drawn uniformly; the last quarter is never written.
    Flashcache,
}

/// Host writes of one pass (the pattern's working set in mapping units).
fn pass_units(p: Pattern, units: u64) -> u64 {
    match p {
        Pattern::Flashcache => units * 3 / 4,
        _ => units,
    }
}

struct Writer {
    p: Pattern,
    units: u64,
    rng: SimRng,
    hands: Vec<u64>,
    i: u64,
}

impl Writer {
    fn new(p: Pattern, units: u64, seed: u64) -> Writer {
        let sets = (units * 3 / 4) * MAP / (2 << 20);
        Writer {
            p,
            units,
            rng: SimRng::new(seed),
            hands: vec![0; sets.max(2) as usize],
            i: 0,
        }
    }

    fn pick(&mut self, n: u64) -> u64 {
        ((self.rng.uniform() * n as f64) as u64).min(n - 1)
    }

    /// The next write: (byte address, bytes).
    fn next(&mut self) -> (u64, u64) {
        self.i += 1;
        match self.p {
            Pattern::Ring => {
                let half = self.units / 2;
                let r = (self.i & 1) as usize;
                let h = self.hands[r];
                self.hands[r] = (h + 1) % half;
                ((r as u64 * half + h) * MAP, MAP)
            }
            Pattern::Uniform => (self.pick(self.units) * MAP, MAP),
            Pattern::HotCold => {
                let hot = self.units / 5;
                let u = if self.rng.uniform() < 0.8 {
                    self.pick(hot)
                } else {
                    hot + self.pick(self.units - hot)
                };
                (u * MAP, MAP)
            }
            Pattern::Flashcache => {
                let set_units = (2 << 20) / MAP;
                let run = (768 << 10) / MAP;
                let s = self.pick(self.hands.len() as u64);
                let h = self.hands[s as usize];
                // A run stops at the set's end and the next fill wraps.
                let n = run.min(set_units - h);
                self.hands[s as usize] = (h + n) % set_units;
                ((s * set_units + h) * MAP, n * MAP)
            }
        }
    }
}

/// Steady-state WA of `model` under pattern `p`: the drive laid out in
/// steady state, `warm` passes of the pattern, then `passes` measured.
fn wa(p: Pattern, model: SsdModelKind, gb: u64, spare: f64, ppb: u32, warm: u32) -> f64 {
    let (g, c) = drive(gb, spare, ppb);
    let mut ssd = Ssd::with_model(&g, Some(&c), model);
    ssd.reset_steady(5);
    let units = (gb << 30) / MAP;
    let mut w = Writer::new(p, units, 17);
    let mut t = 0.0;
    let pass = pass_units(p, units);
    for k in 0..warm + 2 {
        if k == warm {
            ssd.reset_counters();
        }
        let mut done = 0;
        while done < pass {
            let (a, n) = w.next();
            ssd.service_at(IoOp::Write, a, n, t);
            // Open loop at a light load (the drive idles between writes, as
            // a cache's drive does at a few requests a second): a drive
            // kept saturated places its writes by which dies GC has
            // stalled, and that placement, not GC, would be compared.
            t += GAP_PER_UNIT * (n / MAP) as f64;
            done += n / MAP;
        }
    }
    ssd.wear().write_amplification()
}

/// A ring written in order empties each block before GC reaches it: WA 1
/// (the scalable model used to give the Lambert-W WA of uniform writes,
/// 7.98 at spare 0.07). At any spare factor the GC reserve leaves room
/// for: below about 4 % the reserve's 4 blocks of some 210 on a die take
/// most of the spare and units drifting between dies fill some more than
/// others, so the per-page reference itself copies (WA 1.27 at 0.03).
#[test]
fn a_ring_written_in_order_copies_nothing() {
    for spare in [0.05, 0.07, 0.28] {
        let w = wa(Pattern::Ring, SsdModelKind::Scalable, 1, spare, 128, 4);
        assert!((w - 1.0).abs() <= 0.02, "spare {spare}: WA {w}");
    }
}

/// Uniform random writes on blocks of 512 mapping units (where greedy GC's
/// victims are as full as the age model's, within 1 %) meet the Lambert-W
/// WA of the spare space data has (the clean blocks GC keeps, half its
/// reserve on average and half the open block, left out).
#[test]
fn uniform_writes_meet_lambert_w() {
    let (gb, spare, ppb) = (8, 0.1, 1024);
    let w = wa(Pattern::Uniform, SsdModelKind::Scalable, gb, spare, ppb, 2);
    let (g, _) = drive(gb, spare, ppb);
    let slots = (ppb as u64 * g.page_bytes / MAP) as f64;
    let blocks = tierplan_scenario::flash_layout::blocks_per_unit(
        g.capacity_bytes,
        g.spare_factor,
        g.page_bytes,
        g.pages_per_block,
        g.units,
    ) as f64;
    let data = g.units as f64 * (blocks - 2.0 - 0.5) * slots;
    let logical = ((gb << 30) / MAP) as f64;
    let expect = write_amplification(data / logical - 1.0);
    assert!((w - expect).abs() / expect < 0.03, "{w} vs {expect}");
}

/// 80 % of the writes on a fifth of the drive: the per-page reference's WA
/// within 10 %.
#[test]
fn hot_cold_meets_the_reference() {
    let s = wa(Pattern::HotCold, SsdModelKind::Scalable, 1, 0.07, 128, 2);
    let r = wa(Pattern::HotCold, SsdModelKind::Reference, 1, 0.07, 128, 2);
    assert!((s - r).abs() / r < 0.10, "{s} vs {r}");
}

/// flashcache's sets refilled in FIFO order: the reference's WA within
/// 10 % (the scalable model used to give 8.0 against 2.7, saturated).
#[test]
fn flashcache_refills_meet_the_reference() {
    let s = wa(Pattern::Flashcache, SsdModelKind::Scalable, 1, 0.07, 128, 3);
    let r = wa(
        Pattern::Flashcache,
        SsdModelKind::Reference,
        1,
        0.07,
        128,
        3,
    );
    assert!((s - r).abs() / r < 0.10, "{s} vs {r}");
    assert!(r < 6.0, "the pattern has locality: {r}");
}

/// NAND programs per host write of `model` on a fresh (secure-erased)
/// drive under flashcache's refills, in windows of a tenth of the
/// pattern's pass, over `passes` passes from the start.
fn fresh_windows(model: SsdModelKind, passes: u64) -> Vec<f64> {
    let (g, c) = drive(1, 0.07, 128);
    let mut ssd = Ssd::with_model(&g, Some(&c), model);
    ssd.reset();
    let units = (1u64 << 30) / MAP;
    let window = pass_units(Pattern::Flashcache, units) / 10;
    let mut w = Writer::new(Pattern::Flashcache, units, 17);
    let (mut t, mut done, mut out) = (0.0, 0, Vec::new());
    let mut last = (0u64, 0u64);
    while out.len() < (passes * 10) as usize {
        let (a, n) = w.next();
        ssd.service_at(IoOp::Write, a, n, t);
        t += GAP_PER_UNIT * (n / MAP) as f64;
        done += n / MAP;
        if done >= window {
            done = 0;
            let now = (ssd.wear().host_pages, ssd.wear().nand_pages);
            out.push((now.1 - last.1) as f64 / (now.0 - last.0) as f64);
            last = now;
        }
    }
    out
}

/// A fresh drive under flashcache's refills: once its clean space is used,
/// the first victims are the blocks filled first, which the refills have
/// emptied since, and they fill up over the next passes. The scalable
/// model's bursts follow the reference's from the first one (issue 48:
/// before the sample had collected, the age model's victims held 28 %
/// valid data where the reference's held none, and its 0.6 s bursts made
/// the NOSSDAV'12 figure's block series miss at 14 and 15 requests/s), and
/// through the ramp (an average over 512 of the sample's erases lagged it:
/// bursts a third short of the reference's). Each window's WA within 0.1
/// of the reference's plus 10 %.
#[test]
fn a_fresh_drive_collects_as_the_reference_from_its_first_burst() {
    let s = fresh_windows(SsdModelKind::Scalable, 4);
    let r = fresh_windows(SsdModelKind::Reference, 4);
    eprintln!("scalable  {s:.2?}\nreference {r:.2?}");
    for (k, (a, b)) in s.iter().zip(&r).enumerate() {
        assert!((a - b).abs() <= 0.1 + 0.1 * b, "window {k}: {a} vs {b}");
    }
    // The ramp: the copies per host write over the ten windows from the
    // first that copies, within 10 % of the reference's (the 512-erase
    // average gave 23 % fewer).
    let first = r
        .iter()
        .position(|&x| x > 1.01)
        .expect("the drive collects");
    let copies = |v: &[f64]| v[first..first + 10].iter().map(|x| x - 1.0).sum::<f64>();
    let (cs, cr) = (copies(&s), copies(&r));
    assert!((cs - cr).abs() / cr < 0.10, "{cs} vs {cr}");
    // The pattern's victims fill as the passes go on.
    assert!(r.iter().any(|&x| x > 1.2), "{r:?}");
}

/// Copies and erases of each GC burst `model` runs on a fresh drive
/// under flashcache's refills, over `passes` passes after the first
/// `skip`; each write's units go to the dies in turn, as idle dies take
/// them (the SSD at a light load), straight to the FTL so that every
/// burst is seen on its own.
fn bursts(model: SsdModelKind, skip: u64, passes: u64) -> Vec<(u32, u32)> {
    let (g, c) = drive(1, 0.07, 128);
    let mut ssd = Ssd::with_model(&g, Some(&c), model);
    ssd.reset();
    let units = (1u64 << 30) / MAP;
    let pass = pass_units(Pattern::Flashcache, units);
    let mut w = Writer::new(Pattern::Flashcache, units, 17);
    let flash = ssd.flash_mut();
    let dies = flash.units();
    let (mut done, mut die, mut out) = (0u64, 0u32, Vec::new());
    while done < (skip + passes) * pass {
        let (a, n) = w.next();
        for mu in a / MAP..(a + n) / MAP {
            let gc = flash.write(die, mu);
            die = (die + 1) % dies;
            if gc.erases > 0 && done >= skip * pass {
                out.push((gc.copies, gc.erases));
            }
            done += 1;
        }
    }
    out
}

/// Mean and standard deviation.
fn spread(xs: &[f64]) -> (f64, f64) {
    let mean = xs.iter().sum::<f64>() / xs.len() as f64;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / xs.len() as f64;
    (mean, var.sqrt())
}

/// Greedy's bursts differ in length with their victims' valid counts, and
/// near a queue's knee the long ones make the misses (issue 48: the
/// NOSSDAV'12 figure's block series at 17 requests/s missed 2.9 % on the
/// scalable model's even bursts, 6.8 % on the reference's). Over the third
/// and fourth passes of flashcache's refills on a fresh drive (the ramp
/// flattening out), the spread of the copies per burst within 15 % of the
/// reference's: each of the drive's bursts now takes its victims' share
/// from one of the sample's own bursts (the 16-erase mean of the sample's
/// victims gave 30 % less). The mean share per burst as the reference's.
#[test]
fn bursts_vary_in_length_as_the_reference_s() {
    let (s, r) = (
        bursts(SsdModelKind::Scalable, 2, 2),
        bursts(SsdModelKind::Reference, 2, 2),
    );
    let copies = |b: &[(u32, u32)]| spread(&b.iter().map(|x| x.0 as f64).collect::<Vec<_>>());
    let share = |b: &[(u32, u32)]| {
        let v: Vec<f64> = b.iter().map(|x| x.0 as f64 / (x.1 as f64 * 64.0)).collect();
        spread(&v).0
    };
    let ((ms, ss), (mr, sr)) = (copies(&s), copies(&r));
    eprintln!("copies per burst: scalable {ms:.1} ± {ss:.1}, reference {mr:.1} ± {sr:.1}");
    assert!((ss - sr).abs() / sr < 0.15, "spread {ss} vs {sr}");
    let (vs, vr) = (share(&s), share(&r));
    assert!((vs - vr).abs() / vr < 0.05, "mean share {vs} vs {vr}");
}

#[test]
#[ignore]
fn wa_table() {
    let gb = 2;
    println!("pattern      scalable  reference  (2 GB, spare 0.07, 64 units a block)");
    for p in [
        Pattern::Ring,
        Pattern::Uniform,
        Pattern::HotCold,
        Pattern::Flashcache,
    ] {
        let s = wa(p, SsdModelKind::Scalable, gb, 0.07, 128, 4);
        let r = wa(p, SsdModelKind::Reference, gb, 0.07, 128, 4);
        println!("{:<12} {s:8.2} {r:10.2}", format!("{p:?}"));
    }
    let lw = write_amplification(0.07);
    println!("Lambert-W WA at spare 0.07: {lw:.2}");
}
