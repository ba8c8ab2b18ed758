import type { AuditEntry } from '@raseed/contract';
import { useState } from 'react';
import { Page } from '@/components/ui/page';
import { formatDate, formatMicros } from '@/lib/format';
import { type AuditFilter, useAudit } from '../api';
import { ot, otMaybe } from '@/lib/console/copy-ar';
import { ListFilters } from '@/components/console/list-filters';
import { ListState } from '@/components/ui/list-state';
import { Pager } from '@/components/ui/pager';
import { Card } from '@/components/ui/card';
import { StorefrontBadge } from '@/components/console/storefront-badge';

const entities = [
  'order',
  'charge',
  'product',
  'category',
  'department',
  'settings',
  'slider',
  'bank',
  'partner',
  'supplier',
  'user',
  'notification',
];

/**
 * "charge.approve" → "طلب شحن · قبول"; a whole action is looked up first ("codes.delete" on a
 * product is not deleting the product); an action this console does not know shows as recorded.
 */
function actionLabel(e: AuditEntry): string {
  const [, verb = ''] = e.action.split('.');
  const what = otMaybe(`entity.${e.entity}`) ?? e.entity;
  return `${what} · ${otMaybe(`action.${e.action}`) ?? otMaybe(`action.${verb}`) ?? e.action}`;
}

/** Field names as the console's forms call them; anything else shows as recorded. */
const keyLabels: Record<string, string> = {
  name: ot('field.name'),
  img: ot('field.image'),
  available: ot('field.available'),
  sort: ot('field.sort'),
  info: ot('field.info'),
  iban: ot('field.iban'),
  address: ot('field.address'),
  phone: ot('field.phone'),
  link: ot('field.link'),
  price: ot('field.price'),
  price_syr: ot('field.priceSyr'),
  price_tr: ot('field.priceTr'),
  is_discount: ot('field.isDiscount'),
  discount: ot('field.discount'),
  type: ot('field.type'),
  free: ot('field.free'),
  min: ot('field.min'),
  max: ot('field.max'),
  unit_price: ot('field.unitPrice'),
  unit_price_tr: ot('field.unitPriceTr'),
  player_resolver: ot('field.resolver'),
  logo: ot('settings.logo'),
  cover: ot('settings.cover'),
  news: ot('settings.news'),
  whatsapp: ot('settings.whatsapp'),
  facebook: ot('settings.facebook'),
  telegram: ot('settings.telegram'),
  instagram: ot('settings.instagram'),
  online: ot('settings.online'),
  currency_mode: ot('settings.currencyMode'),
  theme_color: ot('settings.themeColor'),
  holder: ot('field.holder'),
  keywords: ot('field.keywords'),
};
const labelOf = (key: string) => keyLabels[key] ?? otMaybe(`key.${key}`) ?? key;

/** Some records keep amounts as integer micros (the way they are stored); show them as money. */
const MONEY_KEYS = new Set(['amount', 'balance', 'price']);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
function show(entity: string, key: string, v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? ot('audit.yes') : ot('audit.no');
  if (typeof v === 'number' && MONEY_KEYS.has(key)) return formatMicros(v);
  // Statuses in Arabic as the screens name them (a top-up's `cancel` is a rejection), dates local.
  if (key === 'status' && typeof v === 'string') return otMaybe(`value.${entity}.${v}`) ?? otMaybe(`value.${v}`) ?? v;
  if (typeof v === 'string' && ISO_TIME.test(v)) return formatDate(v);
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function Values({ entity, label, value }: { entity: string; label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  const pairs = typeof value === 'object' ? Object.entries(value as Record<string, unknown>) : [['', value] as const];
  if (pairs.length === 0) return null;
  return (
    <div className="min-w-0">
      <p className="text-xs font-bold text-muted">{label}</p>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {pairs.map(([k, v]) => (
          <div key={k} className="flex min-w-0 gap-1.5">
            {k ? <dt className="text-muted">{labelOf(k)}:</dt> : null}
            <dd className="min-w-0 break-all text-fg" dir="auto">
              {show(entity, k, v)}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Every operator action: who, when, what and the values before and after. */
export default function AuditLog() {
  const [filter, setFilter] = useState<AuditFilter>({ entity: '', page: 1 });
  const audit = useAudit(filter);
  const statuses = [
    { value: '', label: ot('filter.all') },
    ...entities.map((e) => ({ value: e, label: otMaybe(`entity.${e}`) ?? e })),
  ];
  return (
    <Page title={ot('audit.title')}>
      <ListFilters
        status={filter.entity}
        statusLabel={ot('audit.entity')}
        statuses={statuses}
        onStatus={(entity) => setFilter({ entity, page: 1 })}
      />
      <ListState query={audit} isEmpty={(d) => d.entries.length === 0}>
        {(data) => (
          <ol className="flex flex-col gap-2">
            {data.entries.map((e) => (
              <Card as="li" padding="sm" key={e.id}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="flex flex-wrap items-baseline gap-2 font-bold text-fg">
                    <span>
                      {actionLabel(e)} {e.entity_id ? <span dir="ltr">#{e.entity_id}</span> : null}
                    </span>
                    {e.storefront_id !== null ? <StorefrontBadge id={e.storefront_id} /> : null}
                  </p>
                  <p className="text-sm text-muted">
                    {ot('audit.by', { name: e.actor.name })} · {formatDate(e.created_at)}
                  </p>
                </div>
                <div className="mt-2 grid gap-3 sm:grid-cols-2">
                  <Values entity={e.entity} label={ot('audit.before')} value={e.before} />
                  <Values entity={e.entity} label={ot('audit.after')} value={e.after} />
                </div>
              </Card>
            ))}
          </ol>
        )}
      </ListState>
      <Pager page={filter.page} paginate={audit.data?.paginate} onPage={(page) => setFilter({ ...filter, page })} />
    </Page>
  );
}
