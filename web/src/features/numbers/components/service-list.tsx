import type { NumberService } from '@raseed/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Card } from '@/components/ui/card';
import { formatCurrency } from '@/lib/format';
import { useBuyNumber, useNumberServices } from '../api';
import { nt } from '../copy-ar';
import { Button } from '@/components/ui/button';

const newKey = () => crypto.randomUUID();

function ServiceCard({ service: s }: { service: NumberService }) {
  const buy = useBuyNumber();
  // One key per purchase attempt, kept after a failure so a retry can never buy twice.
  const [key, setKey] = useState(newKey);
  const soldOut = s.available <= 0;
  const onBuy = () =>
    buy.mutate(
      { serviceId: s.id, key },
      {
        onSuccess: () => {
          setKey(newKey());
          toast.success(nt('numbers.bought'));
        },
        onError: (error) => toast.error(error.message, { theme: 'dark' }),
      },
    );
  return (
    <li>
      <Card className="flex h-full flex-col gap-2">
        <h3 className="font-bold text-fg">
          <bdi>{s.name}</bdi>
        </h3>
        <p className="text-sm text-muted">
          <bdi>{s.country_name}</bdi>
        </p>
        <dl className="grid gap-0.5 text-sm">
          <div className="flex items-baseline justify-between gap-2">
            <dt className="text-muted">{nt('numbers.usd')}</dt>
            <dd className="font-bold text-accent">{formatCurrency(s.price, 'USD')}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-2">
            <dt className="text-muted">{nt('numbers.syp')}</dt>
            <dd className="text-fg">{formatCurrency(s.price_syr, 'SYP')}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-2">
            <dt className="text-muted">{nt('numbers.try')}</dt>
            <dd className="text-fg">{formatCurrency(s.price_tr, 'TRY')}</dd>
          </div>
        </dl>
        <p className={`text-xs ${soldOut ? 'text-danger' : 'text-muted'}`}>
          {soldOut ? nt('numbers.soldOut') : nt('numbers.available', { count: s.available })}
        </p>
        <Button
          onClick={onBuy}
          disabled={buy.isPending || soldOut}
          aria-label={`${nt('numbers.buy')} ${s.name} — ${s.country_name}`}
          variant={soldOut ? 'quiet' : 'primary'}
          className="mt-auto"
        >
          {buy.isPending ? nt('numbers.buying') : nt('numbers.buy')}
        </Button>
      </Card>
    </li>
  );
}

/** The apps and countries on sale, with their prices and how many numbers the provider has. */
export function ServiceList() {
  const services = useNumberServices();
  const list = services.data?.services;
  return (
    <section aria-labelledby="number-services" className="mb-8">
      <h2 id="number-services" className="mb-1 text-lg font-bold text-fg">
        {nt('numbers.services')}
      </h2>
      <p className="mb-4 text-sm text-muted">{nt('numbers.servicesHint')}</p>
      {list && list.length === 0 ? <p className="text-muted">{nt('numbers.noServices')}</p> : null}
      {list && list.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {list.map((s) => (
            <ServiceCard key={s.id} service={s} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
