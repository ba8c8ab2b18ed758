import type { Settings, Slider } from '@raseed/contract';
import { settingReply } from '@raseed/contract';
import type { DB } from '../../db/database';
import type { Memo } from '../../kernel/memo';
import { type CachedReply, toCachedReply } from '../../kernel/http-cache';
import { getSettingsRow, listSliders } from './repository';

/**
 * GET /setting's reply for one storefront, from the app's memory: every page load asks for the settings, operators
 * change them a few times a day (the admin API drops the entry after each write).
 */
export function settingsReply(
  db: DB,
  caches: { settings: Memo<number, CachedReply> },
  storefrontId: number,
): Promise<CachedReply> {
  return caches.settings.get(storefrontId, async () =>
    toCachedReply(settingReply, { status: 'success', data: await getSettings(db, storefrontId) }),
  );
}

/** A store with no settings row yet (RASEED_DEMO=0, before an operator saves) still has a face. */
const empty: Settings = {
  name: 'رصيد',
  logo: null,
  cover: null,
  news: null,
  whatsapp: null,
  facebook: null,
  telegram: null,
  instagram: null,
  online: false,
  currency_mode: 'usd',
  theme_color: null,
};

export async function getSettings(db: DB, storefrontId: number): Promise<{ setting: Settings; sliders: Slider[] }> {
  const [row, sliders] = await Promise.all([getSettingsRow(db, storefrontId), listSliders(db, storefrontId)]);
  const setting: Settings = row
    ? {
        name: row.name,
        logo: row.logo,
        cover: row.cover,
        news: row.news,
        whatsapp: row.whatsapp,
        facebook: row.facebook,
        telegram: row.telegram,
        instagram: row.instagram,
        online: row.online === 1,
        currency_mode: row.currency_mode,
        theme_color: row.theme_color,
      }
    : empty;
  return { setting, sliders: sliders.map((s) => ({ id: s.id, img: s.img, link: s.link })) };
}
