import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGame, createStoreTestDatabase, integrationSkipReason, TEAMS, type TestDatabase } from '@powerpool/testing';
import { SCHEMA } from '../src/app.js';
import { createLiveStore } from '../src/store/live.store.js';
import { createPickStore } from '../src/store/picks.store.js';
import { createScoreStore } from '../src/store/scores.store.js';
import { createSyncStore } from '../src/store/sync.store.js';
import type { PickRow } from '../src/store/schema.js';

const skip = await integrationSkipReason();

/**
 * The stores' own rules, on the run's database (Postgres or PGlite): the newest snapshot of what
 * other services announce wins and a deleted pool stays deleted (sync), a week's state only moves
 * forward, one player's saves never interleave (the member row lock), and the live board's
 * fingerprint changes exactly when what the board is made of changes.
 */
describe.skipIf(skip)('picks-scoring stores', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createStoreTestDatabase({ schema: SCHEMA, migrationsDir: new URL('../src/store/migrations/', import.meta.url) });
    await createSyncStore(test.database.db).upsertTeams(TEAMS, new Date('2025-08-01T00:00:00Z'));
  });
  afterAll(async () => test?.close());

  const sync = () => createSyncStore(test.database.db);
  const at = (iso: string) => new Date(iso);
  const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

  /** A pool with week 1 published (games w: pool game ids by game id) and `members` joined. */
  async function publishedPool(members: string[] = []) {
    const poolId = randomUUID();
    const games = [
      buildGame({ weekNumber: 1, gameTimeUtc: '2025-09-05T00:20:00.000Z', home: '21', away: '6' }),
      buildGame({ weekNumber: 1, gameTimeUtc: '2025-09-07T17:00:00.000Z', home: '12', away: '24' }),
      buildGame({ weekNumber: 1, gameTimeUtc: '2025-09-07T17:00:00.000Z', home: '2', away: '15' }),
    ];
    for (const g of games) await sync().upsertGame(g);
    await sync().upsertPool({
      id: poolId,
      name: 'Store Pool',
      year: 2025,
      commissionerId: randomUUID(),
      isPublic: false,
      updatedAt: at('2025-08-01T00:00:00Z'),
    });
    const poolGameIds = Object.fromEntries(games.map((g) => [g.espnId, randomUUID()]));
    await sync().recordPublishedWeek(
      {
        poolId,
        year: 2025,
        weekNumber: 1,
        state: 'PUBLISHED',
        pickDeadline: at('2025-09-05T00:10:00Z'),
        publishedAt: at('2025-09-01T00:00:00Z'),
        stateChangedAt: at('2025-09-01T00:00:00Z'),
        calculatedAt: null,
        tiebreakerGameId: null,
      },
      games.map((g) => ({
        id: poolGameIds[g.espnId]!,
        poolId,
        year: 2025,
        weekNumber: 1,
        gameId: g.espnId,
        lockedSpread: -1.5,
        homeTeamEspnId: g.homeTeamEspnId,
        awayTeamEspnId: g.awayTeamEspnId,
        gameTimeUtc: new Date(g.gameTimeUtc),
        voidReason: null,
        voidedAt: null,
      })),
    );
    for (const userId of members) await sync().upsertMember({ poolId, userId, isActive: true, updatedAt: at('2025-08-02T00:00:00Z') });
    return { poolId, games, poolGameIds };
  }

  /** Three confidence picks (3, 2, 1) of `userId`, each on the home team (`home`) or the away team. */
  function picksOf(world: Awaited<ReturnType<typeof publishedPool>>, userId: string, side: 'home' | 'away'): PickRow[] {
    const now = at('2025-09-02T00:00:00Z');
    return world.games.map((g, i) => ({
      id: randomUUID(),
      poolId: world.poolId,
      userId,
      year: 2025,
      weekNumber: 1,
      gameId: g.espnId,
      poolGameId: world.poolGameIds[g.espnId]!,
      selectedTeamEspnId: side === 'home' ? g.homeTeamEspnId : g.awayTeamEspnId,
      confidenceRank: 3 - i,
      isPowerPick: false,
      enteredBy: userId,
      createdAt: now,
      updatedAt: now,
      result: null,
      pointsEarned: null,
    }));
  }

  describe('sync store', () => {
    it("should keep the newest snapshot of a user, and replace a seeded caller by identity's first event only", async () => {
      const id = randomUUID();
      await sync().seedUser({ id, email: 'seeded@powerpool.test', displayName: 'User' });
      await sync().upsertUser({ id, email: 'pat@powerpool.test', displayName: 'Pat Player', updatedAt: at('2025-09-01T00:00:00Z') });
      await sync().seedUser({ id, email: 'seeded-again@powerpool.test', displayName: 'User' });
      await sync().upsertUser({ id, email: 'old@powerpool.test', displayName: 'Old Name', updatedAt: at('2025-08-01T00:00:00Z') });
      expect(await sync().findUsers([id])).toEqual([{ id, email: 'pat@powerpool.test', displayName: 'Pat Player', updatedAt: at('2025-09-01T00:00:00Z') }]);
      await sync().upsertUser({ id, email: 'pat@powerpool.test', displayName: 'Pat Renamed', updatedAt: at('2025-09-02T00:00:00Z') });
      expect((await sync().findUsers([id]))[0]?.displayName).toBe('Pat Renamed');
    });

    it('should keep the newest snapshot of a game, and the venue when a result snapshot without one arrives', async () => {
      const game = buildGame({
        weekNumber: 2,
        gameTimeUtc: '2025-09-12T00:15:00.000Z',
        home: '6',
        away: '21',
        venueEspnId: 'v-store',
        updatedAt: '2025-09-01T00:00:00.000Z',
      });
      expect(await sync().upsertGame(game)).toMatchObject({ espnId: game.espnId, venueEspnId: 'v-store' });
      expect(await sync().upsertGame({ ...game, gameStatus: 'IN_PROGRESS' })).toBeUndefined();
      expect(await sync().upsertGame({ ...game, gameStatus: 'IN_PROGRESS', updatedAt: '2025-08-01T00:00:00.000Z' })).toBeUndefined();
      expect((await sync().findGames([game.espnId]))[0]?.status).toBe('SCHEDULED');
      const { venueEspnId: _v, ...snapshot } = {
        ...game,
        gameStatus: 'COMPLETE' as const,
        homeScore: 10,
        awayScore: 13,
        updatedAt: '2025-09-12T03:30:00.000Z',
      };
      await sync().upsertGameSnapshot(snapshot);
      expect((await sync().findGames([game.espnId]))[0]).toMatchObject({ status: 'COMPLETE', homeScore: 10, awayScore: 13, venueEspnId: 'v-store' });
    });

    it('should never bring back a deleted pool or its members when late snapshots arrive', async () => {
      const member = randomUUID();
      const { poolId } = await publishedPool([member]);
      expect(await sync().deletePool(poolId, at('2025-09-03T00:00:00Z'))).toEqual({ deletedPicks: 0 });
      await sync().upsertPool({ id: poolId, name: 'Late', year: 2025, commissionerId: randomUUID(), isPublic: true, updatedAt: at('2025-09-04T00:00:00Z') });
      await sync().upsertMember({ poolId, userId: member, isActive: true, updatedAt: at('2025-09-04T00:00:00Z') });
      expect(await sync().findPool(poolId)).toBeUndefined();
      expect(await sync().findMember(poolId, member)).toBeUndefined();
      expect(await sync().poolWeeksOf(poolId)).toEqual([]);
    });

    it('should move a week only forward, once when two moves to the same state race', async () => {
      const { poolId } = await publishedPool();
      const move = (state: 'GAMES_IN_PROGRESS' | 'PUBLISHED') =>
        test.database.db.transaction((tx) => createSyncStore(tx).advanceWeekState({ poolId, year: 2025, weekNumber: 1 }, state, at('2025-09-05T00:10:00Z')));
      const moved = await Promise.all([move('GAMES_IN_PROGRESS'), move('GAMES_IN_PROGRESS')]);
      expect(moved.filter(Boolean)).toHaveLength(1);
      expect(await move('PUBLISHED')).toBe(false);
      expect((await sync().findPoolWeek({ poolId, year: 2025, weekNumber: 1 }))?.state).toBe('GAMES_IN_PROGRESS');
      expect(await sync().advanceWeekState({ poolId: randomUUID(), year: 2025, weekNumber: 1 }, 'SCORING', at('2025-09-05T00:10:00Z'))).toBe(false);
    });
  });

  describe('pick store', () => {
    it("should apply two saves of one player's picks one after the other (the member row lock), the last one kept whole", async () => {
      const player = randomUUID();
      const world = await publishedPool([player]);
      const owner = { poolId: world.poolId, userId: player, year: 2025, weekNumber: 1 };
      // Each save deletes the player's picks and inserts three new ones (ranks 3, 2, 1): two
      // saves interleaving their delete and insert would break the one-pick-per-rank rule.
      const save = (side: 'home' | 'away') =>
        test.database.db.transaction(async (tx) => {
          const store = createPickStore(tx);
          expect(await store.lockMember(world.poolId, player)).toMatchObject({ isActive: true });
          await store.picksOf(owner);
          await pause();
          await store.replacePicks(owner, picksOf(world, player, side));
        });
      await Promise.all([save('home'), save('away')]);
      const kept = await createPickStore(test.database.db).picksOf(owner);
      expect(kept.map((p) => p.confidenceRank).sort()).toEqual([1, 2, 3]);
      const sides = new Set(kept.map((p) => (world.games.find((g) => g.espnId === p.gameId)!.homeTeamEspnId === p.selectedTeamEspnId ? 'home' : 'away')));
      expect(sides.size).toBe(1);
    });

    it('should lock nothing for someone who is not a member', async () => {
      const { poolId } = await publishedPool();
      expect(await createPickStore(test.database.db).lockMember(poolId, randomUUID())).toBeUndefined();
    });
  });

  describe('score store', () => {
    it('should find and lock the unfinished pool weeks a game change touches (published, or power-picked off the list), never COMPLETE ones', async () => {
      const player = randomUUID();
      const touched = await publishedPool([player]);
      const completed = await publishedPool();
      const [first, , third] = touched.games;
      await sync().advanceWeekState({ poolId: completed.poolId, year: 2025, weekNumber: 1 }, 'COMPLETE', at('2025-09-10T00:00:00Z'));
      // A pool that did not publish `offList` but whose commissioner entered a power pick on it.
      const offList = buildGame({ weekNumber: 1, gameTimeUtc: '2025-09-08T00:15:00.000Z', home: '24', away: '15' });
      await sync().upsertGame(offList);
      const powerPicked = await publishedPool([player]);
      const now = at('2025-09-02T00:00:00Z');
      await createPickStore(test.database.db).replacePicks({ poolId: powerPicked.poolId, userId: player, year: 2025, weekNumber: 1 }, [
        ...picksOf(powerPicked, player, 'home'),
        {
          ...picksOf(powerPicked, player, 'home')[0]!,
          id: randomUUID(),
          gameId: offList.espnId,
          poolGameId: null,
          selectedTeamEspnId: offList.homeTeamEspnId,
          confidenceRank: 0,
          isPowerPick: true,
          createdAt: now,
          updatedAt: now,
        },
      ]);
      const mine = new Set<string>([touched.poolId, completed.poolId, powerPicked.poolId]);
      const found = async (gameIds: string[]) =>
        (await test.database.db.transaction((tx) => createScoreStore(tx).lockUnfinishedWeeksWithGames(gameIds)))
          .filter((w) => mine.has(w.poolId))
          .map((w) => w.poolId);

      expect(await found([first!.espnId])).toEqual([touched.poolId]);
      expect(await found([completed.games[0]!.espnId])).toEqual([]);
      expect(await found([offList.espnId])).toEqual([powerPicked.poolId]);
      // Several games at once: each pool week once.
      expect((await found([first!.espnId, third!.espnId, completed.games[1]!.espnId, offList.espnId])).sort()).toEqual(
        [touched.poolId, powerPicked.poolId].sort(),
      );
      expect(await found([])).toEqual([]);
    });

    it('should wait for a transaction holding a pool week it finds (a calculation) before answering', async () => {
      const world = await publishedPool();
      const order: string[] = [];
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const calculation = test.database.db.transaction(async (tx) => {
        await createSyncStore(tx).findPoolWeek({ poolId: world.poolId, year: 2025, weekNumber: 1, lock: 'update' });
        locked();
        await pause();
        await pause();
        order.push('calculation committed');
      });
      await isLocked;
      const change = test.database.db.transaction(async (tx) => {
        await createScoreStore(tx).lockUnfinishedWeeksWithGames([world.games[0]!.espnId]);
        order.push('change locked');
      });
      await Promise.all([calculation, change]);
      expect(order).toEqual(['calculation committed', 'change locked']);
    });
  });

  describe('liveFingerprint', () => {
    it('should stay the same while nothing changes and change with each part of the board: picks, games, members, users, the week', async () => {
      const player = randomUUID();
      const world = await publishedPool([player]);
      const other = await publishedPool([player]);
      await sync().upsertUser({ id: player, email: 'fp@powerpool.test', displayName: 'Finn Print', updatedAt: at('2025-09-01T00:00:00Z') });
      const live = createLiveStore(test.database.db);
      const fingerprint = () => live.liveFingerprint(world.poolId, 1);

      const first = await fingerprint();
      expect(await fingerprint()).toBe(first);
      const seen = new Set([first]);
      const changes = async (what: string, change: () => Promise<unknown>) => {
        await change();
        const next = await fingerprint();
        expect(seen.has(next), `${what} did not change the fingerprint`).toBe(false);
        seen.add(next);
      };

      // Another pool's picks are not part of this board.
      await createPickStore(test.database.db).replacePicks({ poolId: other.poolId, userId: player, year: 2025, weekNumber: 1 }, picksOf(other, player, 'home'));
      expect(await fingerprint()).toBe(first);

      await changes('a pick', () =>
        createPickStore(test.database.db).replacePicks({ poolId: world.poolId, userId: player, year: 2025, weekNumber: 1 }, picksOf(world, player, 'away')),
      );
      await changes('a score', () =>
        sync().upsertGame({ ...world.games[0]!, gameStatus: 'IN_PROGRESS', homeScore: 7, awayScore: 0, updatedAt: '2025-09-05T01:00:00.000Z' }),
      );
      await changes('a member', () =>
        sync().upsertMember({ poolId: world.poolId, userId: randomUUID(), isActive: true, updatedAt: at('2025-09-05T01:00:00Z') }),
      );
      await changes("a member's name", () =>
        sync().upsertUser({ id: player, email: 'fp@powerpool.test', displayName: 'Finn Renamed', updatedAt: at('2025-09-05T01:00:00Z') }),
      );
      await changes("the week's state", () =>
        sync().advanceWeekState({ poolId: world.poolId, year: 2025, weekNumber: 1 }, 'GAMES_IN_PROGRESS', at('2025-09-05T01:00:00Z')),
      );
      await changes('a void game', () => sync().voidPoolGame(world.poolGameIds[world.games[2]!.espnId]!, 'Cancelled', at('2025-09-05T01:00:00Z')));
      // A snapshot that is not newer writes nothing, so the board is the same.
      const before = await fingerprint();
      await sync().upsertGame({ ...world.games[0]!, updatedAt: '2025-09-01T00:00:00.000Z' });
      expect(await fingerprint()).toBe(before);
    });
  });
});
