import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Drizzle over either driver; stores take this and never care which one. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;

/** Raw SQL access for the migrator and health checks (stores use Drizzle). */
export interface SqlClient {
  /** Run one or more statements without parameters. */
  exec(sql: string): Promise<void>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  readonly driver: 'postgres' | 'pglite';
  readonly db: Db;
  /** Run `fn` in one transaction on one connection (raw SQL). */
  transaction<T>(fn: (sql: SqlClient) => Promise<T>): Promise<T>;
  sql: SqlClient;
  /** Cheap round trip for readiness. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface PostgresOptions {
  url: string;
  /** Pool size per service (replica). */
  max?: number;
  applicationName?: string;
}

/** Whether the database answers a trivial query (readiness): false rather than an error when it does not. */
async function answers(sql: SqlClient): Promise<boolean> {
  try {
    await sql.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

export function connectPostgres(options: PostgresOptions): Database {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.max ?? 10,
    application_name: options.applicationName,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor a connection dropped while checked out (Postgres restarting mid-transaction, between two
  // queries): pg-pool listens for errors only on idle clients, and an 'error' event without a
  // listener kills the process. The client is unusable from then on: its next query fails (a 503,
  // db/unavailable.ts), the transaction rolls back, and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', () => {}));
  const sql: SqlClient = {
    async exec(text) {
      await pool.query(text);
    },
    async query<T>(text: string, params?: unknown[]) {
      const res = await pool.query(text, params as unknown[]);
      return res.rows as T[];
    },
  };
  return {
    driver: 'postgres',
    db: drizzlePg(pool),
    sql,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          async exec(text) {
            await client.query(text);
          },
          async query<T>(text: string, params?: unknown[]) {
            return (await client.query(text, params as unknown[])).rows as T[];
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    ping: () => answers(sql),
    async close() {
      await pool.end();
    },
  };
}

/**
 * A service's view of a shared PGlite instance (embedded mode: one instance, one schema per
 * service). Closing it does not close the instance; its owner does.
 */
export function usePglite(client: PGlite): Database {
  const sql: SqlClient = {
    async exec(text) {
      await client.exec(text);
    },
    async query<T>(text: string, params?: unknown[]) {
      return (await client.query<T>(text, params as unknown[])).rows;
    },
  };
  return {
    driver: 'pglite',
    db: drizzlePglite(client),
    sql,
    async transaction(fn) {
      return client.transaction(async (tx) =>
        fn({
          async exec(text) {
            await tx.exec(text);
          },
          async query<T>(text: string, params?: unknown[]) {
            return (await tx.query<T>(text, params as unknown[])).rows;
          },
        }),
      );
    },
    ping: () => answers(sql),
    async close() {},
  };
}

export interface OpenPgliteOptions {
  /**
   * A database cluster to start from instead of creating one (a `dumpDataDir()` tarball): a new
   * PGlite spends seconds of CPU in initdb, loading a dump of a fresh one a fraction of that.
   * Tests start their many in-memory databases this way (libs/testing `pgliteTemplate`).
   */
  from?: Blob;
}

/** Open (or create) a PGlite database; `dataDir` undefined = in memory. */
export async function openPglite(dataDir?: string, options: OpenPgliteOptions = {}): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(options.from ? { loadDataDir: options.from } : {}) });
  await client.waitReady;
  return client;
}
