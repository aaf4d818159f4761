// The live room, the app's side (the relay is server/room-relay.mjs): the
// presenter opens a room and gets every answer as it arrives; a phone that
// followed the room's link joins it and sends each answer it records. The
// socket is the app's own origin (`/room`); when nothing answers there (a
// static host, a network that blocks WebSockets) the screen says so and the
// codes remain the way to hand in.
import { useCallback, useEffect, useRef, useState } from 'react';
import { storage } from '../state/load';
import { packPrediction, unpackPrediction } from './codec';
import type { Lesson, Prediction } from './model';

/** Refusals the relay counted in a room. */
export interface Refused {
  malformed: number;
  oversized: number;
  otherLesson: number;
  tooFast: number;
  noRoom: number;
}

const NO_REFUSALS: Refused = { malformed: 0, oversized: 0, otherLesson: 0, tooFast: 0, noRoom: 0 };

/** The room's address on the app's own origin. */
export function roomSocketUrl(loc: Pick<Location, 'protocol' | 'host'> = location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/room`;
}

/** A socket to the relay, or null (after `unreachable`) when the browser refuses to open one. */
function openRoomSocket(unreachable: () => void): WebSocket | null {
  try {
    return new WebSocket(roomSocketUrl());
  } catch {
    unreachable();
    return null;
  }
}

/** What the relay checks answers against: the lesson's question steps. */
export function questionSpecs(lesson: Lesson): object[] {
  return lesson.steps.flatMap((s, step): object[] => {
    const q = s.question;
    if (!q) return [];
    if (q.kind === 'number') return [{ step, kind: 'number', min: q.min, max: q.max }];
    if (q.kind === 'choice') return [{ step, kind: 'choice', ids: q.choices.map((c) => c.id) }];
    return s.measure.kind === 'sweep' ? [{ step, kind: 'sketch', points: s.measure.values.length, yMax: q.yMax }] : [];
  });
}

/** Room codes as the relay makes them (4 of an alphabet without 0/O/1/I/L). */
export const ROOM_CODE = /^[A-HJKMNP-Z2-9]{4}$/;

// ---- the presenter's side ---------------------------------------------------

export type HostStatus =
  | { kind: 'off' }
  | { kind: 'connecting' }
  | { kind: 'open'; code: string }
  /** The connection dropped mid-lesson: it is tried again; the answers so far stay on screen. */
  | { kind: 'lost'; code: string }
  /** No relay answered: a static host, or a network that does not let WebSockets through. */
  | { kind: 'unreachable' };

export interface RoomAnswers {
  joined: number;
  /** Step → student id → answer. */
  answers: Record<number, Record<string, Prediction>>;
  refused: Refused;
}

export const EMPTY_ROOM: RoomAnswers = { joined: 0, answers: {}, refused: NO_REFUSALS };

/** Reads a relay message; anything not an object with a type is null. */
function parse(data: unknown): Record<string, unknown> | null {
  try {
    const m = JSON.parse(String(data)) as unknown;
    return typeof m === 'object' && m !== null && !Array.isArray(m) && typeof (m as { t?: unknown }).t === 'string' ? (m as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function readRefused(x: unknown): Refused {
  const o = (typeof x === 'object' && x !== null ? x : {}) as Record<string, unknown>;
  const n = (k: keyof Refused) => (typeof o[k] === 'number' && Number.isFinite(o[k]) ? o[k] : 0);
  return { malformed: n('malformed'), oversized: n('oversized'), otherLesson: n('otherLesson'), tooFast: n('tooFast'), noRoom: n('noRoom') };
}

function readAnswers(x: unknown): Record<number, Record<string, Prediction>> {
  const out: Record<number, Record<string, Prediction>> = {};
  if (typeof x !== 'object' || x === null) return out;
  for (const [step, byStudent] of Object.entries(x as Record<string, unknown>)) {
    if (typeof byStudent !== 'object' || byStudent === null) continue;
    const m: Record<string, Prediction> = {};
    for (const [who, v] of Object.entries(byStudent as Record<string, unknown>)) {
      const p = unpackPrediction(v);
      if (p) m[who] = p;
    }
    out[Number(step)] = m;
  }
  return out;
}

/** How long to wait before trying a dropped connection again (ms). */
const RETRY_MS = 2000;

/**
 * The presenter's room: `open()` asks the relay for one, `close()` ends it
 * (the relay forgets it and tells the phones). A dropped connection is
 * retried with the room's key, which takes the room back with its answers.
 */
export function useRoomHost(lesson: Lesson | null) {
  const [status, setStatus] = useState<HostStatus>({ kind: 'off' });
  const [room, setRoom] = useState<RoomAnswers>(EMPTY_ROOM);
  const ws = useRef<WebSocket | null>(null);
  const keyRef = useRef<{ code: string; key: string } | null>(null);
  const retry = useRef<ReturnType<typeof setTimeout> | null>(null);
  const wanted = useRef(false);

  const connect = useCallback(() => {
    if (!lesson) return;
    const sock = openRoomSocket(() => setStatus({ kind: 'unreachable' }));
    if (!sock) return;
    ws.current = sock;
    let opened = false;
    sock.onopen = () => {
      opened = true;
      const k = keyRef.current;
      sock.send(JSON.stringify(k ? { t: 'resume', code: k.code, key: k.key } : { t: 'open', lesson: { id: lesson.id, title: lesson.title, questions: questionSpecs(lesson) } }));
    };
    sock.onmessage = (e) => {
      const m = parse(e.data);
      if (!m) return;
      if (m.t === 'room' && typeof m.code === 'string' && typeof m.key === 'string') {
        keyRef.current = { code: m.code, key: m.key };
        setStatus({ kind: 'open', code: m.code });
      } else if (m.t === 'state') {
        if (keyRef.current) setStatus({ kind: 'open', code: keyRef.current.code });
        setRoom({ joined: typeof m.joined === 'number' ? m.joined : 0, answers: readAnswers(m.answers), refused: readRefused(m.refused) });
      } else if (m.t === 'joined' && typeof m.joined === 'number') {
        const joined = m.joined;
        setRoom((r) => ({ ...r, joined }));
      } else if (m.t === 'answer' && typeof m.student === 'string' && Number.isInteger(m.step)) {
        const p = unpackPrediction(m.value);
        const step = m.step as number;
        const who = m.student;
        if (p) setRoom((r) => ({ ...r, answers: { ...r.answers, [step]: { ...r.answers[step], [who]: p } } }));
      } else if (m.t === 'refused' && m.refused) {
        setRoom((r) => ({ ...r, refused: readRefused(m.refused) }));
      } else if (m.t === 'gone') {
        // The relay no longer has the room (it restarted, or it was closed): a new one is opened on request.
        keyRef.current = null;
        wanted.current = false;
        setStatus({ kind: 'off' });
        sock.close();
      } else if (m.t === 'full') {
        wanted.current = false;
        setStatus({ kind: 'unreachable' });
        sock.close();
      }
    };
    sock.onclose = () => {
      if (ws.current !== sock) return;
      ws.current = null;
      if (!wanted.current) return;
      if (!opened && !keyRef.current) {
        // Nothing ever answered: no relay where the app is served.
        wanted.current = false;
        setStatus({ kind: 'unreachable' });
        return;
      }
      const k = keyRef.current;
      if (k) setStatus({ kind: 'lost', code: k.code });
      retry.current = setTimeout(connect, RETRY_MS);
    };
  }, [lesson]);

  const open = useCallback(() => {
    if (ws.current) return;
    wanted.current = true;
    keyRef.current = null;
    setRoom(EMPTY_ROOM);
    setStatus({ kind: 'connecting' });
    connect();
  }, [connect]);

  const close = useCallback(() => {
    wanted.current = false;
    if (retry.current) clearTimeout(retry.current);
    const sock = ws.current;
    if (sock && sock.readyState === WebSocket.OPEN) sock.send(JSON.stringify({ t: 'close' }));
    sock?.close();
    ws.current = null;
    keyRef.current = null;
    setStatus({ kind: 'off' });
    setRoom(EMPTY_ROOM);
  }, []);

  // A room belongs to one lesson: another lesson (or leaving the Class tab) closes it.
  useEffect(() => close, [lesson, close]);

  return { status, room, open, close };
}

// ---- a phone's side ---------------------------------------------------------

export type GuestStatus =
  | { kind: 'joining' }
  | { kind: 'joined'; sent: number }
  /** The relay cannot be reached, or stopped: codes are the way to hand in. */
  | { kind: 'unreachable' }
  | { kind: 'closed' }
  | { kind: 'refused'; why: string };

/** The phone's id in one room, kept so a reconnecting (or reloaded) phone is the same student. */
function studentId(code: string): string {
  const k = `tierplan.room.${code}`;
  const s = storage();
  const old = s?.getItem(k);
  if (old && /^[A-Za-z0-9_-]{8,40}$/.test(old)) return old;
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  try {
    s?.setItem(k, id);
  } catch {
    // Without storage a reload joins as a new student; answers from this page are still counted once.
  }
  return id;
}

/**
 * A phone in a room: joins, sends every recorded answer (again after a
 * reconnect: the relay keeps one per student and step, so none counts
 * twice), and says when the room closed or cannot be reached.
 */
export function useRoomGuest(lesson: Lesson | null, code: string | null, predictions: Record<number, Prediction>) {
  const [status, setStatus] = useState<GuestStatus>({ kind: 'joining' });
  const ws = useRef<WebSocket | null>(null);
  const sent = useRef<Record<number, string>>({});
  const preds = useRef(predictions);
  const lessonId = lesson?.id ?? null;

  const flush = useCallback(() => {
    const sock = ws.current;
    if (!sock || sock.readyState !== WebSocket.OPEN || !lessonId) return;
    let n = 0;
    for (const [k, p] of Object.entries(preds.current)) {
      const step = Number(k);
      const value = packPrediction(p);
      const text = JSON.stringify(value);
      if (sent.current[step] === text) continue;
      sent.current[step] = text;
      sock.send(JSON.stringify({ t: 'answer', lesson: lessonId, step, value }));
      n += 1;
    }
    if (n > 0) setStatus((s) => (s.kind === 'joined' ? { kind: 'joined', sent: Object.keys(sent.current).length } : s));
  }, [lessonId]);

  useEffect(() => {
    if (!code || !lessonId) return;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let tries = 0;
    const id = studentId(code);
    const connect = () => {
      const sock = openRoomSocket(() => setStatus({ kind: 'unreachable' }));
      if (!sock) return;
      ws.current = sock;
      sock.onopen = () => sock.send(JSON.stringify({ t: 'join', code, lesson: lessonId, student: id }));
      sock.onmessage = (e) => {
        const m = parse(e.data);
        if (!m) return;
        if (m.t === 'joined') {
          tries = 0;
          // After a reconnect every answer goes again: the relay replaces, never adds.
          sent.current = {};
          flush();
          setStatus({ kind: 'joined', sent: Object.keys(sent.current).length });
        } else if (m.t === 'closed') {
          setStatus({ kind: 'closed' });
          live = false;
          sock.close();
        } else if (m.t === 'refused' && typeof m.why === 'string' && (m.why === 'noRoom' || m.why === 'otherLesson')) {
          setStatus({ kind: 'refused', why: m.why });
          live = false;
          sock.close();
        } else if (m.t === 'full') {
          setStatus({ kind: 'refused', why: 'full' });
          live = false;
          sock.close();
        }
      };
      sock.onclose = () => {
        if (ws.current === sock) ws.current = null;
        if (!live) return;
        // The relay stopped or the network dropped: say so at once (codes still work), and keep trying a while.
        setStatus({ kind: 'unreachable' });
        tries += 1;
        if (tries <= 30) retry = setTimeout(connect, RETRY_MS);
      };
    };
    connect();
    return () => {
      live = false;
      if (retry) clearTimeout(retry);
      ws.current?.close();
      ws.current = null;
    };
  }, [code, lessonId, flush]);

  // Each newly recorded answer goes at once.
  useEffect(() => {
    preds.current = predictions;
    flush();
  }, [predictions, flush]);

  return status;
}
