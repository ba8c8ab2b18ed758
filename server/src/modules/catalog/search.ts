import {
  type Category,
  type Product,
  SEARCH_GROUP_MAX,
  type SearchDepartment,
  type SearchReply,
  searchWords,
  wordsFound,
} from '@raseed/contract';
import type { DB } from '../../db/database';
import { toCategoryDto, toDepartmentDto, toProductDto } from './dto';
import * as repo from './repository';
import { categoryHidden, shownProducts, type StorefrontPricing } from './storefront-pricing';

/**
 * The store search (docs/catalog.md#search): categories, departments and products matched in
 * memory against words normalised once per catalog version (Arabic folded as `searchText`
 * says), so it reads the same on SQLite and PostgreSQL and costs no query per key typed.
 */

/** One thing the search can find: the words of its name, of its name and keywords, and with where it sits. */
type Entry<T> = { item: T; name: string[]; own: string[]; all: string[] };

function entry<T>(item: T, name: string[], keywords: string[], around: string[]): Entry<T> {
  const own = [...name, ...keywords];
  return { item, name, own, all: [...own, ...around] };
}

export type SearchIndex = {
  categories: Entry<Category>[];
  departments: Entry<SearchDepartment>[];
  products: Entry<Product>[];
};

/** Only the first words of a long search are compared, so no search holds the event loop. */
const MAX_WORDS = 8;

/**
 * Reads the whole catalog once and keeps its words, as one storefront shows it (its prices, what
 * it hides left out); the app's caches hold it (app-caches.ts).
 */
export async function buildSearchIndex(db: DB, pricing: StorefrontPricing): Promise<SearchIndex> {
  const [allCategories, allDepartments, allProducts] = await Promise.all([
    repo.listCategories(db),
    repo.listAllDepartments(db),
    repo.listAllProducts(db),
  ]);
  const categoryRows = allCategories.filter((c) => !categoryHidden(pricing, c.id));
  const departmentRows = allDepartments.filter((d) => !categoryHidden(pricing, d.category_id));
  const productRows = shownProducts(pricing, allProducts);
  const categoryAt = new Map(categoryRows.map((c, i) => [c.id, { row: c, at: i }]));
  const placeWords = (categoryId: number | null) => {
    const c = categoryId === null ? undefined : categoryAt.get(categoryId)?.row;
    return c ? [...searchWords(c.name), ...searchWords(c.keywords)] : [];
  };
  const categoryOrder = (id: number | null) => (id === null ? Number.MAX_SAFE_INTEGER : (categoryAt.get(id)?.at ?? 0));

  // Departments and products in the order the store shows them: by category, then their own order.
  const departments = departmentRows
    .map((d, i) => ({ row: d, at: i }))
    .sort((a, b) => categoryOrder(a.row.category_id) - categoryOrder(b.row.category_id) || a.at - b.at);
  const departmentAt = new Map(departments.map((d, i) => [d.row.id, { row: d.row, at: i }]));
  const placeOf = (p: (typeof productRows)[number]) =>
    p.category_id ?? (p.department_id === null ? null : (departmentAt.get(p.department_id)?.row.category_id ?? null));
  const products = productRows
    .map((p, i) => ({ row: p, at: i, category: placeOf(p) }))
    .sort(
      (a, b) =>
        categoryOrder(a.category) - categoryOrder(b.category) ||
        (a.row.department_id === null ? -1 : (departmentAt.get(a.row.department_id)?.at ?? 0)) -
          (b.row.department_id === null ? -1 : (departmentAt.get(b.row.department_id)?.at ?? 0)) ||
        a.at - b.at,
    );

  return {
    categories: categoryRows.map((c) => entry(toCategoryDto(c), searchWords(c.name), searchWords(c.keywords), [])),
    departments: departments.map(({ row }) => {
      const category = categoryAt.get(row.category_id)?.row;
      const item = { ...toDepartmentDto(row), category_id: row.category_id, category_name: category?.name ?? '' };
      return entry(item, searchWords(row.name), [], placeWords(row.category_id));
    }),
    products: products.map(({ row, category }) => {
      const department = row.department_id === null ? undefined : departmentAt.get(row.department_id)?.row;
      const around = [...(department ? searchWords(department.name) : []), ...placeWords(category)];
      return entry(toProductDto(row), searchWords(row.name), searchWords(row.keywords), around);
    }),
  };
}

/**
 * Every typed word must be found in the entry's name, its keywords or the names of where it
 * sits, and at least one in its own name or keywords: «ببجي 660» finds the 660 UC of the PUBG
 * category, while «ببجي» alone finds the category, not each of its products. Own-name finds
 * rank first; ties keep the store's order.
 */
function find<T>(entries: Entry<T>[], typed: string[], max: number): T[] {
  const found: { item: T; rank: number; at: number }[] = [];
  entries.forEach((e, at) => {
    const own = wordsFound(typed, e.own);
    if (own === 0 || wordsFound(typed, e.all) < typed.length) return;
    found.push({ item: e.item, rank: wordsFound(typed, e.name) * 2 + own, at });
  });
  found.sort((a, b) => b.rank - a.rank || a.at - b.at);
  return found.slice(0, max).map((f) => f.item);
}

export function searchCatalog(index: SearchIndex, q: string): SearchReply['data'] {
  const typed = [...new Set(searchWords(q))].slice(0, MAX_WORDS);
  if (typed.length === 0) return { categories: [], departments: [], products: [] };
  return {
    categories: find(index.categories, typed, SEARCH_GROUP_MAX.categories),
    departments: find(index.departments, typed, SEARCH_GROUP_MAX.departments),
    products: find(index.products, typed, SEARCH_GROUP_MAX.products),
  };
}
