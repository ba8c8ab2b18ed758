import { ensureBuilt } from '../scripts/lib/build.mjs';

/** Every e2e file runs the compiled server and the built web app: build them once, if stale. */
export default async function setup(): Promise<void> {
  await ensureBuilt();
}
