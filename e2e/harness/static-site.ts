import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { repoRoot } from './server';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
};

/** Builds the web app against an API on another origin, as the README's two-host deployment does. */
export function buildWebFor(apiBase: string, outDir: string): void {
  const res = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(repoRoot, 'web'),
    env: { ...process.env, VITE_API_BASE: apiBase },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`web build failed: ${res.stdout}${res.stderr}`);
}

export type StaticSite = { origin: string; close(): Promise<void> };

/**
 * A bare static host for the built app (any CDN would do): files as they are, every other path
 * gets index.html so the app's routes load. It knows nothing of the API.
 */
export async function serveStatic(dir: string): Promise<StaticSite> {
  const server: Server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    const body = await readFile(file).catch(() => null);
    if (body && !pathname.endsWith('/')) {
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
      res.end(body);
      return;
    }
    res.writeHead(200, { 'content-type': TYPES['.html']! });
    res.end(await readFile(path.join(dir, 'index.html')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
