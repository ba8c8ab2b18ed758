import { work } from '../src/kernel/unit-of-work';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../src/modules/notifications/notify';
import { setupApp, type TestApp, type TestUser } from './helper';

let t: TestApp;
let me: TestUser;
let someoneElse: TestUser;

beforeAll(async () => {
  t = await setupApp({ seed: true });
  [me, someoneElse] = [await t.createUser(), await t.createUser()];
});
afterAll(async () => {
  await t.close();
});

const list = (user?: TestUser) =>
  t.request({ method: 'GET', url: '/public/api/v1/notifications', ...(user ? { token: user.token } : {}) });

describe('GET /notifications', () => {
  it('asks a guest to sign in', async () => {
    const res = await list();
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toMatch(/[\u0600-\u06FF]/);
  });

  it("shows the caller's own notices and the store-wide ones, newest first, never another customer's", async () => {
    await work(t.db, async (trx) => {
      await notify(trx, me.id, 'الأول', 'رسالة خاصة بي');
      await notify(trx, someoneElse.id, 'لغيري', 'رسالة لا تخصني');
      await notify(trx, null, 'للجميع', 'إعلان عام');
      await notify(trx, me.id, 'الأحدث', 'رسالة أحدث');
    });
    const res = await list(me);
    expect(res.statusCode).toBe(200);
    const titles = res.json().data.notifications.map((n: { title: string }) => n.title);
    expect(titles).toEqual(['الأحدث', 'للجميع', 'الأول', 'أهلاً بكم في متجر رصيد']);
    const first = res.json().data.notifications[0];
    expect(Object.keys(first).sort()).toEqual(['codes', 'created_at', 'id', 'msg', 'order_id', 'title']);
    expect(first.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const theirs = (await list(someoneElse)).json().data.notifications.map((n: { title: string }) => n.title);
    expect(theirs).toEqual(['للجميع', 'لغيري', 'أهلاً بكم في متجر رصيد']);
  });

  it('replies with an empty list when there is nothing to show', async () => {
    await t.db.deleteFrom('notifications').where('user_id', 'is', null).execute();
    const fresh = await t.createUser();
    const res = await list(fresh);
    expect(res.json()).toEqual({ status: 'success', data: { notifications: [] } });
  });
});
