export {
  banksRepo,
  categoriesRepo,
  departmentsRepo,
  partnersRepo,
  productsRepo,
  slidersRepo,
} from './admin/repository';
export { catalogAdminRoutes } from './admin/routes';
export { catalogWrite } from './admin/write';
export { CatalogCachesByStorefront, pricingCached } from './cached-replies';
export { isForSale } from './dto';
export { findProductRules, priceRuleUnchanged, storefrontMarkupBp } from './price-rules-repository';
export { pricedRow, ruleOf, sellingRule, type StorefrontPricing } from './storefront-pricing';
export { PRICED_COLUMNS, type PricedProduct, type ProductRow, findProduct, productUnchanged } from './repository';
export { catalogRoutes } from './routes';
export { productSharePreview, type SharePreview } from './share-preview';
