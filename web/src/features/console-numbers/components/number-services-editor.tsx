import type { AdminNumberService, NumberServiceInput } from '@raseed/contract';
import { type FormEvent, useState } from 'react';
import { Card } from '@/components/ui/card';
import { isApiError } from '@/lib/api-client';
import { formatCurrency } from '@/lib/format';
import { useAddService, useDeleteService, useToggleService } from '../api';
import { numbersAr as n } from '../copy-ar';
import { TextField } from '@/components/ui/text-field';
import { toastError } from '@/lib/error-toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

const fail = (e: unknown) => toastError(e);
const blank = { service: '', country: '', name: '', country_name: '', price: '', price_syr: '', price_tr: '' };
type Draft = typeof blank;

function ServiceRow({ s }: { s: AdminNumberService }) {
  const toggle = useToggleService();
  const remove = useDeleteService();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 border-b border-line py-3 last:border-b-0">
      <div className="min-w-0">
        <p className="font-bold text-fg">
          <bdi>{s.name}</bdi> — <bdi>{s.country_name}</bdi>{' '}
          <span className="text-xs text-muted" dir="ltr">
            {s.service}/{s.country}
          </span>
        </p>
        <p className="text-sm text-muted">
          {formatCurrency(s.price, 'USD')} · {n.cost}: <bdi dir="ltr">{s.cost ?? '—'}</bdi> · {n.available}:{' '}
          {s.available}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Badge tone={s.active ? 'accent' : 'muted'}>{s.active ? n.active : n.inactive}</Badge>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => toggle.mutate({ id: s.id, active: !s.active }, { onError: fail })}
        >
          {s.active ? n.disable : n.enable}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => remove.mutate(s.id, { onError: fail })}>
          {n.remove}
        </Button>
      </div>
    </li>
  );
}

/** The apps and countries on sale: add one, pause or remove it; cost and availability come from the sync. */
export function NumberServicesEditor({ services }: { services: AdminNumberService[] }) {
  const [draft, setDraft] = useState<Draft>(blank);
  const add = useAddService();
  const errors = isApiError(add.error) ? add.error.errors : undefined;
  const field = (k: keyof Draft, label: string, ltr = false) => (
    <TextField
      label={label}
      value={draft[k]}
      onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
      error={errors?.[k]?.[0]}
      ltr={ltr}
    />
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input: NumberServiceInput = { ...draft, price_syr: draft.price_syr || '0', price_tr: draft.price_tr || '0' };
    add.mutate(input, { onSuccess: () => setDraft(blank), onError: fail });
  };
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-lg font-bold text-fg">{n.services}</h2>
      {services.length ? (
        <ul>
          {services.map((s) => (
            <ServiceRow key={s.id} s={s} />
          ))}
        </ul>
      ) : null}
      <form onSubmit={submit} className="grid gap-3 border-t border-line pt-4 md:grid-cols-4">
        {field('name', n.appName)}
        {field('country_name', n.countryName)}
        {field('service', n.service, true)}
        {field('country', n.country, true)}
        {field('price', n.price, true)}
        {field('price_syr', n.priceSyr, true)}
        {field('price_tr', n.priceTr, true)}
        <div className="flex items-end">
          <Button type="submit" disabled={add.isPending}>
            {n.add}
          </Button>
        </div>
      </form>
    </Card>
  );
}
