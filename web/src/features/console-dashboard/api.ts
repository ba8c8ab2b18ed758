import {
  dashboardReply,
  type StorefrontAccount,
  storefrontAccountReply,
  storefrontAccountsReply,
} from '@raseed/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '@/lib/api-client';
import { operatorKeys } from '@/lib/console/query-keys';
import { useStaffStorefront, useStorefrontFilter } from '@/lib/console/storefronts';

/** A range of local days; `tz` is the browser's offset in minutes east of UTC. */
export type DayRange = { from: string; to: string; tz: number };

/** Re-read every minute: the ages of the oldest waiting requests keep growing. */
const DASHBOARD_REFRESH_MS = 60_000;

/** The figures of the storefront the picker names, or of every storefront. */
export function useDashboard(range: DayRange) {
  const query = { ...range, ...useStorefrontFilter() };
  return useQuery({
    queryKey: operatorKeys.dashboard(query),
    queryFn: async () => (await adminApi.get('/dashboard', dashboardReply, { query })).data.dashboard,
    refetchInterval: DASHBOARD_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/**
 * A storefront's staff's own account with the provider (the route gives staff theirs alone), read
 * with the dashboard's minute so a refusal shows up while they watch; none for the provider's operators.
 */
export function useStaffAccount() {
  const staff = useStaffStorefront();
  return useQuery({
    queryKey: operatorKeys.storefrontAccounts(),
    queryFn: async () => (await adminApi.get('/storefront-accounts', storefrontAccountsReply)).data.accounts,
    select: (accounts) => accounts.find((a) => a.storefront_id === staff) ?? null,
    enabled: staff !== null,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
}

/**
 * The staff member has seen their storefront's refusals up to `refusedCount`, the account's
 * `refused_count` the banner showed (one refused meanwhile stays news). The reply is the account
 * as they now read it, so the banner goes at once; a colleague's is theirs.
 */
export function useMarkRefusalsSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ storefront, refusedCount }: { storefront: number; refusedCount: number }) =>
      adminApi.post(
        `/storefronts/${storefront}/account/refusals-seen`,
        { refused_count: refusedCount },
        storefrontAccountReply,
      ),
    onSuccess: (reply) => {
      const seen = reply.data.account;
      queryClient.setQueryData<StorefrontAccount[]>(operatorKeys.storefrontAccounts(), (accounts) =>
        accounts?.map((a) => (a.storefront_id === seen.storefront_id ? seen : a)),
      );
      return queryClient.invalidateQueries({ queryKey: operatorKeys.storefrontAccounts() });
    },
  });
}

export type ExportKind = 'orders' | 'numbers' | 'topups' | 'ledger';

/** Downloads a CSV export through the authenticated client and hands it to the browser as a file. */
export async function downloadExport(kind: ExportKind, query: DayRange & { status?: string; storefront?: number }) {
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
