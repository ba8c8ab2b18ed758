import { createServer } from 'node:http';
import { expect } from 'vitest';
import type { TestApp, TestUser } from './helper';
import { ADMIN, PUBLIC } from './operator-fixtures';

/** The operator lets `customer` use the API, and the customer confirms the password (as a new secret needs). */
export async function allowApi(store: TestApp, operator: TestUser, customer: TestUser): Promise<void> {
  const allow = await store.request({
    method: 'PATCH',
    url: `${ADMIN}/users/${customer.id}`,
    token: operator.token,
    payload: { api_access: true },
  });
  expect(allow.statusCode, allow.body).toBe(200);
  const confirmed = await store.request({
    method: 'POST',
    url: `${PUBLIC}/user/confirm-password`,
    token: customer.token,
    payload: { password: customer.password },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

/** `allowApi`, and the customer makes a live key. */
export async function liveKeyOf(store: TestApp, operator: TestUser, customer: TestUser): Promise<string> {
  await allowApi(store, operator, customer);
  const key = await store.request({
    method: 'POST',
    url: `${PUBLIC}/api-keys`,
    token: customer.token,
    payload: { name: 'متجر أ', mode: 'live' },
  });
  expect(key.statusCode, key.body).toBe(201);
  return key.json().data.api_key.token;
}

/** A loopback port nothing listens on (free until someone takes it). */
export async function unusedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const { port } = srv.address() as { port: number };
  await new Promise((r) => srv.close(r));
  return port;
}
