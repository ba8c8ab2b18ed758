import type {
  AdminBank,
  AdminCategory,
  AdminDepartment,
  AdminPartner,
  AdminProduct,
  AdminSlider,
} from '@raseed/contract';
import { moneyToString } from '@raseed/contract';
import { toBank } from '../../topups';
import type { Row } from './repository';

/** The one place the operator API turns catalog rows into its objects (micros → decimal text, 0/1 → booleans). */
export function toAdminCategory(r: Row<'categories'>): AdminCategory {
  return { id: r.id, name: r.name, img: r.img, available: r.available === 1, keywords: r.keywords, sort: r.sort };
}

export function toAdminDepartment(r: Row<'departments'>): AdminDepartment {
  return { id: r.id, category_id: r.category_id, name: r.name, img: r.img, sort: r.sort };
}

/** `available` is the product's own switch; the storefront also hides it while its category is off. */
export function toAdminProduct(r: Row<'products'>): AdminProduct {
  return {
    id: r.id,
    category_id: r.category_id,
    department_id: r.department_id,
    name: r.name,
    img: r.img,
    available: r.available === 1,
    price: moneyToString(r.price),
    price_syr: moneyToString(r.price_syr),
    price_tr: moneyToString(r.price_tr),
    is_discount: r.is_discount === 1,
    discount: r.discount,
    info: r.info,
    type: r.type,
    free: r.free === 1,
    min: r.min,
    max: r.max,
    unit_price: moneyToString(r.unit_price),
    unit_price_tr: moneyToString(r.unit_price_tr),
    player_resolver: r.player_resolver,
    keywords: r.keywords,
    sort: r.sort,
    delivery: r.delivery,
    low_stock_threshold: r.low_stock_threshold,
    supplier_id: r.supplier_id,
    supplier_product_id: r.supplier_product_id,
    // Filled in by the product routes for stock products (delivery/stock-view.ts).
    stock: null,
    in_stock: true,
    redeem_instructions: r.redeem_instructions,
  };
}

export function toAdminSlider(r: Row<'sliders'>): AdminSlider {
  return { id: r.id, img: r.img, link: r.link, sort: r.sort };
}

export function toAdminBank(r: Row<'banks'>): AdminBank {
  return { ...toBank(r), sort: r.sort };
}

export function toAdminPartner(r: Row<'partners'>): AdminPartner {
  return { id: r.id, name: r.name, img: r.img, address: r.address, phone: r.phone, sort: r.sort };
}
