import type { Dashboard } from '@raseed/contract';
import { useId } from 'react';
import { Card } from '@/components/ui/card';
import { ot } from '@/lib/console/copy-ar';
import { formatCurrency, parseMoney } from '@/lib/format';
import { formatCount } from './format';
import { StatTile } from './stat-tile';

type MarginFigures = Dashboard['margins'];

/**
 * Whether the margins say anything: a provider's own single store sells at the provider's price,
 * so its margin row would only repeat the sales; one storefront's figures (picked, or the staff's)
 * and several storefronts' always do.
 */
export function marginsWorthShowing(d: Pick<Dashboard, 'storefront' | 'margins'>): boolean {
  return d.storefront !== null || d.margins.by_storefront.length > 1 || parseMoney(d.margins.total.margin) !== 0;
}

const cell = 'px-2 py-2 text-end whitespace-nowrap sm:px-3 md:px-4';
const head = 'px-2 py-2 font-bold sm:px-3 md:px-4';
// A phone has room for the three sums beside the name only: the count goes under the name there.
const wide = 'max-sm:hidden';

/** Every storefront's row and the total, for the provider looking at all of them. */
function MarginsTable({ margins, caption }: { margins: MarginFigures; caption: string }) {
  const name = (label: string, r: MarginFigures['total']) => (
    <th scope="row" className={`${head} text-start text-fg`}>
      <bdi>{label}</bdi>
      <span className="block text-xs font-normal text-muted sm:hidden">
        {ot('margins.countLine', { count: formatCount(r.count) })}
      </span>
    </th>
  );
  const figures = (r: MarginFigures['total']) => (
    <>
      <td className={`${cell} ${wide}`}>{formatCount(r.count)}</td>
      <td className={cell}>{formatCurrency(r.sales)}</td>
      <td className={cell}>{formatCurrency(r.provider_price)}</td>
      <td className={`${cell} font-bold text-fg`}>{formatCurrency(r.margin)}</td>
    </>
  );
  return (
    // Should a long name still not fit, the table scrolls sideways rather than breaking its sums.
    <div className="overflow-x-auto rounded-xl border border-line">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2 text-muted">
          <tr>
            <th scope="col" className={`${head} text-start`}>
              {ot('margins.storefront')}
            </th>
            <th scope="col" className={`${head} ${wide} text-end`}>
              {ot('margins.count')}
            </th>
            <th scope="col" className={`${head} text-end`}>
              {ot('margins.sales')}
            </th>
            <th scope="col" className={`${head} text-end`}>
              {ot('margins.providerPrice')}
            </th>
            <th scope="col" className={`${head} text-end`}>
              {ot('margins.margin')}
            </th>
          </tr>
        </thead>
        <tbody>
          {margins.by_storefront.map((r) => (
            <tr key={r.storefront_id} className="border-t border-line">
              {name(r.name, r)}
              {figures(r)}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-line bg-surface-2">
          <tr>
            {name(ot('margins.total'), margins.total)}
            {figures(margins.total)}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** What the storefronts sold (orders and numbers), what the provider is owed for it and what they kept. */
export function Margins({ d }: { d: Pick<Dashboard, 'storefront' | 'margins'> }) {
  const titleId = useId();
  if (!marginsWorthShowing(d)) return null;
  const t = d.margins.total;
  return (
    <Card as="section" aria-labelledby={titleId} className="flex flex-col gap-3">
      <div>
        <h2 id={titleId} className="font-bold text-fg">
          {ot('margins.title')}
        </h2>
        <p className="text-sm text-muted">{ot('margins.description')}</p>
      </div>
      {d.storefront === null ? (
        <MarginsTable margins={d.margins} caption={ot('margins.title')} />
      ) : (
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <StatTile label={ot('margins.sales')} value={formatCurrency(t.sales)} />
          <StatTile label={ot('margins.providerPrice')} value={formatCurrency(t.provider_price)} />
          <StatTile label={ot('margins.margin')} value={formatCurrency(t.margin)} />
          <StatTile label={ot('margins.count')} value={formatCount(t.count)} />
        </dl>
      )}
    </Card>
  );
}
