import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp, testEngine } from './helper';

let t: TestApp;

beforeAll(async () => {
  t = await setupApp();
});
afterAll(async () => {
  await t.close();
});

const url = '/public/api/v1/players';
const capMsg = 'لا يمكن حفظ أكثر من 50 لاعباً';

describe(`saved players cap (${testEngine})`, () => {
  it(
    'keeps exactly 50 saved players when 120 different ones are saved at once ' +
      '[a race on PostgreSQL; SQLite serialises writers]',
    async () => {
      const customer = await t.createUser();
      const other = await t.createUser();
      const save = (token: string, playerId: string) =>
        t.request({ method: 'POST', url, token, payload: { type: 'id', player_id: playerId, label: 'لاعب' } });

      const replies = await Promise.all(Array.from({ length: 120 }, (_, i) => save(customer.token, `${700_000 + i}`)));
      const saved = replies.filter((r) => r.statusCode === 200);
      expect(saved).toHaveLength(50);
      for (const r of replies.filter((x) => x.statusCode !== 200)) {
        expect(r.statusCode).toBe(422);
        expect(r.json()).toMatchObject({
          status: 'error',
          code: 'validation_failed',
          msg: capMsg,
          errors: { player_id: [capMsg] },
        });
      }
      const list = (await t.request({ method: 'GET', url, token: customer.token })).json().data.players;
      expect(list).toHaveLength(50);
      expect(new Set(list.map((p: { player_id: string }) => p.player_id))).toEqual(
        new Set(saved.map((r) => r.json().data.player.player_id)),
      );

      // At the cap, an id already saved still updates; a new one is refused; another customer is not held.
      const kept = list[0].player_id as string;
      const update = await t.request({
        method: 'POST',
        url,
        token: customer.token,
        payload: { type: 'id', player_id: kept, label: 'أخي' },
      });
      expect(update.statusCode).toBe(200);
      expect((await save(customer.token, '999999')).json()).toMatchObject({ status: 'error', msg: capMsg });
      expect((await save(other.token, '999999')).statusCode).toBe(200);
      const after = (await t.request({ method: 'GET', url, token: customer.token })).json().data.players;
      expect(after).toHaveLength(50);
      expect(after.find((p: { player_id: string }) => p.player_id === kept).label).toBe('أخي');
    },
  );
});
