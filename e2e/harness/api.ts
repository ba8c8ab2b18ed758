import type { RunningStore } from './server';

/** One JSON call to a running store's API, as a client would send it. */
export async function callApi(store: Pick<RunningStore, 'baseUrl'>, method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(store.baseUrl + url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as any };
}
