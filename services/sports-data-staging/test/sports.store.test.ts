import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGame, createStoreTestDatabase, integrationSkipReason, TEAMS, type TestDatabase } from '@powerpool/testing';
import { SCHEMA } from '../src/app.js';
import { createSportsStore } from '../src/store/sports.store.js';

const skip = await integrationSkipReason();

/**
 * The store's own rules, on the run's database (Postgres or PGlite): the live feed's lease (one
 * conditional upsert decides which replica polls) and the row locks that make two writers of one
 * game apply one after the other.
 */
describe.skipIf(skip)('sports store', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createStoreTestDatabase({ schema: SCHEMA, migrationsDir: new URL('../src/store/migrations/', import.meta.url) });
    // Games name their teams (foreign keys): the Eagles and the Cowboys of every test game.
    await createSportsStore(test.database.db).upsertTeams(TEAMS.slice(0, 2), new Date('2025-08-01T00:00:00Z'));
  });
  afterAll(async () => test?.close());

  const store = () => createSportsStore(test.database.db);
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 10, 18, minute));
  let leases = 0;
  const leaseName = () => `test-lease-${++leases}`;

  describe('takeLease', () => {
    it('should give a free lease to the first holder and refuse another holder until it expires', async () => {
      const name = leaseName();
      expect(await store().takeLease({ name, holder: 'replica-a', now: at(0), until: at(5) })).toBe(true);
      expect(await store().takeLease({ name, holder: 'replica-b', now: at(1), until: at(6) })).toBe(false);
      expect(await store().takeLease({ name, holder: 'replica-b', now: at(4), until: at(9) })).toBe(false);
      const [row] = await test.database.sql.query<{ holder: string }>(`SELECT holder FROM ${SCHEMA}.feed_lease WHERE name = $1`, [name]);
      expect(row?.holder).toBe('replica-a');
    });

    it('should let the holder renew its lease before it expires', async () => {
      const name = leaseName();
      expect(await store().takeLease({ name, holder: 'replica-a', now: at(0), until: at(5) })).toBe(true);
      expect(await store().takeLease({ name, holder: 'replica-a', now: at(3), until: at(8) })).toBe(true);
      // Renewed until minute 8: at minute 6 another replica still cannot take it.
      expect(await store().takeLease({ name, holder: 'replica-b', now: at(6), until: at(11) })).toBe(false);
    });

    it('should let another holder take the lease when it has expired', async () => {
      const name = leaseName();
      expect(await store().takeLease({ name, holder: 'replica-a', now: at(0), until: at(5) })).toBe(true);
      expect(await store().takeLease({ name, holder: 'replica-b', now: at(5), until: at(10) })).toBe(true);
      expect(await store().takeLease({ name, holder: 'replica-a', now: at(6), until: at(11) })).toBe(false);
    });

    it('should give a free lease to exactly one of several replicas asking at once', async () => {
      const name = leaseName();
      const holders = ['replica-a', 'replica-b', 'replica-c', 'replica-d'];
      const won = await Promise.all(
        holders.map((holder) => test.database.db.transaction((tx) => createSportsStore(tx).takeLease({ name, holder, now: at(0), until: at(5) }))),
      );
      expect(won.filter(Boolean)).toHaveLength(1);
      const [row] = await test.database.sql.query<{ holder: string }>(`SELECT holder FROM ${SCHEMA}.feed_lease WHERE name = $1`, [name]);
      expect(row?.holder).toBe(holders[won.indexOf(true)]);
    });
  });

  describe('lockProductionGames', () => {
    it('should make two writers of one game apply one after the other, the second seeing the first', async () => {
      const game = buildGame({ espnId: 'lock-1', gameTimeUtc: '2026-01-10T21:30:00.000Z', homeScore: 0, awayScore: 0 });
      const { updatedAt: _u, ...data } = game;
      await store().upsertGame(data, at(0));
      // Each writer reads the score under the lock, waits, and writes it plus 7: without the lock
      // both would read 0 and one touchdown would be lost.
      const addTouchdown = () =>
        test.database.db.transaction(async (tx) => {
          const s = createSportsStore(tx);
          const [current] = await s.lockProductionGames([game.espnId]);
          await new Promise((resolve) => setTimeout(resolve, 50));
          const { updatedAt: _t, ...rest } = current!;
          await s.upsertGame({ ...rest, homeScore: (current!.homeScore ?? 0) + 7 }, at(1));
        });
      await Promise.all([addTouchdown(), addTouchdown()]);
      const [stored] = await store().productionGames({ week: { year: game.year, weekNumber: game.weekNumber } });
      expect(stored?.homeScore).toBe(14);
    });

    it('should return the locked games in id order and nothing for no ids', async () => {
      for (const espnId of ['lock-3', 'lock-2']) {
        const { updatedAt: _u, ...data } = buildGame({ espnId, weekNumber: 2, gameTimeUtc: '2025-09-14T17:00:00.000Z' });
        await store().upsertGame(data, at(0));
      }
      const locked = await test.database.db.transaction((tx) => createSportsStore(tx).lockProductionGames(['lock-3', 'lock-2', 'missing']));
      expect(locked.map((g) => g.espnId)).toEqual(['lock-2', 'lock-3']);
      expect(await store().lockProductionGames([])).toEqual([]);
    });
  });

  describe('upsertGame', () => {
    it('should insert a new game and replace every column of a known one', async () => {
      const { updatedAt: _u, ...data } = buildGame({ espnId: 'upsert-1', weekNumber: 3, gameTimeUtc: '2025-09-21T17:00:00.000Z' });
      const first = await store().upsertGame(data, at(0));
      expect(first).toMatchObject({ espnId: 'upsert-1', gameStatus: 'SCHEDULED', homeScore: null, updatedAt: at(0).toISOString() });
      const second = await store().upsertGame({ ...data, gameStatus: 'COMPLETE', homeScore: 21, awayScore: 17, winnerTeamEspnId: data.homeTeamEspnId }, at(2));
      expect(second).toMatchObject({
        espnId: 'upsert-1',
        gameStatus: 'COMPLETE',
        homeScore: 21,
        awayScore: 17,
        winnerTeamEspnId: '21',
        updatedAt: at(2).toISOString(),
      });
      expect(await store().productionGames({ week: { year: 2025, weekNumber: 3 } })).toHaveLength(1);
    });
  });
});
