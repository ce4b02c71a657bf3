// First: it changes dom-accessibility-api as it loads, so before Testing Library imports it.
import './accessible-name-spaces';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installCanvasStub } from './canvas-stub';
import { installFastLabels } from './fast-labels';

installCanvasStub();
// Same labels as jsdom's, without a walk of the document per label (fast-labels.ts).
installFastLabels();

// findBy/waitFor give up after 1 s by default; a lazily loaded page's first import can take
// longer than that on a loaded machine. A broken page still fails, only later.
configure({ asyncUtilTimeout: 5_000 });

// Each test starts signed out with a clean DOM; the session lives in localStorage.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
