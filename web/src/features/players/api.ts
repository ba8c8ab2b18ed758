import {
  emptyReply,
  playerReply,
  playersReply,
  type SavedPlayer,
  type SavePlayerRequest,
  type UpdatePlayerRequest,
} from '@raseed/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type SavedPlayerType = 'id' | 'account';

export const playerKeys = {
  all: ['players'] as const,
  list: (type?: SavedPlayerType) => [...playerKeys.all, type ?? 'all'] as const,
};

/** The customer's saved players, of one product type when given. */
export function usePlayers(type?: SavedPlayerType, enabled = true) {
  return useQuery({
    queryKey: playerKeys.list(type),
    queryFn: async () => (await api.get('/players', playersReply, { query: { type } })).data.players,
    enabled,
  });
}

export function useSavePlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SavePlayerRequest) => (await api.post('/players', input, playerReply)).data.player,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerKeys.all }),
  });
}

export function useUpdatePlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: UpdatePlayerRequest & { id: number }) =>
      (await api.patch(`/players/${id}`, body, playerReply)).data.player,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerKeys.all }),
  });
}

export function useDeletePlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => api.del(`/players/${id}`, emptyReply),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerKeys.all }),
  });
}

/** The saved player with this id (ids compare without surrounding spaces). */
export function findSaved(players: SavedPlayer[] | undefined, playerId: string): SavedPlayer | undefined {
  const id = playerId.trim();
  return players?.find((p) => p.player_id === id);
}
