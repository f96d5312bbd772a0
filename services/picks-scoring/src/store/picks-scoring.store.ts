import type { Db } from '@powerpool/service-kit';
import { createLiveStore } from './live.store.js';
import { createPickStore } from './picks.store.js';
import { createScoreStore } from './scores.store.js';
import { createSyncStore } from './sync.store.js';

/**
 * All of picks-scoring's SQL, one module per concern: what it follows of other services (sync),
 * picks and overrides, scores, and the live leaderboard's reads. Pass a transaction as `db` to
 * make several calls atomic.
 */
export function createPicksStore(db: Db) {
  return { ...createSyncStore(db), ...createPickStore(db), ...createLiveStore(db), ...createScoreStore(db) };
}
export type PicksStore = ReturnType<typeof createPicksStore>;
