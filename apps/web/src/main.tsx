import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/coreui.scss';
import './styles/app.css';
import { App } from './app/app';
import { store } from './app/store';
import { configureZodWithoutEval } from './lib/zod-without-eval';
import { afterFirstPageShown } from './app/routes/first-page-shown';
import { loadBranding, refreshProfile } from './stores/thunks';

// Before any form chunk loads zod: our CSP forbids eval, so zod must not probe for it.
configureZodWithoutEval();

// Started here, not in an effect, so StrictMode's double effects do not double the calls.
void store.dispatch(loadBranding());
// Confirms a stored token (a 401 signs out) and picks up a changed name or picture, once the
// first page is on screen: asked at once, its answer held back that page's largest paint as
// Lighthouse counts it (docs/decisions/0065-register-horse-first-paint.md).
if (store.getState().session.isLoggedIn)
  afterFirstPageShown(() => void store.dispatch(refreshProfile()));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
