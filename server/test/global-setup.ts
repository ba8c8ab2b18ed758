import { ensureBuilt } from '../../scripts/lib/build.mjs';

/** The CLI tests run the compiled operator and ledger:verify: build the server once, if stale. */
export default async function setup(): Promise<void> {
  await ensureBuilt({ web: false });
}
