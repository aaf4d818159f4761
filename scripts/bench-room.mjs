/* global process, console, setImmediate, setTimeout -- Node script */
// The live room's relay under a lecture hall (issue 51): its memory and CPU
// while a presenter's room takes 120 phones answering at once, then what is
// left once the room is closed; and a relay that stops mid-lesson (the
// phones see their connection close). The relay runs in its own process
// (server/room-serve.mjs) so its numbers are its own, not the clients'.
// Prints numbers; decides nothing on a time (docs/testing.md).
// Usage: node scripts/bench-room.mjs [students=120] [rounds=3]
import { fork } from 'node:child_process';
import { Phone, answerAsClass } from './room-load.mjs';
import { freePort } from './preview-server.mjs';

const students = Number(process.argv[2] ?? 120);
const rounds = Number(process.argv[3] ?? 3);
// The first question of the built-in lesson "disk-bandwidth" (src/class/lessons.ts), as the presenter sends it.
const LESSON = { id: 'disk-bandwidth', title: 'Disks run out of bandwidth before space', questions: [{ step: 0, kind: 'number', min: 0, max: 100 }, { step: 2, kind: 'choice', ids: ['none', 'some', 'many'] }] };

const port = await freePort();
const child = fork('server/room-serve.mjs', [String(port)], { execArgv: ['--expose-gc'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
const replies = [];
child.on('message', (m) => replies.push(m));
const ask = (q) =>
  new Promise((res) => {
    const n = replies.length;
    child.send(q);
    const poll = () => (replies.length > n ? res(replies[replies.length - 1]) : setImmediate(poll));
    poll();
  });
await new Promise((res) => {
  const poll = () => (replies.some((m) => m.ready) ? res() : setTimeout(poll, 50));
  poll();
});
const url = `ws://127.0.0.1:${port}/room`;
const mb = (b) => (b / 1024 / 1024).toFixed(1);
const cpuMs = (a, b) => ((b.user - a.user + b.system - a.system) / 1000).toFixed(0);

const base = await ask('gc');
console.log(`relay process at rest: rss ${mb(base.memory.rss)} MB, heap ${mb(base.memory.heapUsed)} MB`);
console.log('\nround  students  answers  rss MB  heap MB  relay CPU ms  CPU ms/answer  wall ms (reported only)  heap after close MB');
let last = base;
for (let r = 1; r <= rounds; r++) {
  const presenter = new Phone(url);
  await presenter.opened;
  presenter.send({ t: 'open', lesson: LESSON });
  const code = String((await presenter.next('room')).code);
  await presenter.next('state');
  const before = await ask('stats');
  const cls = await answerAsClass({ url, code, lesson: LESSON.id, step: 0, n: students, answerOf: (i) => (i * 37) % 101 });
  // The presenter has every answer once they are all acknowledged (the relay forwards before it acknowledges).
  let got = 0;
  while (got < cls.ok) {
    await presenter.next('answer');
    got += 1;
  }
  const during = await ask('gc');
  presenter.send({ t: 'close' });
  await presenter.next('gone');
  await Promise.all([...cls.phones.map((p) => p.close()), presenter.close()]);
  const after = await ask('gc');
  console.log(
    `${String(r).padStart(5)}  ${String(during.stats.students).padStart(8)}  ${String(during.stats.answers).padStart(7)}  ${mb(during.memory.rss).padStart(6)}  ${mb(during.memory.heapUsed).padStart(7)}  ${cpuMs(before.cpu, during.cpu).padStart(12)}  ${(Number(cpuMs(before.cpu, during.cpu)) / Math.max(1, cls.ok)).toFixed(2).padStart(13)}  ${String(cls.ms).padStart(23)}  ${mb(after.memory.heapUsed).padStart(19)}`,
  );
  if (cls.ok !== students || after.stats.rooms !== 0) console.log(`  note: ${cls.ok} of ${students} answers acknowledged; ${after.stats.rooms} rooms left after closing`);
  last = after;
}
console.log(`\nafter ${rounds} rooms closed: ${last.stats.rooms} rooms, ${last.stats.students} students, ${last.stats.answers} answers held; heap ${mb(last.memory.heapUsed)} MB (at rest ${mb(base.memory.heapUsed)} MB)`);

// The relay stops mid-lesson: every phone's connection closes (room.ts then tells the student and offers the code).
const presenter = new Phone(url);
await presenter.opened;
presenter.send({ t: 'open', lesson: LESSON });
const code = String((await presenter.next('room')).code);
const cls = await answerAsClass({ url, code, lesson: LESSON.id, step: 0, n: students, answerOf: (i) => i % 101 });
const closes = Promise.all(cls.phones.map((p) => p.closed));
child.kill('SIGTERM');
const codes = await closes;
const told = cls.phones.filter((p) => p.inbox.some((m) => m.t === 'closed')).length;
console.log(`relay stopped mid-lesson: ${codes.length} of ${students} phones saw their connection close (${told} were told "closed" first; codes: ${[...new Set(codes)].join(', ')})`);
await presenter.closed;
