import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
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

/** Where PGlite's package is, to key the template by its version and keep it beside node_modules. */
function pglitePackageDir(): string {
  return path.resolve(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), '..');
}

let template: Promise<Blob> | undefined;

/**
 * A fresh PGlite cluster as a `dumpDataDir()` tarball, made once per PGlite version and kept in
 * node_modules/.cache: every in-memory test database (and the e2e suite's embedded app) starts
 * from it instead of running initdb, which costs a new PGlite about 2 s of CPU. The dump is taken
 * right after initdb, before anything is written, so a database loaded from it is the one a new
 * PGlite would have made. Test files run in processes of their own: the first to need it writes
 * it (to a temporary name, then renamed), the others read it.
 */
export function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const packageDir = pglitePackageDir();
    const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
    const file = path.resolve(packageDir, '../../.cache/powerpool', `pglite-${version}.tar`);
    const kept = await readFile(file).catch(() => null);
    if (kept) return new Blob([kept]);
    const fresh = await openPglite();
    try {
      const dump = await fresh.dumpDataDir('none');
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, file);
      return dump;
    } finally {
      await fresh.close();
    }
  })();
  return template;
}

/** An in-memory PGlite database, started from the fresh cluster of `pgliteTemplate`. */
export async function createPgliteTestDatabase(): Promise<TestDatabase> {
  const client = await openPglite(undefined, { from: await pgliteTemplate() });
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
