import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';

/**
 * A plain HTTP proxy in front of a store, started by a test: it forwards everything, and on
 * demand holds back the reply to the next request whose path matches, after the upstream store
 * has handled it — the moment a caller would crash between "upstream took my order" and "I wrote
 * that down".
 */
export type HoldingProxy = {
  url: string;
  /** Resolves when a matching request was answered upstream and its reply is being held. */
  holdNext(path: RegExp): Promise<void>;
  close(): Promise<void>;
};

export async function startHoldingProxy(target: string): Promise<HoldingProxy> {
  let hold: { path: RegExp; held: () => void } | null = null;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const up = httpRequest(
        new URL(req.url ?? '/', target),
        { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
        (upRes: IncomingMessage) => {
          const body: Buffer[] = [];
          upRes.on('data', (c: Buffer) => body.push(c));
          upRes.on('end', () => {
            if (hold?.path.test(req.url ?? '')) {
              // Upstream has done its work; the caller never hears of it.
              const { held } = hold;
              hold = null;
              held();
              return;
            }
            res.writeHead(upRes.statusCode ?? 502, upRes.headers);
            res.end(Buffer.concat(body));
          });
        },
      );
      up.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      up.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    holdNext(path) {
      return new Promise((resolve) => {
        hold = { path, held: resolve };
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise((r) => server.close(() => r()));
    },
  };
}
