import { dashboardReply, dashboardQuery, operatorStatsReply } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, success } from '../../kernel/http/route-kit';
import { staffStorefront } from '../../kernel/http/storefront';
import { buildDashboard } from './service';
import { operatorStats } from './stats';

/**
 * GET /admin/api/v1/dashboard: the console's first screen. Read-only, so no audit row. A
 * storefront's staff read it too, always for their own storefront (request.storefrontFilter).
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      config: { staff: true },
      schema: {
        tags: ['operator: dashboard'],
        summary:
          'Sales, orders, top products and categories, top-ups and new customers ' +
          'for a range of days (tz: minutes east of UTC), for one storefront or all, with the margins ' +
          'of each storefront',
        querystring: dashboardQuery,
        response: { 200: dashboardReply, ...errors },
      },
    },
    async (request) => ({
      status: success,
      data: { dashboard: await buildDashboard(request.db, request.query, request.storefrontFilter) },
    }),
  );
  app.get(
    '/stats',
    {
      // A storefront's staff get their storefront's counts (request.storefrontFilter is theirs).
      config: { staff: true },
      schema: {
        tags: ['operator: audit'],
        summary: 'What waits for an operator',
        response: { 200: operatorStatsReply, ...errors },
      },
    },
    async (request) => ({
      status: success,
      data: { stats: await operatorStats(request.db, staffStorefront(request.auth)) },
    }),
  );
};
