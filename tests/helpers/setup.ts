import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Testing Library's waitFor and findBy* give up after one second by default:
// a timed verdict that a busy machine fails while the worker is still
// simulating. A wait is a bound against a hang (docs/testing.md).
configure({ asyncUtilTimeout: 60_000 });

afterEach(() => {
  cleanup();
  // The app keeps the scenario in the URL and localStorage (src/state): each test starts clean.
  if (typeof window !== 'undefined') {
    localStorage.clear();
    history.replaceState(null, '', '/');
  }
});
