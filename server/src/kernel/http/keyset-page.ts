import type { KeysetPaginate } from '@raseed/contract';

/** A page request as repositories take it: at most `limit` rows below `before`, else from `offset`. */
export type PageWindow = { limit: number; before: number | undefined; offset: number };

export function pageWindow(page: number, size: number, before: number | undefined): PageWindow {
  // With a keyset bound the page number is only a label; the bound alone places the page.
  return { limit: size + 1, before, offset: before === undefined ? (page - 1) * size : 0 };
}

/**
 * Rows come newest first and one more than the page holds; the extra row only says that a next
 * page exists, and the last shown row's id is the bound of that next page.
 */
export function toPage<T extends { id: number }>(
  rows: T[],
  page: number,
  size: number,
): { items: T[]; paginate: KeysetPaginate } {
  const items = rows.slice(0, size);
  const hasNext = rows.length > size;
  return {
    items,
    paginate: {
      nextPage: hasNext ? page + 1 : null,
      backPage: page > 1 ? page - 1 : null,
      nextBefore: hasNext ? (items[items.length - 1]?.id ?? null) : null,
    },
  };
}
