import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArgs = Parameters<FastifyBaseLogger['info']>;
/** The root logger: pino, which says whether a level writes. */
type Root = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger, made the first time the request logs at a level that writes. Fastify makes
 * a pino child per request, whose bindings (the request's id) pass the redaction paths: 3–4% of
 * a cached catalog read's CPU, spent on every request though at `warn` most never log a line.
 * The child it makes is the one Fastify would have made: same bindings, same lines.
 */
class RequestLogger {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly root: Root,
    private readonly bindings: Record<string, unknown>,
  ) {}

  #child(): FastifyBaseLogger {
    this.#made ??= this.root.child(this.bindings);
    return this.#made;
  }

  #log(level: Level, args: LogArgs): void {
    if (this.#made || this.root.isLevelEnabled(level)) (this.#child()[level] as (...a: LogArgs) => void)(...args);
  }

  get level(): string {
    return this.#made?.level ?? this.root.level;
  }
  set level(level: string) {
    this.#child().level = level;
  }

  fatal(...args: LogArgs): void {
    this.#log('fatal', args);
  }
  error(...args: LogArgs): void {
    this.#log('error', args);
  }
  warn(...args: LogArgs): void {
    this.#log('warn', args);
  }
  info(...args: LogArgs): void {
    this.#log('info', args);
  }
  debug(...args: LogArgs): void {
    this.#log('debug', args);
  }
  trace(...args: LogArgs): void {
    this.#log('trace', args);
  }
  silent(): void {}

  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.#child().child(...args);
  }
}

/**
 * Fastify's `childLoggerFactory`. A route with a level or serializers of its own gets its child at
 * once, as Fastify would make it.
 */
export const lazyRequestLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, opts) => {
  if (opts.level !== undefined || opts.serializers !== undefined) return logger.child(bindings, opts);
  return new RequestLogger(logger as Root, bindings) as unknown as FastifyBaseLogger;
};
