import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { DB } from '../../src/db/database';
import { errorFacts } from '../../src/kernel/error-codes';
import { verifyLedger } from '../../src/modules/wallet/verify';

const ARABIC = /[\u0600-\u06FF]/;

/**
 * Never a 5xx; every refusal is JSON `{status:"error", code, msg}` with an Arabic msg and a code
 * of the contract whose listed status is the one answered.
 */
export function expectSafeReply(res: LightMyRequestResponse, what: string, opts: { upstream?: boolean } = {}): void {
  // A route that asks an upstream (the demo's supplier and numbers provider answer in the seeded
  // store, with whatever key a fuzzed save left) may answer its upstream's failure: 502 or 503.
  const upstreamFailure = opts.upstream === true && (res.statusCode === 502 || res.statusCode === 503);
  if (!upstreamFailure)
    expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode < 400) return;
  expect(String(res.headers['content-type']), `${what}: content-type`).toMatch(/application\/json/);
  const body = res.json() as { status?: unknown; code?: unknown; msg?: unknown };
  expect(body.status, `${what}: status field`).toBe('error');
  const facts = Object.hasOwn(errorFacts, String(body.code)) ? errorFacts[body.code as keyof typeof errorFacts] : null;
  expect(facts?.status, `${what}: code ${JSON.stringify(body.code)} for status ${res.statusCode}`).toBe(res.statusCode);
  expect(
    typeof body.msg === 'string' && ARABIC.test(body.msg),
    `${what}: Arabic msg, got ${JSON.stringify(body.msg)}`,
  ).toBe(true);
}

/** The operator's routes that call an upstream now: a supplier's or the numbers provider's balance, a price sync. */
export function callsUpstream(path: string): boolean {
  return /\/(suppliers\/\{id\}\/balance|numbers\/provider\/(balance|sync))$/.test(path);
}

/** What a refused request must leave exactly as it was: balances, ledger, orders, charges. */
export async function moneyState(db: DB): Promise<string> {
  const [users, ledger, orders, charges] = await Promise.all([
    db.selectFrom('users').select(['id', 'balance', 'deposit', 'role']).orderBy('id').execute(),
    db
      .selectFrom('ledger')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('max')])
      .executeTakeFirstOrThrow(),
    db.selectFrom('orders').select(['id', 'status', 'price', 'secret']).orderBy('id').execute(),
    db.selectFrom('charges').select(['id', 'status', 'amount']).orderBy('id').execute(),
  ]);
  return JSON.stringify({ users, ledger: { n: Number(ledger.n), max: ledger.max }, orders, charges });
}

export async function expectLedgerVerifies(db: DB): Promise<void> {
  const report = await verifyLedger(db);
  expect(report, JSON.stringify(report.drifts.slice(0, 3))).toMatchObject({ ok: true });
}
