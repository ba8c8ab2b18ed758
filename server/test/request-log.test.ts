import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/kernel/log-redaction';
import { lazyRequestLogger } from '../src/kernel/request-log';

// A request's logger is made only when it first writes: what reaches the log must be exactly
// what Fastify's own per-request child wrote, at every level the log is set to.

type Line = Record<string, unknown> & { msg: string; reqId?: string; level: number };

async function appLoggingAt(level: string) {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split('\n')) {
        const line: Line | null = text.trim() ? JSON.parse(text) : null;
        // Fastify's own request lines are another test's (request-logs.test.ts).
        if (line && !/^(incoming request|request completed)$/.test(line.msg)) lines.push(line);
      }
      done();
    },
  });
  const app = Fastify({
    logger: loggerOptions(level, stream),
    childLoggerFactory: lazyRequestLogger,
    genReqId: () => 'req-1',
  });
  app.get('/quiet', async (request) => {
    request.log.info('an info line');
    request.log.debug({ user: { token: 'secret-token' } }, 'a debug line');
    return { level: request.log.level };
  });
  app.get('/loud', async (request) => {
    request.log.warn({ user: { token: 'secret-token' } }, 'a warning');
    request.log.child({ step: 2 }).error('from a child');
    return { level: request.log.level };
  });
  await app.ready();
  return { app, lines };
}

describe('a request logger made on first write', () => {
  it('at warn, writes nothing for info and debug, and warnings carry the id with secrets cut', async () => {
    const { app, lines } = await appLoggingAt('warn');
    expect((await app.inject('/quiet')).json()).toEqual({ level: 'warn' });
    expect(lines).toEqual([]);
    await app.inject('/loud');
    expect(lines.map((l) => [l.msg, l.reqId, (l.user as { token?: string } | undefined)?.token, l.step])).toEqual([
      ['a warning', 'req-1', '[REDACTED]', undefined],
      ['from a child', 'req-1', undefined, 2],
    ]);
    await app.close();
  });

  it('at debug, writes every line with the id', async () => {
    const { app, lines } = await appLoggingAt('debug');
    await app.inject('/quiet');
    expect(lines.map((l) => [l.msg, l.reqId, (l.user as { token?: string } | undefined)?.token])).toEqual([
      ['an info line', 'req-1', undefined],
      ['a debug line', 'req-1', '[REDACTED]'],
    ]);
    await app.close();
  });
});
