import type { RunningStore } from './server';

/** One JSON call to a running store's API, as a client would send it. */
export async function callApi(
  store: Pick<RunningStore, 'baseUrl'>,
  method: string,
  url: string,
  token: string,
  body?: unknown,
) {
  const res = await fetch(store.baseUrl + url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as any };
}

/** Reads until `ok` holds; fails with the last value seen after `ms`. */
export async function eventually<T>(read: () => Promise<T> | T, ok: (v: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
