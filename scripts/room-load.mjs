/* global setTimeout, clearTimeout -- Node module */
// A class of simulated phones for the live room (server/room-relay.mjs),
// over the same protocol as src/class/room.ts: each joins the room with its
// own id and sends its answer. The e2e (e2e/class-room.spec.ts) and the
// benchmark (scripts/bench-room.mjs) use it. Nothing here decides on a time:
// `ms` is reported, never judged.
import { WebSocket } from 'ws';

/** One phone: a socket whose messages are queued, so a caller awaits the next of a type. */
export class Phone {
  /** @param {string} url the relay's address (ws://host:port/room) */
  constructor(url) {
    this.ws = new WebSocket(url);
    /** @type {Record<string, unknown>[]} */
    this.inbox = [];
    /** @type {{ ts: string[], res: (m: Record<string, unknown>) => void }[]} */
    this.waiters = [];
    this.ws.on('message', (d) => {
      /** @type {Record<string, unknown>} */
      const m = JSON.parse(String(d));
      const i = this.waiters.findIndex((w) => w.ts.includes(String(m.t)));
      if (i >= 0) this.waiters.splice(i, 1)[0].res(m);
      else this.inbox.push(m);
    });
    this.opened = new Promise((res, rej) => {
      this.ws.once('open', () => res(undefined));
      this.ws.once('error', rej);
    });
    this.closed = new Promise((res) => this.ws.once('close', (code) => res(code)));
  }

  /** @param {unknown} m an object (sent as JSON) or a raw string */
  send(m) {
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }

  /**
   * The next message of type `t` (or of any type in a list): one already received, or the next to come.
   * @param {string | string[]} t
   * @param {number} [ms] how long to wait before giving up (bounds a hang; never a verdict)
   * @returns {Promise<Record<string, unknown>>}
   */
  next(t, ms = 60_000) {
    const ts = Array.isArray(t) ? t : [t];
    const i = this.inbox.findIndex((m) => ts.includes(String(m.t)));
    if (i >= 0) return Promise.resolve(this.inbox.splice(i, 1)[0]);
    return new Promise((res, rej) => {
      const w = { ts, res: (/** @type {Record<string, unknown>} */ m) => (clearTimeout(timer), res(m)) };
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        rej(new Error(`no "${ts.join('" or "')}" message from the relay`));
      }, ms);
      this.waiters.push(w);
    });
  }

  /** Join room `code` of `lesson` as `student`; resolves to the relay's answer ("joined" or "refused"). */
  async join(/** @type {string} */ code, /** @type {string} */ lesson, /** @type {string} */ student) {
    await this.opened;
    this.send({ t: 'join', code, lesson, student });
    return this.next(['joined', 'refused', 'full']);
  }

  /** Send an answer and wait for the relay's receipt ("ok" or "refused"). */
  async answer(/** @type {string} */ lesson, /** @type {number} */ step, /** @type {unknown} */ value) {
    this.send({ t: 'answer', lesson, step, value });
    return this.next(['ok', 'refused']);
  }

  close() {
    this.ws.close();
    return this.closed;
  }
}

/** The id of simulated student `i` (the relay takes 8–40 of [A-Za-z0-9_-]). */
export const studentId = (/** @type {number} */ i) => `load-student-${String(i).padStart(4, '0')}`;

/**
 * `n` phones join room `code` at once and each answers `step` with
 * `answerOf(i)`; resolves when every answer has its receipt.
 * @param {{ url: string, code: string, lesson: string, step: number, n: number, answerOf: (i: number) => unknown }} o
 * @returns {Promise<{ phones: Phone[], ok: number, refused: number, ms: number }>}
 */
export async function answerAsClass(o) {
  const t0 = Date.now();
  const phones = Array.from({ length: o.n }, () => new Phone(o.url));
  const receipts = await Promise.all(
    phones.map(async (p, i) => {
      const j = await p.join(o.code, o.lesson, studentId(i));
      if (j.t !== 'joined') return j;
      return p.answer(o.lesson, o.step, o.answerOf(i));
    }),
  );
  const ok = receipts.filter((r) => r.t === 'ok').length;
  return { phones, ok, refused: receipts.length - ok, ms: Date.now() - t0 };
}
