import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, type TestUser } from './helper';
import { ADMIN, multipart, PUBLIC, png } from './operator-fixtures';

let t: TestApp;
let op: TestUser;

beforeAll(async () => {
  // An empty store, as with RASEED_DEMO=0: no settings row until the first save.
  t = await setupApp({ env: { UPLOAD_MAX_BYTES: '20000' } });
  op = await t.createUser({ role: 'operator' });
});
afterAll(async () => {
  await t.close();
});

describe('settings', () => {
  it('saves the first settings of an empty store, with logo and cover in one form', async () => {
    const body = multipart({
      name: 'متجر النجمة',
      news: 'خصم 10% على كل البطاقات',
      whatsapp: '+963 944 555 666',
      facebook: 'https://facebook.com/najma',
      telegram: '',
      online: 'true',
      currency_mode: 'syr',
      logo: { file: png(16, 16), name: 'logo.png' },
      cover: { file: png(32, 8), name: 'cover.png' },
    });
    const res = await t.request({ method: 'PATCH', url: `${ADMIN}/settings`, token: op.token, ...body });
    expect(res.statusCode, res.body).toBe(200);
    const pub = (await t.request({ method: 'GET', url: `${PUBLIC}/setting` })).json().data.setting;
    expect(pub).toMatchObject({
      name: 'متجر النجمة',
      news: 'خصم 10% على كل البطاقات',
      whatsapp: '+963 944 555 666',
      telegram: null,
      online: true,
      currency_mode: 'syr',
    });
    expect(pub.logo).toMatch(/^http:\/\/localhost:80\/media\/store\/[0-9a-f]{24}\.png$/);
    expect((await t.request({ method: 'GET', url: pub.cover })).statusCode).toBe(200);
  });

  it('changes one field and leaves the others, recording only what changed', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: `${ADMIN}/settings`,
      token: op.token,
      payload: { online: false },
    });
    expect(res.json().data.setting).toMatchObject({ name: 'متجر النجمة', online: false, currency_mode: 'syr' });
    const log = (await t.request({ method: 'GET', url: `${ADMIN}/audit?entity=settings`, token: op.token })).json().data
      .entries;
    expect(log[0]).toMatchObject({ action: 'settings.update', before: { online: true }, after: { online: false } });
  });

  it('refuses unsafe links, bad modes and over-long text', async () => {
    for (const [payload, field] of [
      [{ instagram: 'javascript:alert(1)' }, 'instagram'],
      [{ currency_mode: 'eur' }, 'currency_mode'],
      [{ name: 'ن'.repeat(121) }, 'name'],
      [{ news: 'خ'.repeat(1001) }, 'news'],
      [{ whatsapp: 'call me' }, 'whatsapp'],
    ] as const) {
      const res = await t.request({ method: 'PATCH', url: `${ADMIN}/settings`, token: op.token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
  });

  it('refuses an image over the size limit with 413 and an Arabic message, changing nothing', async () => {
    const before = (await t.request({ method: 'GET', url: `${ADMIN}/settings`, token: op.token })).json().data.setting;
    const big = Buffer.concat([png(4, 4), Buffer.alloc(30_000)]);
    const res = await t.request({
      method: 'PATCH',
      url: `${ADMIN}/settings`,
      token: op.token,
      ...multipart({ name: 'اسم جديد', logo: { file: big } }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toContain('حجم الصورة أكبر من الحد المسموح');
    expect((await t.request({ method: 'GET', url: `${ADMIN}/settings`, token: op.token })).json().data.setting).toEqual(
      before,
    );
  });

  it('removes the logo on request and deletes its file', async () => {
    const before = (await t.request({ method: 'GET', url: `${ADMIN}/settings`, token: op.token })).json().data.setting;
    const res = await t.request({
      method: 'PATCH',
      url: `${ADMIN}/settings`,
      token: op.token,
      payload: { remove_logo: true },
    });
    expect(res.json().data.setting.logo).toBeNull();
    expect((await t.request({ method: 'GET', url: before.logo })).statusCode).toBe(404);
  });
});
