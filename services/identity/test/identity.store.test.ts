import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoreTestDatabase, integrationSkipReason, type TestDatabase } from '@powerpool/testing';
import { SCHEMA } from '../src/app.js';
import { createIdentityStore } from '../src/store/identity.store.js';
import { createPoolAssignmentsStore } from '../src/store/pool-assignments.store.js';

const skip = await integrationSkipReason();

/**
 * The stores' own rules, on the run's database (Postgres or PGlite): one user per provider subject
 * however many first sign-ins race, and identity's copy of pool memberships keeping the newest
 * change, a removal winning a tie with a join of the same instant.
 */
describe.skipIf(skip)('identity stores', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createStoreTestDatabase({ schema: SCHEMA, migrationsDir: new URL('../src/store/migrations/', import.meta.url) });
  });
  afterAll(async () => test?.close());

  const at = (iso: string) => new Date(iso);

  describe('insertUser', () => {
    it('should create one user when several first sign-ins of the same subject race, the others getting that row', async () => {
      const subject = `sub-${randomUUID()}`;
      const signIn = () =>
        test.database.db.transaction((tx) =>
          createIdentityStore(tx).insertUser(
            { id: randomUUID(), issuer: 'http://idp.test', subject, email: 'race@powerpool.test', firstName: 'Rae', lastName: 'Ce', role: 'user' },
            at('2025-09-01T00:00:00Z'),
          ),
        );
      const results = await Promise.all([signIn(), signIn(), signIn()]);
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.row.id)).size).toBe(1);
      expect(await createIdentityStore(test.database.db).findUserBySubject('http://idp.test', subject)).toMatchObject({
        id: results[0].row.id,
        email: 'race@powerpool.test',
      });
    });
  });

  describe('pool assignments', () => {
    const store = () => createPoolAssignmentsStore(test.database.db);
    const current = async (poolId: string) => (await store().listCurrent()).filter((r) => r.poolId === poolId);
    const membership = (poolId: string, userId: string, updatedAt: string, poolName = 'Store Pool') => ({
      poolId,
      userId,
      poolName,
      isActive: true,
      updatedAt: at(updatedAt),
    });

    it('should keep the newest change of a membership and ignore a late or repeated one', async () => {
      const [poolId, userId] = [randomUUID(), randomUUID()];
      await store().upsertMembership(membership(poolId, userId, '2025-09-02T00:00:00Z', 'New Name'));
      await store().upsertMembership(membership(poolId, userId, '2025-09-01T00:00:00Z', 'Old Name'));
      await store().upsertMembership(membership(poolId, userId, '2025-09-02T00:00:00Z', 'Same Instant'));
      expect(await current(poolId)).toMatchObject([{ userId, poolName: 'New Name', removed: false }]);
      await store().removeMembership(membership(poolId, userId, '2025-09-01T12:00:00Z'));
      expect(await current(poolId)).toHaveLength(1);
    });

    it('should let a removal win a tie with a join of the same instant, in either order', async () => {
      const [poolId, first, second] = [randomUUID(), randomUUID(), randomUUID()];
      await store().upsertMembership(membership(poolId, first, '2025-09-01T00:00:00Z'));
      await store().removeMembership(membership(poolId, first, '2025-09-01T00:00:00Z'));
      await store().removeMembership(membership(poolId, second, '2025-09-01T00:00:00Z'));
      await store().upsertMembership(membership(poolId, second, '2025-09-01T00:00:00Z'));
      expect(await current(poolId)).toEqual([]);
      await store().upsertMembership(membership(poolId, second, '2025-09-01T00:00:01Z'));
      expect((await current(poolId)).map((r) => r.userId)).toEqual([second]);
    });

    it('should tombstone every membership of a deleted pool, never moving a newer change back in time', async () => {
      const [poolId, a, b] = [randomUUID(), randomUUID(), randomUUID()];
      await store().upsertMembership(membership(poolId, a, '2025-09-01T00:00:00Z'));
      await store().upsertMembership(membership(poolId, b, '2025-09-05T00:00:00Z'));
      await store().removePool(poolId, at('2025-09-03T00:00:00Z'));
      expect(await current(poolId)).toEqual([]);
      // A join older than the deletion stays removed; b's tombstone keeps its later time.
      await store().upsertMembership(membership(poolId, a, '2025-09-02T00:00:00Z'));
      await store().upsertMembership(membership(poolId, b, '2025-09-04T00:00:00Z'));
      expect(await current(poolId)).toEqual([]);
    });
  });
});
