// The app's one farmed-study driver (src/engine/farm.ts) against a fake
// study and a fake pool whose jobs finish when the test says: out of
// order, cancelled half-way, failing. The fake study checks the protocol
// itself (a job reported twice or never handed out throws), and its answer
// — the sum of every job's outcome — is known in advance.
import { describe, expect, it } from 'vitest';
import { farm, type FarmJobRequest, type FarmState, type FarmedStudy } from '../../src/engine/farm';

interface Job {
  id: number;
}

/** Jobs 0..n-1; the second half only once the first half is all reported (so a batch may be empty while jobs run). */
class FakeStudy implements FarmedStudy<Job, number> {
  handedOut = 0;
  readonly reported = new Map<number, number>();
  batches = 0;
  constructor(readonly n: number) {}
  nextBatch(k: number): Job[] {
    this.batches++;
    const half = Math.ceil(this.n / 2);
    const limit = this.reported.size >= half ? this.n : half;
    const out: Job[] = [];
    while (out.length < k && this.handedOut < limit) out.push({ id: this.handedOut++ });
    return out;
  }
  async report(job: Job, outcome: number): Promise<void> {
    if (job.id >= this.handedOut) throw new Error(`job ${job.id} was never handed out`);
    if (this.reported.has(job.id)) throw new Error(`job ${job.id} was already reported`);
    this.reported.set(job.id, outcome);
    await Promise.resolve();
  }
  isDone(): boolean {
    return this.reported.size === this.n;
  }
  answer(): number {
    return [...this.reported.values()].reduce((a, b) => a + b, 0);
  }
}

interface Pending {
  job: Job;
  req: FarmJobRequest;
  resolve(o: number): void;
  reject(e: unknown): void;
}

/** A pool whose jobs wait until the test finishes them; a cancelled job rejects with an AbortError, as the pool's do. */
function fakePool() {
  const pending: Pending[] = [];
  let maxInFlight = 0;
  const run = (job: Job, req: FarmJobRequest) =>
    new Promise<number>((resolve, reject) => {
      const p: Pending = { job, req, resolve, reject };
      pending.push(p);
      maxInFlight = Math.max(maxInFlight, pending.length);
      req.onStart();
      req.signal.addEventListener('abort', () => {
        pending.splice(pending.indexOf(p), 1);
        reject(new DOMException('the run was cancelled', 'AbortError'));
      });
    });
  /** Finish the job `pick` chooses among those running (it leaves the list first). */
  const finish = (pick: (p: Pending[]) => Pending, outcome: (j: Job) => number | Error) => {
    const p = pick(pending);
    pending.splice(pending.indexOf(p), 1);
    const o = outcome(p.job);
    if (o instanceof Error) p.reject(o);
    else p.resolve(o);
  };
  return { pending, run, finish, maxInFlight: () => maxInFlight };
}

/** Let the driver take every step it can (a macrotask runs after all queued microtasks). */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('farm: the one farmed-study driver', () => {
  it('reports jobs finishing out of order once each, never runs more than `parallel`, and its progress only grows', async () => {
    const study = new FakeStudy(9);
    const pool = fakePool();
    const states: FarmState<Job>[] = [];
    let finished = false;
    const run = farm(study, { parallel: 3, run: pool.run, onChange: (s) => void states.push(s) }).then(() => {
      finished = true;
    });
    let step = 0;
    while (!finished) {
      await settle();
      if (pool.pending.length === 0) continue;
      // The latest job started finishes first; every third time, the oldest one.
      pool.finish((p) => (step++ % 3 === 2 ? p[0] : p[p.length - 1]), (j) => 10 * j.id + 1);
    }
    await run;
    expect(study.isDone()).toBe(true);
    expect(study.answer()).toBe([...Array(9).keys()].reduce((a, i) => a + 10 * i + 1, 0));
    expect(pool.maxInFlight()).toBe(3);
    const done = states.map((s) => s.done);
    for (let i = 1; i < done.length; i++) expect(done[i]).toBeGreaterThanOrEqual(done[i - 1]);
    expect(done.at(-1)).toBe(9);
    for (const s of states) expect(s.inFlight.length).toBeLessThanOrEqual(3);
  });

  it('on cancel stops handing out, cancels the jobs in flight, rejects once and reports nothing more', async () => {
    const study = new FakeStudy(8);
    const pool = fakePool();
    const ac = new AbortController();
    const outcomes: unknown[] = [];
    const run = farm(study, { parallel: 2, run: pool.run, signal: ac.signal }).then(
      () => outcomes.push('resolved'),
      (e: unknown) => outcomes.push(e),
    );
    await settle();
    pool.finish((p) => p[1], () => 5);
    await settle();
    expect(study.reported.size).toBe(1);
    expect(pool.pending.length).toBe(2);
    const signals = pool.pending.map((p) => p.req.signal);
    const batches = study.batches;
    const handedOut = study.handedOut;
    ac.abort();
    await run;
    await settle();
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ name: 'AbortError' });
    for (const s of signals) expect(s.aborted).toBe(true);
    expect(pool.pending).toHaveLength(0);
    expect(study.batches).toBe(batches);
    expect(study.handedOut).toBe(handedOut);
    expect(study.reported.size).toBe(1);
  });

  it('surfaces a failed job’s error and cancels the others', async () => {
    const study = new FakeStudy(6);
    const pool = fakePool();
    const outcomes: unknown[] = [];
    const run = farm(study, { parallel: 3, run: pool.run }).then(
      () => outcomes.push('resolved'),
      (e: unknown) => outcomes.push(e),
    );
    await settle();
    const others = pool.pending.slice(1).map((p) => p.req.signal);
    pool.finish((p) => p[0], () => new Error('job 0: the disk model refused the scenario'));
    await run;
    await settle();
    expect(outcomes).toHaveLength(1);
    expect((outcomes[0] as Error).message).toBe('job 0: the disk model refused the scenario');
    for (const s of others) expect(s.aborted).toBe(true);
    expect(study.reported.size).toBe(0);
  });

  it('with `queue` keeps that many jobs waiting beyond the workers, so a worker that finishes starts the next before the study hears of it', async () => {
    const study = new FakeStudy(9);
    // Two workers: a job handed out beyond them waits (no onStart) until one is free, as the pool's queue does.
    const waiting: (() => void)[] = [];
    let working = 0;
    const pool = fakePool();
    const run = (job: Job, req: FarmJobRequest) =>
      pool.run(job, {
        ...req,
        onStart: () => {
          const start = () => {
            working++;
            req.onStart();
          };
          if (working < 2) start();
          else waiting.push(start);
        },
      });
    const finish = () => {
      pool.finish((p) => p.find((x) => started.has(x.job.id))!, (j) => 10 * j.id + 1);
      working--;
      waiting.shift()?.();
    };
    const started = new Set<number>();
    const states: FarmState<Job>[] = [];
    /** At each change, how many jobs in flight were still waiting for a worker. */
    const queued: number[] = [];
    /** Jobs started on a worker when the study heard of each outcome. */
    const startedAtReport: number[] = [];
    const report = study.report.bind(study);
    study.report = (job, outcome) => {
      startedAtReport.push(started.size);
      return report(job, outcome);
    };
    let finished = false;
    const all = farm(study, {
      parallel: 2,
      queue: 1,
      run: (job, req) => run(job, { ...req, onStart: () => (started.add(job.id), req.onStart()) }),
      onChange: (s) => {
        states.push(s);
        queued.push(s.inFlight.filter((f) => f.startedAt === null).length);
      },
    }).then(() => {
      finished = true;
    });
    while (!finished) {
      await settle();
      if (started.size > study.reported.size) finish();
    }
    await all;
    expect(study.answer()).toBe([...Array(9).keys()].reduce((a, i) => a + 10 * i + 1, 0));
    expect(pool.maxInFlight()).toBe(3);
    for (const s of states) expect(s.inFlight.length).toBeLessThanOrEqual(3);
    // A queued job shows as not started yet.
    expect(Math.max(...queued)).toBe(1);
    // The first outcome of each half is reported after the queued job took the free worker.
    expect(startedAtReport[0]).toBe(3);
  });

  it('hands a free worker its next job before the caller hears of the report that freed it, then tells both at once', async () => {
    const study = new FakeStudy(4);
    const pool = fakePool();
    /** At each change: jobs reported, jobs handed out. */
    const seen: [number, number][] = [];
    let finished = false;
    const all = farm(study, { parallel: 1, run: pool.run, onChange: () => void seen.push([study.reported.size, study.handedOut]) }).then(() => {
      finished = true;
    });
    while (!finished) {
      await settle();
      if (pool.pending.length > 0) pool.finish((p) => p[0], () => 1);
    }
    await all;
    // The start, the first batch, then one change per report, each with the next job already out (none after the last).
    expect(seen).toEqual([
      [0, 0],
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 4],
    ]);
  });

  it('says so when a study stops handing out work before it is done', async () => {
    const stalled: FarmedStudy<Job, number> = { nextBatch: () => [], report: () => undefined, isDone: () => false };
    await expect(farm(stalled, { parallel: 2, run: fakePool().run })).rejects.toThrow(/stopped handing out work before it was done/);
  });

  it('hands out nothing when cancelled before it starts', async () => {
    const study = new FakeStudy(4);
    const ac = new AbortController();
    ac.abort();
    await expect(farm(study, { parallel: 2, run: fakePool().run, signal: ac.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(study.batches).toBe(0);
  });
});
