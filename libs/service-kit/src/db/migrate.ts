import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.js';

const IDENT = /^[a-z][a-z0-9_]*$/;

/** Tables every service schema gets from the kit (applied before the service's own files). */
const KIT_MIGRATIONS: Array<{ name: string; sql: string }> = [
  {
    name: '0000_kit_outbox',
    sql: `
      CREATE TABLE IF NOT EXISTS outbox (
        id bigserial PRIMARY KEY,
        subject text NOT NULL,
        payload jsonb NOT NULL,
        headers jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS outbox_unpublished ON outbox (id) WHERE published_at IS NULL;
    `,
  },
];

export interface MigrateOptions {
  /** Postgres schema owned by the service, e.g. `identity`. */
  schema: string;
  /** Folder of `NNNN_name.sql` files (applied in name order), as a path or file URL. */
  dir: string | URL;
}

/**
 * Apply a service's migrations in one transaction under an advisory lock, so several replicas
 * starting at once apply each file exactly once. Files run with `search_path` set to the service
 * schema, so they use unqualified names. Applied names are kept in `<schema>.schema_migrations`.
 * Returns the names applied now.
 */
export async function runMigrations(database: Database, options: MigrateOptions): Promise<string[]> {
  const { schema } = options;
  if (!IDENT.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const dir = options.dir instanceof URL ? fileURLToPath(options.dir) : options.dir;
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.sql')).sort();
  const own = await Promise.all(files.map(async (f) => ({ name: f.replace(/\.sql$/, ''), sql: await readFile(path.join(dir, f), 'utf8') })));
  const all = [...KIT_MIGRATIONS, ...own];

  return database.transaction(async (sql) => {
    await sql.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`powerpool:migrate:${schema}`]);
    await sql.exec(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await sql.exec(`CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await sql.query<{ name: string }>(`SELECT name FROM ${schema}.schema_migrations`)).map((r) => r.name));
    const applied: string[] = [];
    await sql.exec(`SET LOCAL search_path TO ${schema}`);
    for (const m of all) {
      if (done.has(m.name)) continue;
      await sql.exec(m.sql);
      await sql.query(`INSERT INTO ${schema}.schema_migrations (name) VALUES ($1)`, [m.name]);
      applied.push(m.name);
    }
    return applied;
  });
}
