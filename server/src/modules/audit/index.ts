export { auditRoutes } from './admin-routes';
export { audit } from './repository';
