import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@powerpool/contracts';
import { createStoreTestDatabase, integrationSkipReason, type TestDatabase } from '@powerpool/testing';
import { SCHEMA } from '../src/app.js';
import { createPoolsStore } from '../src/store/pools.store.js';
import type { PoolRow } from '../src/store/schema.js';

const skip = await integrationSkipReason();

/**
 * The store's own rules, on the run's database (Postgres or PGlite): the newest snapshot of a user
 * wins over a seeded caller and late events, a taken slug or a second membership is refused, and
 * the pool row lock keeps concurrent joins within the pool's size.
 */
describe.skipIf(skip)('pools store', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createStoreTestDatabase({ schema: SCHEMA, migrationsDir: new URL('../src/store/migrations/', import.meta.url) });
  });
  afterAll(async () => test?.close());

  const store = () => createPoolsStore(test.database.db);
  const at = (iso: string) => new Date(iso);
  const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

  const poolRow = (overrides: Partial<PoolRow> = {}): PoolRow => ({
    id: randomUUID(),
    name: 'Store Pool',
    description: null,
    year: 2025,
    allowsPreseason: false,
    allowsRegularSeason: true,
    allowsPostseason: true,
    maxMembers: 50,
    isPublic: false,
    slug: `store-pool-${randomUUID().slice(0, 8)}`,
    isActive: true,
    poolType: 'standard',
    weeklyTiebreaker: 'none',
    poolCommissionerId: randomUUID(),
    createdAt: at('2025-08-01T00:00:00Z'),
    updatedAt: at('2025-08-01T00:00:00Z'),
    ...overrides,
  });
  const member = (poolId: string, userId: string) => ({
    poolId,
    userId,
    role: 'member' as const,
    isActive: true,
    hasPaid: false,
    paymentNotes: null,
    notes: null,
    joinedAt: at('2025-08-02T00:00:00Z'),
    updatedAt: at('2025-08-02T00:00:00Z'),
  });
  const user = (id: string, displayName: string, updatedAt: string): User => ({
    id,
    email: `${id.slice(0, 6)}@powerpool.test`,
    displayName,
    firstName: null,
    lastName: null,
    role: 'user',
    hasPaid: false,
    paymentNotes: null,
    createdAt: updatedAt,
    updatedAt,
  });

  describe('users', () => {
    it("should replace a seeded caller by identity's first event, and keep the newest snapshot after", async () => {
      const id = randomUUID();
      await store().seedUser({ id, email: 'seeded@powerpool.test', role: 'user' });
      expect(await store().findUser(id)).toMatchObject({ displayName: null, updatedAt: new Date(0) });
      await store().upsertUser(user(id, 'Pat Player', '2025-09-01T00:00:00.000Z'));
      await store().seedUser({ id, email: 'seeded-again@powerpool.test', role: 'user' });
      await store().upsertUser(user(id, 'Old Name', '2025-08-01T00:00:00.000Z'));
      expect(await store().findUser(id)).toMatchObject({ displayName: 'Pat Player', updatedAt: at('2025-09-01T00:00:00Z') });
      await store().upsertUser(user(id, 'Pat Renamed', '2025-09-02T00:00:00.000Z'));
      expect((await store().findUser(id))?.displayName).toBe('Pat Renamed');
    });
  });

  describe('pools and members', () => {
    it('should refuse a pool whose slug is taken and a second membership of the same user', async () => {
      const first = poolRow({ slug: `taken-${randomUUID().slice(0, 8)}` });
      expect(await store().insertPool(first)).toEqual(first);
      expect(await store().insertPool(poolRow({ slug: first.slug }))).toBeUndefined();
      const userId = randomUUID();
      expect(await store().insertMember(member(first.id, userId))).toMatchObject({ poolId: first.id, userId });
      expect(await store().insertMember({ ...member(first.id, userId), role: 'admin' })).toBeUndefined();
      expect((await store().findMember(first.id, userId))?.role).toBe('member');
    });

    it('should let no more than maxMembers join when several join at once (the pool row lock)', async () => {
      const pool = (await store().insertPool(poolRow({ maxMembers: 2 })))!;
      // Each join counts the members under the lock, waits, and joins only below the limit:
      // without the lock all five would count zero and all would join.
      const join = (userId: string) =>
        test.database.db.transaction(async (tx) => {
          const s = createPoolsStore(tx);
          const locked = await s.lockPool(pool.id);
          const count = await s.countMembers(pool.id);
          await pause();
          if (count >= locked!.maxMembers) return false;
          return (await s.insertMember(member(pool.id, userId))) !== undefined;
        });
      const joined = await Promise.all(Array.from({ length: 5 }, () => join(randomUUID())));
      expect(joined.filter(Boolean)).toHaveLength(2);
      expect(await store().countMembers(pool.id)).toBe(2);
    });

    it('should lock nothing for an unknown pool and delete a pool with its members', async () => {
      expect(await store().lockPool(randomUUID())).toBeUndefined();
      const pool = (await store().insertPool(poolRow()))!;
      await store().insertMember(member(pool.id, randomUUID()));
      expect(await store().deletePool(pool.id)).toEqual({ deletedMembers: 1, deletedInvitations: 0 });
      expect(await store().findPool(pool.id)).toBeUndefined();
    });
  });
});
