import { upstreamList, type UpstreamUrls } from '../config.js';

/**
 * A service's replicas as the proxy uses them: each request starts at the next one (round-robin)
 * and, when that one cannot be connected to, tries the others in turn.
 */
export interface UpstreamPool {
  readonly urls: readonly string[];
  /** The order in which one request tries the replicas: the next in turn first, then the others. */
  order(): readonly string[];
}

export function createUpstreamPool(urls: UpstreamUrls): UpstreamPool {
  const list = upstreamList(urls);
  if (list.length === 0) throw new Error('an upstream needs at least one URL');
  let turn = 0;
  return {
    urls: list,
    order() {
      if (list.length === 1) return list;
      const start = turn;
      turn = (turn + 1) % list.length;
      return [...list.slice(start), ...list.slice(0, start)];
    },
  };
}

/**
 * Error codes meaning the connection was never made: nothing of the request reached the upstream,
 * so another replica may be tried without anything being done twice (any method).
 */
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

/** True when reply-from's error says the upstream could not be connected to (see NOT_CONNECTED). */
export function isNotConnected(error: unknown): boolean {
  let e = error as { code?: unknown; cause?: unknown; errors?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && NOT_CONNECTED.has(e.code)) return true;
    // Node's happy-eyeballs connect reports an AggregateError of the attempts.
    if (Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every((x) => isNotConnected(x))) return true;
    e = e.cause as typeof e;
  }
  return false;
}
