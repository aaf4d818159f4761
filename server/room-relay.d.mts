// Types of room-relay.mjs (plain JavaScript, so node scripts import it as it is).
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';

export const ROOM_PATH: string;
export const LIMITS: Readonly<{
  maxMessageBytes: number;
  maxOpenBytes: number;
  maxPayloadBytes: number;
  maxRooms: number;
  maxStudentsPerRoom: number;
  maxQuestions: number;
  maxChoices: number;
  maxSketchPoints: number;
  ratePerSecond: number;
  burst: number;
  maxTooFast: number;
  orphanMs: number;
}>;

export interface RelayStats {
  rooms: number;
  students: number;
  answers: number;
  connections: number;
  messages: number;
  stray: { malformed: number; oversized: number; otherLesson: number; tooFast: number; noRoom: number };
}

export interface Relay {
  wss: WebSocketServer;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  stats(): RelayStats;
  close(): void;
}

export function createRelay(opts?: { log?: (msg: string) => void; now?: () => number }): Relay;
export function attachRelay(server: Server, opts?: { log?: (msg: string) => void; now?: () => number }): Relay;
