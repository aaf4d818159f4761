// Per-flash-tier lifetime rows from a run (model §8), with every assumption
// behind each number spelled out. (The comparison panel's scenarios are the
// core's: `lifetimeComparison`, wasm/scenario/src/presets/lifetime_comparison.rs.)
import type { Device, FlashSummary, RunResult, Scenario, TierRole } from '../engine/types';
import { beyondServiceLife, DEFAULT_SERVICE_LIFE_YEARS, integer, lifetime, num, wearLifetime } from '../shared/format';
import { ARCHITECTURES, roleLabel } from '../shared/labels';
import { gibText } from '../shared/units';

export interface TierLifetime {
  /** Scenario (architecture) the tier belongs to. */
  scenario: string;
  architecture: string;
  role: TierRole;
  tierLabel: string;
  device: Device | null;
  count: number;
  summary: FlashSummary;
  /** How the write amplification was chosen. */
  waModel: string;
  assumptions: string[];
}

const HOURS_PER_YEAR = 8766;

/** "152 days (3 641 h)", or "no writes". */
export function lifetimeText(hours: number | null | undefined): string {
  if (hours === null || hours === undefined) return 'no writes';
  if (!Number.isFinite(hours)) return lifetime(hours);
  // The hours stay: the formula beside it derives them.
  if (beyondServiceLife(hours)) return `${wearLifetime(hours)} (${integer(hours)} h)`;
  return `${lifetime(hours)} (${integer(hours)} h)`;
}

/** Lifetime in days and in years, both spelled out. */
export function daysAndYears(hours: number | null | undefined): string {
  if (hours === null || hours === undefined) return 'no writes: unlimited by wear';
  if (beyondServiceLife(hours)) return `longer than a ${DEFAULT_SERVICE_LIFE_YEARS}-year service life (the Optimiser's default TCO years): replaced for age, not wear`;
  return `${num(hours / 24)} days = ${num(hours / HOURS_PER_YEAR)} years`;
}

function tierOf(s: Scenario, role: TierRole) {
  return role === 'file_cache' ? s.tiers.file_cache : role === 'interval_cache' ? s.tiers.interval_cache : s.tiers.disk;
}

export function waModel(role: TierRole, device: Device | null, wa: number): string {
  if (role === 'interval_cache') {
    const rho = device?.flash?.spare_factor;
    return `WA(ρ = ${rho ?? '?'}) = ${num(wa)}: interval-cache writes are small and random, so greedy GC amplifies them (Lambert-W formula, model §8)`;
  }
  return `WA = ${num(wa)}: whole files are written sequentially, so garbage collection copies nothing (model §8)`;
}

export function tierLifetimes(s: Scenario, r: RunResult, scenarioLabel = s.name): TierLifetime[] {
  const arch = ARCHITECTURES.find((a) => a.value === s.architecture)?.label ?? s.architecture;
  return r.flash.map((f) => {
    const tier = tierOf(s, f.role);
    const device = s.devices.find((d) => d.id === tier?.device) ?? null;
    const count = tier?.count ?? 0;
    const a: string[] = [
      `P/E cycles N = ${integer(f.pe_cycles)}${device?.flash ? ` (${device.flash.cell.toUpperCase()})` : ''}`,
      `capacity C = ${gibText(f.capacity_gb)} (${count} × ${device ? `${gibText(device.capacity_gb, device.kind)} ${device.name}` : '?'})`,
      waModel(f.role, device, f.write_amplification),
    ];
    if (f.role === 'file_cache') {
      if (s.policy.lfu === 'static') a.push('LFU static: the most popular files are staged before the run, nothing is written');
      else
        a.push(
          `LFU dynamic: window ${num(s.policy.lfu_window_h)} h, ${s.policy.lfu_start} start, count margin ${integer(s.policy.lfu_margin)} requests; whole-file fills at ${num(device?.write_mbps ?? NaN)} MB/s`,
        );
    }
    const ch = s.workload.churn;
    a.push(ch ? `churn: ${integer(ch.new_titles)} new titles every ${num(ch.period_h)} h` : 'churn: none (popularity fixed)');
    a.push(
      `host write rate measured over ${num(s.run.duration_h)} h after ${num(s.run.warmup_h)} h warm-up, mean of ${s.run.replications} replication${s.run.replications === 1 ? '' : 's'}`,
    );
    a.push(`replacement cost per year = tier price × (1 year / lifetime); tier price ${device ? `$${num(device.price * count)}` : '?'}`);
    return {
      scenario: scenarioLabel,
      architecture: arch,
      role: f.role,
      tierLabel: `${roleLabel(f.role)}${device ? ` — ${device.name}` : ''}`,
      device,
      count,
      summary: f,
      waModel: waModel(f.role, device, f.write_amplification),
      assumptions: a,
    };
  });
}
