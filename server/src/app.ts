import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { loadAuth } from './auth/guard';
import type { Config } from './config';
import type { DB, Engine } from './db/database';
import { absoluteUrlsOn } from './lib/absolute-urls';
import { registerCors } from './lib/cors';
import { acceptEmptyJson } from './lib/empty-json';
import { frameworkErrors, installErrorHandler } from './lib/error-handler';
import { invalidateAllMemos } from './lib/memo';
import { msg } from './lib/messages-ar';
import { rejectNulCharacters } from './lib/reject-nul';
import { clientErrorHandler, refuseWhileClosing } from './lib/transport-errors';
import { registerSecurityHeaders } from './lib/security-headers';
import type { Storage } from './lib/storage';
import { mediaRoutes } from './media/routes';
import { registerOpenApi } from './openapi';
import { adminApiRoutes, publicApiRoutes } from './routes';
import { registerWeb } from './web';
import { createForwardWorker, type ForwardWorker } from './delivery/forward-worker';
import { SupplierPool } from './suppliers/registry';
import { NumbersPool } from './numbers/pool';
import { createNumbersWorker, type NumbersWorker } from './numbers/worker';

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    engine: Engine;
    config: Config;
    storage: Storage;
    /** Adapters of the upstream suppliers, with their signed-in sessions. */
    suppliers: SupplierPool;
    /** Sends forwarded orders upstream and follows them (delivery/forward-worker.ts). */
    forwarder: ForwardWorker;
    /** The numbers provider's adapter for this instance. */
    numbersPool: NumbersPool;
    /** Rents numbers and polls for their SMS codes (numbers/worker.ts). */
    numbersWorker: NumbersWorker;
  }
}

export const PUBLIC_PREFIX = '/public/api/v1';
export const ADMIN_PREFIX = '/admin/api/v1';

export type AppDeps = { config: Config; db: DB; engine: Engine; storage: Storage; logger?: boolean | object };

/** What both APIs share: callers on the listed origins, whole image links, the caller's session. */
async function apiBasics(api: FastifyInstance, config: Config): Promise<void> {
  await registerCors(api, config.corsOrigins);
  absoluteUrlsOn(api, config.publicUrl);
  api.addHook('onRequest', loadAuth);
}

/** Builds the whole app; server.ts only starts it and tests `inject` into it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy,
    // Our own 503 while draining (lib/transport-errors.ts), in the one error shape.
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', deps.db);
  app.decorate('engine', deps.engine);
  app.decorate('config', deps.config);
  app.decorate('storage', deps.storage);
  app.decorateRequest('auth', null);
  const suppliers = new SupplierPool(deps.config.appKey);
  const { worker: autoRun, ...forwardSettings } = deps.config.delivery;
  const forwarder = createForwardWorker({ db: deps.db, appKey: deps.config.appKey, suppliers, settings: forwardSettings, log: app.log }, autoRun);
  app.decorate('suppliers', suppliers);
  app.decorate('forwarder', forwarder);
  const { worker: numbersAutoRun, timeoutMs: numbersTimeoutMs, ...numbersSettings } = deps.config.numbers;
  const numbersPool = new NumbersPool(deps.config.appKey, numbersTimeoutMs);
  const numbersWorker = createNumbersWorker({ db: deps.db, pool: numbersPool, settings: numbersSettings, log: app.log }, numbersAutoRun);
  app.decorate('numbersPool', numbersPool);
  app.decorate('numbersWorker', numbersWorker);
  app.addHook('onReady', async () => {
    forwarder.start();
    numbersWorker.start();
  });
  // Before the database closes: an attempt in flight finishes (or its lease lets another take it).
  app.addHook('onClose', async () => {
    await forwarder.stop();
    await numbersWorker.stop();
  });
  installErrorHandler(app);
  refuseWhileClosing(app);
  acceptEmptyJson(app);
  rejectNulCharacters(app);

  await registerSecurityHeaders(app, { google: Boolean(deps.config.googleClientId) });
  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  // Forms may arrive as multipart (the spec's "form data"); fields become plain values and
  // files Buffers, so one zod schema validates JSON, urlencoded and multipart alike.
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: deps.config.uploadMaxBytes, files: 1, fields: 30, fieldSize: 64 * 1024, parts: 32 },
  });
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      await apiBasics(api, deps.config);
      await api.register(publicApiRoutes);
    },
    { prefix: PUBLIC_PREFIX },
  );
  await app.register(
    async (api) => {
      await apiBasics(api, deps.config);
      // onSend runs after the handler's transaction committed and before the operator sees the
      // answer, so their next read of the store already shows the edit.
      api.addHook('onSend', async (request, reply) => {
        if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) invalidateAllMemos();
      });
      await api.register(adminApiRoutes);
    },
    { prefix: ADMIN_PREFIX },
  );

  await app.register(mediaRoutes);
  await registerWeb(app, deps.config.webDist);

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (url.startsWith('/public/') || url.startsWith('/admin/api') || url.startsWith('/media/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ status: 'error', msg: msg.routeNotFound });
    }
    return reply.sendIndex();
  });
  return app;
}
