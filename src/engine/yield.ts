/**
 * Let the worker's event loop run (a queued `cancel` message, a progress
 * reply) between two chunks of a simulation, without a timer: a nested
 * `setTimeout(0)` is clamped to 4 ms from the fifth level on, which cost the
 * app's chunked runs about a tenth of their speed (`npm run bench`, "chromium
 * 200k"). A message through a fresh MessageChannel is a task of its own with
 * no clamp; the channel is closed at once, so nothing keeps a process alive.
 */
export function yieldToEventLoop(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return new Promise((r) => setTimeout(r, 0));
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
