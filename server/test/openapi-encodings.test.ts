import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await setupApp();
});
afterAll(async () => {
  await t.close();
});

type Doc = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>> };

/** The top-up request must carry its receipt file, which only multipart can. */
const MULTIPART_ONLY = new Set(['POST /public/api/v1/banks']);
const ALL = ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'];

describe('the OpenAPI document', () => {
  it('lists JSON, urlencoded and multipart for every route that takes a body', async () => {
    const op = await t.createUser({ role: 'operator' });
    const pub = (await t.request({ method: 'GET', url: '/public/api/v1/openapi.json' })).json() as Doc;
    const admin = (
      await t.request({ method: 'GET', url: '/admin/api/v1/openapi.json', token: op.token })
    ).json() as Doc;
    const doc = { paths: { ...pub.paths, ...admin.paths } };
    const withBody = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.requestBody)
        .map(
          ([method, op]) => [`${method.toUpperCase()} ${path}`, Object.keys(op.requestBody!.content).sort()] as const,
        ),
    );
    expect(withBody.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'POST /public/api/v1/register',
        'POST /public/api/v1/login',
        'POST /public/api/v1/profile',
      ]),
    );
    for (const [name, types] of withBody)
      expect(types, name).toEqual(MULTIPART_ONLY.has(name) ? ['multipart/form-data'] : ALL);
  });

  it('means it: the login route takes the same credentials as JSON, urlencoded and multipart', async () => {
    const boundary = 'xYz';
    const multipart =
      `--${boundary}\r\nContent-Disposition: form-data; ` +
      `name="email"\r\n\r\nnobody@test.local\r\n--${boundary}\r\nContent-Disposition: ` +
      `form-data; name="password"\r\n\r\nwrong-password\r\n--${boundary}--\r\n`;
    for (const [type, payload] of [
      ['application/json', JSON.stringify({ email: 'nobody@test.local', password: 'wrong-password' })],
      ['application/x-www-form-urlencoded', 'email=nobody%40test.local&password=wrong-password'],
      [`multipart/form-data; boundary=${boundary}`, multipart],
    ] as const) {
      const res = await t.request({
        method: 'POST',
        url: '/public/api/v1/login',
        headers: { 'content-type': type },
        payload,
      });
      expect(res.statusCode, type).toBe(401);
    }
  });
});
