import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Game } from '@powerpool/contracts';
import {
  createGameProjectionStore,
  createMemberProjectionStore,
  createPoolProjectionStore,
  createTeamProjectionStore,
  productionGameValues,
  type Db,
} from '@powerpool/service-kit';
import {
  deletedPools,
  games,
  poolGames,
  poolMembers,
  pools,
  poolSpreads,
  poolWeeks,
  teams,
  weekTransitions,
  type GameRow,
  type PoolGameRow,
  type PoolRow,
  type PoolSpreadRow,
  type PoolWeekRow,
  type WeekTransitionRow,
} from './schema.js';

/** One week of a season as its games show it. */
export interface WeekSpanRow {
  year: number;
  weekNumber: number;
  seasonType: number;
  gameCount: number;
  firstGameAt: Date;
  lastGameAt: Date;
}

/** A season as its games show it. */
export interface SeasonSpanRow {
  year: number;
  gameCount: number;
  weekCount: number;
  firstGameAt: Date;
  lastGameAt: Date;
}

/** A pool game with its production game (null if the game left production). */
export interface PoolGameWithGame {
  poolGame: PoolGameRow;
  game: GameRow | null;
}

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

/** A production game from its event snapshot. */
const gameRowOf = (game: Game): GameRow => ({
  ...productionGameValues(game),
  seasonType: game.seasonType,
  spread: game.spread,
  oddsDetails: game.oddsDetails,
});

/** All of weeks-workflow's SQL. Pass a transaction as `db` to make several calls atomic. */
export function createWeeksStore(db: Db) {
  return {
    ...createTeamProjectionStore(db, { teams }),
    ...createMemberProjectionStore(db, { deletedPools, poolMembers }),

    // ---- sports data (from sports-data-staging's events) ------------------------------------

    // Games a pool published stay (their pool games keep their week), so a published week never
    // loses a game under the commissioner.
    ...createGameProjectionStore(db, { games, rowOf: gameRowOf, keptBy: [poolGames.gameId] }),

    async findGame(espnId: string): Promise<GameRow | undefined> {
      const [row] = await db.select().from(games).where(eq(games.espnId, espnId));
      return row;
    },

    async gamesOfWeek(year: number, weekNumber: number): Promise<GameRow[]> {
      return db
        .select()
        .from(games)
        .where(and(eq(games.year, year), eq(games.weekNumber, weekNumber)))
        .orderBy(asc(games.gameTimeUtc), asc(games.espnId));
    },

    async weekSpans(year: number): Promise<WeekSpanRow[]> {
      const rows = await db
        .select({
          year: games.year,
          weekNumber: games.weekNumber,
          seasonType: sql<number>`min(${games.seasonType})::int`,
          gameCount: sql<number>`count(*)::int`,
          firstGameAt: sql<string>`min(${games.gameTimeUtc})`,
          lastGameAt: sql<string>`max(${games.gameTimeUtc})`,
        })
        .from(games)
        .where(eq(games.year, year))
        .groupBy(games.year, games.weekNumber)
        .orderBy(asc(games.weekNumber));
      return rows.map((r) => ({ ...r, firstGameAt: toDate(r.firstGameAt), lastGameAt: toDate(r.lastGameAt) }));
    },

    async seasonSpans(): Promise<SeasonSpanRow[]> {
      const rows = await db
        .select({
          year: games.year,
          gameCount: sql<number>`count(*)::int`,
          weekCount: sql<number>`count(DISTINCT ${games.weekNumber})::int`,
          firstGameAt: sql<string>`min(${games.gameTimeUtc})`,
          lastGameAt: sql<string>`max(${games.gameTimeUtc})`,
        })
        .from(games)
        .groupBy(games.year)
        .orderBy(asc(games.year));
      return rows.map((r) => ({ ...r, firstGameAt: toDate(r.firstGameAt), lastGameAt: toDate(r.lastGameAt) }));
    },

    /** Kickoffs of a season with their weeks, in order (the current-week rule). */
    async kickoffs(year: number): Promise<Array<{ weekNumber: number; gameTimeUtc: Date }>> {
      return db
        .select({ weekNumber: games.weekNumber, gameTimeUtc: games.gameTimeUtc })
        .from(games)
        .where(eq(games.year, year))
        .orderBy(asc(games.gameTimeUtc));
    },

    // ---- pools and members (from pools-invitations' events) --------------------------------

    ...createPoolProjectionStore(db, { pools, deletedPools }),

    async findPools(ids: string[]): Promise<PoolRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(pools).where(inArray(pools.id, ids));
    },

    /** Everything of a deleted pool goes; the pool games removed are counted. */
    async deletePool(id: string, at: Date): Promise<{ deletedGames: number }> {
      await db.insert(deletedPools).values({ id, deletedAt: at }).onConflictDoNothing();
      const removed = await db.delete(poolGames).where(eq(poolGames.poolId, id)).returning({ id: poolGames.id });
      await db.delete(poolSpreads).where(eq(poolSpreads.poolId, id));
      await db.delete(poolWeeks).where(eq(poolWeeks.poolId, id));
      await db.delete(weekTransitions).where(eq(weekTransitions.poolId, id));
      await db.delete(poolMembers).where(eq(poolMembers.poolId, id));
      await db.delete(pools).where(eq(pools.id, id));
      return { deletedGames: removed.length };
    },

    // ---- pool weeks ---------------------------------------------------------------------------

    async findPoolWeek(poolId: string, year: number, weekNumber: number): Promise<PoolWeekRow | undefined> {
      const [row] = await db
        .select()
        .from(poolWeeks)
        .where(and(eq(poolWeeks.poolId, poolId), eq(poolWeeks.year, year), eq(poolWeeks.weekNumber, weekNumber)));
      return row;
    },

    /**
     * The pool week, row-locked until the transaction ends (created in SETUP if it has no row):
     * serialises every change to one pool week, so two commissioners' clicks or the clock and a
     * click cannot both move it.
     */
    async lockPoolWeek({ poolId, year, weekNumber, now }: { poolId: string; year: number; weekNumber: number; now: Date }): Promise<PoolWeekRow> {
      await db.insert(poolWeeks).values({ poolId, year, weekNumber, state: 'SETUP', stateChangedAt: now }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(poolWeeks)
        .where(and(eq(poolWeeks.poolId, poolId), eq(poolWeeks.year, year), eq(poolWeeks.weekNumber, weekNumber)))
        .for('update');
      return row!;
    },

    async poolWeeksOf(poolId: string, year: number): Promise<PoolWeekRow[]> {
      return db
        .select()
        .from(poolWeeks)
        .where(and(eq(poolWeeks.poolId, poolId), eq(poolWeeks.year, year)));
    },

    async poolWeeksAt(poolIds: string[]): Promise<PoolWeekRow[]> {
      if (poolIds.length === 0) return [];
      return db.select().from(poolWeeks).where(inArray(poolWeeks.poolId, poolIds));
    },

    async updatePoolWeek(
      row: PoolWeekRow,
      patch: Partial<Pick<PoolWeekRow, 'state' | 'pickDeadline' | 'publishedAt' | 'stateChangedAt'>>,
    ): Promise<PoolWeekRow> {
      const [updated] = await db
        .update(poolWeeks)
        .set(patch)
        .where(and(eq(poolWeeks.poolId, row.poolId), eq(poolWeeks.year, row.year), eq(poolWeeks.weekNumber, row.weekNumber)))
        .returning();
      return updated!;
    },

    /**
     * Published weeks whose deadline has passed, locked for this transaction; rows another
     * replica holds are skipped (it is starting them), so each week starts exactly once.
     */
    async lockDuePublishedWeeks(now: Date, limit: number): Promise<PoolWeekRow[]> {
      return db
        .select()
        .from(poolWeeks)
        .where(and(eq(poolWeeks.state, 'PUBLISHED'), lte(poolWeeks.pickDeadline, now)))
        .orderBy(asc(poolWeeks.pickDeadline))
        .limit(limit)
        .for('update', { skipLocked: true });
    },

    async recordTransition(row: Omit<WeekTransitionRow, 'id'>): Promise<void> {
      await db.insert(weekTransitions).values(row);
    },

    async transitionsOf(poolId: string, year: number, weekNumber: number): Promise<WeekTransitionRow[]> {
      return db
        .select()
        .from(weekTransitions)
        .where(and(eq(weekTransitions.poolId, poolId), eq(weekTransitions.year, year), eq(weekTransitions.weekNumber, weekNumber)))
        .orderBy(asc(weekTransitions.id));
    },

    // ---- spreads ------------------------------------------------------------------------------

    async spreadsOf(poolId: string, gameIds: string[]): Promise<PoolSpreadRow[]> {
      if (gameIds.length === 0) return [];
      return db
        .select()
        .from(poolSpreads)
        .where(and(eq(poolSpreads.poolId, poolId), inArray(poolSpreads.gameId, gameIds)));
    },

    async setSpread(row: PoolSpreadRow): Promise<PoolSpreadRow> {
      const [saved] = await db
        .insert(poolSpreads)
        .values(row)
        .onConflictDoUpdate({
          target: [poolSpreads.poolId, poolSpreads.gameId],
          set: { spread: row.spread, updatedBy: row.updatedBy, updatedAt: row.updatedAt },
        })
        .returning();
      return saved!;
    },

    async clearSpread(poolId: string, gameId: string): Promise<void> {
      await db.delete(poolSpreads).where(and(eq(poolSpreads.poolId, poolId), eq(poolSpreads.gameId, gameId)));
    },

    // ---- pool games ----------------------------------------------------------------------------

    async insertPoolGames(rows: PoolGameRow[]): Promise<void> {
      if (rows.length) await db.insert(poolGames).values(rows);
    },

    async poolGamesOfWeek(poolId: string, year: number, weekNumber: number): Promise<PoolGameWithGame[]> {
      return db
        .select({ poolGame: poolGames, game: games })
        .from(poolGames)
        .leftJoin(games, eq(games.espnId, poolGames.gameId))
        .where(and(eq(poolGames.poolId, poolId), eq(poolGames.year, year), eq(poolGames.weekNumber, weekNumber)))
        .orderBy(asc(games.gameTimeUtc), asc(poolGames.gameId));
    },

    async findPoolGame(poolId: string, gameId: string): Promise<PoolGameRow | undefined> {
      const [row] = await db
        .select()
        .from(poolGames)
        .where(and(eq(poolGames.poolId, poolId), eq(poolGames.gameId, gameId)));
      return row;
    },

    /** Pool games of a game not yet void (every pool that published it). */
    async unvoidedPoolGamesOf(gameId: string): Promise<PoolGameRow[]> {
      return db
        .select()
        .from(poolGames)
        .where(and(eq(poolGames.gameId, gameId), isNull(poolGames.voidedAt)));
    },

    async voidPoolGame({ id, reason, by, at }: { id: string; reason: string; by: string | null; at: Date }): Promise<PoolGameRow | undefined> {
      const [row] = await db
        .update(poolGames)
        .set({ voidReason: reason, voidedBy: by, voidedAt: at })
        .where(and(eq(poolGames.id, id), isNull(poolGames.voidedAt)))
        .returning();
      return row;
    },

    async publishedGameCounts(poolIds: string[]): Promise<Map<string, number>> {
      if (poolIds.length === 0) return new Map();
      const rows = await db
        .select({ poolId: poolGames.poolId, count: sql<number>`count(*)::int` })
        .from(poolGames)
        .where(inArray(poolGames.poolId, poolIds))
        .groupBy(poolGames.poolId);
      return new Map(rows.map((r) => [r.poolId, r.count]));
    },
  };
}

export type WeeksStore = ReturnType<typeof createWeeksStore>;
