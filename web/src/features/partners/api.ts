import { partnersReply } from '@raseed/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const partnersKeys = {
  all: ['partners'] as const,
};

export async function getPartners() {
  const reply = await api.get('/partners', partnersReply);
  return reply.data.partners;
}

// Agents change rarely; one load per visit is enough.
export const partnersQueryOptions = () =>
  queryOptions({ queryKey: partnersKeys.all, queryFn: getPartners, staleTime: 5 * 60_000 });

export function usePartners() {
  return useQuery(partnersQueryOptions());
}
