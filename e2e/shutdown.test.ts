import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type RunningStore, startStore } from './harness/server';

// SIGTERM on the real process: a request in flight is answered before the process exits 0, a new
// connection is refused meanwhile, and SHUTDOWN_GRACE_MS bounds the wait for one that never ends.

const body = JSON.stringify({ email: 'nobody@raseed.test', password: 'not-the-password-1' });

/** A login request sent in two halves: the server has begun reading it and holds it in flight. */
async function halfSentRequest(store: RunningStore): Promise<{ socket: Socket; reply: Promise<string> }> {
  const { port } = new URL(store.baseUrl);
  const socket = connect(Number(port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let text = '';
  const reply = new Promise<string>((resolve) => {
    socket.on('data', (d) => {
      text += String(d);
    });
    socket.on('close', () => resolve(text));
    socket.on('error', () => {});
  });
  socket.write(
    `POST /public/api/v1/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
  );
  return { socket, reply };
}

/** Resolves once the process has logged `text` (LOG_LEVEL=info logs each request as it begins). */
function logged(store: RunningStore, text: string): Promise<void> {
  return new Promise((resolve) => {
    const look = () => (store.output().includes(text) ? resolve() : setTimeout(look, 10));
    look();
  });
}
const loginBegun = '"url":"/public/api/v1/login"';

/** A new request while draining: the connection is refused, or (accepted a moment before the listener closed) a 503. */
const turnedAway = (store: RunningStore) =>
  fetch(`${store.baseUrl}/healthz`).then(
    (res) => res.status === 503,
    () => true,
  );

describe('SIGTERM', () => {
  it('answers the request in flight, turns new requests away, and exits 0', async () => {
    const store = await startStore({ LOG_LEVEL: 'info', RASEED_DEMO: '0', SHUTDOWN_GRACE_MS: '20000' });
    expect((await fetch(`${store.baseUrl}/healthz`)).status).toBe(200);
    const { socket, reply } = await halfSentRequest(store);
    await logged(store, loginBegun);
    const exited = store.stop();
    await logged(store, 'shutting down');
    expect(await turnedAway(store)).toBe(true);
    socket.write(body.slice(10));
    const answer = await reply;
    // Wrong credentials: the request ran to its end and got its Arabic refusal.
    expect(answer).toMatch(/^HTTP\/1\.1 40[01] /);
    expect(answer).toContain('"status":"error"');
    expect(await exited).toBe(0);
  });

  it('exits within SHUTDOWN_GRACE_MS when a request never completes, cutting it off', async () => {
    const store = await startStore({ LOG_LEVEL: 'info', RASEED_DEMO: '0', SHUTDOWN_GRACE_MS: '500' });
    const { reply } = await halfSentRequest(store);
    await logged(store, loginBegun);
    const began = performance.now();
    const code = await store.stop();
    const tookMs = performance.now() - began;
    expect(code).toBe(1);
    expect(tookMs).toBeGreaterThanOrEqual(450);
    expect(tookMs).toBeLessThan(5_000);
    expect(store.output()).toContain('grace period over');
    expect(await reply).toBe('');
  });
});
