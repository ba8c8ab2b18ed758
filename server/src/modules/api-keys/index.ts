export { apiKeysAdminRoutes } from './admin-routes';
export { authenticateApiKey, type KeyLookup } from './authenticate';
export { apiKeyCallRules } from './call-rules';
export { ApiKeyCache } from './key-cache';
export { apiKeyRoutes } from './routes';
export { keysChanged } from './service';
export { isApiKeyToken } from './token';
