/* global process, setTimeout, clearTimeout */
// `vite preview` of the build for the browser benchmarks, in its own process
// group so that stopping it also stops what npx started; resolves once it
// listens, with the function that stops it (also called on exit).
import { spawn } from 'node:child_process';

export async function startPreview(port) {
  const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.on('exit', stop);
  await new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('vite preview did not start in 30 s')), 30_000);
    server.stdout.on('data', (d) => {
      if (String(d).includes(String(port))) {
        clearTimeout(t);
        resolve();
      }
    });
  });
  return stop;
}
