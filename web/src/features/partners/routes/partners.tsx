import { ListState } from '@/components/ui/list-state';
import { Page } from '@/components/ui/page';
import { t } from '@/lib/i18n';
import { usePartners } from '../api';
import { PartnerCard } from '../components/partner-card';

/**
 * /partners: agents with a chat link each (docs/product-rules.md#screens); a failed load is a dark toast
 * (docs/product-rules.md#errors).
 */
export default function PartnersRoute() {
  const partners = usePartners();

  return (
    <Page title={t('nav.partners')}>
      <ListState
        query={partners}
        toastId="partners-load"
        isEmpty={(list) => list.length === 0}
        empty={t('partners.empty')}
      >
        {(list) => (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {list.map((p) => (
              <li key={p.id}>
                <PartnerCard partner={p} />
              </li>
            ))}
          </ul>
        )}
      </ListState>
    </Page>
  );
}
