import { z } from 'zod';
import { successReply } from './envelope';

/** Which icon the mobile bottom bar shows for the balance: lira, coins or dollar. */
export const currencyMode = z.enum(['usd', 'syr', 'coins']);
export type CurrencyMode = z.infer<typeof currencyMode>;

export const settings = z
  .object({
    name: z.string(),
    logo: z.string().nullable(),
    cover: z.string().nullable(),
    news: z.string().nullable(),
    whatsapp: z.string().nullable(),
    facebook: z.string().nullable(),
    telegram: z.string().nullable(),
    instagram: z.string().nullable(),
    online: z.boolean(),
    currency_mode: currencyMode,
    /** The browser's bar and the installed app's colour (`#rrggbb`); null: the app's own. */
    theme_color: z.string().nullable(),
  })
  .meta({ id: 'Settings' });
export type Settings = z.infer<typeof settings>;

export const slider = z
  .object({ id: z.number().int(), img: z.string().nullable(), link: z.string().nullable() })
  .meta({ id: 'Slider' });
export type Slider = z.infer<typeof slider>;

export const settingReply = successReply(z.object({ setting: settings, sliders: z.array(slider) }));
export type SettingReply = z.infer<typeof settingReply>;
