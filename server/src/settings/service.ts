import type { Settings, Slider } from '@raseed/contract';
import { settingReply } from '@raseed/contract';
import type { DB } from '../db/database';
import { type CachedReply, toCachedReply } from '../lib/http-cache';
import { ttlMemo } from '../lib/memo';
import { getSettingsRow, listSliders } from './repository';

/** Every page load asks for the settings; operators change them a few times a day. */
const SETTINGS_TTL_MS = 5_000;
const replies = ttlMemo<DB, CachedReply>(SETTINGS_TTL_MS);

/** GET /setting's reply, from memory. */
export function settingsReply(db: DB): Promise<CachedReply> {
  return replies.get(db, async () => toCachedReply(settingReply, { status: 'success', data: await getSettings(db) }));
}

/** Call after committing a change to settings or sliders, so this instance serves it at once. */
export function invalidateSettings(): void {
  replies.invalidate();
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
};

export async function getSettings(db: DB): Promise<{ setting: Settings; sliders: Slider[] }> {
  const [row, sliders] = await Promise.all([getSettingsRow(db), listSliders(db)]);
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
      }
    : empty;
  return { setting, sliders: sliders.map((s) => ({ id: s.id, img: s.img, link: s.link })) };
}
