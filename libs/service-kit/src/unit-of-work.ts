import type { EventPayload, EventSubject } from '@powerpool/contracts';
import type { Database, Db } from './db/database.js';
import type { Outbox } from './db/outbox.js';

/** Queue an event in the current write; it is published after the write commits (outbox). */
export type Emit = <S extends EventSubject>(subject: S, payload: EventPayload<S>) => Promise<void>;

/**
 * How domain code reaches its data: `read(fn)` runs fn with the service's store; `write(fn)` runs
 * fn in one transaction with the store and `emit` both bound to it, so the state change and the
 * events announcing it commit together or not at all. The domain never sees the ORM or the
 * transaction object.
 */
export interface UnitOfWork<S> {
  read<T>(fn: (store: S) => Promise<T>): Promise<T>;
  write<T>(fn: (store: S, emit: Emit) => Promise<T>): Promise<T>;
}

export interface UnitOfWorkOptions<S> {
  database: Database;
  /** The service's store factory (`createPoolsStore`); it gets the database or the transaction. */
  store: (db: Db) => S;
  /** Where `emit` queues events; without one, `emit` refuses (a service that publishes nothing). */
  outbox?: Outbox;
}

export function createUnitOfWork<S>(options: UnitOfWorkOptions<S>): UnitOfWork<S> {
  const { database, outbox } = options;
  const readStore = options.store(database.db);
  return {
    read: (fn) => fn(readStore),
    async write(fn) {
      const result = await database.db.transaction(async (tx) => {
        const db: Db = tx;
        const emit: Emit = async (subject, payload) => {
          if (!outbox) throw new Error(`No outbox: cannot emit ${subject}`);
          await outbox.add(db, { subject, payload });
        };
        return fn(options.store(db), emit);
      });
      outbox?.kick();
      return result;
    },
  };
}
