import { zodResolver } from '@hookform/resolvers/zod';
import { type Settings, settingsPatch } from '@raseed/contract';
import { type FieldValues, useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { useAdminSettings, useSaveSettings } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { TextArea } from '@/components/ui/text-area';
import { Checkbox } from '@/components/ui/checkbox';
import { TextField } from '@/components/ui/text-field';
import { Select } from '@/components/ui/select';
import { ImageField, imageValues, useImagePick } from '@/components/console/image-field';
import { ListState } from '@/components/ui/list-state';
import { showServerErrors } from '@/lib/error-toast';
import { PreviewAside, SaveButton } from '@/components/console/editor-parts';
import { Card } from '@/components/ui/card';

const modes = (['usd', 'syr', 'coins'] as const).map((m) => ({ value: m, label: ot(`settings.mode.${m}`) }));
const schema = settingsPatch.omit({ logo: true, cover: true, remove_logo: true, remove_cover: true }) as z.ZodObject;

function SettingsForm({ setting }: { setting: Settings }) {
  const save = useSaveSettings();
  const logo = useImagePick(setting.logo);
  const cover = useImagePick(setting.cover);
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues: {
      name: setting.name,
      news: setting.news ?? '',
      whatsapp: setting.whatsapp ?? '',
      facebook: setting.facebook ?? '',
      telegram: setting.telegram ?? '',
      instagram: setting.instagram ?? '',
      online: setting.online,
      currency_mode: setting.currency_mode,
      theme_color: setting.theme_color ?? '',
    },
  });
  const v = form.watch();
  const reg = (name: string) => ({
    ...form.register(name),
    error: form.formState.errors[name]?.message as string | undefined,
  });

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { ...values, ...imageValues(logo, 'logo', 'remove_logo'), ...imageValues(cover, 'cover', 'remove_cover') },
      {
        onSuccess: () => toast.success(ot('admin.saved')),
        onError: (e) => showServerErrors(e, form.setError),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Card className="grid min-w-0 grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label={ot('settings.name')} maxLength={120} {...reg('name')} />
        <Select label={ot('settings.currencyMode')} options={modes} {...reg('currency_mode')} />
        <div className="sm:col-span-2">
          <TextArea label={ot('settings.news')} maxLength={1000} {...reg('news')} />
        </div>
        <TextField label={ot('settings.whatsapp')} type="tel" ltr maxLength={40} {...reg('whatsapp')} />
        <TextField label={ot('settings.facebook')} type="url" ltr maxLength={500} {...reg('facebook')} />
        <TextField label={ot('settings.telegram')} type="url" ltr maxLength={500} {...reg('telegram')} />
        <TextField label={ot('settings.instagram')} type="url" ltr maxLength={500} {...reg('instagram')} />
        <TextField label={ot('settings.themeColor')} ltr maxLength={7} placeholder="#0b1020" {...reg('theme_color')} />
        <div className="sm:col-span-2">
          <Checkbox label={ot('settings.online')} {...reg('online')} />
        </div>
        <ImageField
          pick={logo}
          label={ot('settings.logo')}
          removeLabel={ot('settings.removeLogo')}
          hasCurrent={Boolean(setting.logo)}
        />
        <ImageField
          pick={cover}
          label={ot('settings.cover')}
          removeLabel={ot('settings.removeCover')}
          hasCurrent={Boolean(setting.cover)}
        />
        <SaveButton pending={save.isPending} />
      </Card>
      <PreviewAside sticky>
        <div className="overflow-hidden rounded-2xl border border-line bg-canvas">
          <div className="flex items-center gap-2 border-b border-line bg-surface px-3 py-2">
            {logo.url ? <img src={logo.url} alt="" className="size-8 rounded-lg object-cover" /> : null}
            <span className="font-bold text-fg">{String(v.name ?? '') || t('title.fallback')}</span>
          </div>
          <div className="aspect-[3/1] bg-gradient-to-br from-accent/40 to-surface-2">
            {cover.url ? <img src={cover.url} alt="" className="size-full object-cover" /> : null}
          </div>
          <p className="truncate bg-surface-2 px-3 py-1.5 text-sm text-fg">
            {String(v.news ?? '') || t('news.default')}
          </p>
        </div>
      </PreviewAside>
    </form>
  );
}

/** The settings object: name, pictures, news, contact links, online flag, balance icon. */
export default function StoreSettings() {
  const settings = useAdminSettings();
  return (
    <Page title={ot('settings.title')}>
      <ListState query={settings}>{(s) => <SettingsForm setting={s} />}</ListState>
    </Page>
  );
}
