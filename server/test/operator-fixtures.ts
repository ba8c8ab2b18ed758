import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { TestApp, TestUser } from './helper';
import { expect } from 'vitest';

/** A real PNG of w×h pixels (one colour), so uploads pass the byte-level image check. */
export function png(w = 4, h = 4, rgb: [number, number, number] = [200, 40, 90]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: h }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export type Part = string | number | boolean | { file: Buffer; name?: string; type?: string };

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipart(fields: Record<string, Part>): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----raseed${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'object') {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; ` +
            `filename="${value.name ?? 'image.png'}"\r\nContent-Type: ` +
            `${value.type ?? 'image/png'}\r\n\r\n`,
        ),
        value.file,
        Buffer.from('\r\n'),
      );
    } else {
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`),
      );
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const ADMIN = '/admin/api/v1';
export const PUBLIC = '/public/api/v1';

/** A small catalog made through the operator API: one category, one department, one product. */
export async function makeCatalog(t: TestApp, op: TestUser, price = '5.00') {
  const cat = await t.request({
    method: 'POST',
    url: `${ADMIN}/categories`,
    token: op.token,
    payload: { name: 'ألعاب' },
  });
  const category = cat.json().data.category;
  const dep = await t.request({
    method: 'POST',
    url: `${ADMIN}/departments`,
    token: op.token,
    payload: { category_id: category.id, name: 'ببجي' },
  });
  const department = dep.json().data.department;
  const prod = await t.request({
    method: 'POST',
    url: `${ADMIN}/products`,
    token: op.token,
    payload: { department_id: department.id, name: '60 شدة', price, price_syr: '90000', price_tr: '170' },
  });
  return { category, department, product: prod.json().data.product };
}

/** A customer's top-up request through the public API, as the payments screen sends it. */
export async function requestTopup(t: TestApp, customer: TestUser, bankId: number, amount: string): Promise<number> {
  const body = multipart({ amount, bank_id: bankId, img: { file: png(), name: 'receipt.png' } });
  const res = await t.request({ method: 'POST', url: `${PUBLIC}/banks`, token: customer.token, ...body });
  if (res.statusCode !== 200) throw new Error(`top-up failed: ${res.body}`);
  const row = await t.db
    .selectFrom('charges')
    .select('id')
    .where('user_id', '=', customer.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function placeOrder(t: TestApp, customer: TestUser, productId: number): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: `${PUBLIC}/orders-create-fixed`,
    token: customer.token,
    payload: { playerId: '5123456789', productId },
  });
  if (res.statusCode !== 200 && res.statusCode !== 201) throw new Error(`order failed: ${res.body}`);
  return res.json().data.order.id;
}

export async function balanceOf(t: TestApp, userId: number): Promise<number> {
  const row = await t.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.balance;
}

/** A code product delivered from stock in `departmentId`, holding `codes`. */
export async function stockedProduct(
  t: TestApp,
  op: TestUser,
  departmentId: number,
  codes: string[],
  price = '1.00',
): Promise<number> {
  const res = await t.request({
    method: 'POST',
    url: `${ADMIN}/products`,
    token: op.token,
    payload: { department_id: departmentId, name: 'بطاقة جوجل بلاي', price, type: 'code', delivery: 'stock' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.product.id as number;
  if (codes.length) {
    const added = await t.request({
      method: 'POST',
      url: `${ADMIN}/products/${id}/codes`,
      token: op.token,
      payload: { codes },
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  return id;
}
