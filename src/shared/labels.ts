import type { Architecture, DeviceKind, Limit, Scenario, TierRole } from '../engine/types';

export const ARCHITECTURES: { value: Architecture; label: string; help: string }[] = [
  { value: 'hdd_only', label: 'HDD only', help: 'Admit a stream iff the disks have bandwidth left; otherwise reject (an M/G/c/c loss system).' },
  {
    value: 'dram_ic_hdd',
    label: 'DRAM interval cache + HDD',
    help: 'Every stream starts on disk; a follower of a recent stream of the same video is served from a DRAM buffer (Dan & Sitaram interval caching).',
  },
  {
    value: 'ssd_lfu_hdd',
    label: 'SSD file-level LFU + HDD',
    help: 'The most frequently requested videos live on the SSDs; a stream is served from SSD if its video is there and the SSDs have bandwidth, else from disk.',
  },
  {
    value: 'dram_ssd_hdd',
    label: 'DRAM + SSD + HDD',
    help: 'SSD file-level LFU first; a stream admitted on disk then tries DRAM interval caching.',
  },
  {
    value: 'ssd_ic_hdd',
    label: 'SSD as interval cache + HDD',
    help: 'Interval caching with the SSD as the buffer: shows how fast continuous buffer writes wear flash.',
  },
  {
    value: 'slc_ic_tlc_lfu_hdd',
    label: 'SLC interval cache + TLC LFU + HDD',
    help: 'HySSC-inspired: interval caching on SLC (endurance), file-level LFU on read-only TLC (capacity), HDD behind.',
  },
];

export const KINDS: { value: DeviceKind; label: string }[] = [
  { value: 'hdd', label: 'HDD' },
  { value: 'dram', label: 'DRAM' },
  { value: 'ssd', label: 'SSD' },
];

export function roleLabel(role: TierRole): string {
  switch (role) {
    case 'disk':
      return 'Disk (HDD)';
    case 'file_cache':
      return 'File cache (LFU)';
    case 'interval_cache':
      return 'Interval cache';
  }
}

export function intervalCacheKind(a: Architecture): DeviceKind | null {
  switch (a) {
    case 'dram_ic_hdd':
    case 'dram_ssd_hdd':
      return 'dram';
    case 'ssd_ic_hdd':
    case 'slc_ic_tlc_lfu_hdd':
      return 'ssd';
    default:
      return null;
  }
}

export function hasFileCache(a: Architecture): boolean {
  return a === 'ssd_lfu_hdd' || a === 'dram_ssd_hdd' || a === 'slc_ic_tlc_lfu_hdd';
}

// The form's labels for the core's field paths, so a message reads
// "Disk count: 1 disks hold…" rather than "tiers.disk.count: 1 disks hold…".
// The words are those of the fields' own labels on the tabs.
const TIER_WORDS: Record<string, string> = { disk: 'Disk', file_cache: 'File cache', interval_cache: 'Interval cache' };

const DEVICE_FIELDS: Record<string, string> = {
  capacity_gb: 'capacity',
  read_mbps: 'read bandwidth',
  write_mbps: 'write bandwidth',
  price: 'price',
  power_w: 'power',
  name: 'name',
  id: 'id',
  kind: 'type',
};

const CLASS_FIELDS: Record<string, string> = { length_min: 'video length', bitrate_kbps: 'bitrate', bitrate_mbps: 'bitrate', share: 'share of the library' };

const FIELD_LABELS: Record<string, string> = {
  name: 'Scenario name',
  architecture: 'Architecture',
  'workload.arrival_rate': 'Arrival rate λ',
  'workload.concurrent_streams': 'Concurrent streams',
  'workload.videos': 'Videos in the library',
  'workload.zipf_alpha': 'Zipf skew',
  'workload.classes': 'Video classes',
  'workload.churn.new_titles': 'New titles per period',
  'workload.churn.period_h': 'Churn period',
  'policy.lfu_margin': 'LFU count margin',
  'policy.lfu_window_h': 'LFU window',
  'run.duration_h': 'Duration',
  'run.warmup_h': 'Warm-up',
  'run.replications': 'Replications',
  'run.seed': 'Seed',
  'run.target_rejection': 'Target: viewers turned away',
  'run.timeseries': 'Record concurrent streams over time',
  'workload.popularity.convention': 'Zipf convention',
  'workload.popularity.value': 'Zipf exponent',
  'workload.churn': 'Popularity churn',
  'workload.rate_profile': 'Daily rate profile',
  'workload.rate_profile.start_hour': 'Run starts at hour',
  'policy.interval': 'Interval-cache policy',
  'policy.lfu': 'File-level LFU',
  'policy.lfu_start': 'LFU start',
  devices: 'Device catalog',
  'optimize.tco.years': 'Service life',
  'optimize.tco.usd_per_kwh': 'Energy price',
  'optimize.tco.hours_per_day': 'Operating hours',
  'optimize.max_counts.disk': 'Max disks',
  'request.workload.rate': 'Request rate',
  'request.workload.videos': 'Videos',
  'request.workload.segments': 'Segments per video',
  'request.workload.segment_s': 'Segment play time',
  'request.workload.bitrate_kbps': 'Mean bitrate',
  'request.workload.size_cv': 'Segment size CV',
  'request.ram.capacity_gb': 'RAM cache',
  'request.ram.device': 'RAM device',
  'request.cache.flash_gb': 'Flash used as cache',
  'request.cache.flash_device': 'Flash device',
  'request.layout.disks': 'Disks (RAID-0)',
  'request.layout.disk': 'Disk model',
  'request.layout.stripe_kb': 'Stripe unit',
  'request.run.duration_h': 'Measured period',
  'request.run.warmup_h': 'Warm-up',
  'request.run.replications': 'Replications',
  'request.run.seed': 'Seed',
  'request.search.miss_target': 'Miss-ratio target',
  'request.search.min_rate': 'Search from',
  'request.search.max_rate': 'Search to',
  'request.search.step': 'Search step',
  'block.cache_gb': 'Flash cache size',
  'block.replications': 'Replications',
};

/**
 * The form's label for a core field path; the path itself when the form has
 * no label for it. With the scenario, a device is named and a lone video
 * class's fields read as the editor shows them (no class number).
 */
export function fieldLabel(path: string, s: Scenario | null = null): string {
  if (path in FIELD_LABELS) return FIELD_LABELS[path];
  let m = /^tiers\.(disk|file_cache|interval_cache)(?:\.(count|device))?$/.exec(path);
  if (m) return m[2] === undefined ? `${TIER_WORDS[m[1]]} tier` : `${TIER_WORDS[m[1]]} ${m[2]}`;
  m = /^devices\[(\d+)\](?:\.(\w+))?$/.exec(path);
  if (m) {
    const d = s?.devices[Number(m[1])];
    const which = `Device ${Number(m[1]) + 1}${d ? ` (${d.name || d.id})` : ''}`;
    return `${which}${m[2] === undefined ? '' : ` ${DEVICE_FIELDS[m[2]] ?? m[2].replace(/_/g, ' ')}`}`;
  }
  m = /^workload\.classes\[(\d+)\](?:\.(\w+))?$/.exec(path);
  if (m) {
    const what = m[2] === undefined ? '' : (CLASS_FIELDS[m[2]] ?? m[2].replace(/_/g, ' '));
    if (what && s && s.workload.classes.length <= 1) return what[0].toUpperCase() + what.slice(1);
    return `Video class ${Number(m[1]) + 1}${what ? ` ${what}` : ''}`;
  }
  m = /^workload\.rate_profile\.hourly\[(\d+)\]$/.exec(path);
  if (m) return `Daily rate profile, ${m[1].padStart(2, '0')}:00`;
  if (path.startsWith('workload.rate_profile.')) return 'Daily rate profile';
  return path;
}

/** A core field error as a user reads it: the field's label, then the message. */
export function fieldMessage(e: { path: string; message: string }): string {
  return e.path ? `${fieldLabel(e.path)}: ${e.message}` : e.message;
}

/**
 * A message built as "path: message; path: message" (a failed run's) with
 * each dotted field path at a message's start replaced by the field's label.
 */
export function readableMessage(text: string): string {
  return text.replace(/(^|;\s*)([A-Za-z_]\w*(?:\[\d+\])*(?:\.[A-Za-z_]\w*(?:\[\d+\])*)+): /g, (all, lead: string, path: string) => {
    const label = fieldLabel(path);
    return label === path ? all : `${lead}${label}: `;
  });
}

/** A server's limits (model §10b) in words, as the core names them. */
export const LIMIT_LABELS: Record<Limit, string> = {
  nic: 'network (NIC)',
  host: 'host (CPU and memory bandwidth)',
  disk_bandwidth: 'disk bandwidth',
  ssd_bandwidth: 'SSD bandwidth',
  buffer_bandwidth: 'interval-cache bandwidth',
  capacity: 'disk capacity',
  bays: 'drive bays',
  slots: 'DIMM slots',
  pcie_lanes: 'PCIe lanes',
};
