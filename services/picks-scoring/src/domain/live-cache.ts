/**
 * The live leaderboard's in-process cache: a pool week's board, serialized (UTF-8 bytes, sent as
 * they are), per access variant,
 * kept with the fingerprint of the data it was built from (store `liveFingerprint`, one query
 * computed in the database). A request whose fingerprint matches gets the stored JSON; any change
 * to picks, games, scores, members, names, weeks, void rulings, venues, teams or overrides changes
 * the fingerprint and the board is built again. Nothing to invalidate, so it is correct across
 * replicas and whichever instance consumed the event. Concurrent requests for the same board
 * share one build.
 *
 * The fingerprint is read before the board is built, so a board is never older than its
 * fingerprint; at worst a board is rebuilt once more than needed.
 */
export interface LiveBoardCache {
  /** The board of `key` built from data with `fingerprint`: the stored one, or `build()` once. */
  get(key: string, fingerprint: string, build: () => Promise<Buffer>): Promise<Buffer>;
  readonly size: number;
}

/** Pool weeks × access variants kept (least recently used dropped first). */
export const LIVE_CACHE_MAX_ENTRIES = 500;

export function createLiveBoardCache(maxEntries = LIVE_CACHE_MAX_ENTRIES): LiveBoardCache {
  const entries = new Map<string, { fingerprint: string; body: Promise<Buffer> }>();
  return {
    get(key, fingerprint, build) {
      const hit = entries.get(key);
      if (hit && hit.fingerprint === fingerprint) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.body;
      }
      const entry = { fingerprint, body: build() };
      entries.delete(key);
      entries.set(key, entry);
      // A failed build is not kept: the next request tries again.
      entry.body.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return entry.body;
    },
    get size() {
      return entries.size;
    },
  };
}
