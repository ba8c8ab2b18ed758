import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A supplier on loopback speaking the storefront API: it answers the balance a save asks for, and
 * the first attempt of each order fails with a 503.
 */
export type SupplierStandIn = { url: string; keys: string[]; server: Server };

export async function startSupplier(): Promise<SupplierStandIn> {
  const keys: string[] = [];
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    // The store asks for its balance here when the supplier is saved (its connection test).
    if (req.method === 'GET' && req.url === '/public/api/v1/me') {
      res.end(JSON.stringify({ data: { user: { id: 1, balance: '100.00' } } }));
      return;
    }
    if (req.method === 'GET' && req.url?.startsWith('/public/api/v1/products/')) {
      res.end(JSON.stringify({ data: { product: { id: 7, type: 'code', free: 0 } } }));
      return;
    }
    if (req.method === 'POST' && req.url === '/public/api/v1/orders-create-code') {
      const key = String(req.headers['idempotency-key']);
      const again = keys.includes(key);
      keys.push(key);
      res.statusCode = again ? 201 : 503;
      res.end(
        JSON.stringify(
          again
            ? {
                data: {
                  order: { id: keys.length, status: 'success', message: null, cancel_msg: null, codes: ['UP-1'] },
                },
              }
            : { msg: 'busy' },
        ),
      );
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, keys, server };
}
