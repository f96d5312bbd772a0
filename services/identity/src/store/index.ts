import type { Db } from '@powerpool/service-kit';
import { createIdentityStore } from './identity.store.js';
import { createPoolAssignmentsStore } from './pool-assignments.store.js';

/** All of identity's SQL, on the database or on one transaction (the unit of work's store). */
export function createStore(db: Db) {
  return { ...createIdentityStore(db), ...createPoolAssignmentsStore(db) };
}
export type Store = ReturnType<typeof createStore>;
