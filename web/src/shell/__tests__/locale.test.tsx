import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import indexHtml from '../../../index.html?raw';
import { AppProviders } from '../providers';

describe('document language and direction', () => {
  const doc = new DOMParser().parseFromString(indexHtml, 'text/html');

  it('index.html is Arabic, RTL and dark by default', () => {
    // A parsed document has no window, so plain attribute reads instead of jest-dom matchers.
    expect(doc.documentElement.getAttribute('lang')).toBe('ar');
    expect(doc.documentElement.getAttribute('dir')).toBe('rtl');
    expect(doc.documentElement.classList.contains('dark')).toBe(true);
  });

  it('index.html has no inline script, only the module entry', () => {
    const scripts = Array.from(doc.querySelectorAll('script'));
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.getAttribute('type')).toBe('module');
    expect(scripts[0]?.getAttribute('src')).toMatch(/main\.tsx$/);
    expect(scripts[0]?.textContent?.trim()).toBe('');
  });

  it('the app sets lang="ar" and dir="rtl" on <html> even if the shell lacks them', () => {
    document.documentElement.removeAttribute('lang');
    document.documentElement.removeAttribute('dir');
    render(<AppProviders>{null}</AppProviders>);
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
