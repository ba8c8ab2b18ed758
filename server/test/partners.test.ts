import { whatsappLink } from '@raseed/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from './helper';

let t: TestApp;

beforeAll(async () => {
  t = await setupApp({ seed: true });
});
afterAll(async () => {
  await t.close();
});

describe('GET /partners', () => {
  it('asks a guest to sign in', async () => {
    const res = await t.request({ method: 'GET', url: '/public/api/v1/partners' });
    expect(res.statusCode).toBe(401);
  });

  it('lists the agents in their order with image, name, address and phone', async () => {
    const user = await t.createUser();
    const res = await t.request({ method: 'GET', url: '/public/api/v1/partners', token: user.token });
    expect(res.statusCode).toBe(200);
    const { partners } = res.json().data;
    expect(partners.map((p: { phone: string }) => p.phone)).toEqual(['+963944111222', '963955333444', '+905321112233']);
    expect(partners[0]).toEqual({
      id: expect.any(Number),
      name: 'وكيل دمشق — متجر النجم',
      img: 'http://localhost:80/media/demo/partner-1.svg',
      address: 'دمشق، شارع الثورة',
      phone: '+963944111222',
    });
  });

  it('builds the chat link from the phone with the plus sign removed', () => {
    expect(whatsappLink('+963944111222')).toBe('https://wa.me/963944111222');
    expect(whatsappLink('963955333444')).toBe('https://wa.me/963955333444');
    expect(whatsappLink('+90 532 111 22 33')).toBe('https://wa.me/905321112233');
  });
});
