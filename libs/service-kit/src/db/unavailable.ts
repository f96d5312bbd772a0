import { ServiceUnavailableError } from '../errors.js';

/**
 * PostgreSQL out of reach: the server down, restarting or starting up, or the connection lost
 * under a query. Such a failure is not the request's fault and not a bug: it becomes a 503
 * `service_unavailable` (try again shortly), never a 500.
 */

/** SQLSTATEs of a server going away or not taking connections yet. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command (fast shutdown)
  '57P02', // crash_shutdown: another backend crashed, the server restarts
  '57P03', // cannot_connect_now: the database system is starting up / shutting down / in recovery
  '53300', // too_many_connections
]);

/** Node socket errors of a connection that cannot be made or was cut. */
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/** node-postgres's own messages for a connection lost, never made, or unusable after an error. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function isUnavailable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_ERRNOS.has(code))) return true;
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m));
}

/**
 * The 503 to answer when `err` (or an error it wraps: Drizzle wraps the driver's as `cause`, Node
 * joins connection attempts in an AggregateError) says the database is out of reach; else null.
 */
export function databaseUnavailable(err: unknown): ServiceUnavailableError | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [err];
  while (queue.length) {
    const e = queue.shift();
    if (typeof e !== 'object' || e === null || seen.has(e)) continue;
    seen.add(e);
    if (isUnavailable(e)) return new ServiceUnavailableError('The database is unavailable right now. Please try again shortly.');
    queue.push((e as { cause?: unknown }).cause);
    if (e instanceof AggregateError) queue.push(...(e.errors as unknown[]));
  }
  return null;
}
