import type { Outbound } from '../../kernel/outbound';
import type { Sealer } from '../../kernel/sealing';
import type { Selectable } from 'kysely';
import type { NumberProvidersTable } from '../../db/database';
import { HandlerApiSupplier } from './handler-api';
import type { NumbersSupplier } from './numbers-supplier';

/** The provider's adapter for this app instance, rebuilt when the provider row changes. */
export class NumbersPool {
  private cached: { key: string; adapter: NumbersSupplier } | undefined;

  constructor(
    private readonly sealer: Sealer,
    private readonly timeoutMs: number,
    private readonly outbound: Outbound,
  ) {}

  get(row: Selectable<NumberProvidersTable>): NumbersSupplier {
    const key = `${row.id}:${row.updated_at}`;
    if (this.cached?.key !== key) {
      this.cached = {
        key,
        adapter: new HandlerApiSupplier(row.base_url, this.sealer.open(row.api_key_enc), this.timeoutMs, this.outbound),
      };
    }
    return this.cached.adapter;
  }
}
