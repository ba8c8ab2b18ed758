import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
  // There is no server in unit tests: any call a test did not mock fails like a dropped network.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('fetch is not mocked in this test');
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
