import type { Kysely } from 'kysely';
import type { Database } from './database.ts';
import { ping } from './dialect.ts';

/**
 * Errors that mean "the database cannot be reached right now" rather than "this request is
 * wrong": a refused, dropped or timed-out connection, a server shutting down or full, a
 * locked SQLite file. Requests that meet one answer 503 with the catalogue's message
 * (plugins/error-handler.plugin.ts) and the next request tries again: the pool reconnects.
 */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
// PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01–57P03 (shutdown, cannot
// connect now), 53300 (too many connections).
const postgresStates = /^(08...|57P0[123]|53300)$/;
const driverMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

export const databaseUnavailableMessage = 'The service is briefly unavailable. Please try again in a moment.';

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error)) return false;
  // A wrapped error (a library's own) names the driver's as its cause.
  if (depth < 3 && error.cause && isDatabaseUnavailable(error.cause, depth + 1)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (networkCodes.has(code) || postgresStates.test(code)) return true;
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return true;
  }
  return driverMessages.some((text) => error.message.startsWith(text));
}

/**
 * Whether the database answers a trivial query within `timeoutMs`: health's readiness check,
 * and how a failure that hides its cause (better-auth answers a bare 500) is told apart from
 * an outage.
 */
export async function isDatabaseReachable(db: Kysely<Database>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), timeoutMs);
  });
  try {
    await Promise.race([ping(db), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
