/* global process, console -- Node script */
// The live room's relay on its own, without Vite: for a self-hosted
// deployment (a reverse proxy sends /room here and serves dist/ as static
// files, docs/class-mode.md "Live room"), and for the benchmark
// (scripts/bench-room.mjs), which asks it for its memory and CPU over IPC.
// Usage: node server/room-serve.mjs [port] [host]   (default 8787 127.0.0.1)
import { createServer } from 'node:http';
import { attachRelay, ROOM_PATH } from './room-relay.mjs';

const port = Number(process.argv[2] ?? process.env.PORT ?? 8787);
const host = process.argv[3] ?? process.env.HOST ?? '127.0.0.1';
const server = createServer((_req, res) => {
  res.statusCode = 404;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(`tierplan live room relay: WebSocket connections on ${ROOM_PATH} only\n`);
});
const relay = attachRelay(server, { log: (m) => console.log(`[room] ${m}`) });
server.listen(port, host, () => {
  console.log(`[room] relay on ws://${host}:${port}${ROOM_PATH}`);
  process.send?.({ ready: port });
});

// The benchmark's questions: what the relay holds and what it has cost so far.
process.on('message', (m) => {
  if (m === 'gc' && typeof globalThis.gc === 'function') globalThis.gc();
  if (m === 'gc' || m === 'stats') process.send?.({ stats: relay.stats(), memory: process.memoryUsage(), cpu: process.cpuUsage() });
  if (m === 'stop') server.close(() => process.exit(0));
});
const stop = () => {
  relay.close();
  server.close(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
