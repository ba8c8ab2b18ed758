import type { Category, Department, Product } from '@raseed/contract';
import { moneyToString } from '@raseed/contract';
import type { Selectable } from 'kysely';
import type { CategoriesTable, DepartmentsTable } from '../../db/database';
import type { ProductRow } from './repository';

/** The one place catalog rows become API objects: integer micros and 0/1 flags stay inside. */
export function toCategoryDto(row: Selectable<CategoriesTable>): Category {
  return { id: row.id, name: row.name, img: row.img, available: row.available === 1, keywords: row.keywords };
}

export function toDepartmentDto(row: Selectable<DepartmentsTable>): Department {
  return { id: row.id, name: row.name, img: row.img };
}

/** A product is for sale only when it and the category it sits in are both switched on. */
export function isForSale(row: ProductRow): boolean {
  return row.available === 1 && row.category_available !== 0;
}

export function toProductDto(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    img: row.img,
    available: isForSale(row),
    price: moneyToString(row.price),
    price_syr: moneyToString(row.price_syr),
    price_tr: moneyToString(row.price_tr),
    is_discount: row.is_discount === 1,
    discount: row.discount,
    info: row.info,
    type: row.type,
    free: row.free === 1,
    min: row.min,
    max: row.max,
    unit_price: moneyToString(row.unit_price),
    unit_price_tr: moneyToString(row.unit_price_tr),
    in_stock: row.delivery !== 'stock' || Number(row.has_stock) === 1,
    redeem_instructions: row.redeem_instructions,
  };
}
