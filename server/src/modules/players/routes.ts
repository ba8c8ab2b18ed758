import {
  emptyReply,
  errorReply,
  idParam,
  playerReply,
  playersQuery,
  playersReply,
  savePlayerRequest,
  type SavedPlayer,
  updatePlayerRequest,
} from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, userId } from '../../kernel/http/guard';
import { deletePlayer, listPlayers, updatePlayer } from './repository';
import { savePlayer } from './service';
import { AppError } from '../../kernel/errors';

const notFound = 'اللاعب المحفوظ غير موجود';

const dto = (r: {
  id: number;
  type: string;
  player_id: string;
  label: string;
  player_name: string | null;
  updated_at: string;
}): SavedPlayer => ({
  ...r,
  type: r.type as SavedPlayer['type'],
});

/** Saved players (player ids / account logins with a label), per customer, stored server-side. */
export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/players',
    {
      preHandler: requireUser,
      schema: {
        tags: ['players'],
        summary: "The caller's saved players, newest first; `type` keeps one product type",
        querystring: playersQuery,
        response: { 200: playersReply, 401: errorReply },
      },
    },
    async (request) => ({
      status: 'success' as const,
      data: { players: (await listPlayers(request.db, userId(request), request.query.type)).map(dto) },
    }),
  );

  app.post(
    '/players',
    {
      preHandler: requireUser,
      schema: {
        tags: ['players'],
        summary: 'Saves a player id (or account login) with a label; the same id again updates it',
        body: savePlayerRequest,
        response: { 200: playerReply, 401: errorReply, 422: errorReply },
      },
    },
    async (request) => {
      const uid = userId(request);
      const player = await savePlayer(request.db, uid, request.body);
      return { status: 'success' as const, msg: 'تم حفظ اللاعب', data: { player: dto(player) } };
    },
  );

  app.patch(
    '/players/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['players'],
        summary: 'Renames a saved player, or records the name check-player answered',
        params: idParam,
        body: updatePlayerRequest,
        response: { 200: playerReply, 401: errorReply, 404: errorReply, 422: errorReply },
      },
    },
    async (request) => {
      const row = await updatePlayer(request.db, userId(request), request.params.id, request.body);
      if (!row) throw new AppError('not_found', notFound);
      return { status: 'success' as const, data: { player: dto(row) } };
    },
  );

  app.delete(
    '/players/:id',
    {
      preHandler: requireUser,
      schema: {
        tags: ['players'],
        summary: 'Forgets a saved player',
        params: idParam,
        response: { 200: emptyReply, 401: errorReply, 404: errorReply },
      },
    },
    async (request) => {
      if (!(await deletePlayer(request.db, userId(request), request.params.id)))
        throw new AppError('not_found', notFound);
      return { status: 'success' as const, msg: 'تم حذف اللاعب' };
    },
  );
};
