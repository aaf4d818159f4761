// Compact lesson links (issue 25): a step stored as a preset plus the fields
// that differ rebuilds the captured scenario exactly; link v2 round-trips
// every lesson; a typical authored two-step lesson fits one QR code at medium
// error correction; a v1 link made before v2 still opens.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { decodeLesson, encodeLesson } from '../../src/class/codec';
import { compactScenario, scenarioEdits } from '../../src/class/compact';
import { linkTooLong } from '../../src/class/linkfit';
import { stepScenario } from '../../src/class/compute';
import { AUTHOR_FIELDS, LESSONS } from '../../src/class/lessons';
import { applyEdits, getField, type Lesson, type Step } from '../../src/class/model';
import { testEngine } from '../helpers/engine';
import { compactDevices, packPayload } from '../../src/state/link';

const engine = testEngine();

/** A two-step lesson as a teacher writes it in the authoring form, both steps captured from the editor. */
async function typical(): Promise<Lesson> {
  const s1 = applyEdits(await engine.defaultScenario(), { 'tiers.disk.count': 3, 'workload.arrival_rate': 0.8 });
  const s2 = applyEdits(s1, { 'workload.popularity.value': 0.6 });
  // What the authoring form shows: every authoring field the scenario has.
  const shown = AUTHOR_FIELDS.filter((f) => typeof getField(s1, f.path) === 'number');
  const step = (title: string, scenario: Step['scenario'], q: Step['question'], metric: 'rejection' | 'hit', explanation: string): Step => ({
    title,
    text: 'Look at the inputs below: they are the scenario we just built together on the projector.',
    scenario,
    shown,
    free: [shown[0].path],
    measure: { kind: 'run', metric },
    question: q,
    answer: { expected: 12.5, tolerance: 5, unit: '%', label: metric === 'hit' ? 'hit ratio' : 'rejection probability' },
    explanation,
  });
  return {
    id: 't-mkx81q2a',
    title: 'Caching a popular library',
    summary: 'Why a small SSD in front of the disks changes what the disks must carry.',
    notes: {
      goal: 'Students connect the skew of requests with the share a cache can serve.',
      misconceptions: ['A cache a tenth of the library serves a tenth of the requests.', 'More disks always fix rejections.'],
      leavesOut: 'Seek time, failures, and viewers who give up and retry.',
    },
    steps: [
      step(
        'How many are turned away?',
        await compactScenario(engine, s1),
        { kind: 'number', prompt: 'What share of requests is rejected with three disks and the SSD cache?', unit: '%', min: 0, max: 100, step: 1 },
        'rejection',
        'The simulation rejects {answer}: the disks carry only what the cache misses, and that is still more than three disks can stream.',
      ),
      step(
        'Less skew',
        await compactScenario(engine, s2),
        {
          kind: 'choice',
          prompt: 'With a flatter popularity (Zipf 0.6), what happens to the hit ratio?',
          choices: [
            { id: 'c1', text: 'It falls well below half', range: [0, 45] },
            { id: 'c2', text: 'It stays about the same', range: [45, 100] },
          ],
          correct: 'c1',
        },
        'hit',
        'The hit ratio is {answer}: a flatter popularity spreads requests over more videos than the cache holds.',
      ),
    ],
  };
}

describe('a scenario as a preset plus edits', () => {
  it('finds the edits between two scenarios and rebuilds the target exactly', async () => {
    const base = await engine.preset('mmsys11-cost-ssd');
    const target = applyEdits(base, { 'tiers.disk.count': 7, 'devices[0].read_mbps': 99, name: 'mine' });
    const e = scenarioEdits(base, target);
    expect(e).toEqual({ name: 'mine', 'devices[0].read_mbps': 99, 'tiers.disk.count': 7 });
    expect(applyEdits(base, e!)).toEqual(target);
    // A different shape (a device removed) is no edit.
    expect(scenarioEdits(base, { ...target, devices: target.devices.slice(1) })).toBeNull();
  });

  it('stores a captured scenario as the nearest preset, and the step runs the same scenario', async () => {
    const s = applyEdits(await engine.preset('mmsys11-fig9-dram'), { 'workload.arrival_rate': 0.25 });
    const c = await compactScenario(engine, s);
    expect(c).toEqual({ preset: 'mmsys11-fig9-dram', set: { 'workload.arrival_rate': 0.25 } });
    const step = LESSONS[0].steps[0];
    expect(await stepScenario(engine, { ...step, scenario: c, mystery: undefined })).toEqual(s);
    // A preset unchanged is just its name.
    expect(await compactScenario(engine, await engine.preset('mmsys11-cost-hdd'))).toEqual({ preset: 'mmsys11-cost-hdd' });
  });

  it('keeps a scenario that no preset can express whole', async () => {
    const s = await engine.preset('mmsys11-cost-ssd');
    const odd = { ...s, devices: s.devices.slice(0, 2) };
    expect(await compactScenario(engine, odd)).toEqual({ scenario: odd });
  });
});

describe('lesson link v2', () => {
  it('round-trips every built-in lesson and a typical authored one', async () => {
    const catalog = await engine.devicePresets();
    for (const l of [...LESSONS, await typical()]) expect(await decodeLesson(await encodeLesson(l, catalog), catalog)).toEqual({ ok: true, lesson: l });
  });

  it('a typical two-step authored lesson fits one QR code at medium error correction', async () => {
    const catalog = await engine.devicePresets();
    const l = await typical();
    const url = `https://teacher.example.edu/tierplan/#lesson=${await encodeLesson(l, catalog)}`;
    const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
    // The same lesson as v1 linked it: whole scenarios (catalog devices as @id), long keys.
    const whole = { ...l, steps: await Promise.all(l.steps.map(async (s) => ({ ...s, scenario: { scenario: await stepScenario(engine, s) } }))) };
    const v1 = `https://teacher.example.edu/tierplan/#lesson=v1.${packPayload(
      { ...whole, steps: whole.steps.map((s) => ({ ...s, scenario: { scenario: { ...s.scenario.scenario, devices: compactDevices(s.scenario.scenario.devices, catalog) } } })) },
      whole,
    )}`;
    console.info(`typical two-step lesson link: v2 ${url.length} characters (QR version ${qr.version} at M); v1 ${v1.length} characters`);
    // Measured: 979 characters, QR version 25 at M (v1: 3 237 characters, more than version 40 at M holds).
    expect(url.length).toBeLessThan(1100);
    expect(qr.version).toBeLessThanOrEqual(25);
    expect(() => QRCode.create(v1, { errorCorrectionLevel: 'M' })).toThrow();
  });

  it('still opens a lesson link made in the v1 format', async () => {
    const catalog = await engine.devicePresets();
    const ref = readFileSync('e2e/fixtures/lesson-link-v1.txt', 'utf8').trim();
    expect(ref.startsWith('v1.')).toBe(true);
    const r = await decodeLesson(ref, catalog);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.lesson.title).toBe('An old lesson link (v1)');
      expect(r.lesson.steps.map((s) => s.title)).toEqual(['Rejections with the default scenario', 'Pick one']);
      expect('scenario' in r.lesson.steps[0].scenario && r.lesson.steps[0].scenario.scenario).toEqual(await engine.defaultScenario());
    }
  });
});

describe('a link too long for one QR code', () => {
  it('says what to shorten, naming the step with a whole scenario and the longest texts', async () => {
    const catalog = await engine.devicePresets();
    const l = await typical();
    const odd = await engine.preset('mmsys11-cost-ssd');
    // Text a compressor cannot shrink much: pseudo-random words (a fixed LCG, so the test is repeatable).
    let seed = 7;
    const word = () => Array.from({ length: 3 + (seed % 6) }, () => String.fromCharCode(97 + ((seed = (seed * 1103515245 + 12345) % 2147483648) % 26))).join('');
    const long = Array.from({ length: 500 }, word).join(' ');
    const big: Lesson = { ...l, steps: [l.steps[0], { ...l.steps[1], scenario: { scenario: { ...odd, devices: odd.devices.slice(0, 2).map((d) => ({ ...d, id: `${d.id}-x` })) } }, explanation: long }] };
    const url = `https://teacher.example.edu/#lesson=${await encodeLesson(big, catalog)}`;
    const msg = linkTooLong(big, url);
    console.info(msg);
    expect(msg).not.toBeNull();
    expect(msg).toMatch(/more than one QR code holds \(2,331 at medium error correction\)/);
    expect(msg).toContain('step 2 carries a whole scenario');
    expect(msg).toContain(`step 2's explanation (${long.length} characters)`);
    expect(linkTooLong(l, `https://teacher.example.edu/#lesson=${await encodeLesson(l, catalog)}`)).toBeNull();
  });
});
