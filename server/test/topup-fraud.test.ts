import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN } from './operator-fixtures';
import { recompressedCrop, receiptPhoto, unrelatedPhoto } from './receipt-photos';
import { firstBankId, makePng, pngReceipt, type Receipt, uploadCharge } from './topup-fixtures';

type Flag = { code: string; text: string };
type QueueCharge = { id: number; duplicate_of: number | null; flags: Flag[]; transfer_ref: string | null };

let t: TestApp;
let op: TestUser;
let bankId: number;
const jpeg = (body: Buffer): Receipt => ({ filename: 'receipt.jpg', type: 'image/jpeg', body });

beforeAll(async () => {
  t = await setupApp({ seed: true });
  op = await t.createUser({ role: 'operator' });
  bankId = await firstBankId(t);
});
afterAll(async () => {
  await t.close();
});

/** Sends a top-up and returns it as the operator's queue shows it. */
async function send(
  user: TestUser,
  opts: { amount?: string; file?: Receipt; transfer_ref?: string } = {},
): Promise<QueueCharge> {
  const res = await uploadCharge(t, user.token, {
    amount: opts.amount ?? '50',
    bank_id: bankId,
    file: opts.file ?? pngReceipt(),
    ...(opts.transfer_ref !== undefined ? { transfer_ref: opts.transfer_ref } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  const row = await t.db
    .selectFrom('charges')
    .select('id')
    .where('user_id', '=', user.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return view(row.id);
}

async function view(id: number): Promise<QueueCharge> {
  const res = await t.request({ method: 'GET', url: `${ADMIN}/charges/${id}`, token: op.token });
  expect(res.statusCode).toBe(200);
  return res.json().data.charge;
}

const codes = (c: QueueCharge) => c.flags.map((f) => f.code);

describe('duplicate receipts', () => {
  it(
    'flags a re-compressed, slightly cropped copy of a photo receipt sent ' +
      'by another customer, with a link to the first',
    async () => {
      const photo = await receiptPhoto('250.00', 1);
      const first = await send(await t.createUser(), { amount: '250', file: jpeg(photo) });
      expect(first.duplicate_of).toBeNull();
      expect(first.flags).toEqual([]);

      const copy = await recompressedCrop(photo);
      expect(copy.equals(photo)).toBe(false);
      const second = await send(await t.createUser(), { amount: '250', file: jpeg(copy) });
      expect(second.duplicate_of).toBe(first.id);
      expect(second.flags).toContainEqual({
        code: 'similar_receipt',
        text: expect.stringContaining(`#${first.id} لعميل آخر`),
      });

      // The queue list carries the same fields, so a script sees what the console shows.
      const queue = await t.request({ method: 'GET', url: `${ADMIN}/charges?status=pending`, token: op.token });
      const listed = queue.json().data.charges.find((c: QueueCharge) => c.id === second.id);
      expect(listed).toMatchObject({ duplicate_of: first.id, flags: second.flags });
    },
  );

  it('does not flag an unrelated photo', async () => {
    const other = await send(await t.createUser(), { file: jpeg(await unrelatedPhoto()) });
    expect(other.duplicate_of).toBeNull();
    expect(codes(other)).toEqual([]);
  });

  it('flags the very same file sent again as identical, and stores its SHA-256', async () => {
    const user = await t.createUser();
    const body = await receiptPhoto('80.00', 7);
    const first = await send(user, { file: jpeg(body) });
    const again = await send(user, { file: jpeg(body) });
    expect(again.duplicate_of).toBe(first.id);
    expect(again.flags).toContainEqual({
      code: 'same_receipt',
      text: `صورة الإشعار مطابقة تماماً لإشعار طلب الشحن #${first.id} للعميل نفسه`,
    });
    const row = await t.db
      .selectFrom('charges')
      .select(['img_sha256', 'img_key'])
      .where('id', '=', again.id)
      .executeTakeFirstOrThrow();
    const stored = await t.storage.get(row.img_key);
    expect(row.img_sha256).toBe(createHash('sha256').update(stored!.body).digest('hex'));
  });
});

describe('customer history flags', () => {
  it('flags an amount far above what was approved before, not an ordinary one', async () => {
    const user = await t.createUser();
    for (const amount of ['10', '12']) {
      const c = await send(user, { amount, file: pngReceipt(makePng(16, 12, [Number(amount), 1, 2])) });
      expect(
        (await t.request({ method: 'POST', url: `${ADMIN}/charges/${c.id}/approve`, token: op.token, payload: {} }))
          .statusCode,
      ).toBe(200);
    }
    const big = await send(user, { amount: '100' });
    expect(big.flags).toContainEqual({
      code: 'amount_unusual',
      text: 'المبلغ 100.00 $ أعلى بكثير من المعتاد لهذا العميل (متوسط طلباته المقبولة 11.00 $)',
    });
    const usual = await send(user, { amount: '20' });
    expect(codes(usual)).not.toContain('amount_unusual');
  });

  it('flags the third request within an hour as a burst', async () => {
    const user = await t.createUser();
    const first = await send(user);
    await send(user);
    const third = await send(user);
    expect(codes(first)).not.toContain('burst');
    expect(third.flags).toContainEqual({ code: 'burst', text: 'عدد طلبات الشحن من العميل خلال ساعة واحدة: 3' });
  });

  it('flags a customer whose earlier request was rejected', async () => {
    const user = await t.createUser();
    const first = await send(user);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `${ADMIN}/charges/${first.id}/reject`,
          token: op.token,
          payload: { reason: 'إشعار غير واضح' },
        })
      ).statusCode,
    ).toBe(200);
    const next = await send(user);
    expect(next.flags).toContainEqual({
      code: 'rejected_before',
      text: 'عدد طلبات الشحن المرفوضة سابقاً لهذا العميل: 1',
    });
    expect(codes(await view(first.id))).not.toContain('rejected_before');
  });
});

describe('transfer reference', () => {
  it('flags a reference used before, however it was typed', async () => {
    // Shown as typed; matched on its normalised copy.
    const first = await send(await t.createUser(), { transfer_ref: '  tr-553   01 ' });
    expect(first.transfer_ref).toBe('tr-553 01');
    expect(codes(first)).not.toContain('reference_reused');
    const second = await send(await t.createUser(), { transfer_ref: 'TR55301' });
    expect(second.flags).toContainEqual({
      code: 'reference_reused',
      text: `رقم الحوالة TR55301 استُخدم من قبل في طلب الشحن #${first.id}`,
    });
  });

  it('is optional, and refuses anything but letters and digits with an Arabic message by field', async () => {
    const user = await t.createUser();
    expect((await send(user)).transfer_ref).toBeNull();
    const before = await t.db
      .selectFrom('charges')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await uploadCharge(t, user.token, {
      amount: '5',
      bank_id: bankId,
      file: pngReceipt(),
      transfer_ref: '<script>',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.transfer_ref).toEqual(['رقم الحوالة يتكون من أحرف وأرقام فقط (60 على الأكثر)']);
    const after = await t.db
      .selectFrom('charges')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('GET /charges/:id', () => {
  it('answers 404 with an Arabic message for an unknown request', async () => {
    const res = await t.request({ method: 'GET', url: `${ADMIN}/charges/999999`, token: op.token });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('طلب الشحن غير موجود');
  });
});
