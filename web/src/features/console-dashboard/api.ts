import { dashboardReply } from '@raseed/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi } from '@/lib/api-client';
import { operatorKeys } from '@/lib/console/query-keys';

/** A range of local days; `tz` is the browser's offset in minutes east of UTC. */
export type DayRange = { from: string; to: string; tz: number };

/** Re-read every minute: the ages of the oldest waiting requests keep growing. */
const DASHBOARD_REFRESH_MS = 60_000;

export function useDashboard(range: DayRange) {
  return useQuery({
    queryKey: operatorKeys.dashboard(range),
    queryFn: async () => (await adminApi.get('/dashboard', dashboardReply, { query: range })).data.dashboard,
    refetchInterval: DASHBOARD_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

export type ExportKind = 'orders' | 'topups' | 'ledger';

/** Downloads a CSV export through the authenticated client and hands it to the browser as a file. */
export async function downloadExport(kind: ExportKind, query: DayRange & { status?: string }) {
  const blob = await adminApi.file(`/exports/${kind}.csv`, { query });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${kind}-${query.from}_${query.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
