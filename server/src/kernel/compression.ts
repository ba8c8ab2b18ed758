import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Replies smaller than this go as they are: below about a kilobyte the headers and the
 * compressor's framing eat most of what it saves, and a phone spends longer inflating than it
 * saved on the wire.
 */
export const COMPRESS_MIN_BYTES = 1024;

type Encoding = 'br' | 'gzip';
const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });

/**
 * Brotli quality 4 costs about what gzip 6 costs and makes smaller JSON; a reply made for one
 * request cannot wait for quality 11. A reply sent again and again (the catalog's bytes) is
 * compressed once, harder.
 */
function compress(body: Buffer, encoding: Encoding, quality: number): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: quality > 4 ? 9 : 6 });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/** The same Buffer sent again gets the copy made the first time, per encoding. */
const kept = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

function compressedCopy(body: Buffer, encoding: Encoding): Buffer {
  let copies = kept.get(body);
  if (!copies) {
    copies = {};
    kept.set(body, copies);
  }
  copies[encoding] ??= compress(body, encoding, 9);
  return copies[encoding];
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const list = vary === undefined ? [] : String(vary).split(/\s*,\s*/);
  if (!list.some((v) => v.toLowerCase() === 'accept-encoding')) list.push('Accept-Encoding');
  reply.header('vary', list.filter(Boolean).join(', '));
}

const COMPRESSIBLE = /^(application\/json|text\/html)/;

/**
 * Compresses JSON and HTML replies for clients that ask (`Accept-Encoding`), after every other
 * hook has set the final bytes, so it must be added last. Buffers the app keeps and sends again
 * (cached catalog replies) are compressed once and remembered; strings each time, quickly.
 */
export function compressReplies(app: FastifyInstance): void {
  // Synchronous, with `done`: an async hook cost every reply a promise and a microtask.
  app.addHook('onSend', (request, reply, payload, done) => done(null, compressed(request, reply, payload)));
}

/** The bytes to send: `payload` compressed for this client, or as it is. */
function compressed(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
  if (reply.getHeader('content-encoding') || request.method === 'HEAD') return payload;
  const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (length < COMPRESS_MIN_BYTES) return payload;
  // A reply big enough to compress varies with the header whether or not this client asked.
  addVary(reply);
  const accept = request.headers['accept-encoding'];
  const encoding = accept ? negotiator.negotiate(accept) : null;
  if (!encoding) return payload;
  const body = Buffer.isBuffer(payload)
    ? compressedCopy(payload, encoding)
    : compress(Buffer.from(payload), encoding, 4);
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return body;
}
