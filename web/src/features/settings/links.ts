import type { Settings } from '@raseed/contract';
import { whatsappLink } from '@raseed/contract/plain';
import type { CopyKey } from '@/lib/i18n';

export type SocialNetwork = 'facebook' | 'telegram' | 'instagram' | 'whatsapp';
export type SocialLink = { network: SocialNetwork; label: CopyKey; href: string };

const HTTP_URL = /^https?:\/\//i;

/** Settings are operator input: only http(s) links may become an href (no `javascript:`). */
function profileUrl(value: string, base: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  if (HTTP_URL.test(trimmed)) return trimmed;
  if (/^[\w.@-]+$/.test(trimmed)) return `${base}${trimmed.replace(/^@/, '')}`;
  return null;
}

/** wa.me link from whatever the operator typed (a number with +, spaces, or a wa.me URL). */
export function whatsappHref(value: string | null | undefined): string | null {
  if (!value || !/\d/.test(value)) return null;
  return whatsappLink(value);
}

/** The social links the operator has set, in a fixed order; unset ones are skipped. */
export function socialLinks(setting: Settings | undefined): SocialLink[] {
  if (!setting) return [];
  const candidates: Array<[SocialNetwork, CopyKey, string | null]> = [
    ['facebook', 'social.facebook', setting.facebook && profileUrl(setting.facebook, 'https://www.facebook.com/')],
    ['telegram', 'social.telegram', setting.telegram && profileUrl(setting.telegram, 'https://t.me/')],
    ['instagram', 'social.instagram', setting.instagram && profileUrl(setting.instagram, 'https://www.instagram.com/')],
    ['whatsapp', 'social.whatsapp', whatsappHref(setting.whatsapp)],
  ];
  return candidates.flatMap(([network, label, href]) => (href ? [{ network, label, href }] : []));
}
