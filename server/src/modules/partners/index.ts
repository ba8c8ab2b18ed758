export { partnersRoutes } from './routes';
