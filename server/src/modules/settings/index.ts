export { saveSettingsRow } from './admin-repository';
export { settingsAdminRoutes } from './admin-routes';
export { pwaRoutes } from './pwa/routes';
export { storeBrand } from './pwa/store-brand';
export { getSettingsRow } from './repository';
export { settingsRoutes } from './routes';
