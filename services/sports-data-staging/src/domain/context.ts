import type { Db, KitLogger, Outbox } from '@powerpool/service-kit';
import type { EventPayload, EventSubject } from '@powerpool/contracts';
import type { EspnClient } from '../espn/client.js';
import { createSportsStore, type SportsStore } from '../store/sports.store.js';

export interface SportsContext {
  db: Db;
  outbox: Outbox;
  espn: EspnClient;
  logger: KitLogger;
  now: () => Date;
}

export type Emit = <S extends EventSubject>(subject: S, payload: EventPayload<S>) => Promise<void>;

/** Run `fn` in one transaction with a store and an event queue; events go out after commit. */
export async function inTransaction<T>(ctx: SportsContext, fn: (store: SportsStore, emit: Emit) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    return fn(createSportsStore(db), (subject, payload) => ctx.outbox.add(db, subject, payload));
  });
  ctx.outbox.kick();
  return result;
}

export function readStore(ctx: SportsContext): SportsStore {
  return createSportsStore(ctx.db);
}
