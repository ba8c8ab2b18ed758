import { vi } from 'vitest';

type Handler = unknown | Response | ((request: Request) => Response | Promise<Response>);

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces `fetch` with a fake API keyed by "METHOD /path" (path under /public/api/v1, no query).
 * A Response is replayed as is, a function answers per request, any other value is sent as a
 * 200 JSON body; unknown routes answer 404 like the server would.
 */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), 'http://localhost'), init);
    const path = new URL(request.url).pathname.replace(/^\/public\/api\/v1/, '');
    const handler = routes[`${request.method} ${path}`];
    if (handler === undefined) return json({ status: 'error', code: 'not_found', msg: 'غير موجود' }, 404);
    if (handler instanceof Response) return handler.clone();
    return typeof handler === 'function' ? handler(request) : json(handler);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function settingsReply(setting: unknown) {
  return { status: 'success', data: { setting, sliders: [] } };
}
