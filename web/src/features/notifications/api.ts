import { notificationsReply } from '@raseed/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const notificationsKeys = {
  all: ['notifications'] as const,
};

export async function getNotifications() {
  const reply = await api.get('/notifications', notificationsReply);
  return reply.data.notifications;
}

export const notificationsQueryOptions = () => queryOptions({ queryKey: notificationsKeys.all, queryFn: getNotifications });

/** The customer's notices and the store-wide ones, newest first. */
export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
