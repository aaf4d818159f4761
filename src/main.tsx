import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getEngine } from './engine';
import { App } from './ui/App';
import './ui/app.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');
createRoot(root).render(
  <StrictMode>
    <App engine={getEngine()} />
  </StrictMode>,
);
