import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { errorReply } from '@raseed/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, userId } from '../../../kernel/http/guard';

/** Seconds between keep-alive comments, under the usual 60 s proxy idle timeout. */
const HEARTBEAT_MS = 20_000;

/**
 * `GET /events`: a server-sent events stream for the signed-in customer. The web app reads it with
 * `fetch` (so the bearer token goes in the Authorization header like every other call; no token in
 * a URL). Each `change` event means "your orders, balance or notices changed: read them again";
 * it carries no personal data. The stream ends when the instance shuts down; the client reconnects.
 */
export const eventStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  const open = new Set<ServerResponse>();
  const sockets = new Set<Socket>();
  app.addHook('preClose', async () => {
    // Ended and closed, so the server's close does not wait for a stream the client keeps open.
    for (const res of open) {
      res.end();
    }
    for (const socket of sockets) if (typeof socket.destroy === 'function') socket.destroy();
  });

  app.get(
    '/events',
    {
      preHandler: requireUser,
      schema: {
        tags: ['events'],
        summary:
          'Server-sent events (text/event-stream): `change` whenever the caller’s orders, balance or notices change',
        response: { 401: errorReply, 406: errorReply },
      },
    },
    (request, reply) => {
      const uid = userId(request);
      // Only a client that reads a stream gets one (the web app and EventSource send this);
      // anything else would hang waiting for a reply that never ends.
      if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
        reply.code(406).send({ status: 'error' as const, msg: 'هذا العنوان بث أحداث: أرسل Accept: text/event-stream' });
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
      const send = () => res.write('event: change\ndata: {}\n\n');
      const unsubscribe = app.events.subscribe(uid, send);
      const ping = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      const done = () => {
        clearInterval(ping);
        unsubscribe();
        open.delete(res);
      };
      request.raw.on('close', done);
      res.on('close', done);
    },
  );
};
