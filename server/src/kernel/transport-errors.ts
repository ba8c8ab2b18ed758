import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { codeForStatus, errorBody } from './error-codes';

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a request line or headers over
 * the limit, a timeout, bytes that are not HTTP) is answered by Fastify's clientErrorHandler,
 * which by default writes English JSON of another shape. Ours writes the one error shape.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = Buffer.from(JSON.stringify(errorBody(codeForStatus(status))));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; ` +
        `charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body);
  }
  socket.destroy(err);
}

/**
 * While an instance drains on shutdown, a request that arrives on a kept-alive connection gets
 * a 503 in our shape. Fastify's own answer (return503OnClosing) is English and of another shape.
 */
export function refuseWhileClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    void reply.code(503).header('connection', 'close').send(errorBody('unavailable'));
  });
}
