import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSessionState } from '@/lib/session-store';
import { api } from '@/lib/api-client';

export const notificationsKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationsKeys.all, 'unread'] as const,
};

/** How often the bell asks for news while a page stays open. */
export const UNREAD_POLL_MS = 60_000;

export async function getNotifications() {
  const reply = await api.get('/notifications', (c) => c.notificationsReply);
  return reply.data.notifications;
}

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationsKeys.all, queryFn: getNotifications });

/** The customer's notices and the store-wide ones, newest first. */
export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

/** The bell's number: signed-in customers only, refreshed every minute and on return to the tab. */
export function useUnreadCount() {
  const { user } = useSessionState();
  return useQuery({
    queryKey: notificationsKeys.unread(),
    queryFn: async () => (await api.get('/notifications/unread', (c) => c.unreadNotificationsReply)).data.unread,
    enabled: user !== null,
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 15_000,
  });
}

/** Marks everything up to the newest notice on screen as read; the bell shows the new count at once. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (upTo: number) =>
      (await api.post('/notifications/read', { up_to: upTo }, (c) => c.unreadNotificationsReply)).data.unread,
    onSuccess: (unread) => queryClient.setQueryData(notificationsKeys.unread(), unread),
  });
}
