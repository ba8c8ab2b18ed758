export { playerRoutes } from './routes';
