// Types of room-load.mjs (plain JavaScript, so node scripts import it as it is).
import type { WebSocket } from 'ws';

export type RelayMessage = Record<string, unknown>;

export class Phone {
  constructor(url: string);
  ws: WebSocket;
  inbox: RelayMessage[];
  opened: Promise<void>;
  closed: Promise<number>;
  send(m: unknown): void;
  next(t: string | string[], ms?: number): Promise<RelayMessage>;
  join(code: string, lesson: string, student: string): Promise<RelayMessage>;
  answer(lesson: string, step: number, value: unknown): Promise<RelayMessage>;
  close(): Promise<number>;
}

export function studentId(i: number): string;

export function answerAsClass(o: { url: string; code: string; lesson: string; step: number; n: number; answerOf: (i: number) => unknown }): Promise<{ phones: Phone[]; ok: number; refused: number; ms: number }>;
