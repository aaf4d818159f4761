// The Block caches tab's short calls as the simulation worker answers them:
// workload presets, trace format detection and the default study (model
// §13). Its runs are jobs the engine steps with block/run.ts.
import type { CallContext } from '../engine/modules';
import type { BlockSpec, BlockTraceFormat, BlockWorkloadPreset } from './types';

export interface BlockCalls {
  /** The synthetic block workload presets (model §13), with their assumptions. */
  listBlockPresets(): BlockWorkloadPreset[];
  blockPreset(name: string): BlockWorkloadPreset;
  /** The trace format of a file from its first bytes, or null when none fits. */
  detectBlockTrace(firstBytes: Uint8Array): BlockTraceFormat | null;
  defaultBlockSpec(): BlockSpec;
}

export function blockCalls({ guard, studies }: CallContext): BlockCalls {
  return {
    listBlockPresets: () => guard(() => studies().listBlockPresets()),
    blockPreset: (name) => guard(() => studies().blockPreset(name)),
    detectBlockTrace: (bytes) => guard(() => studies().detectBlockTrace(bytes)),
    defaultBlockSpec: () => guard(() => studies().defaultBlockSpec()),
  };
}
