import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import net from 'node:net';

/**
 * The helper's whole program: it takes the listening socket and sends it back `copies` times.
 * Each message that carries a descriptor gives the receiver a new one (SCM_RIGHTS), so the store
 * ends with several descriptors of its own one socket; Node has no `dup()` of its own. It never
 * listens itself: a raw handle ('net.Native') is not turned into a server on arrival. It listens for
 * messages (`on`, not `once`) until the store disconnects: without a listener Node lets it exit
 * with copies still waiting for the store's acknowledgement.
 */
const HELPER = `process.on('message', (m, h) => {
  for (let i = 0; i < m.copies; i++) process.send('copy', h);
  process.send('done');
});`;

const HELPER_TIMEOUT_MS = 10_000;

/**
 * `count` more descriptors of the server's own listening socket, each watched by the event loop
 * and handing its connections to the server. Node (libuv ≥ 1.45) accepts one connection per
 * watched descriptor per loop turn; when many customers connect at once while the loop is busy
 * with orders, N + 1 descriptors let N + 1 in per turn, from the one accept queue
 * (docs/performance.md#new-connections-wait-for-the-event-loop). Unlike SO_REUSEPORT sockets,
 * the kernel cannot hash more connections to one descriptor than another, and no other process
 * can join the port. The copies come from a short-lived helper process (`HELPER`).
 */
export async function listenCopies(server: Server, count: number): Promise<{ close(): void }> {
  const handle = (server as unknown as { _handle?: unknown })._handle;
  if (!handle) throw new Error('listenCopies: the server is not listening');
  const copies: net.Server[] = [];
  const close = () => {
    for (const copy of copies) copy.close();
  };
  const helper = spawn(process.execPath, ['-e', HELPER], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('listenCopies: no answer from the helper')), HELPER_TIMEOUT_MS);
      const fail = (error: Error) => {
        clearTimeout(timer);
        reject(error);
      };
      helper.once('error', fail);
      helper.once('exit', (code) => fail(new Error(`listenCopies: the helper exited (${code})`)));
      helper.on('message', (message, copyHandle) => {
        if (message === 'done') {
          clearTimeout(timer);
          resolve();
          return;
        }
        const copy = net.createServer((connection) => {
          adopt(server, copy, connection);
          server.emit('connection', connection);
        });
        // An accept failing on a copy is the server's error, as on its own descriptor.
        copy.on('error', (error) => server.emit('error', error));
        copy.listen(copyHandle as net.ListenOptions);
        copies.push(copy);
      });
      helper.send({ copies: count }, handle as net.Server);
    });
  } catch (error) {
    close();
    helper.kill();
    throw error;
  }
  helper.removeAllListeners('exit');
  helper.disconnect();
  return { close };
}

type Counted = { _connections: number };

/**
 * Makes a connection a copy accepted count as the server's own, as if its descriptor had taken it:
 * `server.close()` waits for the server's connections (net's `_connections`, which a closing
 * socket decrements on its `_server`), so a SIGTERM lets a request in flight finish
 * (e2e/shutdown.test.ts) instead of the process ending under it.
 */
function adopt(server: Server, copy: net.Server, connection: net.Socket): void {
  (copy as unknown as Counted)._connections--;
  (server as unknown as Counted)._connections++;
  (connection as unknown as { _server: net.Server })._server = server;
  (connection as unknown as { server: net.Server }).server = server;
}
