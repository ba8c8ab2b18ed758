import { adminUserReply, idParam, staffInput, staffListReply } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../kernel/errors';
import { userId } from '../../kernel/http/guard';
import { errors, success } from '../../kernel/http/route-kit';
import { command } from '../../kernel/unit-of-work';
import { addStaff, listStaff, removeStaff } from './staff';
import { staffMsg } from './staff-messages-ar';

const tags = ['operator: storefronts'];
const removeStaffCommand = command(removeStaff);
const staffParams = idParam.extend({ userId: idParam.shape.id });

/**
 * A storefront's staff, managed by the provider's operators (never by staff: these routes are
 * not marked `config.staff`): list, add a new account, take one off.
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const known = (id: number) => {
    if (!app.caches.storefronts.get(id)) throw new AppError('not_found', staffMsg.storefrontNotFound);
    return id;
  };
  app.get(
    '/storefronts/:id/staff',
    {
      schema: {
        tags,
        summary: "A storefront's staff: the operator accounts bound to it",
        params: idParam,
        response: { 200: staffListReply, ...errors },
      },
    },
    async (request) => ({ status: success, data: { staff: await listStaff(request.db, known(request.params.id)) } }),
  );
  app.post(
    '/storefronts/:id/staff',
    {
      schema: {
        tags,
        summary: 'A new staff account for the storefront (two-factor required before it reaches the console)',
        params: idParam,
        body: staffInput,
        response: { 201: adminUserReply, ...errors },
      },
    },
    async (request, reply) => {
      const user = await addStaff(request.db, userId(request), known(request.params.id), request.body);
      return reply.code(201).send({ status: success, data: { user } });
    },
  );
  app.delete(
    '/storefronts/:id/staff/:userId',
    {
      schema: {
        tags,
        summary: "Take a staff account off: it becomes the storefront's customer, signed out everywhere",
        params: staffParams,
        response: { 200: adminUserReply, ...errors },
      },
    },
    async (request) => {
      const { id, userId: staffId } = request.params;
      const user = await removeStaffCommand(request.db, userId(request), known(id), staffId);
      return { status: success, data: { user } };
    },
  );
};
