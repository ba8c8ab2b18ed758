import type { Settings, Slider } from '@raseed/contract';
import { settingReply } from '@raseed/contract';
import type { DB } from '../../db/database';
import type { FastifyBaseLogger } from 'fastify';
import type { Memo } from '../../kernel/memo';
import type { KeptCopies } from '../../kernel/kept-copies';
import { type CachedReply, toCachedReply } from '../../kernel/http-cache';
import { getSettingsRow, listSliders } from './repository';

/** A storefront's settings and home sliders: what its pages show first. */
export type StorefrontFace = { setting: Settings; sliders: Slider[] };

/** What reading a storefront's face needs: the database, this instance's caches and its log (the app has them). */
export type FaceReader = {
  db: DB;
  caches: {
    settings: Memo<number, CachedReply>;
    settingsKept: KeptCopies<number, StorefrontFace>;
    storefronts: { get(id: number): { name: string } | undefined };
  };
  log: FastifyBaseLogger;
};

/**
 * A storefront's settings and sliders, never an error: when the database read fails, the copy this
 * instance last read answers, and before any read the storefront's name from the storefront map
 * (held in memory) with an otherwise empty face, `online` off since nothing can be bought while
 * the database is away. The next read (the cached reply lives READ_CACHE_TTL_MS) tries again.
 */
export function storefrontFace(reader: FaceReader, storefrontId: number): Promise<StorefrontFace> {
  return reader.caches.settingsKept.read(
    storefrontId,
    () => getSettings(reader.db, storefrontId),
    (err, kept) => {
      reader.log.warn({ err, storefrontId }, 'settings: not read, the copy last read answers');
      return (
        kept ?? {
          setting: { ...empty, name: reader.caches.storefronts.get(storefrontId)?.name || empty.name },
          sliders: [],
        }
      );
    },
  );
}

/**
 * GET /setting's reply for one storefront, from the app's memory: every page load asks for the settings, operators
 * change them a few times a day (the admin API drops the entry after each write).
 */
export function settingsReply(reader: FaceReader, storefrontId: number): Promise<CachedReply> {
  return reader.caches.settings.get(storefrontId, async () =>
    toCachedReply(settingReply, { status: 'success', data: await storefrontFace(reader, storefrontId) }),
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

export async function getSettings(db: DB, storefrontId: number): Promise<StorefrontFace> {
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
