import type { Storage } from '../../../kernel/storage';
import { type FaceReader, storefrontFace } from '../service';

/** The store's own logo drawn when it has none: the demo store's mark. */
export const FALLBACK_LOGO =
  `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 128 128">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#34d399"/>` +
  `<stop offset="1" stop-color="#0ea5e9"/></linearGradient></defs>
<rect width="128" height="128" rx="28" fill="url(#g)"/>
<circle cx="64" cy="64" r="34" fill="none" stroke="#fff" stroke-width="10"/>
<path d="M64 44v40M52 54h18a8 8 0 0 1 0 16H56" stroke="#fff" stroke-width="8" fill="none" stroke-linecap="round"/>
</svg>`;

export const THEME = { background: '#0b1020', theme: '#0b1020' } as const;

/** A storefront's name, colour and logo bytes (its settings' logo, read from storage; else the fallback mark). */
export async function storeBrand(
  reader: FaceReader,
  storage: Storage,
  storefrontId: number,
): Promise<{ name: string; themeColor: string; logoKey: string; logo: Buffer; contentType: string }> {
  const { setting } = await storefrontFace(reader, storefrontId);
  const face = { name: setting.name, themeColor: setting.theme_color ?? THEME.theme };
  const url = setting.logo;
  if (url?.startsWith('/media/')) {
    const file = await storage.get(`public/${url.slice('/media/'.length)}`).catch(() => null);
    if (file) return { ...face, logoKey: url, logo: file.body, contentType: file.contentType };
  }
  return { ...face, logoKey: '', logo: Buffer.from(FALLBACK_LOGO), contentType: 'image/svg+xml' };
}
