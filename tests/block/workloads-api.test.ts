// The block workload exports of the wasm core: presets, the default block
// study and trace-format detection, called directly as a worker would.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPlanner, loadStudies } from '../helpers/wasm';

const wasm = loadStudies();
const planner = loadPlanner();
const bytes = (text: string) => new TextEncoder().encode(text);

describe('block workload presets', () => {
  it('lists the five study stand-ins, each with assumptions', () => {
    const presets = wasm.listBlockPresets();
    expect(presets.map((p) => p.name)).toEqual([
      'financial',
      'search-engine',
      'exchange',
      'msn',
      'home',
    ]);
    for (const p of presets) {
      expect(p.title.length, p.name).toBeGreaterThan(0);
      expect(p.assumptions.length, p.name).toBeGreaterThan(2);
      expect(p.workload.read_share).toBeGreaterThanOrEqual(0);
      expect(p.workload.read_share).toBeLessThanOrEqual(1);
    }
  });

  it('returns one preset by name and names the presets for an unknown one', () => {
    expect(wasm.blockPreset('home').workload).toEqual(
      wasm.listBlockPresets().find((p) => p.name === 'home')?.workload,
    );
    expect(() => wasm.blockPreset('nope')).toThrow(/"nope".*financial.*home/);
  });

  it('every preset is a valid block study with the default scenario', () => {
    const scenario = planner.defaultScenario();
    for (const p of wasm.listBlockPresets()) {
      const block = wasm.defaultBlockSpec();
      block.workload = { kind: 'synthetic', ...p.workload };
      expect(wasm.validate({ ...scenario, block }), p.name).toEqual([]);
    }
  });
});

describe('default block study', () => {
  it('is the HySSC comparison at the presets\' 1:64 scale: 0.5 GB, 10 % OPS, SLC/MLC/TLC/HySSC', () => {
    const spec = wasm.defaultBlockSpec();
    expect(spec.cache_gb).toBe(0.5);
    expect(spec.ops).toBe(0.1);
    expect(spec.caches).toEqual(['slc', 'mlc', 'tlc', 'hyssc']);
    expect(spec.workload.kind).toBe('synthetic');
  });

  it('gets field-named errors from the core validator', () => {
    const block = wasm.defaultBlockSpec();
    block.caches = [];
    const errs = wasm.validate({ ...planner.defaultScenario(), block });
    expect(errs.map((e) => e.path)).toContain('block.caches');
  });
});

describe('detectBlockTrace', () => {
  it('recognises the committed sample and each format', () => {
    const sample = readFileSync(resolve(process.cwd(), 'public/sample-block-trace.csv'));
    expect(wasm.detectBlockTrace(new Uint8Array(sample.subarray(0, 4096)))).toBe('msr');
    expect(wasm.detectBlockTrace(bytes('0,1024,4096,r,0.5\n1,2048,8192,w,0.6\n'))).toBe('spc');
    expect(wasm.detectBlockTrace(bytes('time,op,offset,size\n0.1,R,0,4096\n0.2,W,8192,4096\n'))).toBe(
      'plain',
    );
  });

  it('returns null for bytes that are not a block trace', () => {
    expect(wasm.detectBlockTrace(bytes('hello\nworld\n'))).toBeNull();
    expect(wasm.detectBlockTrace(new Uint8Array(0))).toBeNull();
  });
});
