import { type FastifyMultipartAttachFieldsToBodyOptions, fastifyMultipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

type AsyncHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * When each of @fastify/multipart's two hooks has work: reading the parts into the body when the
 * request is multipart, removing temporary files when a request saved some.
 */
const hasWork: Partial<Record<string, (request: FastifyRequest) => boolean>> = {
  preValidation: (request) => request.isMultipart(),
  onResponse: (request) => Boolean(request.tmpUploads?.length),
};

/**
 * @fastify/multipart as the app uses it (fields as plain values, files as Buffers), with its two
 * async hooks answering at once when they have nothing to do. The plugin adds them to every
 * request, GETs included; each call made three promises, on Node 20 each one through the
 * async-context hooks, and they were most of a cached catalog read's promises
 * (docs/performance.md#hooks-that-answer-at-once). Registered through a view of the app whose
 * `addHook` puts the guard before them; everything else the plugin adds goes on the app as it is.
 */
export async function registerMultipartForms(
  app: FastifyInstance,
  options: FastifyMultipartAttachFieldsToBodyOptions,
): Promise<void> {
  const view = new Proxy(app, {
    get(target, key) {
      if (key !== 'addHook') return Reflect.get(target, key, target);
      return (name: string, hook: AsyncHook) => {
        const guard = hasWork[name];
        if (!guard) return target.addHook(name as 'onRequest', hook);
        return target.addHook(name as 'onRequest', (request, reply, done: HookHandlerDoneFunction) => {
          if (!guard(request)) return done();
          hook(request, reply).then(() => done(), done);
        });
      };
    },
  });
  await new Promise<void>((resolve, reject) =>
    fastifyMultipart(view, options, (err?: Error) => (err ? reject(err) : resolve())),
  );
}
