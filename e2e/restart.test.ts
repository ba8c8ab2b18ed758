import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startStore } from './harness/server';

const dataDir = mkdtempSync(path.join(tmpdir(), 'raseed-restart-'));
/** Image links are absolute (PUBLIC_URL, else the request's origin) and each run has its own port. */
const settingOf = async (baseUrl: string) =>
  JSON.parse((await (await fetch(`${baseUrl}/public/api/v1/setting`)).text()).replaceAll(baseUrl, ''));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the store process', () => {
  it('seeds once, shuts down cleanly on SIGTERM, and keeps its data across a restart', async () => {
    const first = await startStore({ DATA_DIR: dataDir });
    expect(first.demo?.customer.email).toBe('customer@raseed.demo');
    const before = await settingOf(first.baseUrl);
    expect(JSON.stringify(before)).toContain('"/media/');
    expect(await first.stop()).toBe(0);

    const second = await startStore({ DATA_DIR: dataDir });
    try {
      // No second seed (it would make new passwords), and the same sign-ins printed again.
      expect(second.demo).toEqual(first.demo);
      const after = await settingOf(second.baseUrl);
      expect(after).toEqual(before);
    } finally {
      await second.stop();
    }
  });

  it('starts an empty store with RASEED_DEMO=0', async () => {
    const store = await startStore({ RASEED_DEMO: '0' });
    try {
      expect(store.demo).toBeNull();
      const body = await (await fetch(`${store.baseUrl}/public/api/v1/setting`)).json();
      expect(body.data.sliders).toEqual([]);
    } finally {
      await store.stop();
    }
  });
});
