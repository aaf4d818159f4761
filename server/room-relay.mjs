// @ts-check
/* global setTimeout, clearTimeout -- Node module */
// The live room's relay: a lecturer's presenter view opens a room, phones
// join it by its code and send their answers, and the relay passes each
// answer on to the presenter. It is a WebSocket server (the `ws` package,
// docs/libraries.md) that `vite` and `vite preview` attach to their own
// HTTP server (vite.config.ts), so `npm start` on the lecturer's laptop
// serves the app and the room from one port and one process.
//
// What it keeps is in memory only, per room: the lesson's question steps
// (to check answers against), the students' ids and one answer per student
// per step. Closing the room forgets all of it. Every message is checked
// for size, shape and lesson before it touches a room; refused ones are
// counted and the presenter sees the counts. Student text is never
// accepted: answers are numbers, choice ids the lesson names, or a sketch's
// numbers.
import { randomBytes, randomInt } from 'node:crypto';
import { WebSocketServer } from 'ws';

/** The path phones and the presenter connect to (same origin as the app). */
export const ROOM_PATH = '/room';

/** What one room and one connection may do. */
export const LIMITS = Object.freeze({
  /** A message longer than this is refused (answers and joins are a few hundred bytes). */
  maxMessageBytes: 2048,
  /** The presenter's opening message carries the lesson's questions. */
  maxOpenBytes: 32 * 1024,
  /** Past this, `ws` itself closes the connection (1009) without reading the message. */
  maxPayloadBytes: 64 * 1024,
  maxRooms: 200,
  maxStudentsPerRoom: 400,
  maxQuestions: 30,
  maxChoices: 12,
  maxSketchPoints: 40,
  /** Token bucket per connection: this many messages a second on average… */
  ratePerSecond: 5,
  /** …with bursts of this many (a phone resending its answers after a reconnect). */
  burst: 20,
  /** A connection refused this many times for speed is closed. */
  maxTooFast: 200,
  /** A room whose presenter left without closing it is forgotten after this long. */
  orphanMs: 20 * 60 * 1000,
});

/** Room codes: no 0/O, 1/I/L, so a code read off a projector is typed right. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LEN = 4;
const STUDENT_ID = /^[A-Za-z0-9_-]{8,40}$/;
const LESSON_ID = /^[A-Za-z0-9_.-]{1,80}$/;

/** @typedef {{ step: number, kind: 'number', min: number, max: number } | { step: number, kind: 'choice', ids: string[] } | { step: number, kind: 'sketch', points: number, yMax: number }} QuestionSpec */
/** @typedef {{ malformed: number, oversized: number, otherLesson: number, tooFast: number, noRoom: number }} Refused */
/**
 * @typedef {object} Room
 * @property {string} code
 * @property {string} key
 * @property {string} lesson
 * @property {string} title
 * @property {Map<number, QuestionSpec>} questions
 * @property {Set<string>} students
 * @property {Map<number, Map<string, unknown>>} answers
 * @property {Refused} refused
 * @property {import('ws').WebSocket | null} presenter
 * @property {Set<import('ws').WebSocket>} guests
 * @property {ReturnType<typeof setTimeout> | null} orphanTimer
 */

const isObj = (/** @type {unknown} */ x) => typeof x === 'object' && x !== null && !Array.isArray(x);
const finite = (/** @type {unknown} */ x) => typeof x === 'number' && Number.isFinite(x);
const stepIx = (/** @type {unknown} */ x) => Number.isInteger(x) && /** @type {number} */ (x) >= 0 && /** @type {number} */ (x) < 100;

/** The presenter's question list, checked; null when any part is not what a lesson holds. */
function readQuestions(/** @type {unknown} */ x) {
  if (!Array.isArray(x) || x.length > LIMITS.maxQuestions) return null;
  /** @type {Map<number, QuestionSpec>} */
  const out = new Map();
  for (const q of x) {
    if (!isObj(q) || !stepIx(q.step) || out.has(q.step)) return null;
    if (q.kind === 'number' && finite(q.min) && finite(q.max) && q.min < q.max) out.set(q.step, { step: q.step, kind: 'number', min: q.min, max: q.max });
    else if (q.kind === 'choice' && Array.isArray(q.ids) && q.ids.length >= 2 && q.ids.length <= LIMITS.maxChoices && q.ids.every((id) => typeof id === 'string' && LESSON_ID.test(id)))
      out.set(q.step, { step: q.step, kind: 'choice', ids: [...q.ids] });
    else if (q.kind === 'sketch' && Number.isInteger(q.points) && q.points >= 2 && q.points <= LIMITS.maxSketchPoints && finite(q.yMax) && q.yMax > 0)
      out.set(q.step, { step: q.step, kind: 'sketch', points: q.points, yMax: q.yMax });
    else return null;
  }
  return out;
}

/** Whether `v` answers question `q` (a number in its range, one of its choices, a sketch of its points). */
function answers(/** @type {QuestionSpec} */ q, /** @type {unknown} */ v) {
  if (q.kind === 'number') return finite(v) && /** @type {number} */ (v) >= q.min && /** @type {number} */ (v) <= q.max;
  if (q.kind === 'choice') return typeof v === 'string' && q.ids.includes(v);
  return Array.isArray(v) && v.length === q.points && v.every((y) => finite(y) && y >= 0 && y <= q.yMax);
}

/**
 * A relay: `handleUpgrade` takes the HTTP upgrades of ROOM_PATH; `stats`
 * says how many rooms, students and refusals it holds; `close` ends every
 * connection (the phones are told the room is gone).
 * @param {{ log?: (msg: string) => void, now?: () => number }} [opts] `now`: the clock of the rate limit (a test's own)
 */
export function createRelay(opts = {}) {
  const log = opts.log ?? (() => {});
  const clock = opts.now ?? Date.now;
  const wss = new WebSocketServer({ noServer: true, maxPayload: LIMITS.maxPayloadBytes, perMessageDeflate: false });
  /** @type {Map<string, Room>} */
  const rooms = new Map();
  /** Refusals of connections that are in no room (counted, never shown to a presenter). */
  const stray = { malformed: 0, oversized: 0, otherLesson: 0, tooFast: 0, noRoom: 0 };
  let messages = 0;

  const send = (/** @type {import('ws').WebSocket | null} */ ws, /** @type {object} */ msg) => {
    if (ws && ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
  };
  const snapshot = (/** @type {Room} */ r) => ({
    t: 'state',
    code: r.code,
    joined: r.students.size,
    answers: Object.fromEntries([...r.answers].map(([step, m]) => [step, Object.fromEntries(m)])),
    refused: r.refused,
  });
  const newCode = () => {
    for (;;) {
      let c = '';
      for (let i = 0; i < CODE_LEN; i++) c += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
      if (!rooms.has(c)) return c;
    }
  };
  const forget = (/** @type {Room} */ r, /** @type {string} */ why) => {
    if (r.orphanTimer) clearTimeout(r.orphanTimer);
    rooms.delete(r.code);
    for (const g of r.guests) send(g, { t: 'closed', why });
    log(`room ${r.code} closed (${why})`);
  };

  wss.on('connection', (ws) => {
    /** @type {{ role: 'none' | 'presenter' | 'guest', room: Room | null, student: string | null, tokens: number, last: number, tooFast: number }} */
    const c = { role: 'none', room: null, student: null, tokens: LIMITS.burst, last: clock(), tooFast: 0 };
    /** A refusal, counted in the connection's room (and told to the presenter) or among the strays. */
    const refuse = (/** @type {keyof Refused} */ why, /** @type {Room | null} */ room = c.room) => {
      const tally = room ? room.refused : stray;
      tally[why] += 1;
      send(ws, { t: 'refused', why });
      if (room) send(room.presenter, { t: 'refused', refused: room.refused });
    };

    ws.on('message', (data, isBinary) => {
      messages += 1;
      // The rate is checked first, so a flood costs no parsing.
      const now = clock();
      c.tokens = Math.min(LIMITS.burst, c.tokens + ((now - c.last) / 1000) * LIMITS.ratePerSecond);
      c.last = now;
      if (c.tokens < 1) {
        c.tooFast += 1;
        refuse('tooFast');
        if (c.tooFast >= LIMITS.maxTooFast) ws.close(1008, 'too many messages');
        return;
      }
      c.tokens -= 1;
      const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : /** @type {Buffer | ArrayBuffer} */ (data).byteLength;
      if (size > (c.role === 'none' ? LIMITS.maxOpenBytes : LIMITS.maxMessageBytes)) return refuse('oversized');
      if (isBinary) return refuse('malformed');
      /** @type {any} */
      let m;
      try {
        m = JSON.parse(String(data));
      } catch {
        return refuse('malformed');
      }
      if (!isObj(m) || typeof m.t !== 'string') return refuse('malformed');
      // Only the opening message may be long: a joined phone's are answers.
      if (m.t !== 'open' && size > LIMITS.maxMessageBytes) return refuse('oversized');

      if (c.role === 'none' && m.t === 'open') {
        const lesson = isObj(m.lesson) ? m.lesson : null;
        const questions = lesson ? readQuestions(lesson.questions) : null;
        if (!lesson || typeof lesson.id !== 'string' || !LESSON_ID.test(lesson.id) || typeof lesson.title !== 'string' || !questions) return refuse('malformed');
        if (rooms.size >= LIMITS.maxRooms) return send(ws, { t: 'full' });
        /** @type {Room} */
        const r = {
          code: newCode(),
          key: randomBytes(18).toString('base64url'),
          lesson: lesson.id,
          title: lesson.title.slice(0, 120),
          questions,
          students: new Set(),
          answers: new Map(),
          refused: { malformed: 0, oversized: 0, otherLesson: 0, tooFast: 0, noRoom: 0 },
          presenter: ws,
          guests: new Set(),
          orphanTimer: null,
        };
        rooms.set(r.code, r);
        c.role = 'presenter';
        c.room = r;
        log(`room ${r.code} opened for ${r.lesson}`);
        send(ws, { t: 'room', code: r.code, key: r.key });
        return send(ws, snapshot(r));
      }
      if (c.role === 'none' && m.t === 'resume') {
        // A presenter whose connection dropped takes its room back with the room's key.
        const r = typeof m.code === 'string' ? rooms.get(m.code) : undefined;
        if (!r || typeof m.key !== 'string' || m.key !== r.key) return send(ws, { t: 'gone' });
        if (r.orphanTimer) clearTimeout(r.orphanTimer);
        r.orphanTimer = null;
        if (r.presenter && r.presenter !== ws) r.presenter.close(4000, 'taken over');
        r.presenter = ws;
        c.role = 'presenter';
        c.room = r;
        return send(ws, snapshot(r));
      }
      if (c.role === 'none' && m.t === 'join') {
        if (typeof m.code !== 'string' || typeof m.lesson !== 'string' || typeof m.student !== 'string' || !STUDENT_ID.test(m.student)) return refuse('malformed');
        const r = rooms.get(m.code.toUpperCase());
        if (!r) return refuse('noRoom', null);
        if (m.lesson !== r.lesson) return refuse('otherLesson', r);
        if (!r.students.has(m.student) && r.students.size >= LIMITS.maxStudentsPerRoom) return send(ws, { t: 'full' });
        c.role = 'guest';
        c.room = r;
        c.student = m.student;
        r.guests.add(ws);
        // A phone that reconnects (same id) is the same student: counted once, its answers kept.
        const fresh = !r.students.has(m.student);
        r.students.add(m.student);
        send(ws, { t: 'joined', title: r.title, steps: [...r.answers].flatMap(([step, a]) => (a.has(m.student) ? [step] : [])) });
        if (fresh) send(r.presenter, { t: 'joined', joined: r.students.size });
        return;
      }
      if (c.role === 'guest' && c.room && c.student && m.t === 'answer') {
        const r = c.room;
        if (!rooms.has(r.code)) return send(ws, { t: 'closed', why: 'closed' });
        if (m.lesson !== r.lesson) return refuse('otherLesson');
        const q = stepIx(m.step) ? r.questions.get(m.step) : undefined;
        if (!q || !answers(q, m.value)) return refuse('malformed');
        let a = r.answers.get(m.step);
        if (!a) r.answers.set(m.step, (a = new Map()));
        // One answer per student and step: a new one replaces the old.
        a.set(c.student, m.value);
        send(ws, { t: 'ok', step: m.step });
        return send(r.presenter, { t: 'answer', student: c.student, step: m.step, value: m.value });
      }
      if (c.role === 'presenter' && c.room && m.t === 'close') {
        forget(c.room, 'closed');
        c.room = null;
        c.role = 'none';
        return send(ws, { t: 'gone' });
      }
      return refuse('malformed');
    });

    ws.on('close', () => {
      const r = c.room;
      if (!r) return;
      if (c.role === 'guest') r.guests.delete(ws);
      if (c.role === 'presenter' && r.presenter === ws && rooms.has(r.code)) {
        r.presenter = null;
        // The lecturer's laptop slept or its network blinked: the room waits for it, then is forgotten.
        r.orphanTimer = setTimeout(() => forget(r, 'the presenter left'), LIMITS.orphanMs);
        r.orphanTimer.unref?.();
      }
    });
    ws.on('error', () => ws.terminate());
  });

  return {
    wss,
    /** @param {import('node:http').IncomingMessage} req @param {import('node:stream').Duplex} socket @param {Buffer} head */
    handleUpgrade(req, socket, head) {
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    stats() {
      let students = 0;
      let answersHeld = 0;
      for (const r of rooms.values()) {
        students += r.students.size;
        for (const a of r.answers.values()) answersHeld += a.size;
      }
      return { rooms: rooms.size, students, answers: answersHeld, connections: wss.clients.size, messages, stray: { ...stray } };
    },
    close() {
      for (const r of [...rooms.values()]) forget(r, 'the relay stopped');
      for (const ws of wss.clients) ws.close(1001, 'the relay stopped');
      wss.close();
    },
  };
}

/**
 * Serves the relay on an HTTP server's ROOM_PATH upgrades (other upgrades,
 * e.g. Vite's hot reload, are left to their own handlers).
 * @param {import('node:http').Server} server
 * @param {{ log?: (msg: string) => void, now?: () => number }} [opts]
 */
export function attachRelay(server, opts = {}) {
  const relay = createRelay(opts);
  server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === ROOM_PATH) relay.handleUpgrade(req, socket, head);
  });
  server.on('close', () => relay.close());
  return relay;
}
