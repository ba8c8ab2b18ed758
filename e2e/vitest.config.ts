import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // A screen's data arrives after its chunk, the contract and the session check: 2–3 s in a
    // Chromium on two busy cores, while expect.poll gives up after 1 s by default (CI saw
    // /partners, /payments, /charges and /balances "empty" that way). A real regression still
    // fails, only later.
    expect: { poll: { timeout: 10_000 } },
    // One Chromium and one server at a time: this is a 2-core machine.
    fileParallelism: false,
    pool: 'forks',
  },
});
