import '@/index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyLocale } from '@/lib/i18n';
import { initTheme } from '@/lib/theme';
import { registerServiceWorker } from './register-sw';
import { App } from './app';

// Before the first React render: the stored theme class must be on <html> for the first paint
// (there is no inline script to do it earlier; the CSP will forbid one).
initTheme();
applyLocale();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain #root');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
