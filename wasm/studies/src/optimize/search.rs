//! The exact cost-ordered search (see the module's account in `mod.rs`):
//! its state per architecture, the necessary conditions, and the ask/tell
//! protocol ([`Search::next_batch`], [`Search::report`]).

use super::arch::*;
use super::bound::{bw_units, Capacities, Trace};
use super::config::*;
use super::result::*;
use super::rule::{self, Rule};
use super::spec::*;
use super::tco::compute_tco;
use super::{checks, space};
use std::collections::HashMap;
use std::sync::Arc;
use tierplan_kit::devices::hdd::disk_tier_mbps;
use tierplan_scenario::validate::FieldError;
use tierplan_scenario::*;
use tierplan_stream::results::{RunResult, TargetVerdict};

/// An exact cost-ordered search with an ask/tell interface.
pub struct Search {
    /// The scenario every candidate is made from: what runs.
    base: Scenario,
    /// The base with the workload its simulated server sees (model §10b):
    /// the base's own, 1/N of it under any-server routing, by title the
    /// hottest server's titles and share of the arrivals. The facts, the
    /// derived maxima, the regenerated arrivals and the static LFU's
    /// staging come from it, as the engine's run does.
    space: Scenario,
    /// By title, the popularity of the hottest server's titles, by which
    /// the engine draws (`None`: the workload's Zipf curve).
    weights: Option<Arc<[f64]>>,
    spec: OptimizeSpec,
    facts: Facts,
    archs: Vec<Arch>,
    issued: Vec<(usize, usize)>,
    /// The regenerated arrivals (cold, warm), shared with other searches of
    /// the same arrivals (the fleet search's tries at one server count).
    traces: [Option<Arc<Trace>>; 2],
    bounds_on: bool,
    evaluated: Vec<Evaluated>,
    notes: Vec<String>,
    /// Configurations without any cache device are the same system as HDD
    /// only with as many disks, whatever their architecture: simulated once
    /// per disk count. The result, once reported, by disk count …
    plain_done: HashMap<u32, RunResult>,
    /// … the candidate simulating it while in flight, by disk count …
    plain_in_flight: HashMap<u32, u32>,
    /// … and the configurations waiting for that candidate, by its id.
    waiters: HashMap<u32, Vec<(usize, usize)>>,
    /// Configurations decided by a twin's simulation instead of their own.
    shared: u32,
    /// The rule in force: target, cap and ceiling.
    rule: Rule,
}

/// Interval-cache counts whose trace bounds one sweep computes together.
pub(super) const IC_SWEEP: u32 = 16;

impl Search {
    /// Validate the scenario and spec and lay out the search space: the
    /// spec's ranges and the run every candidate makes (`checks.rs`), the
    /// scenario per architecture, then each architecture's space and the
    /// notes (`space.rs`, where the derived maxima are explained).
    pub fn new(scenario: Scenario, spec: OptimizeSpec) -> Result<Search, Vec<FieldError>> {
        let (rule, mut errors) = checks::check_spec(&spec);
        let scenario = checks::candidate_run(scenario, &rule);
        let checked = checks::check_scenario(&scenario, &spec.architectures, &mut errors);
        if !errors.is_empty() {
            return Err(errors);
        }
        // One placement decides both what runs and the space: the server
        // the engine simulates (`tierplan_stream::fleet`).
        let per = tierplan_stream::fleet::server_workload(&scenario);
        let lib_mb = per.largest_library_mb(&scenario);
        let mut space = scenario.clone();
        space.workload = per.workload;
        let weights: Option<Arc<[f64]>> = per.weights.map(Into::into);
        let facts = Facts::of(&space.workload, weights.as_deref());
        let load = facts.load(space.workload.arrival_rate);
        let mut archs = Vec::new();
        for (&arch, valid) in spec.architectures.iter().zip(checked) {
            let valid = match valid {
                Ok(v) => v,
                Err(why) => {
                    archs.push(Arch::skipped(arch, why));
                    continue;
                }
            };
            match space::lay_out(
                valid,
                lib_mb,
                arch,
                &spec.max_counts,
                &facts,
                load,
                rule.ceiling,
            ) {
                Ok(a) => archs.push(a),
                Err(e) => errors.push(e),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let (bounds_on, notes) = space::bounds_and_notes(&space, &spec, &archs, load);
        let mut search = Search {
            base: scenario,
            space,
            weights,
            spec,
            facts,
            archs,
            issued: Vec::new(),
            traces: [None, None],
            bounds_on,
            evaluated: Vec::new(),
            notes,
            plain_done: HashMap::new(),
            plain_in_flight: HashMap::new(),
            waiters: HashMap::new(),
            shared: 0,
            rule,
        };
        if search.spec.criterion == Criterion::StudyCapacity {
            search.study_pass();
        }
        Ok(search)
    }

    /// Simulate without pruning, saying why: for candidates whose results do
    /// not come from the scenario's own generated arrivals (a replayed log,
    /// model §14), the regenerated trace behind the necessary conditions does
    /// not apply. Call before the first batch.
    pub fn without_pruning(&mut self, why: &str) {
        if self.bounds_on {
            self.bounds_on = false;
            self.notes.push(why.to_string());
        }
    }

    /// The arrival traces generated so far (cold, warm), to hand to
    /// [`Search::adopt_traces`] of another search whose base scenario has the
    /// same workload, policy and run (the trace depends on nothing else).
    pub(crate) fn traces(&self) -> [Option<Arc<Trace>>; 2] {
        self.traces.clone()
    }

    /// Use traces another search generated from the same workload, policy
    /// and run (see [`Search::traces`]) instead of generating them again.
    /// Every simulated result is still checked against them.
    pub(crate) fn adopt_traces(&mut self, traces: &[Option<Arc<Trace>>; 2]) {
        for (mine, theirs) in self.traces.iter_mut().zip(traces) {
            if mine.is_none() {
                mine.clone_from(theirs);
            }
        }
    }

    /// Stop each candidate's run once a tier's peak utilisation is above
    /// the ceiling (`run.halt_above_peak_utilisation`): from that instant
    /// the candidate fails (`Rule::judge` rejects any run whose busiest
    /// replication peaks above the ceiling, and a peak never falls), so the
    /// rest of its run cannot change whether it passes nor that it broke
    /// the ceiling. Only those two facts of a failing candidate may be
    /// used: its other figures cover the run up to the halt. The fleet
    /// search uses nothing else; [`Search::result`] lists every evaluated
    /// configuration's figures, so the single-server optimiser does not
    /// halt. Call before the first batch.
    pub(crate) fn halt_over_ceiling(&mut self) {
        if self.rule.simulated {
            self.base.run.halt_above_peak_utilisation = Some(self.rule.ceiling);
        }
    }

    /// Conclude at once every architecture whose largest configuration
    /// (every tier at its maximum) fails the necessary conditions: the
    /// bound only grows as capacities shrink (fewer disks, a smaller
    /// buffer or flash tier never lower |D(τ)| − capacity at any instant),
    /// so every configuration fails them and the cost-ordered search would
    /// prune each in turn, one trace sweep per cache count — the same
    /// outcome (no configuration, nothing simulated) for one sweep. The
    /// fleet search calls it on each try it lays out: many (chassis,
    /// servers) tries cannot carry the load at all. Call before the first
    /// batch.
    pub(crate) fn rule_out_hopeless(&mut self) {
        if self.spec.criterion != Criterion::Simulated {
            return;
        }
        for a in 0..self.archs.len() {
            let ar = &self.archs[a];
            if ar.done || ar.cfgs.is_empty() {
                continue;
            }
            let top = ar.cfgs.iter().fold(
                Counts {
                    disk: 0,
                    interval_cache: 0,
                    file_cache: 0,
                },
                |m, c| Counts {
                    disk: m.disk.max(c.counts.disk),
                    interval_cache: m.interval_cache.max(c.counts.interval_cache),
                    file_cache: m.file_cache.max(c.counts.file_cache),
                },
            );
            let Some(pos) = ar.cfgs.iter().position(|c| c.counts == top) else {
                continue;
            };
            if ar.status.iter().any(|s| *s != St::Pending) || self.may_be_feasible(a, pos) {
                continue;
            }
            let ar = &mut self.archs[a];
            ar.pruned += ar.status.len() as u32;
            ar.status.fill(St::Pruned);
            ar.cursor = ar.status.len();
            self.advance_resolved(a);
        }
    }

    /// StudyCapacity: decide every architecture analytically.
    fn study_pass(&mut self) {
        let need = offered_load(self.space.workload.arrival_rate, self.facts.mean_len_s)
            * (1.0 - self.spec.target);
        for a in 0..self.archs.len() {
            let arch = self.archs[a].arch;
            let mut found = None;
            for pos in 0..self.archs[a].cfgs.len() {
                let s = configure(&self.base, arch, self.archs[a].cfgs[pos].counts);
                if study_capacity(&s, self.facts.mean_kbps) as f64 >= need {
                    found = Some(pos);
                    break;
                }
                self.archs[a].status[pos] = St::AnalyticFail;
                self.archs[a].analytic += 1;
            }
            let ar = &mut self.archs[a];
            ar.best = found;
            ar.resolved = found.unwrap_or(ar.cfgs.len());
            ar.cursor = ar.resolved;
            if found.is_none() {
                ar.done = true;
            }
        }
    }

    fn trace(&mut self, warm: bool) -> &Trace {
        let k = warm as usize;
        if self.traces[k].is_none() {
            self.traces[k] = Some(Arc::new(Trace::generate(
                &self.space,
                self.weights.as_deref(),
                warm,
            )));
        }
        self.traces[k].as_deref().expect("generated")
    }

    fn warm_trace(&self, arch: Architecture, c: Counts) -> bool {
        arch.has_file_cache()
            && c.file_cache > 0
            && self.base.policy.lfu == LfuPolicy::Dynamic
            && self.base.policy.lfu_start == LfuStart::Warm
    }

    /// Necessary condition: false if the configuration cannot meet the
    /// target under the rule (see `bound.rs` and `Rule::may_pass`). A
    /// configuration that passes keeps every tier's usage at or under the
    /// ceiling in every replication, so its runs are runs of a system with
    /// the bandwidths scaled by the ceiling, and the bound is taken there.
    fn may_be_feasible(&mut self, a: usize, pos: usize) -> bool {
        if !self.bounds_on {
            return true;
        }
        let arch = self.archs[a].arch;
        let c = self.archs[a].cfgs[pos].counts;
        let s = configure(&self.base, arch, c);
        let bmin = self.facts.bmin_units;
        let ceiling = self.rule.ceiling;
        let usable = |units: Option<u64>| units.map_or(u64::MAX / 4, |u| scaled(u, ceiling));
        let disk_streams = usable(bw_units(disk_tier_mbps(&s), c.disk)) / bmin;
        let key = (c.file_cache, c.interval_cache);
        let valid = self.archs[a].valid.as_ref();
        if !self.archs[a].excess.contains_key(&key) {
            let file_cache = valid.and_then(|v| v.file_cache()).map(|(_, d)| d);
            let (file_streams, cached) = match file_cache {
                Some(d) if c.file_cache > 0 => {
                    let count = c.file_cache;
                    let streams = usable(bw_units(d.read_mbps, count)) / bmin;
                    let cached = if s.policy.lfu == LfuPolicy::Static {
                        // The engine's static staging, by rank at t = 0,
                        // of the titles its server holds.
                        let w = &self.space.workload;
                        let sc = w.class_of_ranks();
                        let mut free =
                            (d.capacity_gb * 1024.0 * 1024.0).floor() as u64 * count as u64;
                        let v: Vec<bool> = (0..w.videos as usize)
                            .map(|slot| {
                                let k = &w.classes[sc[slot] as usize];
                                let size = (k.length_s() * k.bitrate_kbps).round() as u64;
                                if size <= free {
                                    free -= size;
                                    true
                                } else {
                                    false
                                }
                            })
                            .collect();
                        Some(v)
                    } else {
                        None
                    };
                    (streams, cached)
                }
                _ => (0, Some(Vec::new())),
            };
            // A block of interval-cache counts in one sweep (the sweep's
            // cost grows with the counts it covers, and a search that finds
            // its optimum early never needs the dearer ones); none when this
            // configuration has no interval cache.
            let ic_counts: Vec<u32> = match self.archs[a]
                .space
                .tiers
                .iter()
                .find(|t| t.role == TierRole::IntervalCache)
            {
                Some(t) if c.interval_cache > 0 => {
                    (c.interval_cache..=t.max.min(c.interval_cache + IC_SWEEP - 1)).collect()
                }
                _ => vec![0],
            };
            let interval_cache = valid.and_then(|v| v.interval_cache()).map(|(_, d)| d);
            let buffers: Vec<(u64, u64)> = ic_counts
                .iter()
                .map(|&n| match interval_cache {
                    Some(d) if n > 0 => {
                        let blocks = (d.capacity_gb * 1024.0).floor() as u64 * n as u64;
                        let streams = if d.kind == DeviceKind::Ssd {
                            usable(bw_units(d.read_mbps, n)) / bmin
                        } else {
                            u64::MAX
                        };
                        (blocks, streams)
                    }
                    _ => (0, 0),
                })
                .collect();
            let warm = self.warm_trace(arch, c);
            let no_file = cached.as_ref().is_some_and(|v| v.is_empty());
            let cached_ref: Option<Vec<bool>> = if no_file { None } else { cached };
            let caps = Capacities {
                file_streams,
                cached: cached_ref.as_deref(),
                buffers: &buffers,
            };
            let ex = self.trace(warm).excess(&caps);
            for (n, e) in ic_counts.into_iter().zip(ex) {
                self.archs[a].excess.insert((c.file_cache, n), e);
            }
        }
        let warm = self.warm_trace(arch, c);
        let rule = self.rule;
        let ex = self.archs[a].excess[&key].clone();
        let tr = self.trace(warm);
        let lower: Vec<f64> = ex
            .iter()
            .zip(&tr.reps)
            .map(|(&m, r)| {
                let lb = (m - disk_streams.min(i64::MAX as u64) as i64).max(0);
                if r.measured_arrivals > 0 {
                    lb as f64 / r.measured_arrivals as f64
                } else {
                    0.0
                }
            })
            .collect();
        rule.may_pass(&lower)
    }

    /// Whether a configuration passes the necessary conditions (true when
    /// pruning is off or the architecture is not in the search). Exposed so
    /// tests can check the conditions against brute force on every
    /// configuration, and a UI can explain why one was skipped.
    pub fn passes_necessary_conditions(
        &mut self,
        architecture: Architecture,
        counts: Counts,
    ) -> bool {
        let Some(a) = self.archs.iter().position(|x| x.arch == architecture) else {
            return true;
        };
        let Some(pos) = self.archs[a].cfgs.iter().position(|c| c.counts == counts) else {
            return true;
        };
        self.may_be_feasible(a, pos)
    }

    fn advance_resolved(&mut self, a: usize) {
        let ar = &mut self.archs[a];
        while ar.resolved < ar.status.len() && ar.status[ar.resolved].resolved_infeasible() {
            ar.resolved += 1;
        }
        let concluded = match ar.best {
            Some(b) => match self.spec.criterion {
                Criterion::Simulated => ar.resolved >= b,
                Criterion::StudyCapacity => ar.measured.contains_key(&b),
            },
            None => ar.resolved >= ar.status.len(),
        };
        if concluded {
            ar.done = true;
        }
    }

    /// Next issuable position of architecture `a` (pruning lazily), if any.
    fn peek(&mut self, a: usize) -> Option<usize> {
        if self.archs[a].done {
            return None;
        }
        if self.spec.criterion == Criterion::StudyCapacity {
            let ar = &self.archs[a];
            return ar.best.filter(|&b| ar.status[b] == St::Pending);
        }
        loop {
            let ar = &self.archs[a];
            let limit = ar.best.unwrap_or(ar.cfgs.len());
            let pos = ar.cursor;
            if pos >= limit {
                return None;
            }
            if ar.status[pos] != St::Pending {
                self.archs[a].cursor += 1;
                continue;
            }
            // A twin already simulated or running decides it: no bound needed.
            let twin = self.plain_disks(a, pos).is_some_and(|d| {
                self.plain_done.contains_key(&d) || self.plain_in_flight.contains_key(&d)
            });
            if twin || self.may_be_feasible(a, pos) {
                return Some(pos);
            }
            let ar = &mut self.archs[a];
            ar.status[pos] = St::Pruned;
            ar.pruned += 1;
            ar.cursor += 1;
            self.advance_resolved(a);
            if self.archs[a].done {
                return None;
            }
        }
    }

    /// Up to `k` candidates to simulate, cheapest first (merged over
    /// architectures by cost). Empty when everything left is in flight.
    pub fn next_batch(&mut self, k: usize) -> Vec<Candidate> {
        let mut out = Vec::new();
        while out.len() < k {
            let mut pick: Option<(usize, usize)> = None;
            for a in 0..self.archs.len() {
                if let Some(pos) = self.peek(a) {
                    let better = match pick {
                        None => true,
                        Some((pa, pp)) => {
                            self.archs[a].cfgs[pos].cost < self.archs[pa].cfgs[pp].cost
                        }
                    };
                    if better {
                        pick = Some((a, pos));
                    }
                }
            }
            let Some((a, pos)) = pick else { break };
            if let Some(disks) = self.plain_disks(a, pos) {
                if let Some(r) = self.plain_done.get(&disks).cloned() {
                    // Its twin was simulated: decided now, nothing to run.
                    self.shared += 1;
                    self.record(a, pos, &r);
                    continue;
                }
                if let Some(&twin) = self.plain_in_flight.get(&disks) {
                    // Its twin is running: decided when that reports.
                    self.archs[a].status[pos] = St::InFlight(twin);
                    self.waiters.entry(twin).or_default().push((a, pos));
                    continue;
                }
            }
            let id = self.issued.len() as u32;
            self.issued.push((a, pos));
            if let Some(disks) = self.plain_disks(a, pos) {
                self.plain_in_flight.insert(disks, id);
            }
            let ar = &mut self.archs[a];
            ar.status[pos] = St::InFlight(id);
            let cfg = ar.cfgs[pos];
            out.push(Candidate {
                id,
                architecture: ar.arch,
                counts: cfg.counts,
                capital_cost: cfg.cost,
                scenario: configure(&self.base, ar.arch, cfg.counts),
            });
        }
        out
    }

    fn measurement(
        &self,
        scenario: &Scenario,
        r: &RunResult,
        verdict: Option<TargetVerdict>,
    ) -> Measurement {
        let peak_utilisation = r
            .tiers
            .iter()
            .map(|t| TierPeak {
                role: t.role,
                device: t.device.clone(),
                name: scenario
                    .device(&t.device)
                    .map_or_else(|| t.device.clone(), |d| d.name.clone()),
                util_peak: t.util_peak,
                worst: rule::worst_peak(r, t.role),
            })
            .collect();
        let ssd_lifetimes: Vec<SsdLifetime> = r
            .flash
            .iter()
            .map(|f| {
                let device = scenario
                    .tiers_in_use()
                    .find(|(role, _)| *role == f.role)
                    .map_or(String::new(), |(_, t)| t.device.clone());
                SsdLifetime {
                    role: f.role,
                    name: scenario
                        .device(&device)
                        .map_or_else(|| device.clone(), |d| d.name.clone()),
                    device,
                    lifetime_h: f.lifetime_h,
                    replacement_cost_per_year: f.replacement_cost_per_year,
                }
            })
            .collect();
        let tco = self.spec.tco.as_ref().map(|t| {
            let l: Vec<(TierRole, Option<f64>)> = ssd_lifetimes
                .iter()
                .map(|x| (x.role, x.lifetime_h.map(|e| e.mean)))
                .collect();
            compute_tco(scenario, t, r.summary.avg_streams.mean, &l)
        });
        Measurement {
            replications: r.replications.len() as u32,
            verdict,
            peak_utilisation,
            avg_streams: r.summary.avg_streams,
            streams_per_dollar: r.summary.streams_per_dollar,
            rejection_probability: r.summary.rejection_probability,
            max_rejection_probability: r.summary.max_rejection_probability,
            hit_ratio: r.summary.hit_ratio,
            buffered_streams: r.summary.buffered_streams,
            ssd_lifetimes,
            tco,
        }
    }

    /// Check a simulated result against the regenerated arrival trace; on
    /// any mismatch, stop pruning and reopen every pruned configuration.
    fn verify_trace(&mut self, a: usize, pos: usize, r: &RunResult) {
        // A halted run stopped short of its arrivals: nothing to check.
        if !self.bounds_on || r.halted {
            return;
        }
        let arch = self.archs[a].arch;
        let c = self.archs[a].cfgs[pos].counts;
        let warm = self.warm_trace(arch, c);
        let warmup_zero = self.base.run.warmup_h == 0.0;
        let rule = self.rule;
        let tr = self.trace(warm);
        // The replications the rule ran (all, or up to the deciding one),
        // each against its own regenerated trace.
        let ok = rule.ran_as_ruled(r, tr.reps.len())
            && r.replications.iter().zip(&tr.reps).all(|(x, t)| {
                x.arrivals == t.measured_arrivals
                    && (!warmup_zero || x.rejections > 0 || x.peak_streams == t.peak_unlimited)
            });
        if ok {
            return;
        }
        self.bounds_on = false;
        self.notes.push("the regenerated arrival trace did not match a simulation (engine changed?): pruning turned off and every pruned configuration reopened".into());
        for ar in &mut self.archs {
            for st in &mut ar.status {
                if *st == St::Pruned {
                    *st = St::Pending;
                }
            }
            ar.pruned = 0;
            ar.cursor = 0;
            ar.resolved = 0;
            ar.done = false;
        }
        for a in 0..self.archs.len() {
            self.advance_resolved(a);
        }
    }

    /// Take the result of candidate `id` (any order).
    pub fn report(&mut self, id: u32, result: &RunResult) -> Result<(), String> {
        let Some(&(a, pos)) = self.issued.get(id as usize) else {
            return Err(format!("candidate {id} was never issued"));
        };
        if self.archs[a].status[pos] != St::InFlight(id) {
            return Err(format!("candidate {id} was already reported"));
        }
        self.record(a, pos, result);
        if let Some(disks) = self.plain_disks(a, pos) {
            self.plain_in_flight.remove(&disks);
            self.plain_done.insert(disks, result.clone());
        }
        for (a2, pos2) in self.waiters.remove(&id).unwrap_or_default() {
            self.shared += 1;
            self.record(a2, pos2, result);
        }
        Ok(())
    }

    /// The disk count of a configuration with no cache device (the same
    /// system as HDD only with those disks), else `None`.
    fn plain_disks(&self, a: usize, pos: usize) -> Option<u32> {
        let c = self.archs[a].cfgs[pos].counts;
        let arch = self.archs[a].arch;
        let no_ic = arch.interval_cache_kind().is_none() || c.interval_cache == 0;
        let no_fc = !arch.has_file_cache() || c.file_cache == 0;
        (no_ic && no_fc).then_some(c.disk)
    }

    /// Take a configuration's simulated result (its own or its twin's).
    fn record(&mut self, a: usize, pos: usize, result: &RunResult) {
        self.verify_trace(a, pos, result);
        let arch = self.archs[a].arch;
        let scenario = configure(&self.base, arch, self.archs[a].cfgs[pos].counts);
        let j = self.rule.judge(&scenario, result);
        let m = self.measurement(&scenario, result, j.verdict);
        let feasible = j.reason.is_none();
        let ar = &mut self.archs[a];
        ar.simulated += 1;
        ar.over_ceiling += j.over_ceiling as u32;
        ar.undecided += j.undecided as u32;
        ar.status[pos] = if feasible {
            St::Feasible
        } else {
            St::Infeasible
        };
        if feasible && ar.best.is_none_or(|b| pos < b) {
            ar.best = Some(pos);
        }
        ar.measured.insert(pos, m.clone());
        self.evaluated.push(Evaluated {
            arch: a,
            pos,
            reason: j.reason,
            m,
        });
        self.advance_resolved(a);
    }

    /// At most how many configurations of architecture `a` are still to be
    /// simulated or pruned before it concludes: those in flight (the driver
    /// waits for them) and those pending below its cheapest passing one so
    /// far (the search stops there), or below the end of its space while
    /// none has passed. Each step of the search moves one pending
    /// configuration to in flight or decided, decides one in flight, or
    /// lowers the cheapest passing one, so the count never grows; only
    /// reopening the pruned configurations (pruning turned off) raises it.
    fn left_at_most(&self, a: usize) -> u64 {
        let ar = &self.archs[a];
        let in_flight = ar
            .status
            .iter()
            .filter(|s| matches!(s, St::InFlight(_)))
            .count() as u64;
        if ar.done {
            // Concluded: nothing more of it is examined (a candidate still
            // in flight is only waited for).
            return in_flight;
        }
        let pending = match self.spec.criterion {
            // Decided analytically up front: only the optimum is simulated.
            Criterion::StudyCapacity => ar.best.is_some_and(|b| ar.status[b] == St::Pending).into(),
            Criterion::Simulated => {
                let limit = ar.best.unwrap_or(ar.cfgs.len());
                ar.status[ar.cursor.min(limit)..limit]
                    .iter()
                    .filter(|s| **s == St::Pending)
                    .count() as u64
            }
        };
        in_flight + pending
    }

    pub fn progress(&self) -> SearchProgress {
        let in_flight = self
            .archs
            .iter()
            .map(|a| {
                a.status
                    .iter()
                    .filter(|s| matches!(s, St::InFlight(_)))
                    .count() as u32
            })
            .sum();
        SearchProgress {
            configurations: self.archs.iter().map(|a| a.cfgs.len() as u64).sum(),
            simulated: self.evaluated.len() as u32 - self.shared,
            in_flight,
            pruned: self.archs.iter().map(|a| a.pruned).sum(),
            architectures_done: self.archs.iter().filter(|a| a.done).count() as u32,
            architectures: self.archs.len() as u32,
            done: self.is_done(),
            left_at_most: (0..self.archs.len()).map(|a| self.left_at_most(a)).sum(),
            bounded_by_passing: self.archs.iter().all(|a| a.done || a.best.is_some()),
        }
    }

    pub fn is_done(&self) -> bool {
        self.archs.iter().all(|a| a.done)
    }

    /// The least capital cost the answer can still have, over the
    /// architectures that may still give one: a concluded one's optimum, or
    /// the cheapest configuration not yet shown infeasible of one still
    /// searching (every cheaper one was simulated, pruned or ruled out).
    /// `None` when no architecture can give an answer any more. The fleet
    /// search orders and prunes its tries by it.
    pub fn cost_floor(&self) -> Option<f64> {
        self.archs
            .iter()
            .filter_map(|ar| match (ar.done, ar.best) {
                (true, Some(b)) => Some(ar.cfgs[b].cost),
                (true, None) => None,
                (false, _) => ar.cfgs.get(ar.resolved).map(|c| c.cost),
            })
            .min_by(f64::total_cmp)
    }

    pub fn result(&self) -> OptimizeResult {
        let architectures = self
            .archs
            .iter()
            .enumerate()
            .map(|(a, ar)| {
                let best = ar.best.filter(|_| ar.done).map(|b| {
                    let cfg = ar.cfgs[b];
                    let s = configure(&self.base, ar.arch, cfg.counts);
                    BestConfig {
                        counts: cfg.counts,
                        capital_cost: cfg.cost,
                        study_capacity: study_capacity(&s, self.facts.mean_kbps),
                        measurement: ar.measured.get(&b).cloned(),
                    }
                });
                let message = if let Some(why) = &ar.skipped {
                    Some(why.clone())
                } else if ar.done && ar.best.is_none() {
                    let t = &ar.space.tiers;
                    let maxes = t
                        .iter()
                        .map(|t| format!("{} ≤ {}", t.role.label(), t.max))
                        .collect::<Vec<_>>()
                        .join(", ");
                    let disk_max = t[0].max;
                    let rule = self.rule;
                    let meets = if rule.sequential() {
                        format!(
                            "meets rejection < {} (95 % interval, at most {} replications)",
                            self.spec.target, rule.cap
                        )
                    } else {
                        format!("meets rejection ≤ {} in every replication", self.spec.target)
                    };
                    Some(format!(
                        "no configuration with {maxes} {meets} with every tier's peak utilisation ≤ {}: raise optimize.max_counts.disk (now {disk_max}){}{}",
                        rule.ceiling,
                        if t.len() > 1 { " or the cache maxima" } else { "" },
                        if ar.over_ceiling > 0 { ", or the ceiling optimize.max_peak_utilisation" } else { "" }
                    ))
                } else {
                    None
                };
                let examined = ar
                    .status
                    .iter()
                    .filter(|s| !matches!(s, St::Pending))
                    .count() as u64;
                ArchitectureResult {
                    architecture: ar.arch,
                    label: ar.arch.label().into(),
                    space: ar.space.clone(),
                    best,
                    done: ar.done,
                    message,
                    simulated: ar.simulated,
                    pruned: ar.pruned,
                    analytic_rejected: ar.analytic,
                    not_examined: ar.cfgs.len() as u64 - examined,
                    left_at_most: self.left_at_most(a),
                    found_passing: ar.best.is_some(),
                    over_ceiling: ar.over_ceiling,
                    undecided: ar.undecided,
                }
            })
            .collect();
        let pts: Vec<(f64, f64)> = self
            .evaluated
            .iter()
            .map(|e| (self.archs[e.arch].cfgs[e.pos].cost, e.m.avg_streams.mean))
            .collect();
        let evaluated = self
            .evaluated
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let (c, s) = pts[i];
                let dominated = pts
                    .iter()
                    .enumerate()
                    .any(|(j, &(c2, s2))| j != i && c2 <= c && s2 >= s && (c2 < c || s2 > s));
                EvaluatedConfig {
                    architecture: self.archs[e.arch].arch,
                    counts: self.archs[e.arch].cfgs[e.pos].counts,
                    capital_cost: c,
                    avg_streams: s,
                    feasible: e.reason.is_none(),
                    rejection_probability: e.m.rejection_probability.mean,
                    max_rejection_probability: e.m.max_rejection_probability,
                    replications: e.m.replications,
                    reason: e.reason.clone(),
                    pareto: !dominated,
                }
            })
            .collect();
        OptimizeResult {
            criterion: self.spec.criterion,
            target: self.spec.target,
            max_replications: self.rule.cap,
            max_peak_utilisation: self.rule.ceiling,
            mean_length_s: self.facts.mean_len_s,
            offered_load: self.facts.load(self.space.workload.arrival_rate).a_load,
            run: self.base.run.clone(),
            architectures,
            evaluated,
            simulations: self.evaluated.len() as u32 - self.shared,
            shared: self.shared,
            pruned: self.archs.iter().map(|a| a.pruned).sum(),
            done: self.is_done(),
            pruning_active: self.bounds_on,
            notes: self.notes.clone(),
        }
    }
}

/// Run the whole search natively, one simulation at a time (the shared
/// driver on one thread: ask one candidate, run it, report it).
pub fn optimize(
    scenario: &Scenario,
    spec: &OptimizeSpec,
) -> Result<OptimizeResult, Vec<FieldError>> {
    let mut search = Search::new(scenario.clone(), spec.clone())?;
    super::drive::drive_natively(&mut search, 1, |_: &Search| {}, &Default::default())?;
    debug_assert!(search.is_done());
    Ok(search.result())
}
