import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { arabic } from './auth-helpers';
import { setupApp, type TestApp, type TestUser } from './helper';

/**
 * Statement PDFs through a real listening server and real HTTP clients, with a stand-in printer
 * that records whose page it printed and can be held (players-statement.test.ts prints a real
 * one with Chromium).
 */
let t: TestApp;
let app: FastifyInstance;
let base: string;
const printed: string[] = [];
let held: Promise<void> | null = null;
let release = () => {};
const hold = () => {
  held = new Promise((r) => {
    release = () => {
      held = null;
      r();
    };
  });
};

beforeAll(async () => {
  t = await setupApp();
  app = await buildApp({
    config: t.config,
    db: t.db,
    engine: t.engine,
    storage: t.storage,
    logger: false,
    printPdf: async (html) => {
      printed.push(/<bdi>([^<]+@test\.local)<\/bdi>/.exec(html)?.[1] ?? '?');
      await held;
      return Buffer.from('%PDF-1.4 stand-in');
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  release();
  app.server.closeAllConnections();
  await app.close();
  await t.close();
});

const pdf = (user: TestUser, signal?: AbortSignal) =>
  fetch(`${base}/public/api/v1/balances/statement?from=2026-11-01&to=2026-11-03&format=pdf`, {
    headers: { authorization: `Bearer ${user.token}` },
    ...(signal ? { signal } : {}),
  });

async function until(what: string, ok: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline)
      throw new Error(`${what} not within ${ms} ms: ${JSON.stringify(app.statementPrints.stats())}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('statement PDFs', () => {
  it("another customer's PDF waits behind at most one of the six a first customer asked for", async () => {
    const first = await t.createUser();
    const second = await t.createUser();
    printed.length = 0;
    hold();
    const six = Array.from({ length: 6 }, () => pdf(first));
    // The first prints, two more wait in the first customer's line, three are refused at once.
    const refused = (
      await Promise.all(six.map((p) => Promise.race([p, new Promise((r) => setTimeout(r, 2000))])))
    ).filter((r): r is Response => r instanceof Response && r.status === 429);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await r.json()) as { msg: string }).msg).toMatch(arabic);
    }
    await until('two waiting', () => app.statementPrints.stats().queued === 2);
    const theirs = pdf(second);
    await until('the second customer waiting', () => app.statementPrints.stats().queued === 3);
    release();
    const answered = await Promise.all([...six, theirs]);
    expect(answered.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 429, 429, 429]);
    const mine = await theirs;
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await mine.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // Of the first customer's prints, only the one already printing started before the second's.
    expect(printed).toEqual([first.email, second.email, first.email, first.email]);
  });

  it('refuses a customer past 10 PDFs in 10 minutes: 429, Arabic msg, Retry-After; CSV still works', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 10; i++) expect((await pdf(user)).status).toBe(200);
    const over = await pdf(user);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await over.json()) as { msg: string }).msg).toBe(
      'طلبت كشوف PDF كثيرة، أعد المحاولة بعد قليل أو نزّل ملف CSV',
    );
    const csv = await fetch(`${base}/public/api/v1/balances/statement?from=2026-11-01&to=2026-11-03&format=csv`, {
      headers: { authorization: `Bearer ${user.token}` },
    });
    expect(csv.status).toBe(200);
    // Another customer is not counted with them.
    expect((await pdf(await t.createUser())).status).toBe(200);
  });

  it('prints nothing for a client that left before its turn', async () => {
    const printing = await t.createUser();
    const leaving = await t.createUser();
    printed.length = 0;
    hold();
    const first = pdf(printing);
    await until('the first printing', () => app.statementPrints.stats().printing === 1);
    const ctrl = new AbortController();
    const gone = pdf(leaving, ctrl.signal).catch((err: unknown) => err);
    await until('the leaving client waiting', () => app.statementPrints.stats().queued === 1);
    ctrl.abort();
    await gone;
    await until('its print cancelled', () => app.statementPrints.stats().queued === 0);
    release();
    expect((await first).status).toBe(200);
    expect(printed).toEqual([printing.email]);
    // Leaving freed its place: the same customer's next request prints.
    expect((await pdf(leaving)).status).toBe(200);
    expect(printed).toEqual([printing.email, leaving.email]);
  });

  it('refuses with a 503 and an Arabic msg once 30 prints wait, from customers within their own limits', async () => {
    printed.length = 0;
    hold();
    const users = await Promise.all(Array.from({ length: 11 }, () => t.createUser()));
    const first = pdf(users[0]!);
    await until('one printing', () => app.statementPrints.stats().printing === 1);
    const rest = users.flatMap((u, i) => Array.from({ length: i === 0 ? 2 : 3 }, () => pdf(u)));
    const busy = (
      await Promise.all(rest.map((p) => Promise.race([p, new Promise((r) => setTimeout(r, 2000))])))
    ).filter((r): r is Response => r instanceof Response);
    expect(busy.map((r) => r.status)).toEqual([503, 503]);
    for (const r of busy) {
      expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await r.json()) as { msg: string }).msg).toMatch(arabic);
    }
    expect(app.statementPrints.stats()).toEqual({ printing: 1, queued: 30 });
    release();
    const all = await Promise.all([first, ...rest]);
    expect(all.filter((r) => r.status === 200)).toHaveLength(31);
  });
});
