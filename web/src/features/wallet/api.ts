import { balancesReply } from '@raseed/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useUserReading } from '@/lib/session-store';
import { api } from '@/lib/api-client';
import { type WalletPage, walletKeys } from '@/lib/query-keys';

export async function getWalletPage(p: WalletPage) {
  return (await api.get('/balances', balancesReply, { query: { page: p.page, before: p.before } })).data;
}

export const walletQueryOptions = (p: WalletPage) =>
  queryOptions({
    queryKey: walletKeys.page(p),
    queryFn: () => getWalletPage(p),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/**
 * One page of the ledger with the summary figures. Money moves elsewhere (orders, top-ups), so it
 * is re-read on every visit, and the user it carries refreshes the balance in the top bar.
 */
export function useWallet(p: WalletPage) {
  const query = useQuery(walletQueryOptions(p));
  useUserReading(query.data?.user, query.dataUpdatedAt);
  return query;
}
