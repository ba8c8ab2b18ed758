import { work } from '../src/kernel/unit-of-work';
import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import { ledgerVerifyCli } from '../../scripts/lib/build.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit } from '../src/modules/wallet/ledger';
import { verifyLedger } from '../src/modules/wallet/verify';
import { formatLedgerReport } from '../src/modules/wallet/verify-report';
import { setupApp, type TestApp } from './helper';
import { makeProduct, placeTestOrder } from './orders-fixtures';

let t: TestApp;
let productId: number;

beforeAll(async () => {
  t = await setupApp({ seed: true });
  productId = await makeProduct(t.db);
});
afterAll(async () => {
  await t.close();
});

/** A customer with a few movements: opening credit, two purchases, a cancel with refund. */
async function customerWithHistory() {
  const u = await t.createUser({ balance: 40_000_000 });
  const a = await placeTestOrder(t.db, u.id, { productId, price: 3_000_000 });
  await placeTestOrder(t.db, u.id, { productId, price: 4_000_000 });
  const res = await t.request({ method: 'POST', url: `/public/api/v1/orders/${a.id}/cancel`, token: u.token });
  expect(res.statusCode).toBe(200);
  const rows = await t.db.selectFrom('ledger').selectAll().where('user_id', '=', u.id).orderBy('id').execute();
  expect(rows).toHaveLength(4);
  return { user: u, rows, orderId: a.id };
}

/** Runs the real compiled CLI (`npm run ledger:verify`) against this test's store. */
async function runCli() {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATA_DIR: t.dataDir,
    LOG_LEVEL: 'silent',
  };
  if (t.engine === 'postgres') {
    const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(t.db);
    env.DATABASE_URL = `${process.env.TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${rows[0]!.s}`)}`;
  } else delete env.DATABASE_URL;
  const out = spawnSync(process.execPath, [ledgerVerifyCli], { env, encoding: 'utf8' });
  return { code: out.status, text: out.stdout + out.stderr };
}

describe('ledger:verify', () => {
  it('passes on the seeded store and on real purchases and refunds', async () => {
    await customerWithHistory();
    const report = await verifyLedger(t.db);
    expect(report).toMatchObject({ ok: true, drifts: [], refundIssues: [] });
    expect(report.usersChecked).toBeGreaterThanOrEqual(3);
    expect(report.rowsChecked).toBeGreaterThanOrEqual(5);
    const cli = await runCli();
    expect(cli.text).toContain('OK: every balance equals its credits minus debits.');
    expect(cli.code).toBe(0);
  });

  it('finds a ledger row whose amount was altered, and names it', async () => {
    const { user, rows } = await customerWithHistory();
    const tampered = rows[1]!;
    await t.db
      .updateTable('ledger')
      .set({ debit: tampered.debit - 1_000_000 })
      .where('id', '=', tampered.id)
      .execute();

    const report = await verifyLedger(t.db);
    expect(report.ok).toBe(false);
    const drift = report.drifts.find((d) => d.userId === user.id);
    expect(drift).toMatchObject({ balance: 33_000_000 + 3_000_000, ledgerSum: 37_000_000 });
    // From the altered row on, the running total no longer matches what each row recorded.
    expect(drift!.rows.map((r) => r.id)).toEqual(rows.slice(1).map((r) => r.id));
    expect(drift!.rows[0]).toMatchObject({ balance_after: 37_000_000, expected_after: 38_000_000 });

    const cli = await runCli();
    expect(cli.code).toBe(1);
    expect(cli.text).toContain(`DRIFT user #${user.id}`);
    expect(cli.text).toContain(`row #${tampered.id}`);
    expect(cli.text).toContain('difference -1.00');
    await t.db.updateTable('ledger').set({ debit: tampered.debit }).where('id', '=', tampered.id).execute();
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('finds a balance changed without a ledger row, and shows the latest rows', async () => {
    const { user, rows } = await customerWithHistory();
    await t.db.updateTable('users').set({ balance: sql`balance + 5000000` }).where('id', '=', user.id).execute();
    const report = await verifyLedger(t.db);
    const drift = report.drifts.find((d) => d.userId === user.id)!;
    expect(drift.balance - drift.ledgerSum).toBe(5_000_000);
    expect(drift.rows[0]).toMatchObject({ id: rows[3]!.id, expected_after: null });
    expect(formatLedgerReport(report)).toContain('difference 5.00');
    await t.db.updateTable('users').set({ balance: sql`balance - 5000000` }).where('id', '=', user.id).execute();
  });

  it('finds a deleted ledger row', async () => {
    const { user, rows } = await customerWithHistory();
    await t.db.deleteFrom('ledger').where('id', '=', rows[2]!.id).execute();
    const report = await verifyLedger(t.db);
    const drift = report.drifts.find((d) => d.userId === user.id)!;
    expect(drift.rows[0]!.id).toBe(rows[3]!.id);
    expect(drift.balance - drift.ledgerSum).toBe(-4_000_000);
    await t.db
      .insertInto('ledger')
      .values({ ...rows[2]!, id: rows[2]!.id })
      .execute();
    expect((await verifyLedger(t.db)).ok).toBe(true);
  });

  it('finds an order refunded twice even when every balance adds up', async () => {
    const { user, orderId } = await customerWithHistory();
    await work(t.db, (trx) =>
      credit(trx, user.id, 3_000_000, `استرداد الطلب #${orderId}`, { type: 'order', id: orderId }),
    );
    const report = await verifyLedger(t.db);
    expect(report.drifts).toEqual([]);
    expect(report.ok).toBe(false);
    expect(report.refundIssues).toEqual([
      { order_id: orderId, user_id: user.id, status: 'cancel', price: 3_000_000, refunds: 2, refunded: 6_000_000 },
    ]);
    expect(formatLedgerReport(report)).toContain(`REFUND order #${orderId}`);
  });
});
