// The live room's relay (server/room-relay.mjs) over real WebSockets on a
// loopback port: a presenter, phones, and what the relay refuses. The rate
// limit runs on a clock the test sets, so no verdict depends on time.
import { createServer, type Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { LIMITS, attachRelay, type Relay } from '../../server/room-relay.mjs';

type Msg = Record<string, unknown> & { t: string };

/** A client that queues what it receives, so a test awaits the next message of a type. */
class Client {
  ws: WebSocket;
  inbox: Msg[] = [];
  waiters: { t: string; res: (m: Msg) => void }[] = [];
  closed: Promise<number>;
  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.ws.on('message', (d: Buffer) => {
      const m = JSON.parse(String(d)) as Msg;
      const w = this.waiters.findIndex((x) => x.t === m.t);
      if (w >= 0) this.waiters.splice(w, 1)[0].res(m);
      else this.inbox.push(m);
    });
    this.closed = new Promise((res) => this.ws.on('close', (code) => res(code)));
  }
  ready(): Promise<void> {
    return new Promise((res, rej) => {
      if (this.ws.readyState === WebSocket.OPEN) res();
      this.ws.once('open', () => res());
      this.ws.once('error', rej);
    });
  }
  send(m: unknown): void {
    this.ws.send(typeof m === 'string' ? m : JSON.stringify(m));
  }
  next(t: string): Promise<Msg> {
    const i = this.inbox.findIndex((m) => m.t === t);
    if (i >= 0) return Promise.resolve(this.inbox.splice(i, 1)[0]);
    return new Promise((res) => this.waiters.push({ t, res }));
  }
}

const LESSON = {
  id: 'disk-bandwidth',
  title: 'Disks run out of bandwidth before space',
  questions: [
    { step: 0, kind: 'number', min: 0, max: 100 },
    { step: 2, kind: 'choice', ids: ['none', 'some', 'many'] },
  ],
};

let server: Server;
let relay: Relay;
let url: string;
let now = 0;

beforeEach(async () => {
  now = 1_000_000;
  server = createServer();
  relay = attachRelay(server, { now: () => now });
  await new Promise<void>((res) => server.listen(0, '127.0.0.1', res));
  const a = server.address();
  url = `ws://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/room`;
});

afterEach(async () => {
  relay.close();
  await new Promise<void>((res) => server.close(() => res()));
});

async function presenter(): Promise<{ p: Client; code: string }> {
  const p = new Client(url);
  await p.ready();
  p.send({ t: 'open', lesson: LESSON });
  const room = await p.next('room');
  await p.next('state');
  return { p, code: room.code as string };
}

async function phone(code: string, student: string, lesson = LESSON.id): Promise<Client> {
  const s = new Client(url);
  await s.ready();
  s.send({ t: 'join', code, lesson, student });
  return s;
}

describe('live room relay', () => {
  it('opens a room with a 4-letter code, passes answers on, and replaces a re-answer', async () => {
    const { p, code } = await presenter();
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}$/);
    const s = await phone(code, 'student-aaaa');
    expect((await s.next('joined')).title).toBe(LESSON.title);
    expect((await p.next('joined')).joined).toBe(1);
    s.send({ t: 'answer', lesson: LESSON.id, step: 0, value: 40 });
    await s.next('ok');
    expect(await p.next('answer')).toEqual({ t: 'answer', student: 'student-aaaa', step: 0, value: 40 });
    s.send({ t: 'answer', lesson: LESSON.id, step: 0, value: 55 });
    await s.next('ok');
    await p.next('answer');
    // One answer per student and step: the second replaced the first.
    expect(relay.stats()).toMatchObject({ rooms: 1, students: 1, answers: 1 });
  });

  it('counts a reconnecting phone once and keeps its answer', async () => {
    const { p, code } = await presenter();
    const s = await phone(code, 'student-bbbb');
    await s.next('joined');
    s.send({ t: 'answer', lesson: LESSON.id, step: 0, value: 70 });
    await s.next('ok');
    s.ws.close();
    await s.closed;
    const again = await phone(code, 'student-bbbb');
    expect((await again.next('joined')).steps).toEqual([0]);
    again.send({ t: 'answer', lesson: LESSON.id, step: 0, value: 70 });
    await again.next('ok');
    expect(relay.stats()).toMatchObject({ students: 1, answers: 1 });
    // The presenter heard of one student only.
    expect((await p.next('joined')).joined).toBe(1);
    expect(p.inbox.filter((m) => m.t === 'joined')).toHaveLength(0);
  });

  it('refuses and counts malformed, oversized and other-lesson messages, and answers outside the question', async () => {
    const { p, code } = await presenter();
    const s = await phone(code, 'student-cccc');
    await s.next('joined');
    s.send('not json');
    expect((await s.next('refused')).why).toBe('malformed');
    s.send({ t: 'answer', lesson: LESSON.id, step: 0, value: 'lots' });
    expect((await s.next('refused')).why).toBe('malformed');
    s.send({ t: 'answer', lesson: LESSON.id, step: 0, value: 250 });
    expect((await s.next('refused')).why).toBe('malformed');
    s.send({ t: 'answer', lesson: LESSON.id, step: 2, value: '<img src=x onerror=alert(1)>' });
    expect((await s.next('refused')).why).toBe('malformed');
    s.send({ t: 'answer', lesson: LESSON.id, step: 0, value: 50, pad: 'x'.repeat(LIMITS.maxMessageBytes) });
    expect((await s.next('refused')).why).toBe('oversized');
    s.send({ t: 'answer', lesson: 'skew', step: 0, value: 50 });
    expect((await s.next('refused')).why).toBe('otherLesson');
    // A phone of another lesson cannot join.
    const other = await phone(code, 'student-dddd', 'skew');
    expect((await other.next('refused')).why).toBe('otherLesson');
    let last: Msg = { t: '' };
    for (let i = 0; i < 7; i++) last = await p.next('refused');
    expect(last.refused).toEqual({ malformed: 4, oversized: 1, otherLesson: 2, tooFast: 0, noRoom: 0 });
    expect(relay.stats()).toMatchObject({ students: 1, answers: 0 });
  });

  it('refuses a presenter whose questions are not a lesson’s, and a join to a room that does not exist', async () => {
    const p = new Client(url);
    await p.ready();
    p.send({ t: 'open', lesson: { id: 'x', title: 'x', questions: [{ step: 0, kind: 'number', min: 5, max: 1 }] } });
    expect((await p.next('refused')).why).toBe('malformed');
    const s = await phone('ZZZZ', 'student-eeee');
    expect((await s.next('refused')).why).toBe('noRoom');
    expect(relay.stats().rooms).toBe(0);
  });

  it('rate-limits a connection: past the burst, messages are refused until the clock refills it', async () => {
    const { code } = await presenter();
    const s = await phone(code, 'student-ffff');
    await s.next('joined');
    // The join took one token; the rest of the burst goes through, then the clock stands still and the next is refused.
    for (let i = 0; i < LIMITS.burst - 1; i++) s.send({ t: 'answer', lesson: LESSON.id, step: 0, value: i });
    for (let i = 0; i < LIMITS.burst - 1; i++) await s.next('ok');
    s.send({ t: 'answer', lesson: LESSON.id, step: 0, value: 1 });
    expect((await s.next('refused')).why).toBe('tooFast');
    now += 1000; // a second later: ratePerSecond tokens back
    s.send({ t: 'answer', lesson: LESSON.id, step: 0, value: 2 });
    await s.next('ok');
  });

  it('forgets the room when the presenter closes it, and tells the phones', async () => {
    const { p, code } = await presenter();
    const s = await phone(code, 'student-gggg');
    await s.next('joined');
    s.send({ t: 'answer', lesson: LESSON.id, step: 0, value: 10 });
    await s.next('ok');
    p.send({ t: 'close' });
    expect((await s.next('closed')).why).toBe('closed');
    await p.next('gone');
    expect(relay.stats()).toMatchObject({ rooms: 0, students: 0, answers: 0 });
    const late = await phone(code, 'student-hhhh');
    expect((await late.next('refused')).why).toBe('noRoom');
  });

  it('lets a presenter whose connection dropped take the room back with its key, answers kept', async () => {
    const p = new Client(url);
    await p.ready();
    p.send({ t: 'open', lesson: LESSON });
    const room = await p.next('room');
    await p.next('state');
    const s = await phone(room.code as string, 'student-iiii');
    await s.next('joined');
    s.send({ t: 'answer', lesson: LESSON.id, step: 0, value: 33 });
    await s.next('ok');
    p.ws.close();
    await p.closed;
    const back = new Client(url);
    await back.ready();
    back.send({ t: 'resume', code: room.code, key: 'wrong' });
    expect((await back.next('gone')).t).toBe('gone');
    const back2 = new Client(url);
    await back2.ready();
    back2.send({ t: 'resume', code: room.code, key: room.key });
    const st = await back2.next('state');
    expect(st.joined).toBe(1);
    expect(st.answers).toEqual({ 0: { 'student-iiii': 33 } });
  });
});
