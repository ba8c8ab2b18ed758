import { createServer, type Server } from 'node:http';
import type { Outbound } from '../kernel/outbound';
import { DEMO_NUMBERS_HOST, demoNumbersProvider } from './demo-numbers-provider';
import { DEMO_SUPPLIER_HOST, demoSupplier } from './demo-supplier';

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

/**
 * Starts the demo's numbers provider and supplier in this process, on loopback ports nobody
 * else is told about, and lets the outbound guard reach them by their `*.invalid` names (the
 * URLs the demo seed stored). Only for a database the demo seed made.
 */
export async function startDemoUpstreams(outbound: Outbound): Promise<{ close(): Promise<void> }> {
  const servers = [
    { host: DEMO_NUMBERS_HOST, server: createServer(demoNumbersProvider()) },
    { host: DEMO_SUPPLIER_HOST, server: createServer(demoSupplier()) },
  ];
  for (const { host, server } of servers) outbound.serveLocally(host, await listen(server));
  return {
    async close() {
      for (const { server } of servers) {
        server.closeAllConnections();
        await new Promise((r) => server.close(r));
      }
    },
  };
}
