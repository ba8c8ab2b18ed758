import { createServer, get, type Server } from 'node:http';
import type { AddressInfo, ListenOptions } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { canSharePort, listenBeside } from '../src/kernel/http/listeners';

function answer(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    // agent: false opens a connection of its own for each request, as many customers at once do.
    get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });
}

describe('LISTENERS: several sockets on the store port', () => {
  it('are refused with a clear message on a Node without reusePort', () => {
    expect(canSharePort('20.20.2')).toBe(false);
    expect(canSharePort('22.11.0')).toBe(false);
    expect(canSharePort('22.12.0')).toBe(true);
    expect(canSharePort('24.21.0')).toBe(true);
    if (canSharePort()) {
      expect(loadConfig({ LISTENERS: '4', APP_KEY: 'a'.repeat(64) }).listeners).toBe(4);
    } else {
      expect(() => loadConfig({ LISTENERS: '4', APP_KEY: 'a'.repeat(64) })).toThrow(ConfigError);
      expect(() => loadConfig({ LISTENERS: '4', APP_KEY: 'a'.repeat(64) })).toThrow(/Node 22\.12/);
    }
  });

  it('hand every connection to the server, whichever socket the kernel gave it to', async () => {
    if (!canSharePort()) return; // Node 20: refused above; the suite runs on Node 24 too.
    const server: Server = createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) =>
      server.listen({ port: 0, host: '127.0.0.1', reusePort: true } as ListenOptions, () => resolve()),
    );
    const port = (server.address() as AddressInfo).port;
    const beside = await listenBeside(server, 3);
    let handed = 0;
    server.on('connection', () => handed++);
    try {
      const codes = await Promise.all(Array.from({ length: 64 }, () => answer(port)));
      expect(codes.every((c) => c === 200)).toBe(true);
      expect(handed).toBe(64);
      beside.close();
      // The server's own socket still listens; the closed ones take no connection.
      expect(await Promise.all(Array.from({ length: 16 }, () => answer(port)))).toEqual(Array(16).fill(200));
    } finally {
      beside.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
