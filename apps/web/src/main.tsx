import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { config as configureZod } from 'zod';
import './styles/coreui.scss';
import './styles/app.css';
import { App } from './app/app';
import { store } from './app/store';
import { loadBranding, refreshProfile } from './stores/thunks';

// Our Content-Security-Policy allows no eval. Without jitless zod probes for it with
// `new Function` on its first object parse; the probe is caught, but the browser still reports
// a CSP violation (Lighthouse lists it under best practices). Set before any chunk parses.
configureZod({ jitless: true });

// Started here, not in an effect, so StrictMode's double effects do not double the calls.
void store.dispatch(loadBranding());
// Confirms a stored token early (a 401 signs out) and picks up a changed name or picture.
if (store.getState().session.isLoggedIn) void store.dispatch(refreshProfile());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
