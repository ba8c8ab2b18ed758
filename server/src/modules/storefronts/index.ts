export { storefrontsAdminRoutes } from './admin-routes';
export { StorefrontDirectory } from './directory';
export { operatorStorefront, resolveStorefronts } from './resolve';
