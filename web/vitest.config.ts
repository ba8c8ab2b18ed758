import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      restoreMocks: true,
      // Above the 10 s wait of a findBy (testing/setup.ts), so a slow screen fails on what is missing.
      testTimeout: 20_000,
      // Files share their worker's modules instead of importing React, the router and the app
      // again each: 110 s → 36 s for the suite. Testing Library cleans the DOM after every test.
      isolate: false,
    },
  }),
);
