import { createHash } from 'node:crypto';
import { upstreamList, type UpstreamUrls } from '../config.js';

/**
 * A service's replicas as the proxy uses them: each request starts at the next one (round-robin)
 * and, when that one cannot be connected to, tries the others in turn. A request with an affinity
 * key (a pool's live stream) always starts at the same replica for that key instead
 * (docs/architecture.md#replicas).
 */
export interface UpstreamPool {
  readonly urls: readonly string[];
  /** The order in which one request tries the replicas: the next in turn first, then the others. */
  order(): readonly string[];
  /**
   * The order for requests that belong together: the same for every request with `key`, spread
   * evenly over the keys, and when a replica is removed only its keys move (rendezvous hashing).
   */
  orderFor(key: string): readonly string[];
}

/** A replica's weight for a key: the first 6 bytes of SHA-256(key, url), as a number. */
function rendezvousWeight(key: string, url: string): number {
  return createHash('sha256').update(key).update('\0').update(url).digest().readUIntBE(0, 6);
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
    orderFor(key) {
      if (list.length === 1) return list;
      return list
        .map((url) => ({ url, weight: rendezvousWeight(key, url) }))
        .sort((x, y) => y.weight - x.weight)
        .map(({ url }) => url);
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

/**
 * Error codes meaning an established connection was lost before the upstream answered: a replica
 * that died with keep-alive sockets open (a SIGKILLed pod), or one that did not start answering in
 * time (hung: UND_ERR_HEADERS_TIMEOUT). The request may have reached it, so only a request that
 * changes nothing may be sent to another replica (see canTryNextReplica).
 */
const CONNECTION_LOST = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_HEADERS_TIMEOUT']);
/** Methods that change nothing: sending one twice is harmless. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function hasCode(error: unknown, codes: ReadonlySet<string>): boolean {
  let e = error as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && codes.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Whether a request that failed with `error` may go to the next replica: any method when the
 * connection was never made (isNotConnected), a safe method (GET, HEAD) also when the connection
 * was lost before an answer.
 */
export function canTryNextReplica(method: string, error: unknown): boolean {
  return isNotConnected(error) || (SAFE_METHODS.has(method) && hasCode(error, CONNECTION_LOST));
}
