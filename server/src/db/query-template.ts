import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { DB } from './database';

/** Stands for one value while a template is built; becomes a parameter of the statement. */
class Slot {
  constructor(readonly key: string) {}
}

/**
 * A statement on a hot path, built with Kysely once per database (its transactions included)
 * and afterwards only re-filled. Kysely builds and compiles a query on every call (immutable
 * nodes, a clone per `where`) and writes its SQL text anew each time; for the one-statement order
 * that was a fifth of the store's CPU under load (profiled, docs/decisions.md), and about 50 KB
 * of garbage per order on SQLite's road (docs/benchmarks.md#memory); a new text also has to be hashed
 * again to find its prepared statement (pg-statements.ts). `build` gets slots in place of the
 * values: each must reach the statement as a parameter and never decide its shape (no `if` on
 * a slot, `is not distinct from` rather than a choice between `is` and `=`), which the first
 * build checks as far as it can: every slot must appear among the parameters.
 */
export function queryTemplate<V extends Record<string, unknown>, R>(
  keys: readonly (keyof V & string)[],
  build: (db: DB, slots: V) => Compilable<R>,
): (db: DB, values: V) => Promise<QueryResult<R>> {
  const compiled = new WeakMap<object, CompiledQuery<R>>();
  return async (db, values) => {
    const key = templateKey(db);
    let query = compiled.get(key);
    if (!query) {
      const slots = Object.fromEntries(keys.map((k) => [k, new Slot(k)])) as unknown as V;
      query = build(db, slots).compile();
      const used = new Set(query.parameters.flatMap((p) => (p instanceof Slot ? [p.key] : [])));
      const missing = keys.filter((k) => !used.has(k));
      if (missing.length) throw new Error(`queryTemplate: not parameters: ${missing.join(', ')}`);
      compiled.set(key, query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Slot ? values[p.key] : p));
    return db.executeQuery({ ...query, parameters });
  };
}

/**
 * Whose SQL a template is compiled for. A transaction is a new object each time but shares its
 * database's adapter (the dialect), so keyed by the adapter a template is built once for the
 * database and every transaction on it; plugins (`withSchema`) change the SQL, so a database with
 * any is keyed by itself.
 */
function templateKey(db: DB): object {
  const executor = db.getExecutor();
  return executor.plugins.length === 0 ? executor.adapter : db;
}
