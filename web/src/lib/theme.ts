import { useSyncExternalStore } from 'react';

export type Theme = 'dark' | 'light';

export const THEME_KEY = 'theme';

const listeners = new Set<() => void>();
let current: Theme = 'dark';

/** Dark is the default; only an explicit stored "light" turns it off. */
export function readStoredTheme(): Theme {
  try {
    return localStorage.getItem(THEME_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

function applyToDocument(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
}

/**
 * Runs in the entry module before React renders, so a light-theme reader gets the proper
 * colours on the first paint without an inline script (the CSP forbids those).
 */
export function initTheme(): Theme {
  current = readStoredTheme();
  applyToDocument(current);
  return current;
}

export function setTheme(theme: Theme): void {
  current = theme;
  applyToDocument(theme);
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    /* the choice then lasts for this page view only */
  }
  for (const listener of listeners) listener();
}

export function toggleTheme(): void {
  setTheme(current === 'dark' ? 'light' : 'dark');
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => 'dark',
  );
}
