import type { Dashboard as DashboardFigures } from '@raseed/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { formatCurrency } from '@/lib/format';
import { t } from '@/lib/i18n';
import { type DayRange, useDashboard } from '../api';
import { ot } from '@/lib/console/copy-ar';
import { BarList } from '../components/bar-list';
import { ColumnChart } from '../components/column-chart';
import { Donut } from '../components/donut';
import { ExportPanel } from '../components/export-panel';
import { LowStockList } from '@/components/console/low-stock-list';
import { formatAge, formatCount, shortDay } from '../components/format';
import { lastDays, type Preset, RangePicker } from '../components/range-picker';
import { Margins } from '../components/margins';
import { StaffAccount } from '../components/staff-account';
import { StatTile } from '../components/stat-tile';
import { ListState } from '@/components/ui/list-state';
import { adminPaths } from '@/lib/console/paths';
import { textLinkClass } from '@/components/ui/text-link';

/** An order or top-up waiting longer than this is shown in red. */
const LATE_SECONDS = 60 * 60;
const COLORS = {
  accent: 'var(--accent)',
  danger: 'var(--danger)',
  blue: '#60a5fa',
  amber: '#fbbf24',
  violet: '#a78bfa',
};
const statusColor = {
  success: COLORS.accent,
  pending: COLORS.blue,
  wait: COLORS.amber,
  request_cancel: COLORS.violet,
  cancel: COLORS.danger,
} as const;
const money = (n: number) => formatCurrency(n.toFixed(2));

function Waiting({ label, item, to }: { label: string; item: { id: number; seconds: number } | null; to: string }) {
  return (
    <StatTile
      label={label}
      value={item ? formatAge(item.seconds) : ot('dashboard.nothingWaiting')}
      alert={Boolean(item && item.seconds > LATE_SECONDS)}
      hint={
        item ? (
          <Link to={to} className={textLinkClass}>
            {ot('dashboard.openOrder', { id: item.id })}
          </Link>
        ) : undefined
      }
    />
  );
}

function Figures({ d }: { d: DashboardFigures }) {
  const days = d.sales_by_day.map((x) => shortDay(x.day));
  const every = days.length > 16 ? Math.ceil(days.length / 8) : 1;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3">
        <StatTile
          label={ot('dashboard.sales')}
          value={formatCurrency(d.sales.total)}
          hint={ot('dashboard.salesHint', { count: formatCount(d.sales.count) })}
        />
        <StatTile
          label={ot('dashboard.topupsApproved')}
          value={formatCurrency(d.topups.approved.total)}
          hint={ot('dashboard.requests', { count: formatCount(d.topups.approved.count) })}
        />
        <StatTile
          label={ot('dashboard.topupsRejected')}
          value={formatCount(d.topups.rejected.count)}
          hint={ot('dashboard.topupsPending', { count: formatCount(d.topups.pending.count) })}
        />
        <StatTile label={ot('dashboard.newCustomers')} value={formatCount(d.new_customers.count)} />
        <Waiting label={ot('dashboard.oldestOrder')} item={d.oldest_pending.order} to={adminPaths.orders} />
        <Waiting
          label={ot('dashboard.oldestTopup')}
          item={d.oldest_pending.topup}
          to={d.oldest_pending.topup ? adminPaths.topup(d.oldest_pending.topup.id) : adminPaths.topups}
        />
      </dl>
      <Margins d={d} />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ColumnChart
          title={ot('dashboard.salesByDay')}
          labels={days}
          labelEvery={every}
          format={money}
          series={[
            { name: ot('dashboard.sales'), color: COLORS.accent, values: d.sales_by_day.map((x) => Number(x.total)) },
          ]}
        />
        <ColumnChart
          title={ot('dashboard.salesByHour')}
          labels={d.sales_by_hour.map((x) => String(x.hour))}
          labelEvery={3}
          format={money}
          series={[
            { name: ot('dashboard.sales'), color: COLORS.blue, values: d.sales_by_hour.map((x) => Number(x.total)) },
          ]}
        />
        <Donut
          title={ot('dashboard.ordersByStatus')}
          total={ot('dashboard.ordersTotal')}
          format={formatCount}
          slices={d.orders_by_status.map((s) => ({
            key: s.status,
            label: t(`status.${s.status}`),
            value: s.count,
            color: statusColor[s.status],
          }))}
        />
        <ColumnChart
          title={ot('dashboard.topupsByDay')}
          labels={days}
          labelEvery={every}
          format={formatCount}
          series={[
            { name: ot('dashboard.approved'), color: COLORS.accent, values: d.topups_by_day.map((x) => x.approved) },
            { name: ot('dashboard.rejected'), color: COLORS.danger, values: d.topups_by_day.map((x) => x.rejected) },
          ]}
        />
        <BarList
          title={ot('dashboard.topProducts')}
          empty={ot('dashboard.noSales')}
          items={d.top_products.map((p) => ({
            key: p.id,
            label: p.name,
            value: Number(p.total),
            display: formatCurrency(p.total),
            detail: ot('dashboard.ordersCount', { count: formatCount(p.count) }),
          }))}
        />
        <BarList
          title={ot('dashboard.topCategories')}
          empty={ot('dashboard.noSales')}
          items={d.top_categories.map((c) => ({
            key: c.id ?? 'none',
            label: c.name || ot('dashboard.noCategory'),
            value: Number(c.total),
            display: formatCurrency(c.total),
            detail: ot('dashboard.ordersCount', { count: formatCount(c.count) }),
          }))}
        />
        <ColumnChart
          title={ot('dashboard.customersByDay')}
          labels={days}
          labelEvery={every}
          format={formatCount}
          series={[
            {
              name: ot('dashboard.customers'),
              color: COLORS.violet,
              values: d.new_customers.by_day.map((x) => x.count),
            },
          ]}
        />
      </div>
    </div>
  );
}

/** The console's first screen: how the store is doing over a range of days, and what waits too long. */
export default function Dashboard() {
  const [preset, setPreset] = useState<Preset>('week');
  const [range, setRange] = useState<DayRange>(() => lastDays(7));
  const dashboard = useDashboard(range);
  return (
    <Page title={ot('dashboard.title')}>
      <StaffAccount />
      <LowStockList />
      <RangePicker
        preset={preset}
        range={range}
        onChange={(p, r) => {
          setPreset(p);
          setRange(r);
        }}
      />
      <ListState query={dashboard}>{(d) => <Figures d={d} />}</ListState>
      <div className="mt-4">
        <ExportPanel range={range} />
      </div>
    </Page>
  );
}
