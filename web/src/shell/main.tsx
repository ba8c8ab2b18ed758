import '@/index.css';
import { StrictMode, startTransition } from 'react';
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

// A transition lets React yield to the browser every few milliseconds while it builds the first
// tree, instead of one long task that holds input (and a phone's CPU) until the whole shell is built.
const reactRoot = createRoot(root);
startTransition(() => {
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
