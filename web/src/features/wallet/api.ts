import { balancesReply } from '@raseed/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionStore } from '@/lib/session-store';
import { api } from '@/lib/api-client';
import { type BalancesPage, balanceKeys } from '@/lib/query-keys';

export async function getBalances(p: BalancesPage) {
  return (await api.get('/balances', balancesReply, { query: { page: p.page, before: p.before } })).data;
}

export const balancesQueryOptions = (p: BalancesPage) =>
  queryOptions({
    queryKey: balanceKeys.page(p),
    queryFn: () => getBalances(p),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/**
 * One page of the ledger with the summary figures. Money moves elsewhere (orders, top-ups), so it
 * is re-read on every visit, and the user it carries refreshes the balance in the top bar.
 */
export function useBalances(p: BalancesPage) {
  const query = useQuery(balancesQueryOptions(p));
  const user = query.data?.user;
  useEffect(() => {
    if (user) sessionStore.setUser(user);
  }, [user]);
  return query;
}
