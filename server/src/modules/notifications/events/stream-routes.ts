import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errorReply } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../kernel/error-codes';
import { requireUser, sessionOf, userId } from '../../../kernel/http/guard';
import type { StreamEnd } from './open-streams';

/** Seconds between keep-alive comments, under the usual 60 s proxy idle timeout. */
const HEARTBEAT_MS = 20_000;

/**
 * `GET /events`: a server-sent events stream for the signed-in customer. The web app reads it with
 * `fetch` (so the bearer token goes in the Authorization header like every other call; no token in
 * a URL). Each `change` event means "your orders, balance or notices changed: read them again";
 * it carries no personal data. The stream ends when the instance shuts down (the client
 * reconnects), when its session ends, or when the customer opens more than MAX_STREAMS_PER_USER
 * (their oldest ends); the last two send `event: end` with the reason first.
 */
export const eventStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  app.addHook('preClose', async () => {
    // Ended and closed, so the server's close does not wait for a stream the client keeps open.
    app.streams.clear();
    for (const res of open) {
      res.end();
    }
    for (const socket of sockets) if (typeof socket.destroy === 'function') socket.destroy();
  });

  app.get(
    '/events',
    {
      // A stream follows a signed-in session's life; an API key has none (403).
      preHandler: [requireUser, async (request) => void sessionOf(request)],
      schema: {
        tags: ['events'],
        summary:
          'Server-sent events (text/event-stream): `change` whenever the caller’s orders, balance or notices change',
        response: { 401: errorReply, 403: errorReply, 406: errorReply },
      },
    },
    (request, reply) => {
      const uid = userId(request);
      // Only a client that reads a stream gets one (the web app and EventSource send this);
      // anything else would hang waiting for a reply that never ends.
      if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
        reply.code(406).send(errorBody('not_acceptable', 'هذا العنوان بث أحداث: أرسل Accept: text/event-stream'));
        return;
      }
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'close',
      });
      res.write('retry: 3000\n\nevent: ready\ndata: {}\n\n');
      open.add(res);
      const socket = request.raw.socket;
      if (typeof socket?.once === 'function') {
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
      }
      const owner = { userId: uid, sessionId: sessionOf(request) };
      let ended = false;
      const done = () => {
        if (ended) return;
        ended = true;
        clearInterval(ping);
        unsubscribe();
        unregister();
        open.delete(res);
      };
      // The server ends the stream: the client is told why, then the connection closes.
      const end = (why: StreamEnd) => {
        if (ended) return;
        done();
        res.end(`event: end\ndata: ${JSON.stringify({ reason: why })}\n\n`);
      };
      // Before each write, the session must still be signed in: a logout on another instance, or
      // an expiry, ends the stream at its next event or heartbeat at the latest.
      const write = async (text: string) => {
        if (ended) return;
        if (!(await app.streams.live(owner.sessionId))) return end('signed-out');
        if (!ended) res.write(text);
      };
      const unregister = app.streams.add(owner, end);
      const unsubscribe = app.events.subscribe(uid, () => void write('event: change\ndata: {}\n\n'));
      const ping = setInterval(() => void write(': ping\n\n'), HEARTBEAT_MS);
      request.raw.on('close', done);
      res.on('close', done);
    },
  );
};
