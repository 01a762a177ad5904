import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerServiceWorker } from './lib/service-worker';
import { preloadDesk } from './routes/app-chunks';
import { getSession } from './state/session';

// Signed in and opening the app: the desk's code is fetched beside the layout's, not after it.
if (getSession() && /^\/(my-desk|trash)(\/|$)/.test(window.location.pathname)) preloadDesk(true);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

registerServiceWorker();

import('./lib/error-reporting')
  .then((reporting) => reporting.startErrorReporting())
  .catch((error: unknown) => console.error('Error reporting could not start', error));
