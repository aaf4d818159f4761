// Results know their inputs: what differs between the scenario a result ran
// and the form, in the form's labels.
import { describe, expect, it } from 'vitest';
import { simApi } from '../helpers/wasm';
import { changedPaths, staleChanges } from '../../src/planner/stale';
import { fieldLabel } from '../../src/shared/labels';

const api = simApi();

describe('stale results', () => {
  it('are current when nothing changed', () => {
    const s = api.preset('today-plan');
    expect(staleChanges(s, structuredClone(s))).toEqual([]);
  });

  it('name each changed field by its label, once', () => {
    const ran = api.preset('today-plan');
    const now = structuredClone(ran);
    now.workload.videos += 1;
    now.run.duration_h = 2;
    now.tiers.disk.count += 1;
    expect(staleChanges(ran, now)).toEqual(['Duration', 'Disk count', 'Videos in the library']);
  });

  it('count a text typed that the scenario cannot hold yet as a change', () => {
    const s = api.preset('today-plan');
    expect(staleChanges(s, s, { 'workload.videos': 'abc' })).toEqual(['Videos in the library']);
  });

  it('see a list of a new length, or a tier turned off, as one change', () => {
    const ran = api.preset('today-plan');
    const now = structuredClone(ran);
    now.workload.classes.push({ ...now.workload.classes[0] });
    expect(changedPaths(ran, now)).toEqual(['workload.classes']);
    expect(fieldLabel('tiers.file_cache')).toBe('File cache tier');
    expect(fieldLabel('workload.classes[1].share', now)).toBe('Video class 2 share of the library');
    expect(fieldLabel('devices[0].price', now)).toMatch(/^Device 1 \(.+\) price$/);
  });
});
