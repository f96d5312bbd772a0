import type { FastifyRequest } from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL, unavailableReason } from '@powerpool/testing';
import { silentLogger } from '../src/bus/logger.js';
import { errorReply as busErrorReply } from '../src/bus/wire.js';
import { connectPostgres, type Database } from '../src/db/database.js';
import { errorReply } from '../src/error-reply.js';

/**
 * PostgreSQL going away under a service (docs/development.md#reliability-suites, found by deploy/cluster/test/postgres-restart):
 * a connection the server terminates (pg_terminate_backend sends the same 57P01 FATAL a fast
 * shutdown does) while a transaction holds it between two queries must not kill the process
 * (pg-pool listens for errors only on idle clients); the failed query, and any query while the
 * server refuses connections, must become a 503 `service_unavailable`, not a 500.
 */

const skipReason = await unavailableReason('postgres');
const request = { id: 'req-1', log: { warn() {}, error() {} } } as unknown as FastifyRequest;

describe.skipIf(skipReason !== null)('the database out of reach (real PostgreSQL)', () => {
  let database: Database;
  let admin: pg.Client;

  beforeAll(async () => {
    database = connectPostgres({ url: TEST_DATABASE_URL, max: 2, applicationName: 'database-unavailable-test' });
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.end();
    await database?.close();
  });

  it('should keep the process alive when a checked-out connection is terminated between two queries of a transaction, and answer 503', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      const failure = await database
        .transaction(async (tx) => {
          const [row] = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          await admin.query('SELECT pg_terminate_backend($1)', [row!.pid]);
          // The FATAL arrives while no query runs on this connection.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.query('SELECT 1');
        })
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(failure).toBeInstanceOf(Error);
      expect(uncaught).toEqual([]);
      expect(errorReply(failure, request)).toEqual({
        status: 503,
        body: { error: 'service_unavailable', message: 'The database is unavailable right now. Please try again shortly.' },
      });
      // The pool dropped that connection: the next query works on a fresh one.
      expect(await database.ping()).toBe(true);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });

  it('should answer 503 (HTTP and bus reply) for a Drizzle query while the server refuses connections, and still 500 for a bad statement', async () => {
    const url = new URL(TEST_DATABASE_URL);
    url.port = '1';
    const down = connectPostgres({ url: url.toString(), max: 1 });
    try {
      const refused = await down.db.execute(sql`SELECT 1`).then(
        () => null,
        (err: unknown) => err,
      );
      expect(errorReply(refused, request).status).toBe(503);
      expect(JSON.parse(busErrorReply(refused, 'test.subject', silentLogger))).toMatchObject({
        ok: false,
        status: 503,
        error: { error: 'service_unavailable' },
      });
    } finally {
      await down.close();
    }
    const bad = await database.db.execute(sql`SELECT 1 / 0`).then(
      () => null,
      (err: unknown) => err,
    );
    expect(errorReply(bad, request)).toMatchObject({ status: 500, body: { error: 'internal_error' } });
  });
});
