import type { Selectable } from 'kysely';
import type { LedgerTable, OrdersTable } from './db/database';
import type { Sealer } from './kernel/sealing';
import { notify } from './modules/notifications';
import { toNumberPurchase } from './modules/numbers';
import { toOrderDto } from './modules/orders';
import { balanceChangeOf } from './modules/wallet';
import type { WebhookHooks } from './modules/webhooks';

/**
 * What the webhooks module is handed rather than imports (orders, wallet and numbers queue its
 * events, so it may not import them): each event's `data` in the shape the API answers with,
 * rendered from the row the change left, and the owner's notice when an endpoint is turned off.
 */
export function webhookHooks(sealer: Sealer): WebhookHooks {
  return {
    render(type, subject) {
      switch (type) {
        case 'order.updated':
          // The buyer's view: the delivered codes opened, the account password never in it.
          return { order: toOrderDto(subject as Selectable<OrdersTable>, sealer) };
        case 'number.updated':
          return { number: toNumberPurchase(subject as Parameters<typeof toNumberPurchase>[0]) };
        case 'balance.updated':
          return balanceChangeOf(subject as Selectable<LedgerTable>);
      }
    },
    notify: (trx, userId, title, message) => notify(trx, userId, title, message, null, '/api-keys'),
  };
}
