//! The generated I/O stream as CSV (time, op, device, address, size) for
//! inspection with other tools (model §11): replication 0 of the scenario,
//! every I/O as it is submitted to its device.

use super::plan::Plan;
use super::sim::Sim;
use tierplan_scenario::validate::FieldError;
use tierplan_scenario::Scenario;

pub const EXPORT_HEADER: &str = "time_s,op,device,address,size\n";

/// Run the first replication and return its I/O stream, at most `max_rows`
/// rows.
pub fn export_io(scenario: &Scenario, max_rows: u64) -> Result<String, Vec<FieldError>> {
    let job = super::RequestJob::new(scenario.clone())?;
    let plan: &Plan = &job.plan;
    let mut sim = Sim::new(plan);
    sim.reset(plan, job.seed(0) as u64);
    sim.export = Some((EXPORT_HEADER.to_string(), max_rows));
    while !sim.run(plan, 1 << 22) {}
    Ok(sim.export.take().map(|(s, _)| s).unwrap_or_default())
}
