import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestApp } from './helper';

/** Real HTTP over loopback: these rules live in the socket and the headers, not in inject(). */
async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as net.AddressInfo;
  return `http://127.0.0.1:${port}`;
}

const login = (base: string, i: number, xff: string) =>
  fetch(`${base}/public/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
    body: JSON.stringify({ email: `nobody${i}@test.local`, password: 'wrong-password-1' }),
  });

describe('TRUST_PROXY: only the named proxy is believed', () => {
  it('with one hop, a client-written X-Forwarded-For does not switch off the per-IP sign-in limit', async () => {
    const t = await setupApp({ env: { TRUST_PROXY: '1' } });
    try {
      const base = await listen(t);
      const codes: number[] = [];
      // The proxy appends the address it saw (10.9.9.9); the attacker writes a new one each time.
      for (let i = 0; i < 25; i++) codes.push((await login(base, i, `198.51.100.${i}, 10.9.9.9`)).status);
      expect(codes.slice(0, 20).every((c) => c === 401 || c === 422)).toBe(true);
      expect(codes.slice(20)).toContain(429);
      // Another client behind the same proxy is not held back.
      expect((await login(base, 99, '203.0.113.5, 10.9.9.10')).status).not.toBe(429);
    } finally {
      await t.close();
    }
  });

  it('with the proxy address named, X-Forwarded-For counts only from that address', async () => {
    const t = await setupApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const base = await listen(t);
      const codes: number[] = [];
      for (let i = 0; i < 25; i++) codes.push((await login(base, i, `198.51.100.${i}, 10.8.8.8`)).status);
      expect(codes.slice(20)).toContain(429);
    } finally {
      await t.close();
    }
  });

  it('refuses a TRUST_PROXY that is neither a hop count nor addresses, naming the variable', async () => {
    await expect(setupApp({ env: { TRUST_PROXY: 'yes please' } })).rejects.toThrow(/TRUST_PROXY/);
  });
});

describe('slow clients and uploads before sign-in', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await setupApp({ env: { REQUEST_TIMEOUT_MS: '1500', HEADERS_TIMEOUT_MS: '1000' } });
    await listen(t);
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Opens a socket, runs `drip` on it, resolves with what the server sent and when it closed. */
  function rawExchange(start: string, drip?: (s: net.Socket) => void): Promise<{ data: string; ms: number }> {
    return new Promise((resolve) => {
      const began = Date.now();
      const socket = net.connect(port, '127.0.0.1');
      let data = '';
      let timer: NodeJS.Timeout | undefined;
      socket.on('data', (chunk) => {
        data += chunk.toString('latin1');
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ data, ms: Date.now() - began });
      });
      socket.write(start);
      if (drip) timer = setInterval(() => drip(socket), 200);
      setTimeout(() => socket.destroy(), 10_000);
    });
  }

  it('a body sent one byte at a time is cut off by the request timeout', async () => {
    const head =
      'POST /public/api/v1/login HTTP/1.1\r\nHost: x\r\nContent-Type: ' +
      'application/json\r\nContent-Length: 100000\r\n\r\n';
    const { ms } = await rawExchange(head, (s) => s.write('{'));
    expect(ms).toBeLessThan(6_000);
  });

  it('headers sent one byte at a time are cut off by the headers timeout', async () => {
    const { ms } = await rawExchange('GET /public/api/v1/auth/options HTTP/1.1\r\n', (s) => s.write('X'));
    expect(ms).toBeLessThan(6_000);
  });

  it('an anonymous upload is refused with 401 before its body is read', async () => {
    const boundary = 'x-boundary';
    const head =
      `POST /public/api/v1/banks HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\n` +
      `Content-Length: 4900000\r\n\r\n--${boundary}\r\nContent-Disposition: form-data; ` +
      `name="img"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const reply = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString('utf8');
        if (data.includes('\r\n\r\n') && data.includes('}')) {
          socket.destroy();
          resolve(data);
        }
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(data));
      // Only 64 KB of the announced 4.9 MB arrive: the answer must not wait for the rest.
      socket.write(head);
      socket.write(Buffer.alloc(64 * 1024, 0xff));
      setTimeout(() => socket.destroy(), 1_200);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 401/);
    expect(reply).toContain('"status":"error"');
  });

  it('an anonymous multipart form announcing more than 64 KB is refused with 413 before its body is read', async () => {
    const head =
      'POST /public/api/v1/login HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n' +
      'Content-Length: 200000\r\n\r\n--b\r\n';
    // Only the head and a line arrive: the answer must not wait for the announced 200 KB.
    const { data, ms } = await rawExchange(head);
    expect(ms).toBeLessThan(6_000);
    expect(data).toMatch(/^HTTP\/1\.1 413/);
    const length = Number(/content-length: (\d+)/i.exec(data)?.[1]);
    const start = data.indexOf('\r\n\r\n') + 4;
    const body = Buffer.from(data.slice(start, start + length), 'latin1').toString('utf8');
    expect(JSON.parse(body).msg).toMatch(/[\u0600-\u06FF]/);
  });
});
