import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';

export type Row = {
  name: string;
  value: string;
  reference: string;
  ratio: string;
  budget: string;
  met: boolean | null;
};

const head = ['measure', 'figures', 'reference (same run)', 'ratio', 'budget', 'met'];

export function table(rows: Row[]): string {
  const lines = rows.map((r) => [
    r.name,
    r.value,
    r.reference,
    r.ratio,
    r.budget,
    r.met === null ? '-' : r.met ? 'yes' : 'NO',
  ]);
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...lines.map((l) => `| ${l.join(' | ')} |`),
  ].join('\n');
}

export function machine(): string {
  const c = cpus();
  return (
    `${c.length} cores (${c[0]?.model.trim() ?? 'unknown'}), ` +
    `${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`
  );
}

/** Prints the table and writes it, with the machine it ran on, to bench/<file>. */
export function publish(file: string, title: string, rows: Row[], notes: string[]): void {
  const md = [
    `# ${title}`,
    '',
    `Measured ${new Date().toISOString()} on ${machine()}.`,
    '',
    table(rows),
    '',
    ...notes.map((n) => `- ${n}`),
    '',
  ].join('\n');
  process.stdout.write(`\n${md}\n`);
  writeFileSync(path.join(import.meta.dirname, '..', file), md);
}

export const fmt = {
  rps: (n: number) => `${Math.round(n).toLocaleString('en-US')}/s`,
  ms: (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`,
  pct: (n: number) => `${Math.round(n * 100)}%`,
};
