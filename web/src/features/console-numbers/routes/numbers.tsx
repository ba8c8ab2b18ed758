import { numberStatus } from '@raseed/contract';
import { useState } from 'react';
import { Page } from '@/components/ui/page';
import { type NumberPurchaseFilter, useNumberProvider, useNumberPurchasesAdmin, useNumberServicesAdmin } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { ListFilters } from '@/components/console/list-filters';
import { NumberPurchaseCard } from '../components/number-purchase-card';
import { NumberServicesEditor } from '../components/number-services-editor';
import { NumbersProviderForm } from '../components/numbers-provider-form';
import { ListState } from '@/components/ui/list-state';
import { Pager } from '@/components/ui/pager';
import { numbersAr as n } from '../copy-ar';
import { useStaffStorefront } from '@/lib/console/storefronts';

const statuses = [
  { value: 'all', label: ot('filter.all') },
  ...numberStatus.options.map((value) => ({ value, label: ot(`numberStatus.${value}`) })),
];

/**
 * /admin/numbers: the provider, the services on sale, and every number purchase with its provider
 * state (of the storefront the picker names). A storefront's staff get their storefront's purchases
 * only: the provider and its services are the provider's.
 */
export default function NumbersConsole() {
  const staff = useStaffStorefront() !== null;
  const provider = useNumberProvider();
  const services = useNumberServicesAdmin();
  const [filter, setFilter] = useState<NumberPurchaseFilter>({ status: 'all', page: 1 });
  const purchases = useNumberPurchasesAdmin(filter);
  return (
    <Page title={n.title} description={n.description}>
      <div className="flex flex-col gap-6">
        {staff ? null : (
          <>
            <ListState query={provider}>{(p) => <NumbersProviderForm key={p?.id ?? 0} provider={p} />}</ListState>
            {provider.data ? (
              <ListState query={services}>{(list) => <NumberServicesEditor services={list} />}</ListState>
            ) : provider.data === null ? (
              <p className="text-muted">{n.needProvider}</p>
            ) : null}
          </>
        )}
        <section aria-labelledby="number-purchases" className="flex flex-col gap-4">
          <h2 id="number-purchases" className="text-lg font-bold text-fg">
            {n.purchases}
          </h2>
          <ListFilters
            status={filter.status}
            statuses={statuses}
            onStatus={(status) => setFilter({ status: status as NumberPurchaseFilter['status'], page: 1 })}
          />
          <ListState query={purchases} isEmpty={(d) => d.purchases.length === 0}>
            {(data) => (
              <div className="flex flex-col gap-4">
                {data.purchases.map((p) => (
                  <NumberPurchaseCard key={`${p.id}-${p.status}`} p={p} />
                ))}
              </div>
            )}
          </ListState>
          <Pager
            page={filter.page}
            paginate={purchases.data?.paginate}
            onPage={(page) => setFilter({ ...filter, page })}
          />
        </section>
      </div>
    </Page>
  );
}
