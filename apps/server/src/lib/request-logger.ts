import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
/** Fastify's logger is pino, which can say whether a level is written. */
type PinoLike = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger that becomes a real child logger (the request id bound) only when a line
 * is written at an enabled level. Fastify builds a child logger for every request; that was
 * about 3 % of a signed-in read's CPU, and most requests write nothing at the configured level
 * (docs/decisions/120-lean-request-path.md). Lines that are written carry the request id as before.
 */
class LazyRequestLogger {
  private built: PinoLike | undefined;

  constructor(
    private readonly parent: PinoLike,
    private readonly bindings: Bindings,
  ) {}

  private real(): PinoLike {
    if (!this.built) this.built = this.parent.child(this.bindings) as PinoLike;
    return this.built;
  }

  private write(level: Level, args: unknown[]): void {
    // Asked every time: the parent's level may change while the process runs.
    if (!(this.built ?? this.parent).isLevelEnabled(level)) return;
    (this.real()[level] as (...parameters: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.built ?? this.parent).level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.built ?? this.parent).isLevelEnabled(level);
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: a lazy child, unless the route asks for a level or
 * serializers of its own, which only a real child carries (or logging is off: tests).
 */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  const isPino = typeof (logger as Partial<PinoLike>).isLevelEnabled === 'function';
  if (!isPino || options.level !== undefined || options.serializers !== undefined) {
    return logger.child(bindings, options);
  }
  return new LazyRequestLogger(logger as PinoLike, bindings) as unknown as FastifyBaseLogger;
}
