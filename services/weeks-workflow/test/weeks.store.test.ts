import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGame, createStoreTestDatabase, integrationSkipReason, type TestDatabase } from '@powerpool/testing';
import { SCHEMA } from '../src/app.js';
import { createWeeksStore } from '../src/store/weeks.store.js';

const skip = await integrationSkipReason();

/**
 * The store's own rules, on the run's database (Postgres or PGlite): the newest snapshot of a game
 * or pool wins, a deleted pool stays deleted, and the row locks that serialise a pool week's moves
 * and start each due week once however many replicas look.
 */
describe.skipIf(skip)('weeks store', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createStoreTestDatabase({ schema: SCHEMA, migrationsDir: new URL('../src/store/migrations/', import.meta.url) });
  });
  afterAll(async () => test?.close());

  const store = () => createWeeksStore(test.database.db);
  const inTransaction = <T>(fn: (s: ReturnType<typeof createWeeksStore>) => Promise<T>) => test.database.db.transaction((tx) => fn(createWeeksStore(tx)));
  const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
  const at = (iso: string) => new Date(iso);

  describe('upsertGame', () => {
    it('should keep the newest snapshot of a game and skip an equal or older one', async () => {
      const game = buildGame({ weekNumber: 1, gameTimeUtc: '2025-09-05T00:20:00.000Z', home: '21', away: '6', updatedAt: '2025-09-01T00:00:00.000Z' });
      expect(await store().upsertGame(game)).toMatchObject({ espnId: game.espnId, status: 'SCHEDULED' });
      expect(await store().upsertGame({ ...game, gameStatus: 'IN_PROGRESS', updatedAt: '2025-08-31T00:00:00.000Z' })).toBeUndefined();
      expect(await store().upsertGame({ ...game, gameStatus: 'IN_PROGRESS' })).toBeUndefined();
      expect((await store().findGame(game.espnId))?.status).toBe('SCHEDULED');
      expect(await store().upsertGame({ ...game, gameStatus: 'COMPLETE', homeScore: 24, awayScore: 20, updatedAt: '2025-09-05T03:30:00.000Z' })).toMatchObject({
        status: 'COMPLETE',
        homeScore: 24,
      });
      expect((await store().findGame(game.espnId))?.status).toBe('COMPLETE');
    });
  });

  describe('upsertPool', () => {
    const poolRow = (id: string, updatedAt: string, isPublic = false) => ({
      id,
      year: 2025,
      commissionerId: randomUUID(),
      isPublic,
      allowsPreseason: false,
      allowsRegularSeason: true,
      allowsPostseason: true,
      updatedAt: at(updatedAt),
    });

    it('should keep the newest snapshot of a pool, an equal one applied again', async () => {
      const id = randomUUID();
      await store().upsertPool(poolRow(id, '2025-09-01T00:00:00Z'));
      await store().upsertPool(poolRow(id, '2025-08-01T00:00:00Z', true));
      expect((await store().findPool(id))?.isPublic).toBe(false);
      await store().upsertPool(poolRow(id, '2025-09-01T00:00:00Z', true));
      expect((await store().findPool(id))?.isPublic).toBe(true);
    });

    it('should never bring back a deleted pool when a late snapshot arrives', async () => {
      const id = randomUUID();
      await store().upsertPool(poolRow(id, '2025-09-01T00:00:00Z'));
      await store().lockPoolWeek({ poolId: id, year: 2025, weekNumber: 1, now: at('2025-09-01T00:00:00Z') });
      await store().deletePool(id, at('2025-09-02T00:00:00Z'));
      await store().upsertPool(poolRow(id, '2025-09-03T00:00:00Z'));
      expect(await store().findPool(id)).toBeUndefined();
      expect(await store().findPoolWeek(id, 2025, 1)).toBeUndefined();
    });
  });

  describe('lockPoolWeek', () => {
    it('should create a pool week in SETUP the first time and return the stored row after', async () => {
      const poolId = randomUUID();
      const created = await store().lockPoolWeek({ poolId, year: 2025, weekNumber: 3, now: at('2025-09-01T00:00:00Z') });
      expect(created).toMatchObject({ poolId, year: 2025, weekNumber: 3, state: 'SETUP', pickDeadline: null });
      await store().updatePoolWeek(created, { state: 'PUBLISHED', pickDeadline: at('2025-09-21T16:50:00Z') });
      expect(await store().lockPoolWeek({ poolId, year: 2025, weekNumber: 3, now: at('2025-09-02T00:00:00Z') })).toMatchObject({
        state: 'PUBLISHED',
        stateChangedAt: at('2025-09-01T00:00:00Z'),
      });
    });

    it('should let only one of two transactions that both see SETUP publish the week', async () => {
      const poolId = randomUUID();
      // The week exists already (a first creation would serialise on its key alone). Each reads
      // the state under the lock, waits, and moves the week only from SETUP: without the lock
      // both would see SETUP and both would publish.
      await store().lockPoolWeek({ poolId, year: 2025, weekNumber: 4, now: at('2025-09-01T00:00:00Z') });
      const publish = () =>
        inTransaction(async (s) => {
          const week = await s.lockPoolWeek({ poolId, year: 2025, weekNumber: 4, now: at('2025-09-01T00:00:00Z') });
          await pause();
          if (week.state !== 'SETUP') return false;
          await s.updatePoolWeek(week, { state: 'PUBLISHED', pickDeadline: at('2025-09-28T16:50:00Z') });
          return true;
        });
      const published = await Promise.all([publish(), publish()]);
      expect(published.filter(Boolean)).toHaveLength(1);
      expect((await store().findPoolWeek(poolId, 2025, 4))?.state).toBe('PUBLISHED');
    });
  });

  describe('lockDuePublishedWeeks', () => {
    it('should start each due published week exactly once when two replicas look at the same time, earliest deadline first', async () => {
      const now = at('2030-01-01T00:00:00Z');
      const week = async (weekNumber: number, state: 'SETUP' | 'PUBLISHED', pickDeadline: string) => {
        const poolId = randomUUID();
        const row = await store().lockPoolWeek({ poolId, year: 2029, weekNumber, now });
        await store().updatePoolWeek(row, { state, pickDeadline: at(pickDeadline) });
        return poolId;
      };
      const later = await week(1, 'PUBLISHED', '2029-12-31T23:00:00Z');
      const earlier = await week(2, 'PUBLISHED', '2029-12-31T22:00:00Z');
      const notDue = await week(3, 'PUBLISHED', '2030-01-01T00:10:00Z');
      const notPublished = await week(4, 'SETUP', '2029-12-31T21:00:00Z');
      const start = () =>
        inTransaction(async (s) => {
          const due = (await s.lockDuePublishedWeeks(now, 10)).filter((w) => w.year === 2029);
          await pause();
          for (const w of due) await s.updatePoolWeek(w, { state: 'GAMES_IN_PROGRESS', stateChangedAt: now });
          return due.map((w) => w.poolId);
        });
      const [a, b] = await Promise.all([start(), start()]);
      const started = [...a, ...b];
      expect(started.sort()).toEqual([earlier, later].sort());
      // One replica took both (in deadline order) or each took one: never the same week twice.
      for (const list of [a, b]) if (list.length === 2) expect(list).toEqual([earlier, later]);
      expect((await store().findPoolWeek(notDue, 2029, 3))?.state).toBe('PUBLISHED');
      expect((await store().findPoolWeek(notPublished, 2029, 4))?.state).toBe('SETUP');
    });
  });

  describe('setSpread', () => {
    it('should replace a pool game spread set before', async () => {
      const poolId = randomUUID();
      const by = randomUUID();
      await store().setSpread({ poolId, gameId: 'g-spread', spread: -3.5, updatedBy: by, updatedAt: at('2025-09-01T00:00:00Z') });
      const saved = await store().setSpread({ poolId, gameId: 'g-spread', spread: 2, updatedBy: null, updatedAt: at('2025-09-02T00:00:00Z') });
      expect(saved).toEqual({ poolId, gameId: 'g-spread', spread: 2, updatedBy: null, updatedAt: at('2025-09-02T00:00:00Z') });
      expect(await store().spreadsOf(poolId, ['g-spread'])).toEqual([saved]);
    });
  });
});
