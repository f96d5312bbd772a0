import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectPostgres, openPglite, runMigrations, usePglite, type Database } from '@powerpool/service-kit';
import { TEST_DATABASE_URL } from './services.js';

export interface TestDatabase {
  database: Database;
  /** Close and throw the database away. */
  close(): Promise<void>;
}

/** A brand-new Postgres database on the test server, dropped at close. */
export async function createPostgresTestDatabase(): Promise<TestDatabase> {
  const name = `pp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = connectPostgres({ url: url.toString(), max: 5, applicationName: 'powerpool-test' });
  return {
    database,
    async close() {
      await database.close();
      const c = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** An in-memory PGlite database. */
export async function createPgliteTestDatabase(): Promise<TestDatabase> {
  const client = await openPglite();
  return { database: usePglite(client), close: () => client.close() };
}

/**
 * A fresh database of this run's kind (TEST_DB: Postgres or PGlite) with one service's migrations
 * applied, for a store's own tests: a store is then called directly, without the app or the bus.
 */
export async function createStoreTestDatabase(service: { schema: string; migrationsDir: URL }): Promise<TestDatabase> {
  const test = process.env.TEST_DB === 'pglite' ? await createPgliteTestDatabase() : await createPostgresTestDatabase();
  await runMigrations(test.database, { schema: service.schema, dir: service.migrationsDir });
  return test;
}
