import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { t } from '@/lib/i18n';
import { useSettings } from '@/lib/settings';

const LOAD_ERROR_TOAST = 'settings-load-error';

function setFavicon(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  link.href = href;
}

/** Applies the store settings to the document: title, favicon, and the load-failure toast. */
export function SettingsHead() {
  const { data, isError } = useSettings();
  const name = data?.setting.name.trim();
  const logo = data?.setting.logo;

  useEffect(() => {
    document.title = name || t('title.fallback');
  }, [name]);

  useEffect(() => {
    if (logo) setFavicon(logo);
  }, [logo]);

  useEffect(() => {
    // A fixed id keeps a refetch failure from stacking a second identical toast.
    if (isError) toast.error(t('settings.loadError'), { toastId: LOAD_ERROR_TOAST });
  }, [isError]);

  return null;
}
