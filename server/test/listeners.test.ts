import { readdirSync, readlinkSync } from 'node:fs';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { listenCopies } from '../src/kernel/http/listeners';

function answer(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    // agent: false opens a connection of its own for each request, as many customers at once do.
    get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });
}

async function listening(): Promise<{ server: Server; port: number }> {
  const server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** This process's descriptors of the server's listening socket, as `ls -l /proc/PID/fd` shows them. */
function descriptorsOf(server: Server): number {
  const fd = (server as unknown as { _handle: { fd: number } })._handle.fd;
  const socket = readlinkSync(`/proc/self/fd/${fd}`);
  return readdirSync('/proc/self/fd').filter((n) => {
    try {
      return readlinkSync(`/proc/self/fd/${n}`) === socket;
    } catch {
      return false; // the directory's own descriptor, gone by now
    }
  }).length;
}

async function close(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

describe('LISTENERS: several descriptors of the store port', () => {
  it('defaults to 16 and takes 1 to 64', () => {
    const key = { APP_KEY: 'a'.repeat(64) };
    expect(loadConfig(key).listeners).toBe(16);
    expect(loadConfig({ ...key, LISTENERS: '1' }).listeners).toBe(1);
    expect(() => loadConfig({ ...key, LISTENERS: '65' })).toThrow(/LISTENERS/);
  });

  it('are descriptors of the one socket, each handing its connections to the server', async () => {
    const { server, port } = await listening();
    const copies = await listenCopies(server, 3);
    let handed = 0;
    server.on('connection', () => handed++);
    try {
      expect(descriptorsOf(server)).toBe(4);
      const codes = await Promise.all(Array.from({ length: 64 }, () => answer(port)));
      expect(codes.every((c) => c === 200)).toBe(true);
      expect(handed).toBe(64);
      copies.close();
      await new Promise((r) => setImmediate(r));
      // The server's own descriptor still listens; the closed ones are gone.
      expect(descriptorsOf(server)).toBe(1);
      expect(await Promise.all(Array.from({ length: 16 }, () => answer(port)))).toEqual(Array(16).fill(200));
    } finally {
      copies.close();
      await close(server);
    }
    // Closed everywhere, the port is free again.
    const again = createServer();
    await new Promise<void>((resolve, reject) => again.once('error', reject).listen(port, '127.0.0.1', resolve));
    await close(again);
  });

  it('let one more connection in per descriptor in each busy loop turn, each counted by the server', async () => {
    const { server, port } = await listening();
    const copies = await listenCopies(server, 7);
    let accepted = 0;
    server.on('connection', () => accepted++);
    // Another thread connects 20 times while this one is blocked, as customers keep connecting
    // while the store's loop commits orders: all 20 wait in the kernel's accept queue.
    const done = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(
      `const net = require('node:net');
       const { workerData: { port, done } } = require('node:worker_threads');
       let open = 0;
       const connected = () => {
         if (++open < 20) return;
         Atomics.store(done, 0, 1);
         Atomics.notify(done, 0);
       };
       for (let i = 0; i < 20; i++) net.connect(port, '127.0.0.1', connected);`,
      { eval: true, workerData: { port, done } },
    );
    try {
      const firstTurn = await new Promise<number>((resolve) =>
        setImmediate(() => {
          Atomics.wait(done, 0, 0, 10_000);
          expect(accepted).toBe(0);
          // The next turn's poll phase accepts, then this runs.
          setImmediate(() => resolve(accepted));
        }),
      );
      expect(firstTurn).toBeGreaterThanOrEqual(8);
      await expect.poll(() => accepted).toBe(20);
      // Whichever descriptor took them, they are the server's: its close() waits for all 20.
      const counted = await new Promise((resolve) => server.getConnections((_err, n) => resolve(n)));
      expect(counted).toBe(20);
    } finally {
      await worker.terminate();
      copies.close();
      await close(server);
    }
  });
});
