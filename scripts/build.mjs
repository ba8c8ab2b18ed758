#!/usr/bin/env node
// `npm run build`: the web app and the server, each only when its sources changed.
import { ensureBuilt } from './lib/build.mjs';

const only = process.argv[2];
await ensureBuilt({ web: only !== 'server', server: only !== 'web' });
