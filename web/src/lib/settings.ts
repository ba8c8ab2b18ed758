import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from '@/lib/query-keys';

export async function getSettings() {
  const reply = await api.get('/setting', (c) => c.settingReply);
  return reply.data;
}

/** Store settings change rarely (an operator edits them); one load per visit is enough. */
export const settingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.all, queryFn: getSettings, staleTime: 5 * 60_000 });

/** `data.setting` (name, logo, news, social links, online, currency_mode) and `data.sliders`. */
export function useSettings() {
  return useQuery(settingsQueryOptions());
}
