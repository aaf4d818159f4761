// Light/dark theme: a data-theme attribute on <html> that charts.css reads;
// the choice is remembered in localStorage, else the system preference wins.
import { useEffect, useState } from 'react';

export type Theme = 'light' | 'dark';
const KEY = 'tierplan-theme';

export function initialTheme(): Theme {
  try {
    const saved = localStorage.getItem(KEY);
    if (saved === 'light' || saved === 'dark') return saved;
  } catch {
    // Storage may be blocked (privacy mode); fall back to the system preference.
  }
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}

export function useTheme(): [Theme, (t: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(initialTheme);
  useEffect(() => {
    applyTheme(theme);
    try {
      localStorage.setItem(KEY, theme);
    } catch {
      // Not remembered; the page still switches.
    }
  }, [theme]);
  return [theme, setTheme];
}

export function ThemeToggle() {
  const [theme, setTheme] = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="ck-theme-toggle"
      data-testid="theme-toggle"
      aria-pressed={theme === 'dark'}
      onClick={() => setTheme(next)}
      title={`Switch to the ${next} theme`}
    >
      {theme === 'dark' ? 'Light theme' : 'Dark theme'}
    </button>
  );
}
