import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connect } from '../src/db/connect';
import { setupApp } from './helper';
import { purgeRejectedReceipts } from '../src/modules/topups/receipt-retention';
import { firstBankId, makePng, pngReceipt, storedReceipts, uploadCharge } from './topup-fixtures';

const scratch = mkdtempSync(path.join(tmpdir(), 'raseed-defaults-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const mode = (file: string) => statSync(file).mode & 0o777;

describe('the server refuses to start with a weak app key, naming the variable', () => {
  it.each(['', 'short', 'z'.repeat(64), 'ab'.repeat(31)])('APP_KEY=%j', (key) => {
    expect(() => loadConfig({ DATA_DIR: scratch, APP_KEY: key })).toThrow(/APP_KEY/);
  });

  it('an empty or cut app.key file', () => {
    for (const content of ['', 'abc123', `${'0'.repeat(63)}`]) {
      const dir = mkdtempSync(path.join(scratch, 'key-'));
      writeFileSync(path.join(dir, 'app.key'), content);
      expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/app\.key/);
    }
  });

  it('a 64-hex key and a generated key start', () => {
    expect(loadConfig({ DATA_DIR: scratch, APP_KEY: 'ab'.repeat(32) }).appKey).toEqual(
      Buffer.from('ab'.repeat(32), 'hex'),
    );
    const dir = path.join(scratch, 'fresh');
    const first = loadConfig({ DATA_DIR: dir }).appKey;
    expect(first).toHaveLength(32);
    expect(loadConfig({ DATA_DIR: dir }).appKey).toEqual(first);
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, 'app.key'))).toBe(0o600);
  });

  it('names any other bad variable too', () => {
    expect(() => loadConfig({ DATA_DIR: scratch, APP_KEY: 'ab'.repeat(32), PORT: 'eighty' })).toThrow(/PORT/);
  });
});

describe('only the server user reads the data directory', () => {
  it('DATA_DIR is 0700, the database and its WAL 0600', async () => {
    const dir = path.join(scratch, 'db');
    const handle = await connect({ databaseUrl: undefined, dataDir: dir });
    await handle.db.schema.createTable('x').addColumn('a', 'integer').execute();
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, 'raseed.sqlite'))).toBe(0o600);
    expect(mode(path.join(dir, 'raseed.sqlite-wal'))).toBe(0o600);
    await handle.close();
  });

  it('every stored receipt is 0600 in a 0700 folder', async () => {
    const t = await setupApp({ seed: true });
    try {
      const user = await t.createUser();
      const res = await uploadCharge(t, user.token, {
        amount: '10',
        bank_id: await firstBankId(t),
        file: pngReceipt(),
      });
      expect(res.statusCode).toBe(200);
      const [file] = storedReceipts(t);
      expect(mode(path.join(t.dataDir, 'uploads', 'receipts', file!))).toBe(0o600);
      expect(mode(path.join(t.dataDir, 'uploads', 'receipts'))).toBe(0o700);
    } finally {
      await t.close();
    }
  });
});

describe('receipts of rejected top-ups are deleted after the retention period', () => {
  it(
    'deletes rejected receipts older than RECEIPT_RETENTION_DAYS; ' + 'keeps approved ones and recent rejections',
    async () => {
      const t = await setupApp({ seed: true, env: { RECEIPT_RETENTION_DAYS: '180' } });
      try {
        const op = await t.createUser({ role: 'operator' });
        const bankId = await firstBankId(t);
        const ids: number[] = [];
        for (let i = 0; i < 3; i++) {
          const user = await t.createUser();
          expect(
            (await uploadCharge(t, user.token, { amount: '5', bank_id: bankId, file: pngReceipt(makePng(9 + i, 9)) }))
              .statusCode,
          ).toBe(200);
          ids.push(
            (await t.db.selectFrom('charges').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow()).id,
          );
        }
        const [oldRejected, recentRejected, approved] = ids as [number, number, number];
        const decide = (id: number, action: string, payload: object) =>
          t.request({ method: 'POST', url: `/admin/api/v1/charges/${id}/${action}`, token: op.token, payload });
        expect((await decide(oldRejected, 'reject', { reason: 'إشعار غير واضح' })).statusCode).toBe(200);
        expect((await decide(recentRejected, 'reject', { reason: 'إشعار غير واضح' })).statusCode).toBe(200);
        expect((await decide(approved, 'approve', {})).statusCode).toBe(200);
        const longAgo = new Date(Date.now() - 181 * 86_400_000).toISOString();
        await t.db
          .updateTable('charges')
          .set({ decided_at: longAgo })
          .where('id', 'in', [oldRejected, approved])
          .execute();
        const before = storedReceipts(t);
        expect(before).toHaveLength(3);

        expect(await purgeRejectedReceipts(t.db, t.storage, t.config.receiptRetentionDays)).toBe(1);
        expect(storedReceipts(t)).toHaveLength(2);
        // Idempotent: nothing more to delete.
        expect(await purgeRejectedReceipts(t.db, t.storage, t.config.receiptRetentionDays)).toBe(0);
        const rows = await t.db
          .selectFrom('charges')
          .select(['id', 'status', 'amount'])
          .where('id', 'in', ids)
          .orderBy('id')
          .execute();
        expect(rows.map((r) => r.status)).toEqual(['cancel', 'cancel', 'success']);
        const list = await t.request({ method: 'GET', url: '/admin/api/v1/charges?status=cancel', token: op.token });
        expect(list.statusCode).toBe(200);
      } finally {
        await t.close();
      }
    },
  );
});

describe('links of this site', () => {
  it('a slider link that a browser would resolve to another origin is refused', async () => {
    const t = await setupApp();
    try {
      const op = await t.createUser({ role: 'operator' });
      for (const link of ['/\\evil.com', '//evil.com', '\\\\evil.com', '/\t/evil.com']) {
        const res = await t.request({
          method: 'POST',
          url: '/admin/api/v1/sliders',
          token: op.token,
          payload: { link },
        });
        expect(res.statusCode, link).toBe(422);
        expect(res.json().errors.link[0]).toMatch(/[\u0600-\u06FF]/);
      }
      expect(await t.db.selectFrom('sliders').select('id').execute()).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});

describe('logs never carry secrets', () => {
  it('signed receipt links, tokens and passwords do not reach the JSON log', async () => {
    const t = await setupApp({ seed: true });
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await buildApp({
      config: { ...t.config, logLevel: 'info' },
      db: t.db,
      engine: t.engine,
      storage: t.storage,
      logStream: stream,
    });
    try {
      const user = await t.createUser();
      expect(
        (await uploadCharge(t, user.token, { amount: '5', bank_id: await firstBankId(t), file: pngReceipt() }))
          .statusCode,
      ).toBe(200);
      const charges = await t.request({ method: 'GET', url: '/public/api/v1/charges', token: user.token });
      const link: string = charges.json().data.charges[0].img;
      const linkUrl = new URL(link, 'http://x');
      const sig = linkUrl.searchParams.get('sig')!;
      expect((await logged.inject({ method: 'GET', url: `${linkUrl.pathname}${linkUrl.search}` })).statusCode).toBe(
        200,
      );
      await logged.inject({
        method: 'GET',
        url: '/public/api/v1/me',
        headers: { authorization: `Bearer ${user.token}` },
      });
      await logged.inject({
        method: 'POST',
        url: '/public/api/v1/login',
        payload: { email: user.email, password: user.password },
      });
      await logged.inject({ method: 'GET', url: `/public/api/v1/nowhere?token=${user.token}&password=hunter22secret` });
      const text = lines.join('');
      expect(lines.length).toBeGreaterThan(3);
      expect(text).toContain('/public/api/v1/receipts/');
      expect(text).not.toContain(sig);
      expect(text).not.toContain(user.token);
      expect(text).not.toContain(user.password);
      expect(text).not.toContain('hunter22secret');
    } finally {
      await logged.close();
      await t.close();
    }
  });
});

describe('the public OpenAPI document lists only the public API', () => {
  it('the operator API has its own document, for operators only', async () => {
    const t = await setupApp();
    try {
      const pub = (await t.request({ method: 'GET', url: '/public/api/v1/openapi.json' })).json();
      const paths = Object.keys(pub.paths);
      expect(paths.length).toBeGreaterThan(10);
      expect(paths.every((p) => p.startsWith('/public/api/v1/'))).toBe(true);
      const ui = (await t.request({ method: 'GET', url: '/public/api/v1/docs/json' })).json();
      expect(Object.keys(ui.paths).some((p) => p.startsWith('/admin/'))).toBe(false);

      const customer = await t.createUser();
      expect((await t.request({ method: 'GET', url: '/admin/api/v1/openapi.json' })).statusCode).toBe(401);
      expect(
        (await t.request({ method: 'GET', url: '/admin/api/v1/openapi.json', token: customer.token })).statusCode,
      ).toBe(403);
      const op = await t.createUser({ role: 'operator' });
      const admin = await t.request({ method: 'GET', url: '/admin/api/v1/openapi.json', token: op.token });
      expect(admin.statusCode).toBe(200);
      const adminPaths = Object.keys(admin.json().paths);
      expect(adminPaths).toContain('/admin/api/v1/charges');
      expect(adminPaths.every((p) => p.startsWith('/admin/api/v1/'))).toBe(true);
    } finally {
      await t.close();
    }
  });
});
