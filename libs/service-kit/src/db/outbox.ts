import { sql as dsql } from 'drizzle-orm';
import type { Bus, Headers } from '../bus/types.js';
import type { Database, Db } from './database.js';
import type { KitLogger } from '../logger.js';

const IDENT = /^[a-z][a-z0-9_]*$/;

/**
 * Transactional outbox: an event is written in the same transaction as the state change it
 * announces, and a relay publishes it to the bus after commit. A crash between commit and publish
 * loses nothing; a publish that happens twice is deduplicated by msgId and consumers are
 * idempotent anyway. Several replicas relay safely (`FOR UPDATE SKIP LOCKED`).
 */
export interface Outbox {
  /** Queue an event inside the caller's transaction (`tx` from `db.transaction`). */
  add(tx: Db, input: { subject: string; payload: unknown; headers?: Headers }): Promise<void>;
  /** Ask the relay to run now (call after commit for low latency). */
  kick(): void;
  /** Publish everything pending now; resolves with the number published. */
  flush(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export interface OutboxOptions {
  schema: string;
  database: Database;
  bus: Bus;
  logger: KitLogger;
  pollIntervalMs?: number;
  batchSize?: number;
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { schema, database, bus, logger } = options;
  if (!IDENT.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const table = dsql.raw(`${schema}.outbox`);
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const batchSize = options.batchSize ?? 100;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = true;

  async function relayOnce(): Promise<number> {
    return database.transaction(async (sql) => {
      const rows = await sql.query<{ id: string; subject: string; payload: unknown; headers: Headers }>(
        `SELECT id::text AS id, subject, payload, headers FROM ${schema}.outbox
         WHERE published_at IS NULL ORDER BY id LIMIT ${batchSize} FOR UPDATE SKIP LOCKED`,
      );
      for (const row of rows) {
        await bus.publish(row.subject, row.payload, { headers: row.headers ?? {}, msgId: `${schema}:${row.id}` });
      }
      if (rows.length > 0) {
        await sql.query(`UPDATE ${schema}.outbox SET published_at = now() WHERE id = ANY($1::bigint[])`, [rows.map((r) => r.id)]);
      }
      return rows.length;
    });
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await relayOnce();
      total += n;
      if (n < batchSize) return total;
    }
  }

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          total += await drain();
        } while (again && !stopped);
      } catch (err) {
        logger.warn({ err, schema }, 'outbox relay failed; will retry');
      } finally {
        running = undefined;
      }
      return total;
    })();
    return running;
  }

  return {
    async add(tx, { subject, payload, headers = {} }) {
      await tx.execute(
        dsql`INSERT INTO ${table} (subject, payload, headers) VALUES (${subject}, ${JSON.stringify(payload)}::jsonb, ${JSON.stringify(headers)}::jsonb)`,
      );
    },
    kick() {
      if (!stopped) void run();
    },
    flush: () => run(),
    start() {
      if (!stopped) return;
      stopped = false;
      const tick = () => {
        void run().finally(() => {
          if (!stopped) timer = setTimeout(tick, pollIntervalMs);
        });
      };
      timer = setTimeout(tick, 0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
