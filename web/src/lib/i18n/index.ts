import { ar, type CopyKey } from './ar';

export { ar, type CopyKey };

/** The store speaks one language; direction is decided here and nowhere else. */
export const locale = { lang: 'ar', dir: 'rtl' } as const;

export type CopyVars = Record<string, string | number>;

/** Looks up a copy string and fills `{name}` placeholders; an unknown placeholder stays visible. */
export function t(key: CopyKey, vars?: CopyVars): string {
  const text: string = ar[key];
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}

/** Keeps <html lang/dir> correct even if the served HTML shell is replaced (e.g. by the server). */
export function applyLocale(root: HTMLElement = document.documentElement): void {
  root.lang = locale.lang;
  root.dir = locale.dir;
}
