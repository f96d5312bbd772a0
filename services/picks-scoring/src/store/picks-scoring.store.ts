import type { Db } from '@powerpool/service-kit';
import { createPickStore } from './picks.store.js';
import { createSyncStore } from './sync.store.js';

/**
 * All of picks-scoring's SQL, one module per concern: what it follows of other services (sync),
 * picks and overrides, and scores. Pass a transaction as `db` to make several calls atomic.
 */
export function createPicksStore(db: Db) {
  return { ...createSyncStore(db), ...createPickStore(db) };
}
export type PicksStore = ReturnType<typeof createPicksStore>;
