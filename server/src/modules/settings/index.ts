export { saveSettingsRow } from './admin-repository';
export { settingsAdminRoutes } from './admin-routes';
export { copyProviderSettings } from './admin-service';
export { pwaRoutes } from './pwa/routes';
export { storeBrand, THEME } from './pwa/store-brand';
export { getSettings } from './service';
export { getSettingsRow } from './repository';
export { settingsRoutes } from './routes';
