// `npm run bench [-- flags]`: the start-up bench, then the API bench with the flags. With
// `--scale`, the store ten times bigger (scale.ts) instead, with the other flags.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
// npm puts the workspace's node_modules/.bin on PATH.
const tsx = (file, rest = []) => spawnSync('tsx', [file, ...rest], { stdio: 'inherit' }).status ?? 1;

if (args.includes('--scale'))
  process.exit(
    tsx(
      'scale.ts',
      args.filter((a) => a !== '--scale'),
    ),
  );
const startup = tsx('startup.ts');
process.exit(startup === 0 ? tsx('api.ts', args) : startup);
