import { managedPoolOf, memberPoolOf } from '@powerpool/service-kit';
import type { WeeksStore } from '../store/weeks.store.js';
import type { PoolRow } from '../store/schema.js';
import type { Caller } from './context.js';

/** The pool, if the caller may manage it: 404 unknown, 403 someone else's. */
export const managedPool = (store: WeeksStore, caller: Caller, poolId: string): Promise<PoolRow> => managedPoolOf(store, caller, poolId);

/** The pool, if the caller manages it or is one of its active members. */
export const visiblePool = (store: WeeksStore, caller: Caller, poolId: string): Promise<PoolRow> => memberPoolOf(store, caller, poolId);
