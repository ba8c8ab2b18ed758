import { moneyToString } from '@raseed/contract';

type Sold = { storefront_id: number; status: string; count: number; total: number; provider_total: number };
type Sums = { count: number; sales: number; provider_price: number };

const wire = (s: Sums) => ({
  count: s.count,
  sales: moneyToString(s.sales),
  provider_price: moneyToString(s.provider_price),
  margin: moneyToString(s.sales - s.provider_price),
});

/**
 * What counts as sold: an accepted order (the ones `sales` counts), and a number purchase that
 * received a code. A number is refunded (status `refunded` or `cancelled`, with `refunded_at`)
 * only while it still waits; once a code came it never is, so `received` is final as `success`
 * is, and a waiting one counts when its code comes, as a pending order counts when accepted.
 */
const SOLD_ORDER = 'success';
const SOLD_NUMBER = 'received';

/**
 * Each storefront's accepted orders and received number purchases as what its customers paid,
 * the provider's price of them and the difference, from the sums of what each purchase kept.
 * `names`: the storefronts to list, by id, zero when they sold nothing.
 */
export function margins(orders: Sold[], numbers: Sold[], names: { id: number; name: string }[]) {
  const by = new Map<number, Sums>(names.map((s) => [s.id, { count: 0, sales: 0, provider_price: 0 }]));
  const total: Sums = { count: 0, sales: 0, provider_price: 0 };
  const sold = [...orders.filter((o) => o.status === SOLD_ORDER), ...numbers.filter((n) => n.status === SOLD_NUMBER)];
  for (const o of sold) {
    for (const s of [total, by.get(o.storefront_id)]) {
      if (!s) continue;
      s.count += o.count;
      s.sales += o.total;
      s.provider_price += o.provider_total;
    }
  }
  return {
    total: wire(total),
    by_storefront: names.map((s) => ({ storefront_id: s.id, name: s.name, ...wire(by.get(s.id)!) })),
  };
}
