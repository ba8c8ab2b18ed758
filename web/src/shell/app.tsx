import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';
import { ScrollRestoration } from './scroll-restoration';

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <ScrollRestoration />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
