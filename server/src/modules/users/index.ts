export { ensureOperator, replacePassword } from './bootstrap';
export { creditRoutes } from './credit-routes';
export { anyUserExists, findUsersByEmail } from './repository';
export { usersRoutes } from './routes';
export { staffRoutes } from './staff-routes';
