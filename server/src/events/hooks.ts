import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ChangeScope, collectChanges, newScope } from './changes';

const scopes = new WeakMap<FastifyRequest, ChangeScope>();

/**
 * Every request runs inside its own change scope; once the reply has gone out with a status
 * below 400 (its transaction committed), the users it changed are published to the event bus
 * and the push worker is woken for the notices it queued.
 */
export function publishChangesAfterReply(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const scope = newScope();
    scopes.set(request, scope);
    collectChanges(scope, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    const scope = scopes.get(request);
    if (!scope || scope.users.size === 0 || reply.statusCode >= 400) return;
    app.pushWorker.wake();
    await app.events.publish([...scope.users]);
  });
}
