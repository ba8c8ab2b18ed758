import { readFileSync } from 'node:fs';
import { ensureBuilt } from '../scripts/lib/build.mjs';
import { fmt, publish, type Row } from './lib/report';
import { createBenchDb, startServer } from './lib/store';

/**
 * `npm run bench` (first part): start time and memory of one store process, the compiled
 * server/dist against the TypeScript sources through tsx (how it ran before). Each start is on a
 * fresh SQLite store that seeds the demo (migrations, catalog images), as a first `npm start` does;
 * memory is the resident set after start and after 500 product and settings reads.
 */
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 3);
const READS = 500;

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(fromSource: boolean): Promise<{ startMs: number; rssStart: number; rssWarm: number }> {
  const starts: number[] = [];
  const rssStart: number[] = [];
  const rssWarm: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const bdb = await createBenchDb('sqlite', '');
    const server = await startServer(bdb, { RASEED_DEMO: '1' }, { fromSource });
    try {
      starts.push(server.startMs);
      rssStart.push(rssMb(server.pid));
      for (let r = 0; r < READS; r++) {
        const url = r % 2 ? '/public/api/v1/setting' : `/public/api/v1/products/${1 + (r % 20)}`;
        await (await fetch(server.baseUrl + url)).arrayBuffer();
      }
      rssWarm.push(rssMb(server.pid));
    } finally {
      await server.stop();
      await bdb.drop();
    }
  }
  return { startMs: median(starts), rssStart: median(rssStart), rssWarm: median(rssWarm) };
}

await ensureBuilt({ web: false });
const compiled = await measure(false);
const tsx = await measure(true);
const mb = (n: number) => `${n.toFixed(0)} MB`;
const rows: Row[] = [
  {
    name: 'start, fresh store with demo seed (compiled)',
    value: fmt.ms(compiled.startMs),
    reference: `tsx ${fmt.ms(tsx.startMs)}`,
    ratio: `${(tsx.startMs / compiled.startMs).toFixed(1)}× faster`,
    budget: '-',
    met: null,
  },
  {
    name: 'memory after start (RSS, compiled)',
    value: mb(compiled.rssStart),
    reference: `tsx ${mb(tsx.rssStart)}`,
    ratio: `${mb(tsx.rssStart - compiled.rssStart)} less`,
    budget: '-',
    met: null,
  },
  {
    name: `memory after ${READS} reads (RSS, compiled)`,
    value: mb(compiled.rssWarm),
    reference: `tsx ${mb(tsx.rssWarm)}`,
    ratio: `${mb(tsx.rssWarm - compiled.rssWarm)} less`,
    budget: '-',
    met: null,
  },
];
publish('results-startup.md', 'Start time and memory of one process', rows, [
  `Median of ${RUNS} starts each: spawn to the first 200 from ` +
    `/public/api/v1/setting, on a fresh SQLite store seeding the demo.`,
  'compiled = node server/dist/server.js (what npm start runs); tsx = node ' +
    '--import tsx server/src/server.ts (how it ran before).',
]);
