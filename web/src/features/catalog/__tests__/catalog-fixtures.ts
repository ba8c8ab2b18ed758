import type { Category, Product } from '@raseed/contract';

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
    ...over,
  };
}

export const productReply = (p: Product) => ({ status: 'success', data: { product: p } });
