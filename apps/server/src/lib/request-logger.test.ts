import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { requestLoggerFactory } from './request-logger.ts';

function capturingLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: pino({ level }, stream) as unknown as FastifyBaseLogger, lines };
}

describe('requestLoggerFactory', () => {
  it('writes enabled lines with the request id, and builds no child for lines below the level', () => {
    const { logger, lines } = capturingLogger('warn');
    let children = 0;
    const child = logger.child.bind(logger);
    logger.child = (...args: Parameters<FastifyBaseLogger['child']>) => {
      children += 1;
      return child(...args);
    };
    const requestLog = requestLoggerFactory(logger, { reqId: 'request-1' }, {});
    requestLog.info({ detail: 1 }, 'not written');
    requestLog.debug('not written either');
    expect(children).toBe(0);
    requestLog.error({ code: 'X' }, 'request failed');
    requestLog.warn('slow');
    expect(children).toBe(1);
    expect(lines).toEqual([
      expect.objectContaining({ level: 50, reqId: 'request-1', code: 'X', msg: 'request failed' }),
      expect.objectContaining({ level: 40, reqId: 'request-1', msg: 'slow' }),
    ]);
    expect(requestLog.level).toBe('warn');
  });

  it('follows a level changed while running, and gives a real child when a route sets its own level', () => {
    const { logger, lines } = capturingLogger('warn');
    const requestLog = requestLoggerFactory(logger, { reqId: 'request-2' }, {});
    logger.level = 'info';
    requestLog.info('now written');
    expect(lines).toEqual([expect.objectContaining({ level: 30, reqId: 'request-2', msg: 'now written' })]);
    const routeLog = requestLoggerFactory(logger, { reqId: 'request-3' }, { level: 'debug' });
    routeLog.debug('route level');
    expect(lines.at(-1)).toMatchObject({ level: 20, reqId: 'request-3', msg: 'route level' });
  });
});
