import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:http';

/**
 * The reference point: a bare node:http server in its own process answering each path with the
 * exact bytes the store sent for it. Run as `tsx bare-server.ts <port>`; bodies arrive over IPC.
 */
if (process.argv[2] === '--child') {
  const bodies = new Map<string, Buffer>();
  const server = createServer((req, res) => {
    const body = bodies.get(req.url ?? '') ?? Buffer.from('{}');
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  process.on('message', (m: { bodies: [string, string][] }) => {
    for (const [url, b64] of m.bodies) bodies.set(url, Buffer.from(b64, 'base64'));
    server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port }));
  });
}

export async function startBareServer(bodies: Map<string, Buffer>): Promise<{ baseUrl: string; stop(): void }> {
  const child: ChildProcess = fork(import.meta.filename, ['--child'], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve) => {
    child.once('message', (m: { port: number }) => resolve(m.port));
    child.send({ bodies: [...bodies].map(([u, b]) => [u, b.toString('base64')]) });
  });
  return { baseUrl: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}
