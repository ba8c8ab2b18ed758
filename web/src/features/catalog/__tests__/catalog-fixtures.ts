import type { Category, Product } from '@raseed/contract';
import { testSettings } from '@/testing/fixtures';
import { json, mockApi, settingsReply } from '@/testing/mock-api';

export const categories: Category[] = [
  { id: 1, name: 'PUBG Mobile', img: null, available: true, keywords: '' },
  { id: 2, name: 'فري فاير', img: '/media/ff.svg', available: true, keywords: 'free fire' },
  { id: 3, name: 'فورتنايت', img: null, available: false, keywords: '' },
];

export function product(over: Partial<Product> = {}): Product {
  return {
    id: 11,
    name: '660 شدة',
    img: null,
    available: true,
    price: '9.50',
    price_syr: '134000',
    price_tr: '316',
    is_discount: false,
    discount: 0,
    info: 'شحن مباشر',
    type: 'id',
    free: false,
    min: 1,
    max: 1,
    unit_price: '0',
    unit_price_tr: '0',
    in_stock: true,
    redeem_instructions: null,
    ...over,
  };
}

export const productReply = (p: Product) => ({ status: 'success', data: { product: p } });

export type SentOrder = { path: string; body: URLSearchParams; key: string | null };

/** The API a product page talks to: the product, the three order calls (recorded) and check-player. */
export function mockProductApi(
  p: Product,
  opts: { order?: (r: Request) => Response | Promise<Response>; playerName?: string } = {},
): SentOrder[] {
  const sent: SentOrder[] = [];
  const order = opts.order ?? (() => json({}, 500));
  const playerName = opts.playerName ?? 'Falcon_6789';
  const record = async (request: Request) => {
    sent.push({
      path: new URL(request.url).pathname,
      body: new URLSearchParams(await request.clone().text()),
      key: request.headers.get('idempotency-key'),
    });
    return order(request);
  };
  mockApi({
    'GET /setting': settingsReply(testSettings),
    [`GET /products/${p.id}`]: productReply(p),
    'POST /orders-create-fixed': record,
    'POST /orders-create-free': record,
    'POST /orders-create-code': record,
    'POST /check-player': { status: 'success', player_name: playerName, data: { player_name: playerName } },
    'GET /orders': { status: 'success', data: { orders: [], paginate: { nextPage: null, backPage: null } } },
  });
  return sent;
}
