import { useEffect } from 'react';
import { toast } from 'react-toastify';
import { PageLoading } from '@/components/ui/page-loading';
import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { usePartners } from '../api';
import { PartnerCard } from '../components/partner-card';

/** /partners: agents with a chat link each (spec §2); a failed load is a dark toast (spec §8). */
export default function PartnersRoute() {
  const partners = usePartners();
  const { error } = partners;
  useEffect(() => {
    if (error) toast.error(error.message, { theme: 'dark', toastId: 'partners-load' });
  }, [error]);
  const list = partners.data ?? [];

  return (
    <Page title={t('nav.partners')}>
      {partners.isPending ? (
        <PageLoading />
      ) : list.length === 0 ? (
        <p className="rounded-2xl border border-line bg-surface p-6 text-center text-muted">{t('partners.empty')}</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((p) => (
            <li key={p.id}>
              <PartnerCard partner={p} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
