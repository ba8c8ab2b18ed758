import { work } from '../src/kernel/unit-of-work';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../src/modules/notifications/notify';
import { setupApp, type TestApp, type TestUser } from './helper';

const API = '/public/api/v1';
let t: TestApp;

beforeAll(async () => {
  t = await setupApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

const unread = async (u: TestUser) =>
  (await t.request({ method: 'GET', url: `${API}/notifications/unread`, token: u.token })).json().data.unread;
const markRead = (u: TestUser, payload?: object) =>
  t.request({ method: 'POST', url: `${API}/notifications/read`, token: u.token, ...(payload ? { payload } : {}) });
const send = (userId: number | null, title: string) => work(t.db, (trx) => notify(trx, userId, title, 'نص'));

describe('the bell count and the read state, per customer on the server', () => {
  it('counts own and store-wide notices, drops to 0 when read, and counts only what came after', async () => {
    const [me, other] = [await t.createUser(), await t.createUser()];
    const base = await unread(me);
    await send(me.id, 'لي');
    await send(null, 'للجميع');
    await send(other.id, 'لغيري');
    expect(await unread(me)).toBe(base + 2);

    const res = await markRead(me);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', data: { unread: 0 } });
    expect(await unread(me)).toBe(0);
    // The other customer's count is theirs: reading mine changed nothing for them.
    expect(await unread(other)).toBeGreaterThan(0);

    await send(me.id, 'جديد');
    expect(await unread(me)).toBe(1);
  });

  it('marks only up to the newest notice the screen showed, and never moves the mark back', async () => {
    const me = await t.createUser();
    await markRead(me);
    await send(me.id, 'أ');
    const shown = (await t.request({ method: 'GET', url: `${API}/notifications`, token: me.token })).json().data
      .notifications[0].id;
    await send(me.id, 'ب وصل بعد فتح الصفحة');
    expect((await markRead(me, { up_to: shown })).json().data.unread).toBe(1);
    expect((await markRead(me, { up_to: shown - 1 })).json().data.unread).toBe(1);
    // A made-up id beyond what exists cannot hide notices that are sent later.
    await markRead(me, { up_to: 2_000_000_000 });
    await send(me.id, 'ج');
    expect(await unread(me)).toBe(1);
  });

  it('refuses a guest with 401 and a bad up_to with a 422 and an Arabic message', async () => {
    const guest = await t.request({ method: 'GET', url: `${API}/notifications/unread` });
    expect(guest.statusCode).toBe(401);
    const me = await t.createUser();
    const bad = await markRead(me, { up_to: 'abc' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().msg).toMatch(/[\u0600-\u06FF]/);
  });
});
