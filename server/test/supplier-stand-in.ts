import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A supplier on loopback speaking the storefront API: the first attempt of each order fails with a 503. */
export type SupplierStandIn = { url: string; keys: string[]; server: Server };

export async function startSupplier(): Promise<SupplierStandIn> {
  const keys: string[] = [];
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
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
