import type { Category, CheckPlayerRequest, Department, Product } from '@raseed/contract';
import { PLAYER_NOT_FOUND } from '@raseed/contract';
import type { DB } from '../../db/database';
import { AppError } from '../../kernel/errors';
import { toCategoryDto, toDepartmentDto, toProductDto } from './dto';
import type { PlayerResolver, ResolverRegistry } from './player-resolvers';
import * as repo from './repository';
import { categoryHidden, pricedRow, ruleOf, shownProducts, type StorefrontPricing } from './storefront-pricing';

export const catalogMessages = {
  categoryNotFound: 'القسم المطلوب غير موجود',
  productNotFound: 'المنتج المطلوب غير موجود',
  lookupFailed: 'تعذّر التحقق من اللاعب حالياً، يرجى المحاولة لاحقاً',
} as const;

/** A supplier that cannot answer (down, slow): the caller shows an error, not a wrong name. */
export class PlayerLookupFailed extends Error {}

const LOOKUP_TIMEOUT_MS = 5000;

/** The storefront's categories: the ones it hides are absent. */
export async function getCategories(db: DB, pricing: StorefrontPricing): Promise<Category[]> {
  return (await repo.listCategories(db)).filter((c) => !categoryHidden(pricing, c.id)).map(toCategoryDto);
}

/**
 * An unavailable category shows as empty, like the spec's 'not available currently' section. A
 * category the storefront hides is a 404 there, as one that does not exist.
 */
export async function getCategory(
  db: DB,
  id: number,
  pricing: StorefrontPricing,
): Promise<{ category: Category; departments: Department[]; products: Product[] }> {
  const row = await repo.findCategory(db, id);
  if (!row || categoryHidden(pricing, row.id)) throw new AppError('not_found', catalogMessages.categoryNotFound);
  const category = toCategoryDto(row);
  if (!category.available) return { category, departments: [], products: [] };
  const [departments, products] = await Promise.all([repo.listDepartments(db, id), repo.listCategoryProducts(db, id)]);
  return {
    category,
    departments: departments.map(toDepartmentDto),
    products: shownProducts(pricing, products).map(toProductDto),
  };
}

export async function getDepartment(
  db: DB,
  id: number,
  pricing: StorefrontPricing,
): Promise<{ department: Department; products: Product[] }> {
  const row = await repo.findDepartment(db, id);
  if (!row || categoryHidden(pricing, row.category_id))
    throw new AppError('not_found', catalogMessages.categoryNotFound);
  const products = shownProducts(pricing, await repo.listDepartmentProducts(db, id));
  return { department: toDepartmentDto(row), products: products.map(toProductDto) };
}

/** The product at the storefront's price; one it hides is a 404 there. */
export async function getProduct(db: DB, id: number, pricing: StorefrontPricing): Promise<Product> {
  const row = await repo.findProduct(db, id);
  const rule = row && ruleOf(pricing, row);
  if (!row || !rule || rule.hidden) throw new AppError('not_found', catalogMessages.productNotFound);
  return toProductDto(pricedRow(row, rule.markupBp));
}

/**
 * Asks the product's supplier for the name behind a player id. A product with no supplier, or
 * one this store does not have, answers the spec's default 'Not Found'.
 */
export async function checkPlayer(
  db: DB,
  resolvers: ResolverRegistry,
  input: CheckPlayerRequest,
  upstream: (product: repo.ProductRow) => PlayerResolver | undefined = () => undefined,
): Promise<string> {
  const product = await repo.findProduct(db, input.product_id);
  if (!product) throw AppError.fields({ product_id: [catalogMessages.productNotFound] });
  // A product forwarded to a supplier asks that supplier, who will have to fulfil it.
  const resolver = upstream(product) ?? (product.player_resolver ? resolvers.get(product.player_resolver) : undefined);
  if (!resolver) return PLAYER_NOT_FOUND;
  let timer: NodeJS.Timeout | undefined;
  try {
    const name = await Promise.race([
      resolver.resolve(input.player_id, { id: product.id, name: product.name }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('player lookup timed out')), LOOKUP_TIMEOUT_MS);
      }),
    ]);
    return name?.trim() ? name.trim().slice(0, 200) : PLAYER_NOT_FOUND;
  } catch (err) {
    throw new PlayerLookupFailed(catalogMessages.lookupFailed, { cause: err });
  } finally {
    clearTimeout(timer);
  }
}
