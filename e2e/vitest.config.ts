import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.test.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // One Chromium and one server at a time: this is a 2-core machine.
    fileParallelism: false,
    pool: 'forks',
  },
});
