import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme, initialTheme } from './charts';
import { getEngine } from './worker';
import { UpdatePrompt } from './pwa/UpdatePrompt';
import { App } from './app/App';
import './app/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
// The remembered (or system) theme from the first paint, on every tab.
applyTheme(initialTheme());
createRoot(root).render(
  <StrictMode>
    <App engine={getEngine()} />
    {/* After the app: a notice that appears later must not push the tabs
        down under a click that is on its way (a layout shift). */}
    <UpdatePrompt />
  </StrictMode>,
);
