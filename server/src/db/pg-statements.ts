import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Kysely sends every query as an unnamed statement, so PostgreSQL parses and plans it again
 * each time. For an order that was most of the database's work: the product read (three joins
 * and a stock sub-select) planned in ~0.2–0.3 ms and executed in 0.03 ms, and pgbench ran the
 * order's six statements at 464/s unnamed against 974/s prepared. A statement the store sends
 * again and again is therefore sent named: each connection parses it once and PostgreSQL keeps
 * its plan (re-planned by itself when a table it reads changes).
 *
 * Bounded, because Kysely writes some SQL per call (`in ($1, …, $n)`): a text is named only
 * once it has been seen `after` times, and at most `max` texts are ever named; the rest stay
 * unnamed. Only statements with parameters qualify (migrations and `begin`/`commit` have none),
 * and none that starts with `/* unnamed *\/`: a statement whose best plan depends on its values
 * (a LIKE pattern an index serves only when rare) is planned for its values each time.
 */
export type StatementNamer = { nameFor(text: string): string | undefined };

const UNNAMED = '/* unnamed */';

export function statementNamer(opts: { after?: number; max?: number } = {}): StatementNamer {
  const after = opts.after ?? 3;
  const max = opts.max ?? 200;
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  return {
    nameFor(text) {
      if (text.startsWith(UNNAMED)) return undefined;
      const known = names.get(text);
      if (known !== undefined) return known;
      if (names.size >= max) return undefined;
      const count = (seen.get(text) ?? 0) + 1;
      if (count < after) {
        // Texts that never repeat must not pile up: forget the counts now and then.
        if (seen.size >= 10_000) seen.clear();
        seen.set(text, count);
        return undefined;
      }
      seen.delete(text);
      const name = `r_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      names.set(text, name);
      return name;
    },
  };
}

/**
 * "cached plan must not change result type": a `select *` or `returning *` prepared on this
 * connection before another process changed the table (a rolling deploy's migration). That
 * query fails once; the connection then prepares its statements again under new names, so the
 * next call plans against the table as it is now.
 */
function isStalePlan(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === '0A000' && (e.message ?? '').includes('cached plan');
}

type Query = (...args: unknown[]) => unknown;

/** Makes `client` send the namer's hot statements named; called once per new pool connection. */
export function nameStatements(client: pg.PoolClient, namer: StatementNamer): void {
  const query = client.query.bind(client) as Query;
  let generation = 0;
  client.query = ((...args: unknown[]) => {
    const [text, values, callback] = args;
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined)
      return query(...args);
    const base = namer.nameFor(text);
    if (base === undefined) return query(...args);
    const name = generation === 0 ? base : `${base}_${generation}`;
    return (query({ name, text, values }) as Promise<unknown>).catch((err: unknown) => {
      if (isStalePlan(err)) generation++;
      throw err;
    });
  }) as typeof client.query;
}
