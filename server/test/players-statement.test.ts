import { work } from '../src/kernel/unit-of-work';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../src/modules/wallet/verify';
import { statementHtml } from '../src/modules/wallet/statement-pdf';
import { credit, debit } from '../src/modules/wallet/ledger';
import { setupApp, type TestApp, type TestUser } from './helper';

let t: TestApp;
let customer: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await setupApp({ seed: true });
  customer = await t.createUser();
  other = await t.createUser();
});
afterAll(async () => {
  await t.close();
});

describe('saved players', () => {
  const url = '/public/api/v1/players';

  it('saves, lists by product type, renames, records the last name, and deletes; per customer', async () => {
    const a = await t.request({
      method: 'POST',
      url,
      token: customer.token,
      payload: { type: 'id', player_id: '١٢٣٤٥٦٧', label: 'حسابي', player_name: 'Ahmad' },
    });
    expect(a.statusCode).toBe(200);
    const saved = a.json().data.player;
    expect(saved).toMatchObject({ type: 'id', player_id: '1234567', label: 'حسابي', player_name: 'Ahmad' });
    await t.request({
      method: 'POST',
      url,
      token: customer.token,
      payload: { type: 'account', player_id: 'me@game.example', label: 'حساب ببجي' },
    });
    // The same id again updates it rather than saving a second copy.
    await t.request({
      method: 'POST',
      url,
      token: customer.token,
      payload: { type: 'id', player_id: '1234567', label: 'أخي' },
    });
    const ids = (await t.request({ method: 'GET', url: `${url}?type=id`, token: customer.token })).json().data.players;
    expect(ids).toHaveLength(1);
    expect(ids[0]).toMatchObject({ id: saved.id, label: 'أخي', player_name: 'Ahmad' });
    expect((await t.request({ method: 'GET', url, token: customer.token })).json().data.players).toHaveLength(2);
    expect((await t.request({ method: 'GET', url, token: other.token })).json().data.players).toEqual([]);

    const renamed = await t.request({
      method: 'PATCH',
      url: `${url}/${saved.id}`,
      token: customer.token,
      payload: { player_name: 'Ahmad_2' },
    });
    expect(renamed.json().data.player.player_name).toBe('Ahmad_2');
    expect(
      (await t.request({ method: 'PATCH', url: `${url}/${saved.id}`, token: other.token, payload: { label: 'x' } }))
        .statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `${url}/${saved.id}`, token: other.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `${url}/${saved.id}`, token: customer.token })).statusCode).toBe(
      200,
    );
    expect(
      (await t.request({ method: 'GET', url: `${url}?type=id`, token: customer.token })).json().data.players,
    ).toEqual([]);
  });

  it('refuses bad input with Arabic field messages', async () => {
    for (const payload of [
      { type: 'id', player_id: '', label: 'x' },
      { type: 'id', player_id: '1', label: '' },
      { type: 'code', player_id: '1', label: 'x' },
      { type: 'id', player_id: '1', label: 'x'.repeat(61) },
    ]) {
      const res = await t.request({ method: 'POST', url, token: customer.token, payload });
      expect(res.statusCode).toBe(422);
      expect(res.json().msg).toMatch(/[\u0600-\u06FF]/);
    }
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });
});

describe('statements', () => {
  const url = '/public/api/v1/balances/statement';
  let statementUser: TestUser;

  beforeAll(async () => {
    statementUser = await t.createUser();
    const moves: [string, 'credit' | 'debit', number, string][] = [
      ['2026-10-30T10:00:00.000Z', 'credit', 50_000_000, 'شحن رصيد #1'],
      ['2026-11-01T09:15:00.000Z', 'debit', 2_500_000, 'شراء: فري فاير 100'],
      ['2026-11-02T20:00:00.000Z', 'credit', 10_000_000, 'شحن رصيد #2'],
      ['2026-11-03T23:59:59.000Z', 'debit', 1_250_000, '=HYPERLINK("x") شراء'],
      ['2026-11-05T08:00:00.000Z', 'debit', 750_000, 'شراء: ببجي 60'],
    ];
    for (const [at, kind, amount, info] of moves) {
      await work(t.db, async (trx) => {
        if (kind === 'credit') await credit(trx, statementUser.id, amount, info, { type: 'adjust', id: null });
        else await debit(trx, statementUser.id, amount, info, { type: 'adjust', id: null });
        const last = await trx
          .selectFrom('ledger')
          .select('id')
          .where('user_id', '=', statementUser.id)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        await trx.updateTable('ledger').set({ created_at: at }).where('id', '=', last.id).execute();
      });
    }
  });

  it('opening + movements = closing, reconciled with the ledger that ledger:verify checks', async () => {
    const report = await verifyLedger(t.db);
    expect(report.ok).toBe(true);
    const res = await t.request({
      method: 'GET',
      url: `${url}?from=2026-11-01&to=2026-11-03`,
      token: statementUser.token,
    });
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s).toMatchObject({ opening: '50.00', total_credit: '10.00', total_debit: '3.75', closing: '56.25' });
    expect(s.movements.map((m: { info: string }) => m.info)).toEqual([
      'شراء: فري فاير 100',
      'شحن رصيد #2',
      '=HYPERLINK("x") شراء',
    ]);
    expect(s.movements.at(-1).balance_after).toBe(s.closing);
    // The whole history ends at the stored balance.
    const all = (
      await t.request({ method: 'GET', url: `${url}?from=2026-01-01&to=2026-12-31`, token: statementUser.token })
    ).json().data;
    const user = await t.db
      .selectFrom('users')
      .select('balance')
      .where('id', '=', statementUser.id)
      .executeTakeFirstOrThrow();
    expect(all.opening).toBe('0.00');
    expect(Math.round(Number(all.closing) * 1e6)).toBe(Number(user.balance));
    // Consecutive ranges chain: one's closing is the next one's opening.
    const next = (
      await t.request({ method: 'GET', url: `${url}?from=2026-11-04&to=2026-11-30`, token: statementUser.token })
    ).json().data;
    expect(next.opening).toBe(s.closing);
  });

  it(
    'downloads the CSV with a BOM, an opening row, each movement ' + 'and a closing row; formulas neutralised',
    async () => {
      const res = await t.request({
        method: 'GET',
        url: `${url}?from=2026-11-01&to=2026-11-03&format=csv`,
        token: statementUser.token,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="statement-2026-11-01-2026-11-03.csv"');
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const rows = parse(res.rawPayload.toString('utf8').slice(1)) as string[][];
      // The balance page's words (copy deck balance.credit / balance.debit), not a second set.
      expect(rows[1]).toEqual(['رقم الحركة', 'التاريخ', 'البيان', 'دائن', 'مدين', 'الرصيد بعد الحركة']);
      expect(rows[2]).toEqual(['', '2026-11-01T00:00:00Z', 'الرصيد الافتتاحي', '', '', '50.00']);
      expect(rows[5]![2]).toBe(`'=HYPERLINK("x") شراء`);
      expect(rows.at(-1)).toEqual(['', '2026-11-03T23:59:59Z', 'الرصيد الختامي', '10.00', '3.75', '56.25']);
    },
  );

  it('refuses a bad range with an Arabic 422, and someone else’s rows never appear', async () => {
    const bad = await t.request({
      method: 'GET',
      url: `${url}?from=2026-11-05&to=2026-11-01`,
      token: statementUser.token,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().msg).toBe('تاريخ البداية بعد تاريخ النهاية');
    expect(
      (await t.request({ method: 'GET', url: `${url}?from=2026-13-01&to=2026-11-01`, token: statementUser.token }))
        .statusCode,
    ).toBe(422);
    expect(
      (await t.request({ method: 'GET', url: `${url}?from=2026-11-01&to=2026-11-03`, token: other.token })).json().data
        .movements,
    ).toEqual([]);
    expect((await t.request({ method: 'GET', url: `${url}?from=2026-11-01&to=2026-11-03` })).statusCode).toBe(401);
  });

  it("writes the PDF with the balance page's words for a movement: دائن and مدين", () => {
    const html = statementHtml(
      {
        from: '2026-11-01',
        to: '2026-11-01',
        opening: 0,
        closing: 1_000_000,
        totalCredit: 1_000_000,
        totalDebit: 0,
        movements: [],
      },
      { name: 'متجر', logo: Buffer.from(''), contentType: 'image/png' },
      { name: 'زبون', email: 'a@b.c' },
    );
    expect(html).toContain('<th>دائن</th><th>مدين</th>');
    expect(html).toContain('مجموع الدائن');
    expect(html).toContain('مجموع المدين');
    expect(html).not.toMatch(/إيداع|سحب/);
  });

  it('prints an Arabic PDF with Chromium that pdftoppm renders', async () => {
    const res = await t.request({
      method: 'GET',
      url: `${url}?from=2026-11-01&to=2026-11-03&format=pdf`,
      token: statementUser.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    {
      const dir = mkdtempSync(path.join(tmpdir(), 'statement-'));
      const file = path.join(dir, 'statement.pdf');
      writeFileSync(file, res.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      for (const s of ['56.25', '50.00', '3.75']) expect(text).toContain(s);
      execFileSync('pdftoppm', ['-png', '-r', '60', '-singlefile', file, path.join(dir, 'page')]);
      expect(readFileSync(path.join(dir, 'page.png')).subarray(1, 4).toString()).toBe('PNG');
      if (process.env.STATEMENT_PNG) writeFileSync(process.env.STATEMENT_PNG, readFileSync(path.join(dir, 'page.png')));
    }
  }, 60_000);
});
