//! Total cost of ownership of a configuration (model §10).

use super::{Replacement, Tco, TcoBreakdown};
use tierplan_scenario::*;

/// TCO of a configuration over a service life (model §10): capital, energy
/// Σ count × W × hours × $/kWh, and flash replacements
/// (ceil(hours / lifetime) − 1) × tier cost from the simulated lifetimes.
pub fn compute_tco(
    scenario: &Scenario,
    tco: &Tco,
    avg_streams: f64,
    lifetimes_h: &[(TierRole, Option<f64>)],
) -> TcoBreakdown {
    let hours_per_day = tco.hours_per_day.unwrap_or(24.0);
    let operating_hours = tco.years * 365.25 * hours_per_day;
    let mut energy_kwh = 0.0;
    let mut replacements = Vec::new();
    for (role, t) in scenario.tiers_in_use() {
        let Some(d) = scenario.device(&t.device) else {
            continue;
        };
        if t.count == 0 {
            continue;
        }
        energy_kwh += t.count as f64 * d.power_w * operating_hours / 1000.0;
        if d.kind == DeviceKind::Ssd {
            let life = lifetimes_h
                .iter()
                .find(|(r, _)| *r == role)
                .and_then(|(_, l)| *l);
            let n = match life {
                Some(h) if h > 0.0 => ((operating_hours / h).ceil() - 1.0).max(0.0) as u32,
                _ => 0,
            };
            replacements.push(Replacement {
                role,
                device: d.id.clone(),
                lifetime_h: life,
                replacements: n,
                cost: n as f64 * t.count as f64 * d.price,
            });
        }
    }
    let capital = scenario.capital_cost();
    let energy_cost = energy_kwh * tco.usd_per_kwh;
    // fold from +0.0: an empty f64 `sum()` is −0.0, which JSON prints as "-0.0".
    let replacement_cost: f64 = replacements.iter().map(|r| r.cost).fold(0.0, |a, b| a + b);
    let total = capital + energy_cost + replacement_cost;
    TcoBreakdown {
        years: tco.years,
        hours_per_day,
        operating_hours,
        capital,
        energy_kwh,
        energy_cost,
        replacements,
        replacement_cost,
        total,
        streams_per_dollar: if total > 0.0 {
            avg_streams / total
        } else {
            0.0
        },
    }
}
