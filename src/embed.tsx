// The embed page (embed.html): one lesson, nothing else of the app, for a
// course page's <iframe>. A page of its own so that a host can send it a
// frame-ancestors policy that allows framing while the full app keeps
// 'none' (docs/class-mode.md "Embedding"); a URL fragment never reaches the
// server, so the page, not the fragment, is what the header can tell apart.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme, initialTheme } from './charts';
import { getEngine } from './worker';
import { ClassView } from './class/ClassView';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from embed.html');
applyTheme(initialTheme());
createRoot(root).render(
  <StrictMode>
    <ClassView engine={getEngine()} scenario={null} embedPage />
  </StrictMode>,
);
