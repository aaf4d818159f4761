import { afterEach } from 'vitest';

// Only the files that render (`// @vitest-environment jsdom`) have a window:
// Testing Library and the app's stored state exist only there, and loading
// Testing Library in the other files would cost each of them its import.
if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // Testing Library's waitFor and findBy* give up after one second by default:
  // a timed verdict that a busy machine fails while the worker is still
  // simulating. A wait is a bound against a hang (docs/testing.md).
  configure({ asyncUtilTimeout: 60_000 });

  afterEach(() => {
    cleanup();
    // The app keeps the scenario in the URL and localStorage (src/state): each test starts clean.
    localStorage.clear();
    history.replaceState(null, '', '/');
  });
}
