/// <reference types="vite-plugin-pwa/react" />
// The service worker's two messages: "works offline now" after the first
// visit, and "a new version is ready" after a deploy. The new version only
// takes over when the user says so (registerType 'prompt'), so a reload never
// happens in the middle of editing or a run.
import { useRegisterSW } from 'virtual:pwa-register/react';
import './pwa.css';

/**
 * Activate the waiting version and reload. Workbox reloads by itself when the
 * new worker takes control of this page; a page the old worker never
 * controlled (the visit that installed it) gets no such event, so it reloads
 * once the new worker is active.
 */
async function applyUpdate(update: (reload?: boolean) => Promise<void>): Promise<void> {
  if (navigator.serviceWorker.controller) return update(true);
  const waiting = (await navigator.serviceWorker.getRegistration())?.waiting;
  const active = new Promise<void>((resolve) => {
    if (!waiting) return resolve();
    waiting.addEventListener('statechange', () => {
      if (waiting.state === 'activated') resolve();
    });
  });
  await update(true);
  await active;
  location.reload();
}

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    offlineReady: [offlineReady, setOfflineReady],
    updateServiceWorker,
  } = useRegisterSW();

  if (needRefresh) {
    return (
      <aside className="pwa-prompt pwa-update" aria-label="New version" data-testid="pwa-update">
        <p role="status">
          A new version of tierplan is ready. Reloading keeps your scenario (it is in the link and saved in this browser); a running simulation is stopped.
        </p>
        <div className="pwa-actions">
          <button type="button" className="primary" data-testid="pwa-reload" onClick={() => void applyUpdate(updateServiceWorker)}>
            Reload to update
          </button>
          <button type="button" data-testid="pwa-later" onClick={() => setNeedRefresh(false)}>
            Later
          </button>
        </div>
      </aside>
    );
  }
  if (offlineReady) {
    return (
      <aside className="pwa-prompt pwa-ready" aria-label="Offline use" data-testid="pwa-offline-ready">
        <p role="status">tierplan is saved in this browser and now works without a network.</p>
        <div className="pwa-actions">
          <button type="button" data-testid="pwa-dismiss" onClick={() => setOfflineReady(false)}>
            OK
          </button>
        </div>
      </aside>
    );
  }
  return null;
}
