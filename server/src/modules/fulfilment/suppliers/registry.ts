import type { Outbound } from '../../../kernel/outbound';
import type { Sealer } from '../../../kernel/sealing';
import type { Selectable } from 'kysely';
import type { SuppliersTable } from '../../../db/database';
import { RaseedSupplier } from './raseed-supplier';
import type { Supplier, SupplierCredentials } from './supplier';

/** One factory per kind of upstream API; a new kind is one adapter file and one line here. */
const kinds: Record<SuppliersTable['kind'], (creds: SupplierCredentials, outbound: Outbound) => Supplier> = {
  raseed: (creds, outbound) => new RaseedSupplier(creds, outbound),
};

function open(sealer: Sealer, sealed: string | null): string | null {
  return sealed ? sealer.open(sealed) : null;
}

/**
 * Adapters for this app instance, kept while the supplier row is unchanged so a signed-in
 * session upstream is reused instead of signing in for every order (upstream limits sign-ins).
 */
export class SupplierPool {
  private readonly adapters = new Map<string, Supplier>();

  constructor(
    private readonly sealer: Sealer,
    private readonly outbound: Outbound,
  ) {}

  /** A one-off adapter for details not saved yet (the connection test before a save); never kept. */
  probe(kind: SuppliersTable['kind'], creds: SupplierCredentials): Supplier {
    return kinds[kind](creds, this.outbound);
  }

  /** The stored credentials of a row, opened: what an edit that leaves them blank keeps. */
  storedCredentials(row: Selectable<SuppliersTable>): SupplierCredentials {
    return {
      baseUrl: row.base_url,
      email: row.email,
      password: open(this.sealer, row.password_enc),
      token: open(this.sealer, row.token_enc),
    };
  }

  get(row: Selectable<SuppliersTable>): Supplier {
    const key = `${row.id}:${row.updated_at}`;
    let adapter = this.adapters.get(key);
    if (!adapter) {
      for (const k of this.adapters.keys()) if (k.startsWith(`${row.id}:`)) this.adapters.delete(k);
      adapter = kinds[row.kind](this.storedCredentials(row), this.outbound);
      this.adapters.set(key, adapter);
    }
    return adapter;
  }
}
