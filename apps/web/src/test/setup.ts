import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installCanvasStub } from './canvas-stub';

installCanvasStub();

// Each test starts signed out with a clean DOM; the session lives in localStorage.
afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
