import { describe, expect, it } from 'vitest';
import { formLink, isSafeLink } from '../src/operator-forms';

// Node's URL is the WHATWG URL parser browsers use: what it resolves is what a browser opens.
const SITE = 'https://shop.example';
const landsOnSite = (link: string) => new URL(link, SITE).origin === SITE;

describe('links of this site', () => {
  it.each([
    '/\\evil.com',
    '//evil.com',
    '\\\\evil.com',
    '/\\/evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    '\\/evil.com',
    'javascript:alert(1)',
    'https:\\\\evil.com',
    ' //evil.com',
  ])('refuses %j', (link) => {
    expect(formLink.safeParse(link).success).toBe(false);
  });

  it('every refused relative form would have left the site in a browser', () => {
    for (const link of ['/\\evil.com', '//evil.com', '\\\\evil.com', '/\t/evil.com'])
      expect(landsOnSite(link)).toBe(false);
  });

  it.each([
    '/categories/1',
    '/products/5?x=1#top',
    'https://example.com/offer',
    'http://t.me/store',
  ])('accepts %j', (link) => {
    expect(formLink.safeParse(link).success).toBe(true);
    if (link.startsWith('/')) expect(landsOnSite(link)).toBe(true);
  });

  it('isSafeLink agrees with the URL parser on paths', () => {
    for (const link of ['/a', '/a/b', '/./x', '/%2F%2Fevil.com']) expect(isSafeLink(link)).toBe(landsOnSite(link));
  });
});
