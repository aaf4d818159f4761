import type { Architecture, DeviceKind, TierRole } from '../engine/types';

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
