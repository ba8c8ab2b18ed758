import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripJpeg } from '../src/modules/media/jpeg-metadata';
import { stripWebp } from '../src/modules/media/png-webp-metadata';
import { receiptLink } from '../src/modules/topups/signed-link';
import { setupApp, type TestApp, type TestUser } from './helper';
import { firstBankId, makePng, phoneJpeg, pngChunk, pngReceipt, uploadCharge, webpWithExif } from './topup-fixtures';

const arabic = /[\u0600-\u06FF]/;
let t: TestApp;
let owner: TestUser;
let other: TestUser;
let bankId: number;

beforeAll(async () => {
  t = await setupApp({ seed: true });
  [owner, other] = [await t.createUser(), await t.createUser()];
  bankId = await firstBankId(t);
});
afterAll(async () => {
  await t.close();
});

async function upload(user: TestUser, file = pngReceipt()): Promise<string> {
  expect((await uploadCharge(t, user.token, { amount: '10', bank_id: bankId, file })).statusCode).toBe(200);
  const res = await t.request({ method: 'GET', url: '/public/api/v1/charges', token: user.token });
  return res.json().data.charges[0].img;
}

describe('receipt images are served only through signed links', () => {
  it('serves the owner its receipt as an image that is never sniffed', async () => {
    const png = makePng(20, 10, [200, 30, 30]);
    const link = await upload(owner, pngReceipt(png));
    const res = await t.request({ method: 'GET', url: link });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('refuses the same path without a signature, even to the owner', async () => {
    const link = await upload(owner);
    const res = await t.request({ method: 'GET', url: link.split('?')[0]!, token: owner.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toMatch(arabic);
  });

  it("does not serve another customer's receipt", async () => {
    const link = await upload(owner);
    const path = link.split('?')[0]!;
    // the other customer does not see it in their list …
    const list = await t.request({ method: 'GET', url: '/public/api/v1/charges', token: other.token });
    expect(list.json().data.charges.map((c: { img: string }) => c.img.split('?')[0])).not.toContain(path);
    // … cannot open the path with their session …
    expect((await t.request({ method: 'GET', url: path, token: other.token })).statusCode).toBe(403);
    // … nor with the signature of a link of their own
    const own = await upload(other);
    const forged = `${path}?${own.split('?')[1]}`;
    expect((await t.request({ method: 'GET', url: forged, token: other.token })).statusCode).toBe(403);
  });

  it('refuses an expired link and one whose expiry was changed', async () => {
    const link = await upload(owner);
    const key = `receipts/${link.split('?')[0]!.split('/').pop()}`;
    const expired = receiptLink(t.config.sealer, key, Date.now() - 3 * 3600_000);
    expect((await t.request({ method: 'GET', url: expired })).statusCode).toBe(403);
    const url = new URL(link, 'http://x');
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 900));
    expect((await t.request({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(403);
  });

  it('answers 404 for a well-signed link to a file that does not exist, and for odd names', async () => {
    const ghost = receiptLink(t.config.sealer, `receipts/${'0'.repeat(32)}.png`);
    expect((await t.request({ method: 'GET', url: ghost })).statusCode).toBe(404);
    const odd = await t.request({ method: 'GET', url: '/public/api/v1/receipts/..%2F..%2Fapp.key?expires=1&sig=x' });
    expect(odd.statusCode).toBe(404);
    expect(odd.json().msg).toMatch(arabic);
  });

  it('never exposes receipts under the public /media path', async () => {
    const link = await upload(owner);
    const name = link.split('?')[0]!.split('/').pop();
    expect((await t.request({ method: 'GET', url: `/media/receipts/${name}` })).statusCode).toBe(404);
  });
});

describe('receipts are stored without their metadata', () => {
  it('drops EXIF position, comments and appended bytes of a JPEG, keeping its orientation', async () => {
    const link = await upload(owner, { filename: 'photo.jpg', type: 'image/jpeg', body: phoneJpeg(6) });
    const res = await t.request({ method: 'GET', url: link });
    expect(res.headers['content-type']).toBe('image/jpeg');
    const stored = res.rawPayload;
    const text = stored.toString('latin1');
    expect(text).not.toContain('GPS 33.5138N');
    expect(text).not.toContain('SONY');
    expect(text).not.toContain('Edited by X');
    expect(text).not.toContain('hidden zip');
    expect(stored.subarray(-2).equals(Buffer.from([0xff, 0xd9]))).toBe(true);
    // the orientation survives in a fresh EXIF block: tag 0x0112 with value 6
    expect(stored.includes(Buffer.from([0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06]))).toBe(true);
    expect(text).toContain('ICC_PROFILE');
  });

  it('drops the text chunks of a PNG and keeps the picture', async () => {
    const tagged = makePng(
      8,
      8,
      [1, 2, 3],
      [pngChunk('tEXt', Buffer.from('Author\0Someone, Damascus')), pngChunk('eXIf', Buffer.from('MM\0*GPS'))],
    );
    const res = await t.request({ method: 'GET', url: await upload(owner, pngReceipt(tagged)) });
    const text = res.rawPayload.toString('latin1');
    expect(text).not.toContain('Damascus');
    expect(text).not.toContain('eXIf');
    expect(res.rawPayload.equals(makePng(8, 8, [1, 2, 3]))).toBe(true);
  });

  it('drops the EXIF chunk of a WebP and clears its flag', async () => {
    const res = await t.request({
      method: 'GET',
      url: await upload(owner, { filename: 'r.webp', type: 'image/webp', body: webpWithExif() }),
    });
    expect(res.headers['content-type']).toBe('image/webp');
    const out = res.rawPayload;
    expect(out.toString('latin1')).not.toContain('GPS-SECRET');
    expect(out.readUInt32LE(4)).toBe(out.length - 8);
    expect(out.toString('latin1', 12, 16)).toBe('VP8X');
    expect(out[20]! & 0x08).toBe(0);
  });

  it('refuses JPEG and WebP files whose structure is broken', () => {
    const jpeg = phoneJpeg(1);
    expect(stripJpeg(jpeg.subarray(0, 300))).toBeNull();
    expect(stripJpeg(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    const webp = webpWithExif();
    expect(stripWebp(webp.subarray(0, webp.length - 5))).toBeNull();
  });
});
