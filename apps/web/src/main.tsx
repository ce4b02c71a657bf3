import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/coreui.scss';
import './styles/app.css';
import { App } from './app/app';
import { store } from './app/store';
import { configureZodWithoutEval } from './lib/zod-without-eval';
import { loadBranding, refreshProfile } from './stores/thunks';

// Before any form chunk loads zod: our CSP forbids eval, so zod must not probe for it.
configureZodWithoutEval();

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
