import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { WEEK_STATES, type Game, type GameSnapshot, type Venue, type WeekState } from '@powerpool/contracts';
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
  pickOverrides,
  picks,
  poolGames,
  poolMembers,
  pools,
  poolWeeks,
  seasonTotals,
  seasonTotalsState,
  teams,
  users,
  venues,
  weekScores,
  weekTiebreakers,
  type GameRow,
  type PoolGameRow,
  type PoolWeekRow,
  type UserRow,
  type VenueRow,
} from './schema.js';

/** A production game from its event snapshot. */
const gameRowOf = (game: Game): GameRow => ({ ...productionGameValues(game), venueEspnId: game.venueEspnId });

/** A week state's place in the forward-only order. */
const stateIndex = (state: WeekState) => WEEK_STATES.indexOf(state);

/** What picks-scoring keeps of other services' data (from their events), and reads of it. */
export function createSyncStore(db: Db) {
  return {
    ...createTeamProjectionStore(db, { teams }),
    ...createMemberProjectionStore(db, { deletedPools, poolMembers }),

    // ---- users (identity) ------------------------------------------------------------------------

    async upsertUser(row: UserRow): Promise<void> {
      const { id: _id, ...set } = row;
      await db
        .insert(users)
        .values(row)
        .onConflictDoUpdate({ target: users.id, set, setWhere: sql`${users.updatedAt} < excluded.updated_at` });
    },

    /** A caller the gateway vouched for before identity's event arrived; the first real event replaces it. */
    async seedUser(row: Pick<UserRow, 'id' | 'email' | 'displayName'>): Promise<void> {
      await db
        .insert(users)
        .values({ ...row, updatedAt: new Date(0) })
        .onConflictDoNothing({ target: users.id });
    },

    async findUsers(ids: string[]): Promise<UserRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(users)
        .where(inArray(users.id, [...new Set(ids)]));
    },

    // ---- sports data (sports-data-staging) -------------------------------------------------------

    // Games a pool published or someone picked stay when their season leaves production.
    ...createGameProjectionStore(db, { games, rowOf: gameRowOf, keptBy: [poolGames.gameId, picks.gameId] }),

    async upsertVenues(list: Venue[]): Promise<void> {
      for (const v of list) {
        const set = { fullName: v.fullName, city: v.city, state: v.state, exteriorImageUrl: v.exteriorImageUrl, interiorImageUrl: v.interiorImageUrl };
        await db
          .insert(venues)
          .values({ espnId: v.espnVenueId, ...set })
          .onConflictDoUpdate({ target: venues.espnId, set });
      }
    },

    async findVenues(espnIds: string[]): Promise<VenueRow[]> {
      if (espnIds.length === 0) return [];
      return db
        .select()
        .from(venues)
        .where(inArray(venues.espnId, [...new Set(espnIds)]));
    },

    /**
     * A game as another service decided on it (a week's move carries its results): stored when
     * newer than ours, like an event's snapshot; the venue, which results do not carry, is kept.
     */
    async upsertGameSnapshot(snapshot: GameSnapshot): Promise<void> {
      const row = productionGameValues(snapshot);
      const { espnId: _id, ...set } = row;
      await db
        .insert(games)
        .values({ ...row, venueEspnId: null })
        .onConflictDoUpdate({ target: games.espnId, set, setWhere: sql`${games.updatedAt} < excluded.updated_at` });
    },

    async findGames(espnIds: string[]): Promise<GameRow[]> {
      if (espnIds.length === 0) return [];
      return db
        .select()
        .from(games)
        .where(inArray(games.espnId, [...new Set(espnIds)]));
    },

    async gamesOfWeek(year: number, weekNumber: number): Promise<GameRow[]> {
      return db
        .select()
        .from(games)
        .where(and(eq(games.year, year), eq(games.weekNumber, weekNumber)))
        .orderBy(asc(games.gameTimeUtc), asc(games.espnId));
    },

    // ---- pools and members (pools-invitations) ------------------------------------------------------

    ...createPoolProjectionStore(db, { pools, deletedPools }),

    /** The pool's active members with their names (members without an identity snapshot yet get their id). */
    async activeMembers(poolId: string): Promise<Array<{ userId: string; displayName: string; email: string }>> {
      const rows = await db
        .select({ userId: poolMembers.userId, displayName: users.displayName, email: users.email })
        .from(poolMembers)
        .leftJoin(users, eq(users.id, poolMembers.userId))
        .where(and(eq(poolMembers.poolId, poolId), eq(poolMembers.isActive, true)));
      return rows.map((r) => ({ userId: r.userId, displayName: r.displayName ?? 'User', email: r.email ?? '' }));
    },

    /** Everything of a deleted pool goes. */
    async deletePool(id: string, at: Date): Promise<{ deletedPicks: number }> {
      await db.insert(deletedPools).values({ id, deletedAt: at }).onConflictDoNothing();
      const removed = await db.delete(picks).where(eq(picks.poolId, id)).returning({ id: picks.id });
      await db.delete(weekScores).where(eq(weekScores.poolId, id));
      await db.delete(weekTiebreakers).where(eq(weekTiebreakers.poolId, id));
      await db.delete(seasonTotals).where(eq(seasonTotals.poolId, id));
      await db.delete(seasonTotalsState).where(eq(seasonTotalsState.poolId, id));
      await db.delete(pickOverrides).where(eq(pickOverrides.poolId, id));
      await db.delete(poolGames).where(eq(poolGames.poolId, id));
      await db.delete(poolWeeks).where(eq(poolWeeks.poolId, id));
      await db.delete(poolMembers).where(eq(poolMembers.poolId, id));
      await db.delete(pools).where(eq(pools.id, id));
      return { deletedPicks: removed.length };
    },

    // ---- published weeks and pool games (weeks-workflow) -------------------------------------------

    /** A week's publication: its deadline and games (publish happens once; a repeat changes nothing). */
    async recordPublishedWeek(week: PoolWeekRow, list: PoolGameRow[]): Promise<void> {
      await db.insert(poolWeeks).values(week).onConflictDoNothing();
      for (const g of list) await db.insert(poolGames).values(g).onConflictDoNothing();
    },

    /** Move a week forward (never back: events may arrive late or twice). Returns true when it moved. */
    async advanceWeekState({ poolId, year, weekNumber }: { poolId: string; year: number; weekNumber: number }, state: WeekState, at: Date): Promise<boolean> {
      const [row] = await db
        .select()
        .from(poolWeeks)
        .where(and(eq(poolWeeks.poolId, poolId), eq(poolWeeks.year, year), eq(poolWeeks.weekNumber, weekNumber)))
        .for('update');
      if (!row || stateIndex(row.state) >= stateIndex(state)) return false;
      await db
        .update(poolWeeks)
        .set({ state, stateChangedAt: at })
        .where(and(eq(poolWeeks.poolId, poolId), eq(poolWeeks.year, year), eq(poolWeeks.weekNumber, weekNumber)));
      return true;
    },

    async findPoolWeek({
      poolId,
      year,
      weekNumber,
      lock,
    }: {
      poolId: string;
      year: number;
      weekNumber: number;
      lock?: 'update' | 'share';
    }): Promise<PoolWeekRow | undefined> {
      const query = db
        .select()
        .from(poolWeeks)
        .where(and(eq(poolWeeks.poolId, poolId), eq(poolWeeks.year, year), eq(poolWeeks.weekNumber, weekNumber)));
      const [row] = lock ? await query.for(lock) : await query;
      return row;
    },

    async poolWeeksOf(poolId: string): Promise<PoolWeekRow[]> {
      return db.select().from(poolWeeks).where(eq(poolWeeks.poolId, poolId)).orderBy(asc(poolWeeks.year), asc(poolWeeks.weekNumber));
    },

    async voidPoolGame(poolGameId: string, reason: string, at: Date): Promise<boolean> {
      const updated = await db
        .update(poolGames)
        .set({ voidReason: reason, voidedAt: at })
        .where(and(eq(poolGames.id, poolGameId), sql`${poolGames.voidedAt} IS NULL`))
        .returning({ id: poolGames.id });
      return updated.length > 0;
    },

    async poolGamesOfWeek(poolId: string, year: number, weekNumber: number): Promise<PoolGameRow[]> {
      return db
        .select()
        .from(poolGames)
        .where(and(eq(poolGames.poolId, poolId), eq(poolGames.year, year), eq(poolGames.weekNumber, weekNumber)))
        .orderBy(asc(poolGames.gameTimeUtc), asc(poolGames.gameId));
    },

    /** The pool weeks (not COMPLETE) that published a game: a correction to it changes their scores. */
    async openWeeksWithGame(gameId: string): Promise<Array<{ poolId: string; year: number; weekNumber: number }>> {
      return db
        .selectDistinct({ poolId: poolGames.poolId, year: poolGames.year, weekNumber: poolGames.weekNumber })
        .from(poolGames)
        .innerJoin(poolWeeks, and(eq(poolWeeks.poolId, poolGames.poolId), eq(poolWeeks.year, poolGames.year), eq(poolWeeks.weekNumber, poolGames.weekNumber)))
        .where(and(eq(poolGames.gameId, gameId), sql`${poolWeeks.state} <> 'COMPLETE'`));
    },
  };
}
