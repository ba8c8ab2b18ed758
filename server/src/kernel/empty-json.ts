import type { FastifyInstance } from 'fastify';

/**
 * axios and the spec's client send `Content-Type: application/json` on a POST with no body
 * (cancel, logout, disabling two-factor); Fastify's parser answers that with a 400. An empty
 * body is read as `{}`; anything else goes to Fastify's own parser (prototype-poisoning checks).
 */
export function acceptEmptyJson(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    parse(request, text, done);
  });
}
