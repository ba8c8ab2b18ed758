import { Page } from '@/components/ui/page';
import { isApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n';
import { Button } from '@/components/ui/button';

/**
 * Last line of defence for a screen that throws or a chunk that fails to download (often after a
 * deploy replaced the files): say so in Arabic and offer a reload instead of a blank page.
 */
export function RouteError({ error }: { error: unknown }) {
  const message = isApiError(error) ? error.msg : t('request.error');
  return (
    <Page title={t('error.title')} description={message}>
      <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
    </Page>
  );
}

/** Same, for errors above the layout (no top bar to pad for). */
export function RootRouteError({ error }: { error: unknown }) {
  return (
    <main className="px-4 py-10">
      <RouteError error={error} />
    </main>
  );
}
