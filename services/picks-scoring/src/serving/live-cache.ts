/**
 * The live leaderboard's in-process cache. Per pool week it keeps one *version*: the fingerprint
 * of the data it was made from (store `liveFingerprint`, one query computed in the database), the
 * access scope read for that version (pool, week, members: what the access checks need), and
 * the replies already made of it, one per access variant (serialized JSON and its gzip, made once).
 * A request whose fingerprint matches is answered from memory; any change to picks, games,
 * scores, members, names, pools, weeks, void rulings, venues, teams or overrides changes the
 * fingerprint and everything is read and built again. Nothing to invalidate, so it is correct
 * across replicas and whichever instance consumed the event. Concurrent requests for the same
 * version share one scope read and one build per variant.
 *
 * The fingerprint is read before the scope and the board, so neither is older than its
 * fingerprint; at worst something is rebuilt once more than needed.
 */
export interface BoardVersion<S, R> {
  readonly fingerprint: string;
  /** What the access checks of this version read (once). */
  readonly scope: Promise<S>;
  /** The reply of `variant` made from this version: the stored one, or `build()` once. */
  reply(variant: string, build: () => Promise<R>): Promise<R>;
}

export interface LiveBoardCache<S, R> {
  /**
   * The version of `key` made from data with `fingerprint`: the stored one, or a new one whose
   * scope `loadScope()` reads. A scope `keep` refuses (an unknown pool, say) is not kept, so
   * requests for things that do not exist cannot push real boards out.
   */
  version(input: { key: string; fingerprint: string; loadScope: () => Promise<S>; keep?: (scope: S) => boolean }): BoardVersion<S, R>;
  readonly size: number;
}

/** Pool weeks kept (least recently used dropped first). */
export const LIVE_CACHE_MAX_ENTRIES = 500;

export function createLiveBoardCache<S, R>(maxEntries = LIVE_CACHE_MAX_ENTRIES): LiveBoardCache<S, R> {
  const entries = new Map<string, BoardVersion<S, R>>();
  const forget = (key: string, entry: BoardVersion<S, R>) => {
    if (entries.get(key) === entry) entries.delete(key);
  };
  return {
    version({ key, fingerprint, loadScope, keep }) {
      const hit = entries.get(key);
      if (hit && hit.fingerprint === fingerprint) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const replies = new Map<string, Promise<R>>();
      const entry: BoardVersion<S, R> = {
        fingerprint,
        scope: loadScope(),
        reply(variant, build) {
          const made = replies.get(variant);
          if (made) return made;
          const reply = build();
          replies.set(variant, reply);
          // A failed build is not kept: the next request tries again.
          reply.catch(() => {
            if (replies.get(variant) === reply) replies.delete(variant);
          });
          return reply;
        },
      };
      entries.delete(key);
      entries.set(key, entry);
      entry.scope.then(
        (scope) => (keep && !keep(scope) ? forget(key, entry) : undefined),
        () => forget(key, entry),
      );
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return entry;
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * One read per key at a time, shared (callers of a key pass equivalent `read`s): a caller joins
 * the read queued to start next (never one already running, which may have started before the
 * caller arrived and so miss a change committed just before), or queues one. Each caller thus
 * gets a result read after it called, as with a read of its own. A read starts on the event
 * loop's next turn (setImmediate: after the other requests already received are handled, which
 * then join it; PGlite runs a query on the event loop, so without this each request's read would
 * run before the next request is even parsed), or `gapMs` after the read it is queued behind
 * ended (so the requests that arrived during that read, and are still being parsed, join it).
 * A crowd costs one read per read's duration plus the gap instead of one each; a lone caller
 * waits one turn of the event loop.
 */
export function createSharedReads<T>(gapMs = 0): (key: string, read: () => Promise<T>) => Promise<T> {
  const lanes = new Map<string, { queued: Promise<T> | null; tail: Promise<unknown>; busy: boolean }>();
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
  const gap = () => new Promise<void>((resolve) => (gapMs > 0 ? setTimeout(resolve, gapMs) : setImmediate(resolve)));
  return (key, fn) => {
    let lane = lanes.get(key);
    if (lane?.queued) return lane.queued;
    if (!lane) {
      lane = { queued: null, tail: Promise.resolve(), busy: false };
      lanes.set(key, lane);
    }
    const own = lane;
    const behind = own.busy;
    own.busy = true;
    const read = own.tail
      .then(() => (behind ? gap() : nextTurn()))
      .then(() => {
        // Starting now: whoever comes from here on queues the next read.
        own.queued = null;
        return fn();
      });
    const settled = read.then(
      () => undefined,
      () => undefined,
    );
    own.queued = read;
    own.tail = settled;
    void settled.then(() => {
      if (own.tail === settled && lanes.get(key) === own) lanes.delete(key);
    });
    return read;
  };
}
