// The server the tiers go into (model §10b): no chassis (the devices
// alone, as the studies sized them) or one of the core's chassis, with the
// egress headroom and the fleet behind a load balancer. The chassis's
// figures come from the core's catalog; the core checks the fit (bays of
// the drives' form factor, DIMM slots, a stream within the egress) and its
// messages show at the fields they name.
import type { Chassis, Routing, Scenario, ServerSpec } from '../engine/types';
import type { Edit } from '../shared/edit';
import { FieldMessages, NumField, SelectField } from '../shared/form';
import { dollars, integer, num } from '../shared/format';
import './server.css';

const NONE = '';

const ROUTINGS: { value: Routing; label: string }[] = [
  { value: 'any_server', label: 'Any server' },
  { value: 'by_title', label: 'By title (hashing)' },
];

/** Bays by form factor, as the chassis lists them: "18 × U.2 NVMe". */
const FORM_FACTOR_LABELS: Record<string, string> = {
  lff35: '3.5" disk',
  sff25: '2.5" SAS/SATA',
  u2: 'U.2 NVMe',
  u3: 'U.3 NVMe',
  e1l: 'E1.L NVMe',
  e3s: 'E3.S NVMe',
  dimm: 'DIMM',
};

function baysText(c: Chassis): string {
  const parts = c.bays.filter((b) => b.count > 0).map((b) => `${integer(b.count)} × ${FORM_FACTOR_LABELS[b.form_factor] ?? b.form_factor}`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

/** The lanes drives and NICs share, in the core's terms (the core counts
 * what a configuration needs): "128, of which the NICs take 32; …". */
export function lanesText(c: Chassis): string {
  if (c.pcie_lanes == null) return 'not stated (no lane limit)';
  return `${integer(c.pcie_lanes)}, of which the NICs take ${integer(c.nic_lanes ?? 0)}; an NVMe drive takes 4, SAS/SATA disks share one 8-lane adapter`;
}

/** A server section for chassis `c`, keeping the headroom and fleet already set. */
function withChassis(c: Chassis, prev: ServerSpec | null | undefined, defaults: ServerSpec | undefined): ServerSpec {
  const base = prev ?? defaults;
  return {
    chassis: structuredClone(c),
    egress_headroom: base?.egress_headroom ?? 0.9,
    fleet: base?.fleet ?? { servers: 1, routing: 'any_server', replicas: 1, hot_titles: 0, hash_seed: 0 },
  };
}

function ChassisFacts({ c }: { c: Chassis }) {
  return (
    <div data-testid="chassis-facts">
      <dl className="chassis-facts">
        <dt>Bays</dt>
        <dd>{baysText(c)}</dd>
        <dt>Memory</dt>
        <dd>
          {integer(c.dimm_slots)} DIMM slots, modules up to {num(c.max_dimm_gb)} GB
        </dd>
        <dt>Network</dt>
        <dd>
          {integer(c.nic_ports)} × {num(c.nic_gbps)} Gb/s
        </dd>
        <dt>PCIe lanes</dt>
        <dd>{lanesText(c)}</dd>
        <dt>Host ceiling</dt>
        <dd>{num(c.host_gbps)} Gb/s (CPU and memory bandwidth with TLS)</dd>
        <dt>Size</dt>
        <dd>{integer(c.rack_units)} U</dd>
        <dt>Price</dt>
        <dd>
          {dollars(c.price)} + NICs {dollars(c.nic_price)}, without drives or memory
        </dd>
      </dl>
      <details>
        <summary>Sources and assumptions ({c.assumptions.length})</summary>
        <ul className="assumptions">
          {c.assumptions.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}

export function ServerSection({ scenario, edit, chassis }: { scenario: Scenario; edit: Edit; chassis: Chassis[] }) {
  const server = scenario.server ?? null;
  const known = chassis.some((c) => c.id === server?.chassis.id);
  const options = [
    { value: NONE, label: 'No chassis (devices only)' },
    ...chassis.map((c) => ({ value: c.id, label: c.name })),
    ...(server && !known ? [{ value: server.chassis.id, label: `${server.chassis.name || server.chassis.id} (from the scenario)` }] : []),
  ];
  const fleet = server?.fleet;
  return (
    <fieldset className="card" data-testid="server-section">
      <legend>
        <h2 className="legend-heading">Server and fleet</h2>
      </legend>
      <SelectField
        path="server.chassis.id"
        label="Chassis"
        value={server?.chassis.id ?? NONE}
        options={options}
        hint={
          server
            ? 'The tiers go into this chassis: drives into bays of their form factor, memory into its DIMM slots; a server sends at most min(NIC, host) × headroom.'
            : 'The tiers as a pile of devices, with no chassis or network limit (as the studies sized them).'
        }
        onChange={(id) =>
          edit((s) => {
            if (id === NONE) {
              delete s.server;
              return;
            }
            const c = chassis.find((x) => x.id === id);
            if (c) s.server = withChassis(c, s.server, undefined);
          })
        }
      />
      {server ? (
        <>
          <ChassisFacts c={server.chassis} />
          <div className="grid">
            <NumField path="server.chassis.nic_ports" label="NIC ports" unit="ports" integer value={server.chassis.nic_ports}
              onChange={(v) => edit((s) => void (s.server && (s.server.chassis.nic_ports = v)))} />
            <NumField path="server.chassis.nic_gbps" label="Port speed" unit="Gb/s" value={server.chassis.nic_gbps}
              onChange={(v) => edit((s) => void (s.server && (s.server.chassis.nic_gbps = v)))} />
            <NumField path="server.chassis.host_gbps" label="Host ceiling" unit="Gb/s" value={server.chassis.host_gbps}
              hint="What the CPU and memory can send with TLS (an assumption cited in the sources)."
              onChange={(v) => edit((s) => void (s.server && (s.server.chassis.host_gbps = v)))} />
            <NumField path="server.egress_headroom" label="Egress headroom" unit="share of the egress, 0–1" value={server.egress_headroom}
              hint="The share of the egress a server may fill; the rest absorbs bursts and retransmissions."
              onChange={(v) => edit((s) => void (s.server && (s.server.egress_headroom = v)))} />
            <NumField path="server.fleet.servers" label="Servers" unit="servers, ≥ 1" integer value={fleet?.servers}
              hint="Identical servers behind a load balancer."
              onChange={(v) => edit((s) => void (s.server && (s.server.fleet.servers = v)))} />
            <SelectField<Routing>
              path="server.fleet.routing"
              label="Routing"
              value={fleet?.routing ?? 'any_server'}
              options={ROUTINGS}
              hint={
                fleet?.routing === 'by_title'
                  ? 'Each title lives on one server (the most popular on several): under Zipf the hottest server decides, and it is the one simulated.'
                  : 'Every server sees the whole library and 1/N of the arrivals: all are alike, server 1 is simulated.'
              }
              onChange={(v) => edit((s) => void (s.server && (s.server.fleet.routing = v)))}
            />
            {fleet?.routing === 'by_title' ? (
              <>
                <NumField path="server.fleet.hot_titles" label="Replicated titles" unit="most popular titles" integer value={fleet.hot_titles}
                  onChange={(v) => edit((s) => void (s.server && (s.server.fleet.hot_titles = v)))} />
                <NumField path="server.fleet.replicas" label="Replicas of each" unit="servers" integer value={fleet.replicas}
                  onChange={(v) => edit((s) => void (s.server && (s.server.fleet.replicas = v)))} />
                <NumField path="server.fleet.hash_seed" label="Hash seed" unit="" integer value={fleet.hash_seed}
                  onChange={(v) => edit((s) => void (s.server && (s.server.fleet.hash_seed = v)))} />
              </>
            ) : null}
          </div>
          {['server', 'server.chassis', 'server.chassis.bays', 'server.chassis.dimm_slots', 'server.chassis.max_dimm_gb', 'server.chassis.rack_units', 'server.chassis.pcie_lanes', 'server.chassis.nic_lanes', 'server.chassis.price', 'server.chassis.nic_price', 'server.chassis.idle_power_w', 'server.chassis.name'].map((p) => (
            <FieldMessages key={p} path={p} />
          ))}
        </>
      ) : null}
    </fieldset>
  );
}
