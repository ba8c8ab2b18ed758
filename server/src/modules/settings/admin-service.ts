import type { Settings } from '@raseed/contract';
import type { z } from 'zod';
import type { settingsPatch } from '@raseed/contract';
import type { DB } from '../../db/database';
import type { Storage } from '../../kernel/storage';
import { now } from '../../kernel/time';
import { after, work } from '../../kernel/unit-of-work';
import { getSettings } from './service';
import { audit } from '../audit';
import { dropImage, storeImage } from '../media';
import { saveSettingsRow, settingsImageInUse } from './admin-repository';

export type SettingsPatch = z.output<typeof settingsPatch>;

const TEXT_FIELDS = [
  'name',
  'news',
  'whatsapp',
  'facebook',
  'telegram',
  'instagram',
  'currency_mode',
  'theme_color',
] as const;

/**
 * Saves one storefront's settings object. A store started without the demo has no settings row
 * yet; the first save creates it from the defaults the storefront was already showing.
 */
export async function updateSettings(
  db: DB,
  storage: Storage,
  actorId: number,
  storefrontId: number,
  patch: SettingsPatch,
): Promise<Settings> {
  const logo = patch.logo?.byteLength ? await storeImage(storage, patch.logo, 'store', 'logo') : undefined;
  let cover: string | undefined;
  const replaced: Array<string | null> = [];
  try {
    cover = patch.cover?.byteLength ? await storeImage(storage, patch.cover, 'store', 'cover') : undefined;
    // The storefront's cached replies carry the settings: they are dropped after the commit.
    const setting = await work(db, async (trx) => {
      after(trx, { kind: 'reads-stale' });
      const before = (await getSettings(trx, storefrontId)).setting;
      const next: Settings = { ...before };
      for (const key of TEXT_FIELDS) {
        if (patch[key] !== undefined) (next as Record<string, unknown>)[key] = patch[key];
      }
      if (patch.online !== undefined) next.online = patch.online;
      if (logo) next.logo = logo;
      else if (patch.remove_logo) next.logo = null;
      if (cover) next.cover = cover;
      else if (patch.remove_cover) next.cover = null;
      const row = { ...next, online: next.online ? 1 : 0, updated_at: now() };
      await saveSettingsRow(trx, storefrontId, row);
      const changed = (Object.keys(next) as Array<keyof Settings>).filter((k) => next[k] !== before[k]);
      await audit(
        trx,
        actorId,
        'settings.update',
        'settings',
        storefrontId,
        Object.fromEntries(changed.map((k) => [k, before[k]])),
        Object.fromEntries(changed.map((k) => [k, next[k]])),
      );
      if (before.logo !== next.logo) replaced.push(before.logo);
      if (before.cover !== next.cover) replaced.push(before.cover);
      return next;
    });
    for (const url of replaced) if (url && !(await settingsImageInUse(db, url))) await dropImage(storage, url);
    return setting;
  } catch (err) {
    await dropImage(storage, logo);
    await dropImage(storage, cover);
    throw err;
  }
}

/**
 * A new storefront's settings: a copy of the provider's (storefront 1's, or the defaults it shows
 * when it has saved none) under the new storefront's own name, in the caller's transaction. The
 * images are shared paths, not copies: replacing one on either storefront stores a new file, and
 * the old file is dropped only when no settings row names it any more.
 */
export async function copyProviderSettings(trx: DB, storefrontId: number, name: string): Promise<void> {
  const { setting } = await getSettings(trx, 1);
  after(trx, { kind: 'reads-stale' });
  await saveSettingsRow(trx, storefrontId, {
    ...setting,
    name,
    online: setting.online ? 1 : 0,
    updated_at: now(),
  });
}
