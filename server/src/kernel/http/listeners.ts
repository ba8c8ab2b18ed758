import type { Server } from 'node:http';
import net from 'node:net';

/** Whether this Node can share a port between listening sockets (`reusePort`: 22.12+, 23.1+). */
export function canSharePort(version = process.versions.node): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 23 || (major === 23 && minor >= 1) || (major === 22 && minor >= 12);
}

/**
 * `count` more sockets listening on the server's address (SO_REUSEPORT; the server itself must
 * listen with `reusePort`), each handing its connections to the server. Node accepts one new
 * connection per listening socket per event-loop turn while the loop is busy, so when many
 * customers connect at once, N sockets let N in per turn: the kernel spreads new connections
 * over them (docs/performance.md#new-connections-wait-for-the-event-loop).
 */
export async function listenBeside(server: Server, count: number): Promise<{ close(): void }> {
  const address = server.address() as net.AddressInfo;
  const sockets: net.Server[] = [];
  // Stops listening at once; the connections it handed over are the server's to close.
  const close = () => {
    for (const socket of sockets) socket.close();
  };
  try {
    for (let i = 0; i < count; i++) {
      const socket = net.createServer((connection) => server.emit('connection', connection));
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.listen({ port: address.port, host: address.address, reusePort: true } as net.ListenOptions, () => {
          // Once listening, a socket's errors (an accept failing) are the server's, as on its own socket.
          socket.off('error', reject);
          socket.on('error', (error) => server.emit('error', error));
          resolve();
        });
      });
    }
  } catch (error) {
    close();
    throw error;
  }
  return { close };
}
