import type { Paginate } from '@raseed/contract';

/** Operator lists page by number (the spec's paging shape): one row more than shown tells if a next page exists. */
export function pageWindow(page: number, size: number): { limit: number; offset: number } {
  return { limit: size + 1, offset: (page - 1) * size };
}

export function pageOf<T>(rows: T[], page: number, size: number): { items: T[]; paginate: Paginate } {
  return {
    items: rows.slice(0, size),
    paginate: { nextPage: rows.length > size ? page + 1 : null, backPage: page > 1 ? page - 1 : null },
  };
}

export { likePattern } from '../../db/like-pattern';
