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
 * Each storefront's accepted orders (the ones `sales` counts) as what its customers paid, the
 * provider's price of them and the difference, from the sums of what every order kept.
 * `names`: the storefronts to list, by id, zero when they sold nothing.
 */
export function margins(orders: Sold[], names: { id: number; name: string }[]) {
  const by = new Map<number, Sums>(names.map((s) => [s.id, { count: 0, sales: 0, provider_price: 0 }]));
  const total: Sums = { count: 0, sales: 0, provider_price: 0 };
  for (const o of orders) {
    if (o.status !== 'success') continue;
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
