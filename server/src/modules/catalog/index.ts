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
export { isForSale } from './dto';
export { PRICED_COLUMNS, type PricedProduct, type ProductRow, findProduct, productUnchanged } from './repository';
export { catalogRoutes } from './routes';
export { productSharePreview, type SharePreview } from './share-preview';
export type { SearchIndex } from './search';
