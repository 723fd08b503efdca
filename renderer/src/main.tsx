/** Renderer entry: connects to the core and mounts the app. */
// First of all: zod's settings hold for the schemas the modules below build when they load.
import './zod-config';
// The shared styles come first so that each view's own styles (imported by the views) override them.
import './styles/base.css';
import './styles/lists.css';
import './styles/layout.css';
import './styles/feedback.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { resolveBridge } from './bridge';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App bridge={resolveBridge()} />
  </StrictMode>,
);
