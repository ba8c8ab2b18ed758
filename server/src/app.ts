import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { isSessionLive, loadAuth, loadOperatorAuth } from './modules/accounts';
import type { Config } from './config';
import type { Sealer } from './kernel/sealing';
import { createMailer, type Mailer } from './kernel/mailer';
import type { DB, Engine } from './db/database';
import { absoluteUrlsOn } from './kernel/absolute-urls';
import { registerCors } from './kernel/cors';
import { acceptEmptyJson } from './kernel/empty-json';
import { frameworkErrors, installErrorHandler } from './kernel/error-handler';
import { type AppCaches, createAppCaches } from './app-caches';
import { msg } from './kernel/messages-ar';
import { errorBody } from './kernel/error-codes';
import { rejectNulCharacters } from './kernel/reject-nul';
import { loggerOptions, QuietRequestLog } from './kernel/log-redaction';
import { guardUploads } from './upload-guard';
import { clientErrorHandler, refuseWhileClosing } from './kernel/transport-errors';
import { lazyRequestLogger } from './kernel/request-log';
import { registerSecurityHeaders } from './kernel/security-headers';
import type { Storage } from './kernel/storage';
import { mediaRoutes } from './modules/media';
import { registerOpenApi } from './openapi';
import { adminApiRoutes, publicApiRoutes } from './routes';
import { scheduleReceiptRetention } from './modules/topups';
import { registerWeb } from './web';
import { compressReplies } from './kernel/compression';
import { createForwardWorker, type ForwardWorker } from './modules/fulfilment';
import { SupplierPool } from './modules/fulfilment';
import { supplierHookRoutes } from './modules/fulfilment';
import { NumbersPool } from './modules/numbers';
import { createNumbersWorker, type NumbersWorker } from './modules/numbers';
import { EventBus, OpenStreams } from './modules/notifications';
import { handleEffects } from './kernel/unit-of-work';
import { carryOutEffects } from './app-effects';
import { createPushWorker, type PushWorker } from './modules/notifications';
import { loadVapidKeys, type VapidKeys } from './modules/notifications';
import { pwaRoutes } from './modules/settings';
import { resolveStorefronts } from './modules/storefronts';
import { PROVIDER_STOREFRONT } from './kernel/http/storefront';
import { type PrintPdf, renderPdf, StatementPrints } from './modules/wallet';
import { createWebhookWorker, type WebhookWorker } from './modules/webhooks';
import { createTestOrderWorker } from './modules/test-orders';
import { webhookHooks } from './app-webhooks';
import { createAppMetrics, metricsListener, metricsRoute, metricsWanted } from './app-metrics';
import { healthRoutes } from './app-health';
import { registerMultipartForms } from './kernel/multipart-forms';
import { actingFor } from './kernel/request-context';
import type { PoolStats } from './db/connect';
import type { Server } from 'node:http';

declare module 'fastify' {
  interface FastifyRequest {
    /** The store's database acting for this request (kernel/request-context.ts): what routes write through. */
    readonly db: DB;
  }
  interface FastifyInstance {
    db: DB;
    engine: Engine;
    config: Config;
    /** Seals secrets and MACs values with the app key (kernel/sealing.ts). */
    sealer: Sealer;
    storage: Storage;
    /** Sessions, settings and catalog replies kept in this instance's memory (lib/app-caches.ts). */
    caches: AppCaches;
    /** Adapters of the upstream suppliers, with their signed-in sessions. */
    suppliers: SupplierPool;
    /** Sends forwarded orders upstream and follows them (delivery/forward-worker.ts). */
    forwarder: ForwardWorker;
    /** The numbers provider's adapter for this instance. */
    numbersPool: NumbersPool;
    /** Rents numbers and polls for their SMS codes (numbers/worker.ts). */
    numbersWorker: NumbersWorker;
    /** Tells open event streams on every instance that a user's data changed (events/bus.ts). */
    events: EventBus;
    /** This instance's open event streams, per customer and session (events/open-streams.ts). */
    streams: OpenStreams;
    /** Sends queued web pushes (push/worker.ts). */
    pushWorker: PushWorker;
    /** Sends the resellers' webhook events (webhooks/worker.ts). */
    webhooks: WebhookWorker;
    vapid: VapidKeys;
    /** Statement PDFs waiting and printing on this instance, customers taking turns (wallet/statement-prints.ts). */
    statementPrints: StatementPrints;
    /** Sends mail through SMTP_URL (kernel/mailer.ts); `enabled` is false without it. */
    mailer: Mailer;
    /** The METRICS_PORT listener once the app is ready; null without METRICS_PORT. */
    metricsServer: Server | null;
  }
}

export const PUBLIC_PREFIX = '/public/api/v1';
export const ADMIN_PREFIX = '/admin/api/v1';

/** `logger: false` silences the app (tests); `logStream` sends its JSON lines elsewhere. */
export type AppDeps = {
  config: Config;
  db: DB;
  engine: Engine;
  storage: Storage;
  logger?: boolean;
  logStream?: NodeJS.WritableStream;
  /** `debug`: request lines below the default level (the demo in a terminal, server.ts). */
  requestLogLevel?: 'info' | 'debug';
  /** Prints statement PDFs; Chromium (`renderPdf`) unless a test hands in a stand-in. */
  printPdf?: PrintPdf;
  /** PostgreSQL's pool, for the metrics (db/connect.ts). */
  pool?: PoolStats | undefined;
};

/**
 * What both APIs share: callers on the allowed origins, whole image links, the caller's session.
 * The public API allows every active storefront's origins; the operator API only storefront 1's
 * (CORS_ORIGINS, PUBLIC_URL): operators belong to no storefront, and an agent's site is no console.
 */
async function apiBasics(api: FastifyInstance, config: Config, scope: 'public' | 'admin'): Promise<void> {
  const consoleOrigins = new Set(config.corsOrigins);
  await registerCors(api, (origin) =>
    scope === 'public' ? api.caches.storefronts.allowsOrigin(origin) : consoleOrigins.has(origin),
  );
  absoluteUrlsOn(api, config.publicUrl);
  // After absoluteUrlsOn: it compresses the final bytes.
  compressReplies(api);
  api.addHook('onRequest', scope === 'public' ? loadAuth : loadOperatorAuth);
  api.addHook('onRequest', guardUploads);
}

/** Storefront 1's addresses from the configuration: CORS_ORIGINS, PUBLIC_URL's origin and host. */
function providerAddresses(config: Config): { origins: string[]; hosts: string[] } {
  return {
    origins: config.corsOrigins,
    hosts: config.publicUrl ? [new URL(config.publicUrl).hostname.toLowerCase()] : [],
  };
}

/** Builds the whole app; server.ts only starts it and tests `inject` into it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(deps.config.logLevel, deps.logStream),
    ...(deps.requestLogLevel === 'debug' ? { logController: new QuietRequestLog() } : {}),
    // Without a logger Fastify gives every request the null logger itself; with one, a child made lazily.
    ...(deps.logger === false ? {} : { childLoggerFactory: lazyRequestLogger }),
    bodyLimit: 1024 * 1024,
    trustProxy: deps.config.trustProxy,
    // Slow clients (one byte at a time) are cut off instead of holding a connection forever.
    requestTimeout: deps.config.timeouts.requestMs,
    keepAliveTimeout: deps.config.timeouts.keepAliveMs,
    // Node checks these deadlines every connectionsCheckingInterval (30 s by default).
    http: {
      headersTimeout: deps.config.timeouts.headersMs,
      requestTimeout: deps.config.timeouts.requestMs,
      connectionsCheckingInterval: 1000,
    },
    // Our own 503 while draining (lib/transport-errors.ts), in the one error shape.
    return503OnClosing: false,
    // A path parameter is measured as sent, percent-encoded: an Idempotency-Key of 100 characters
    // (up to 12 bytes each once encoded) must reach GET /orders/by-key/{key}, not a 414.
    routerOptions: { maxParamLength: 1200 },
    // Unique across instances and restarts (Fastify counts from req-1 in each process): one id
    // finds a request's lines, and its jobs', in logs gathered from several instances.
    genReqId: () => randomUUID(),
    frameworkErrors,
    clientErrorHandler,
    // zod validates requests and serializes replies. Given here, Fastify never loads its default
    // compilers (ajv, fast-json-stringify: 1.2 MB of heap no route uses), as it does when they are
    // only replaced after the app is made (setValidatorCompiler). The option is typed for ajv's compilers.
    schemaController: {
      compilersFactory: {
        buildValidator: () => validatorCompiler as never,
        buildSerializer: () => serializerCompiler as never,
      },
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate('db', deps.db);
  app.decorate('engine', deps.engine);
  app.decorate('config', deps.config);
  app.decorate('sealer', deps.config.sealer);
  app.decorate('storage', deps.storage);
  app.decorate('mailer', createMailer(deps.config.smtp));
  app.decorate('metricsServer', null);
  app.decorate('caches', createAppCaches(providerAddresses(deps.config)));
  app.decorate(
    'statementPrints',
    new StatementPrints(deps.printPdf ?? ((html) => renderPdf(html, deps.config.chromiumPath))),
  );
  const workers = () => ({ forwarder, numbers: numbersWorker, push: pushWorker, webhooks });
  const metrics = metricsWanted(deps.config)
    ? await createAppMetrics({ db: deps.db, pool: deps.pool, caches: app.caches, workers, log: app.log })
    : undefined;
  // Before every route is registered: the hook times them all.
  metrics?.timeRequests(app);
  // A route's database acts for its request: the jobs its writes queue log the request's id.
  app.decorateRequest('db', {
    getter(this: FastifyRequest) {
      return actingFor(app.db, this.id);
    },
  });
  app.decorateRequest('storefrontId', PROVIDER_STOREFRONT);
  app.decorateRequest('storefrontFilter', null);
  // Before the API scopes are registered, so their hooks (CORS first) see the request's storefront.
  resolveStorefronts(app, deps.config.storefrontStrict);
  app.decorateRequest('auth', null);
  app.decorateRequest('authEnded', null);
  const suppliers = new SupplierPool(app.sealer, deps.config.outbound);
  const { worker: autoRun, ...forwardSettings } = deps.config.delivery;
  const forwarder = createForwardWorker(
    {
      db: deps.db,
      sealer: app.sealer,
      suppliers,
      settings: forwardSettings,
      log: app.log,
      publicUrl: deps.config.publicUrl,
    },
    autoRun,
  );
  app.decorate('suppliers', suppliers);
  app.decorate('forwarder', forwarder);
  const { worker: numbersAutoRun, timeoutMs: numbersTimeoutMs, ...numbersSettings } = deps.config.numbers;
  const numbersPool = new NumbersPool(app.sealer, numbersTimeoutMs, deps.config.outbound);
  const numbersWorker = createNumbersWorker(
    { db: deps.db, pool: numbersPool, settings: numbersSettings, log: app.log },
    numbersAutoRun,
  );
  app.decorate('numbersPool', numbersPool);
  app.decorate('numbersWorker', numbersWorker);
  const { worker: pushAutoRun, vapidPublicKey, vapidPrivateKey, vapidSubject, ...pushSettings } = deps.config.push;
  const vapid = loadVapidKeys({
    publicKey: vapidPublicKey,
    privateKey: vapidPrivateKey,
    subject: vapidSubject,
    dataDir: deps.config.dataDir,
  });
  const pushWorker = createPushWorker(
    {
      db: deps.db,
      vapid,
      settings: pushSettings,
      log: app.log,
      outbound: deps.config.outbound,
      ...(metrics ? { countOutcome: metrics.countPush } : {}),
    },
    pushAutoRun,
  );
  const { worker: webhooksAutoRun, ...webhookSettings } = deps.config.webhooks;
  const webhooks = createWebhookWorker(
    {
      db: deps.db,
      sealer: app.sealer,
      outbound: deps.config.outbound,
      settings: webhookSettings,
      hooks: webhookHooks(app.sealer),
      log: app.log,
      ...(metrics ? { countOutcome: metrics.countWebhook } : {}),
    },
    webhooksAutoRun,
  );
  app.decorate('webhooks', webhooks);
  const testOrders = createTestOrderWorker({ db: deps.db, pollMs: deps.config.testMode.pollMs, log: app.log });
  const events = new EventBus({
    db: deps.db,
    engine: deps.engine,
    databaseUrl: deps.config.databaseUrl,
    redisUrl: deps.config.redisUrl,
    dataDir: deps.config.dataDir,
    log: app.log,
  });
  app.decorate('vapid', vapid);
  app.decorate('pushWorker', pushWorker);
  app.decorate('events', events);
  app.decorate(
    'streams',
    new OpenStreams(
      (sessionId) => isSessionLive(deps.db, sessionId),
      (err) => app.log.warn({ err }, 'event stream: session check failed'),
    ),
  );
  // The one way out for what follows a commit, from a request or a background worker alike.
  handleEffects(deps.db, carryOutEffects(app));
  app.addHook('onReady', async () => {
    forwarder.start();
    numbersWorker.start();
    pushWorker.start();
    webhooks.start();
    testOrders.start();
    await events.start();
    const { port, host } = deps.config.metrics;
    if (metrics && port !== undefined) {
      const server = metricsListener(metrics, app.log);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      app.metricsServer = server;
    }
  });
  // Before the database closes: an attempt in flight finishes (or its lease lets another take it).
  app.addHook('onClose', async () => {
    await forwarder.stop();
    await numbersWorker.stop();
    await pushWorker.stop();
    await webhooks.stop();
    await testOrders.stop();
    await events.stop();
    await app.mailer.close();
    const server = app.metricsServer;
    if (server) await new Promise((resolve) => server.close(resolve));
  });
  scheduleReceiptRetention(app);
  installErrorHandler(app);
  refuseWhileClosing(app);
  acceptEmptyJson(app);
  rejectNulCharacters(app);

  await registerSecurityHeaders(app, { google: Boolean(deps.config.googleClientId) });
  await app.register(formbody, { bodyLimit: 1024 * 1024 });
  // Forms may arrive as multipart (the spec's "form data"); fields become plain values and
  // files Buffers, so one zod schema validates JSON, urlencoded and multipart alike.
  await registerMultipartForms(app, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: deps.config.uploadMaxBytes, files: 1, fields: 30, fieldSize: 64 * 1024, parts: 32 },
  });
  await registerOpenApi(app);

  await app.register(
    async (api) => {
      await apiBasics(api, deps.config, 'public');
      await api.register(publicApiRoutes);
    },
    { prefix: PUBLIC_PREFIX },
  );
  await app.register(
    async (api) => {
      await apiBasics(api, deps.config, 'admin');
      await api.register(adminApiRoutes);
    },
    { prefix: ADMIN_PREFIX },
  );

  healthRoutes(app, workers);
  metricsRoute(app, deps.config, metrics);
  // Outside both APIs: no session or key, the body read as sent (its signature covers the bytes).
  await app.register(supplierHookRoutes, { prefix: '/hooks' });
  await app.register(mediaRoutes);
  await app.register(pwaRoutes);
  await registerWeb(app, deps.config.webDist);

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (
      url.startsWith('/public/') ||
      url.startsWith('/admin/api') ||
      url.startsWith('/media/') ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).send(errorBody('not_found', msg.routeNotFound));
    }
    return reply.sendIndex();
  });
  return app;
}
