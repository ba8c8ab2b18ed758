import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Screens and the contract's schemas arrive by dynamic import on first use, which vitest
// transforms on demand: on a busy two-core CI machine the first findBy of a file can need more
// than Testing Library's 1 s default (4.3 s seen beside the e2e lane). A screen that never
// appears still fails, after 10 s. Tests give no shorter wait of their own: CI's cores are shared.
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  localStorage.clear();
  // Product pages keep typed fields and purchase keys per tab (features/catalog/lib/purchase-store.ts).
  sessionStorage.clear();
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
