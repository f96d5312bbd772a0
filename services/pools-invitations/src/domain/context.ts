import type { EventPayload, EventSubject, Role } from '@powerpool/contracts';
import type { Db, KitLogger, Outbox } from '@powerpool/service-kit';
import { createPoolsStore, type PoolsStore } from '../store/pools.store.js';

/** What the domain functions work with. `now` is injectable so expiry rules are testable. */
export interface PoolsContext {
  db: Db;
  outbox: Outbox;
  logger: KitLogger;
  now: () => Date;
}

/** The signed-in caller, as the gateway's assertion describes them. */
export interface Caller {
  id: string;
  email: string;
  role: Role;
}

export type Emit = <S extends EventSubject>(subject: S, payload: EventPayload<S>) => Promise<void>;

/** Run `fn` in a transaction with a store and an event queue; events go out after commit. */
export async function inTransaction<T>(ctx: PoolsContext, fn: (store: PoolsStore, emit: Emit) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    return fn(createPoolsStore(db), (subject, payload) => ctx.outbox.add(db, subject, payload));
  });
  ctx.outbox.kick();
  return result;
}

export const readStore = (ctx: PoolsContext): PoolsStore => createPoolsStore(ctx.db);
