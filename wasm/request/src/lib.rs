//! The request-level engine (model §11): HTTP (DASH) segment requests over
//! device queues, beside the stream-level engine in `stream/`. A
//! [`RequestJob`] runs the replications of one scenario in bounded steps,
//! the same shape as the stream engine's `Job`, so a Web Worker can report
//! progress and stop between steps.

pub mod block_cache;
mod export;
pub mod figure;
mod layout;
pub mod load;
mod max_rate;
mod object_cache;
pub mod plan;
mod policy;
pub mod result;
mod ring_cache;
pub mod saturation;
mod sim;
pub mod workload;

pub use export::export_io;
pub use load::{rate_load, RateLoad};
pub use max_rate::{max_rate, MaxRateJob, MaxRatePoint, MaxRateProgress, MaxRateResult};
pub use plan::IndexRam;
pub use result::*;

use plan::Plan;
use sim::PooledSim;
use tierplan_kit::analytics::lifetime_hours;
use tierplan_kit::progress::Progress;
use tierplan_kit::progress::SteppedJob;
use tierplan_kit::stats::mean_ci95;
use tierplan_scenario::request::CachePolicyKind;
use tierplan_scenario::server::{Limit, LimitUse};
use tierplan_scenario::validate::{request_section_missing, validate, FieldError};
use tierplan_scenario::{Scenario, ValidScenario};

const GB: f64 = 1024.0 * 1024.0 * 1024.0;

pub struct RequestJob {
    scenario: ValidScenario,
    plan: Plan,
    sim: PooledSim,
    rep: u32,
    started: bool,
    events_before: u64,
    reps: Vec<RequestReplication>,
    series: Vec<Vec<Vec<f64>>>,
    /// Summed over replications: flash write sizes (4 KB bins), the
    /// segments' time split and how many requests it covers.
    write_sizes: Vec<u64>,
    split: sim::Split,
    split_requests: u64,
}

impl RequestJob {
    /// Validate (the scenario must have a `request` section) and prepare.
    pub fn new(scenario: Scenario) -> Result<RequestJob, Vec<FieldError>> {
        let missing = scenario.request.is_none();
        let scenario = validate(scenario).map_err(|mut errors| {
            if missing {
                errors.push(request_section_missing());
            }
            errors
        })?;
        RequestJob::of(scenario)
    }

    /// Prepare the run of a validated scenario; an error only when it has
    /// no `request` section.
    pub fn of(scenario: ValidScenario) -> Result<RequestJob, Vec<FieldError>> {
        let Some(request) = scenario.request() else {
            return Err(vec![request_section_missing()]);
        };
        let plan = Plan::new(&scenario, request);
        Ok(RequestJob {
            sim: PooledSim::new(&plan),
            plan,
            scenario,
            rep: 0,
            started: false,
            events_before: 0,
            reps: Vec::new(),
            series: Vec::new(),
            write_sizes: vec![0; sim::WRITE_SIZE_BINS],
            split: sim::Split::default(),
            split_requests: 0,
        })
    }

    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The seed of the run's replication `k`: the scenario's replication
    /// `first_replication + k`.
    fn seed(&self, k: u32) -> u32 {
        self.plan
            .seed
            .wrapping_add(self.plan.first_replication)
            .wrapping_add(k)
    }

    /// Process up to about `max_ios` events (I/O completions and arrivals).
    pub fn step(&mut self, max_ios: u64) -> Progress {
        let mut budget = max_ios.max(1);
        while self.rep < self.plan.replications && budget > 0 {
            if !self.started {
                let seed = self.seed(self.rep) as u64;
                self.sim.reset(&self.plan, seed);
                self.started = true;
            }
            let before = self.sim.events;
            let finished = self.sim.run(&self.plan, budget);
            budget = budget.saturating_sub(self.sim.events - before);
            if finished {
                for (a, b) in self.write_sizes.iter_mut().zip(&self.sim.c.write_sizes) {
                    *a += b;
                }
                self.split.add(&self.sim.c.split);
                self.split_requests += self.sim.c.requests;
                let r = self.replication();
                self.reps.push(r);
                self.series.push(
                    self.sim
                        .device_stats()
                        .map(|s| s.per_second.clone())
                        .collect(),
                );
                self.events_before += self.sim.events;
                self.rep += 1;
                self.started = false;
            }
        }
        self.progress()
    }

    pub fn progress(&self) -> Progress {
        let reps = self.plan.replications;
        let done = self.rep >= reps;
        let current = if self.started { self.sim.events } else { 0 };
        let events = self.events_before + current;
        let expected = (self.plan.expected_ios() * reps as f64).max(1.0);
        Progress {
            replications_done: self.rep,
            replications: reps,
            events,
            fraction: if done {
                1.0
            } else {
                (events as f64 / expected).min(0.999)
            },
            done,
        }
    }

    fn replication(&mut self) -> RequestReplication {
        let p = &self.plan;
        self.sim.responses.sort_by(f64::total_cmp);
        let s = &self.sim;
        let c = s.c.clone();
        let rs = &s.responses;
        let q = |f: f64| -> f64 {
            if rs.is_empty() {
                0.0
            } else {
                let i = libm::ceil(f * rs.len() as f64) as usize;
                rs[i.clamp(1, rs.len()) - 1]
            }
        };
        let mean = if rs.is_empty() {
            0.0
        } else {
            rs.iter().sum::<f64>() / rs.len() as f64
        };
        let total = (c.ram_bytes + c.flash_bytes + c.disk_bytes).max(1) as f64;
        // A replication stopped as saturated measured only until it stopped.
        let measured_s = s.saturated.map_or(p.duration_s, |x| x.stopped_at_s);
        let names = p
            .disk_names
            .iter()
            .map(String::as_str)
            .chain(p.ssd.as_ref().map(|_| "ssd"));
        let devices = names
            .zip(s.device_stats())
            .map(|(name, st)| {
                let observed = (s.now - st.origin).max(1e-12);
                DeviceReplication {
                    name: name.to_string(),
                    utilisation: st.per_second.iter().sum::<f64>() / measured_s,
                    arrivals: st.arrivals,
                    completions: st.completions,
                    mean_in_system: st.area / observed,
                    arrival_rate: st.arrivals as f64 / observed,
                    mean_sojourn_s: if st.completions == 0 {
                        0.0
                    } else {
                        st.sojourn_s / st.completions as f64
                    },
                }
            })
            .collect();
        let (host, nand, erases) = s.ssd.as_ref().map_or((0, 0, 0), |d| {
            (
                d.host_written_bytes(),
                d.wear().nand_pages * d.map_bytes(),
                d.wear().erases,
            )
        });
        RequestReplication {
            seed: self.seed(self.rep),
            requests: c.requests,
            misses: c.misses,
            // Stopped as saturated: the lower bound (the misses certain then
            // over all the period's requests), never an overestimate.
            miss_ratio: match s.saturated {
                Some(x) => x.miss_ratio_lower,
                None if c.requests == 0 => 0.0,
                None => c.misses as f64 / c.requests as f64,
            },
            response_mean_s: mean,
            response_p50_s: q(0.5),
            response_p95_s: q(0.95),
            response_p99_s: q(0.99),
            ram_hit_ratio: c.ram_bytes as f64 / total,
            flash_hit_ratio: c.flash_bytes as f64 / total,
            disk_share: c.disk_bytes as f64 / total,
            block_hit_ratio: (p.policy == CachePolicyKind::Block).then(|| {
                if c.block_lookups == 0 {
                    0.0
                } else {
                    c.block_hits as f64 / c.block_lookups as f64
                }
            }),
            ios: c.ios,
            devices,
            flash_host_bytes: host,
            flash_nand_bytes: nand,
            flash_erases: erases,
            saturated: s.saturated,
            nic: p.nic.as_ref().map(|nic| {
                let n = &c.nic;
                let can_send = nic.bytes_per_s * measured_s;
                NicReplication {
                    utilisation: n.busy_s / measured_s,
                    offered_load: n.offered_bytes as f64 / can_send,
                    mean_wait_s: if n.chunks == 0 {
                        0.0
                    } else {
                        n.wait_s / n.chunks as f64
                    },
                    chunks: n.chunks,
                }
            }),
        }
    }

    /// The result, once `step` reported `done`.
    pub fn result(&self) -> Option<RequestResult> {
        (self.rep >= self.plan.replications).then(|| self.assemble())
    }

    fn assemble(&self) -> RequestResult {
        let p = &self.plan;
        let reps = &self.reps;
        let est = |f: &dyn Fn(&RequestReplication) -> f64| {
            mean_ci95(&reps.iter().map(f).collect::<Vec<_>>())
        };
        let n_dev = reps.first().map_or(0, |r| r.devices.len());
        let devices = (0..n_dev)
            .map(|k| {
                let len = self.series.iter().map(|s| s[k].len()).min().unwrap_or(0);
                let per_second = (0..len)
                    .map(|i| self.series.iter().map(|s| s[k][i]).sum::<f64>() / reps.len() as f64)
                    .collect();
                DeviceUse {
                    name: reps[0].devices[k].name.clone(),
                    utilisation: est(&|r| r.devices[k].utilisation),
                    per_second,
                    mean_in_system: est(&|r| r.devices[k].mean_in_system),
                    mean_sojourn_ms: est(&|r| r.devices[k].mean_sojourn_s * 1000.0),
                }
            })
            .collect();
        let flash = p.ssd.as_ref().map(|g| {
            let dev = self
                .scenario
                .request
                .as_ref()
                .and_then(|r| self.scenario.device(&r.cache.flash_device));
            let pe = dev
                .and_then(|d| d.flash.as_ref())
                .map_or(0, |f| f.pe_cycles);
            let cap = g.capacity_bytes as f64 / GB;
            let lifetimes: Vec<f64> = reps
                .iter()
                .filter(|r| r.flash_host_bytes > 0)
                .map(|r| {
                    let measured_s = r.saturated.map_or(p.duration_s, |x| x.stopped_at_s);
                    let mbps = r.flash_host_bytes as f64 / (1024.0 * 1024.0) / measured_s;
                    let wa = r.flash_nand_bytes as f64 / r.flash_host_bytes as f64;
                    lifetime_hours(cap, pe, mbps, wa) / 24.0
                })
                .collect();
            FlashWrites {
                host_gb: est(&|r| r.flash_host_bytes as f64 / GB),
                nand_gb: est(&|r| r.flash_nand_bytes as f64 / GB),
                write_amplification: est(&|r| {
                    if r.flash_host_bytes == 0 {
                        1.0
                    } else {
                        r.flash_nand_bytes as f64 / r.flash_host_bytes as f64
                    }
                }),
                erases: est(&|r| r.flash_erases as f64),
                lifetime_days: (lifetimes.len() == reps.len() && !reps.is_empty())
                    .then(|| mean_ci95(&lifetimes)),
                pe_cycles: pe,
                capacity_gb: cap,
            }
        });
        RequestResult {
            scenario_name: p.name.clone(),
            policy: p.policy,
            rate: p.rate,
            ssd_queue_depth: p.ssd_queue_depth,
            ssd_model: p.ssd_model,
            measured_s: p.duration_s,
            requests: est(&|r| r.requests as f64),
            miss_ratio: est(&|r| r.miss_ratio),
            response_mean_s: est(&|r| r.response_mean_s),
            response_p50_s: est(&|r| r.response_p50_s),
            response_p95_s: est(&|r| r.response_p95_s),
            response_p99_s: est(&|r| r.response_p99_s),
            ram_hit_ratio: est(&|r| r.ram_hit_ratio),
            flash_hit_ratio: est(&|r| r.flash_hit_ratio),
            disk_share: est(&|r| r.disk_share),
            block_hit_ratio: (p.policy == CachePolicyKind::Block)
                .then(|| est(&|r| r.block_hit_ratio.unwrap_or(0.0))),
            devices,
            flash,
            index: p.index.clone(),
            ram_cache_gb: p.ram_bytes as f64 / GB,
            capital_cost: p.capital_cost,
            ios: reps.iter().map(|r| r.ios).sum(),
            flash_write_sizes: p.ssd.as_ref().map(|_| write_sizes(&self.write_sizes)),
            time_split: {
                let n = self.split_requests.max(1) as f64;
                let s = &self.split;
                TimeSplit {
                    disk_s: s.disk_s / n,
                    flash_read_s: s.flash_read_s / n,
                    queued_behind_writes_s: s.behind_s / n,
                    gc_s: s.gc_s / n,
                    other_s: s.other_s / n,
                }
            },
            replications: reps.clone(),
            server: self.server_summary(),
        }
    }

    /// The server part of the result: the NIC queue's use and the limit
    /// that binds, with a `server` section only.
    fn server_summary(&self) -> Option<RequestServer> {
        let p = &self.plan;
        let nic = p.nic.as_ref()?;
        let est = |f: &dyn Fn(&RequestReplication) -> f64| {
            mean_ci95(&self.reps.iter().map(f).collect::<Vec<_>>())
        };
        let of = |f: fn(&NicReplication) -> f64| est(&|r| r.nic.as_ref().map_or(0.0, f));
        let nic_offered_load = of(|n| n.offered_load);
        let mut limits = vec![LimitUse {
            limit: Limit::of_egress(nic.egress_limit),
            utilisation: nic_offered_load.mean,
        }];
        // A device group binds through its busiest member.
        let busiest = |names: &mut dyn Iterator<Item = usize>| {
            names.fold(None, |m: Option<f64>, k| {
                let u = est(&|r| r.devices[k].utilisation).mean;
                Some(m.map_or(u, |m| m.max(u)))
            })
        };
        let n_dev = self.reps.first().map_or(0, |r| r.devices.len());
        let disks = p.disks as usize;
        if let Some(u) = busiest(&mut (0..disks.min(n_dev))) {
            limits.push(LimitUse {
                limit: Limit::DiskBandwidth,
                utilisation: u,
            });
        }
        if let Some(u) = busiest(&mut (disks..n_dev)) {
            limits.push(LimitUse {
                limit: Limit::SsdBandwidth,
                utilisation: u,
            });
        }
        // Stable: the egress, listed first, wins a tie.
        limits.sort_by(|a, b| b.utilisation.total_cmp(&a.utilisation));
        let (binding, binding_utilisation) = (limits[0].limit, limits[0].utilisation);
        Some(RequestServer {
            chassis: nic.chassis.clone(),
            egress_gbps: nic.egress_gbps,
            egress_limit: nic.egress_limit,
            egress_headroom: nic.egress_headroom,
            nic_utilisation: of(|n| n.utilisation),
            nic_offered_load,
            nic_wait_ms: of(|n| n.mean_wait_s * 1000.0),
            limits,
            binding,
            binding_utilisation,
        })
    }
}

/// The 4 KB-step histogram in the bins a chart reads (powers of two from
/// 4 KB), with the median at 4 KB resolution.
fn write_sizes(fine: &[u64]) -> WriteSizes {
    let total: u64 = fine.iter().sum();
    let mut seen = 0;
    let mut median_kb = 0.0;
    for (k, &n) in fine.iter().enumerate() {
        seen += n;
        if total > 0 && 2 * seen >= total {
            median_kb = 4.0 * k.max(1) as f64;
            break;
        }
    }
    let mut upper_kb = Vec::new();
    let mut counts = Vec::new();
    let mut edge = 4.0;
    let mut k = 0;
    while k < fine.len() {
        let mut n = 0;
        while k < fine.len() && (4.0 * k as f64 <= edge || k == fine.len() - 1) {
            n += fine[k];
            k += 1;
        }
        upper_kb.push(edge);
        counts.push(n);
        edge *= 2.0;
    }
    WriteSizes {
        upper_kb,
        counts,
        median_kb,
    }
}

/// Validate and run a request-level scenario to completion.
pub fn run_request(scenario: &Scenario) -> Result<RequestResult, Vec<FieldError>> {
    let mut job = RequestJob::new(scenario.clone())?;
    Ok(job.run_to_end(1 << 22))
}

impl tierplan_kit::progress::SteppedJob for RequestJob {
    type Progress = Progress;
    type Output = RequestResult;
    fn advance(&mut self, budget: u64) -> Progress {
        self.step(budget)
    }
    fn output(&self) -> Option<RequestResult> {
        self.result()
    }
}
