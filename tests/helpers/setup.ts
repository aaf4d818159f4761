import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  // The app keeps the scenario in the URL and localStorage (src/state): each test starts clean.
  if (typeof window !== 'undefined') {
    localStorage.clear();
    history.replaceState(null, '', '/');
  }
});
