import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

// Which better-sqlite3 runs the SQLite engine, chosen once per process by the running Node.
//
// better-sqlite3 12.x aborts the process on Node 24 (`Assertion failed: (env) != nullptr` in
// Statement::~Statement when V8 collects a statement; upstream WiseLibs/better-sqlite3#1515, not
// fixed in 12.x). 13.x fixes it (Node-API, prebuilt binaries in the package, no compile) but
// requires Node >= 22 and segfaults when loaded on Node 20. So the server depends on both:
// `better-sqlite3` (12.x) for Node 20, and `better-sqlite3-node22`, an npm alias of 13.x in
// optionalDependencies: npm skips it on Node 20 (its `engines` says >= 22) and installs it on 22+.
// The API we use (constructor, pragma, prepare, the Kysely SqliteDialect's needs) is the same.
// Remove this module and the 12.x dependency once Node 20 support ends.

const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);

export type SqliteDriver = { SQLite: typeof BetterSqlite3; name: 'better-sqlite3' | 'better-sqlite3-node22' };

function load(): SqliteDriver {
  if (nodeMajor >= 22) {
    try {
      return { SQLite: require('better-sqlite3-node22'), name: 'better-sqlite3-node22' };
    } catch (err) {
      // Installed on another Node (npm skipped the optional 13.x): 12.x may load, but aborts on Node 24.
      process.emitWarning(
        `better-sqlite3 13 (better-sqlite3-node22) did not load on Node ${process.versions.node}, ` +
          'falling back to better-sqlite3 12, which can abort the process on Node 24: run `npm ci` with this Node. ' +
          `(${(err as Error).message.split('\n')[0]})`,
      );
    }
  }
  return { SQLite: require('better-sqlite3'), name: 'better-sqlite3' };
}

export const sqliteDriver: SqliteDriver = load();
