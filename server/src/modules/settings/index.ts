export { saveSettingsRow } from './admin-repository';
export { settingsAdminRoutes } from './admin-routes';
export { copyProviderSettings } from './admin-service';
export { pwaRoutes } from './pwa/routes';
export { storeBrand, THEME } from './pwa/store-brand';
export { type FaceReader, getSettings, type StorefrontFace, storefrontFace } from './service';
export { getSettingsRow } from './repository';
export { settingsRoutes } from './routes';
