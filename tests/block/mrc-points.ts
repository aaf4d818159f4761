// A miss-ratio-curve point with only its size and byte hit ratio, as the
// curve helpers and the card read them (the other ratios left out).
import type { MrcPoint } from '../../src/block/types';

export const point = (size_blocks: number, byte_hit_ratio: number): MrcPoint => ({
  size_blocks,
  size_bytes: size_blocks * 4096,
  hit_ratio: null,
  byte_hit_ratio,
  read_byte_hit_ratio: null,
  write_byte_hit_ratio: null,
  error: null,
});
