export { ensureOperator, replacePassword } from './bootstrap';
export { creditRoutes } from './credit-routes';
export { anyUserExists, findUserRoleByEmail } from './repository';
export { usersRoutes } from './routes';
