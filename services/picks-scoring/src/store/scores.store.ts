import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PickResult } from '@powerpool/contracts';
import type { Db } from '@powerpool/service-kit';
import {
  games,
  picks,
  poolGames,
  poolMembers,
  poolWeeks,
  seasonTotals,
  seasonTotalsState,
  teams,
  users,
  weekScores,
  type GameRow,
  type PickRow,
  type PoolGameRow,
  type PoolWeekRow,
  type WeekScoreRow,
} from './schema.js';

/** A pool game of a week with the production game it refers to (null: not in the sports data). */
export interface ScoringGameRow {
  poolGame: PoolGameRow;
  game: GameRow | null;
}

/** A stored pick with what presenting it needs: its team's abbreviation and logo, its game's competition id. */
export interface PickWithTeam extends PickRow {
  teamAbbreviation: string | null;
  teamLogoUrl: string | null;
  gameEspnCompetitionId: string | null;
}

/** A person of a pool (active or not), with the name and e-mail identity last announced. */
export interface PoolPerson {
  userId: string;
  displayName: string;
  email: string;
  isActive: boolean;
}

/** An active member's season over the pool's completed weeks, aggregated in SQL. */
export interface SeasonAggregateRow {
  userId: string;
  displayName: string;
  /** Sum of the final scores of the completed weeks. */
  totalPoints: number;
  /** Completed weeks with picks. */
  weeksPlayed: number;
  /** Highest final score of a completed week (null: no calculated completed week). */
  bestFinal: number | null;
}

/** One pick's result as the calculation writes it (null: not calculated, e.g. a calculation error). */
export interface PickResultUpdate {
  id: string;
  result: PickResult | null;
  pointsEarned: number | null;
}

const weekOf = (poolId: string, year: number, weekNumber: number) => ({ poolId, year, weekNumber });
const sameWeeks = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((w, i) => w === b[i]);
/** A season's aggregates over week_scores (grouped by player): the sum of final scores, the weeks with picks, the best final score. */
const SUM_FINAL = sql<number>`sum(${weekScores.finalPoints})::int`;
const WEEKS_WITH_PICKS = sql<number>`(count(*) FILTER (WHERE ${weekScores.hasPicks}))::int`;
const BEST_FINAL = sql<number | null>`max(${weekScores.finalPoints})`;
/** How many week score rows go in one INSERT (12 parameters each, well under Postgres' 65,535). */
const INSERT_CHUNK = 1000;

/** Scores: the calculation's reads and writes, week scores, and the season standings' aggregate. */
export function createScoreStore(db: Db) {
  const samePoolWeek = (w: { poolId: string; year: number; weekNumber: number }) =>
    and(eq(poolWeeks.poolId, w.poolId), eq(poolWeeks.year, w.year), eq(poolWeeks.weekNumber, w.weekNumber));

  /** The pool's COMPLETE week numbers of a season, ascending. */
  const completeWeekNumbers = async (poolId: string, year: number): Promise<number[]> =>
    (
      await db
        .select({ weekNumber: poolWeeks.weekNumber })
        .from(poolWeeks)
        .where(and(eq(poolWeeks.poolId, poolId), eq(poolWeeks.year, year), eq(poolWeeks.state, 'COMPLETE')))
        .orderBy(asc(poolWeeks.weekNumber))
    ).map((w) => w.weekNumber);

  /** Whether the kept totals of a pool season were computed over exactly `weeks`. */
  const keptTotalsCover = async (poolId: string, year: number, weeks: number[]): Promise<boolean> => {
    const [state] = await db
      .select()
      .from(seasonTotalsState)
      .where(and(eq(seasonTotalsState.poolId, poolId), eq(seasonTotalsState.year, year)));
    return state !== undefined && sameWeeks(state.weeks, weeks);
  };

  /**
   * Sum of final scores, weeks with picks and best final score per player over `weeks` (the list
   * of COMPLETE weeks, given as values so the planner scans the covering index week_scores_season).
   */
  const aggregateWeekScores = (poolId: string, year: number, weeks: number[]) =>
    db
      .select({ userId: weekScores.userId, total: SUM_FINAL.as('total'), played: WEEKS_WITH_PICKS.as('played'), best: BEST_FINAL.as('best') })
      .from(weekScores)
      .where(and(eq(weekScores.poolId, poolId), eq(weekScores.year, year), weeks.length ? inArray(weekScores.weekNumber, weeks) : sql`false`))
      .groupBy(weekScores.userId);

  return {
    /** The pool's published games of a week joined to the production games (status, scores). */
    async scoringGamesOfWeek(poolId: string, year: number, weekNumber: number): Promise<ScoringGameRow[]> {
      const rows = await db
        .select({ poolGame: poolGames, game: games })
        .from(poolGames)
        .leftJoin(games, eq(games.espnId, poolGames.gameId))
        .where(and(eq(poolGames.poolId, poolId), eq(poolGames.year, year), eq(poolGames.weekNumber, weekNumber)))
        .orderBy(asc(poolGames.gameTimeUtc), asc(poolGames.gameId));
      return rows;
    },

    /** Every pick of a pool week (every player). */
    async scoringPicksOfWeek(poolId: string, year: number, weekNumber: number): Promise<PickRow[]> {
      return db
        .select()
        .from(picks)
        .where(and(eq(picks.poolId, poolId), eq(picks.year, year), eq(picks.weekNumber, weekNumber)))
        .orderBy(asc(picks.userId), asc(picks.confidenceRank));
    },

    /**
     * Picks with their team and game, of a pool week (`weekNumbers` one or several weeks), for one
     * player or all; ordered by week, player, rank 3, 2, 1 then the power pick.
     */
    async picksWithTeams({
      poolId,
      year,
      weekNumbers,
      userId,
    }: {
      poolId: string;
      year: number;
      weekNumbers: number[];
      userId?: string;
    }): Promise<PickWithTeam[]> {
      if (weekNumbers.length === 0) return [];
      const conditions = [eq(picks.poolId, poolId), eq(picks.year, year), inArray(picks.weekNumber, weekNumbers)];
      if (userId) conditions.push(eq(picks.userId, userId));
      const rows = await db
        .select({ pick: picks, teamAbbreviation: teams.abbreviation, teamLogoUrl: teams.logoUrl, gameEspnCompetitionId: games.espnCompetitionId })
        .from(picks)
        .leftJoin(teams, eq(teams.espnId, picks.selectedTeamEspnId))
        .leftJoin(games, eq(games.espnId, picks.gameId))
        .where(and(...conditions))
        .orderBy(asc(picks.weekNumber), asc(picks.userId), sql`${picks.isPowerPick} ASC`, sql`${picks.confidenceRank} DESC`);
      return rows.map((r) => ({ ...r.pick, teamAbbreviation: r.teamAbbreviation, teamLogoUrl: r.teamLogoUrl, gameEspnCompetitionId: r.gameEspnCompetitionId }));
    },

    /** Write the calculation's result of each pick, in one statement. */
    async writePickResults(updates: PickResultUpdate[]): Promise<void> {
      if (updates.length === 0) return;
      const payload = JSON.stringify(updates.map((u) => ({ id: u.id, result: u.result, points: u.pointsEarned })));
      await db.execute(sql`
        UPDATE ${picks} AS p
           SET result = v.result, points_earned = v.points
          FROM jsonb_to_recordset(${payload}::jsonb) AS v(id uuid, result text, points integer)
         WHERE p.id = v.id`);
    },

    /** Replace a pool week's week scores with `rows` (the caller holds the week's lock). */
    async replaceWeekScores({ poolId, year, weekNumber, rows }: { poolId: string; year: number; weekNumber: number; rows: WeekScoreRow[] }): Promise<void> {
      await db.delete(weekScores).where(and(eq(weekScores.poolId, poolId), eq(weekScores.year, year), eq(weekScores.weekNumber, weekNumber)));
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) await db.insert(weekScores).values(rows.slice(i, i + INSERT_CHUNK));
    },

    async markWeekCalculated({ poolId, year, weekNumber, at }: { poolId: string; year: number; weekNumber: number; at: Date }): Promise<void> {
      await db
        .update(poolWeeks)
        .set({ calculatedAt: at })
        .where(samePoolWeek(weekOf(poolId, year, weekNumber)));
    },

    /** The stored week scores of a pool week (every player calculated). */
    async weekScoresOfWeek(poolId: string, year: number, weekNumber: number): Promise<WeekScoreRow[]> {
      return db
        .select()
        .from(weekScores)
        .where(and(eq(weekScores.poolId, poolId), eq(weekScores.year, year), eq(weekScores.weekNumber, weekNumber)));
    },

    /** One player's stored week scores of a season in a pool. */
    async weekScoresOfPlayer(poolId: string, year: number, userId: string): Promise<WeekScoreRow[]> {
      return db
        .select()
        .from(weekScores)
        .where(and(eq(weekScores.poolId, poolId), eq(weekScores.year, year), eq(weekScores.userId, userId)))
        .orderBy(asc(weekScores.weekNumber));
    },

    /** Everyone who is or was a member of the pool, with names and e-mails. */
    async poolPeopleOf(poolId: string): Promise<PoolPerson[]> {
      const rows = await db
        .select({ userId: poolMembers.userId, displayName: users.displayName, email: users.email, isActive: poolMembers.isActive })
        .from(poolMembers)
        .leftJoin(users, eq(users.id, poolMembers.userId))
        .where(eq(poolMembers.poolId, poolId));
      return rows.map((r) => ({ userId: r.userId, displayName: r.displayName ?? 'User', email: r.email ?? '', isActive: r.isActive }));
    },

    /** The pool's COMPLETE weeks of a season, in week order. */
    async completeWeeksOf(poolId: string, year: number): Promise<PoolWeekRow[]> {
      return db
        .select()
        .from(poolWeeks)
        .where(and(eq(poolWeeks.poolId, poolId), eq(poolWeeks.year, year), eq(poolWeeks.state, 'COMPLETE')))
        .orderBy(asc(poolWeeks.weekNumber));
    },

    /**
     * Every active member's season over the pool's COMPLETE weeks (sum of final scores, weeks with
     * picks, best final score). Read from the kept totals (season_totals, one indexed row per
     * member) when they cover exactly the pool's COMPLETE weeks; otherwise (a week has just
     * completed and its refresh has not run yet) aggregated from week_scores, so never stale.
     * `fromKeptTotals` says which.
     */
    async seasonAggregateOf(poolId: string, year: number): Promise<{ rows: SeasonAggregateRow[]; fromKeptTotals: boolean }> {
      const weeks = await completeWeekNumbers(poolId, year);
      const fromKeptTotals = await keptTotalsCover(poolId, year, weeks);
      // Members and totals are read apart and merged here: each read is one index range whatever
      // the planner knows (a join planned on fresh tables without statistics can go quadratic).
      const totals = fromKeptTotals
        ? await db
            .select({ userId: seasonTotals.userId, total: seasonTotals.totalPoints, played: seasonTotals.weeksPlayed, best: seasonTotals.bestFinal })
            .from(seasonTotals)
            .where(and(eq(seasonTotals.poolId, poolId), eq(seasonTotals.year, year)))
        : await aggregateWeekScores(poolId, year, weeks);
      const byUser = new Map(totals.map((t) => [t.userId, t]));
      const members = await db
        .select({ userId: poolMembers.userId, displayName: users.displayName })
        .from(poolMembers)
        .leftJoin(users, eq(users.id, poolMembers.userId))
        .where(and(eq(poolMembers.poolId, poolId), eq(poolMembers.isActive, true)));
      const rows = members.map((m) => {
        const t = byUser.get(m.userId);
        return { userId: m.userId, displayName: m.displayName ?? 'User', totalPoints: t?.total ?? 0, weeksPlayed: t?.played ?? 0, bestFinal: t?.best ?? null };
      });
      return { rows, fromKeptTotals };
    },

    /**
     * Recompute a pool season's kept totals over its COMPLETE weeks, in the caller's transaction
     * (after a COMPLETE week's scores changed, or a week reached COMPLETE). Refreshes of one pool
     * season run one after the other (the state row is locked first).
     */
    async refreshSeasonTotals({ poolId, year, at, ...options }: { poolId: string; year: number; at: Date; onlyIfStale?: boolean }): Promise<void> {
      const key = and(eq(seasonTotalsState.poolId, poolId), eq(seasonTotalsState.year, year));
      await db.insert(seasonTotalsState).values({ poolId, year, weeks: [], refreshedAt: at }).onConflictDoNothing();
      const [state] = await db.select().from(seasonTotalsState).where(key).for('update');
      const weeks = await completeWeekNumbers(poolId, year);
      // Another reader refreshed while this one waited for the lock.
      if (options.onlyIfStale && state && sameWeeks(state.weeks, weeks)) return;
      await db.delete(seasonTotals).where(and(eq(seasonTotals.poolId, poolId), eq(seasonTotals.year, year)));
      if (weeks.length) {
        await db.insert(seasonTotals).select(
          db
            .select({
              poolId: weekScores.poolId,
              year: weekScores.year,
              userId: weekScores.userId,
              totalPoints: SUM_FINAL.as('total_points'),
              weeksPlayed: WEEKS_WITH_PICKS.as('weeks_played'),
              bestFinal: BEST_FINAL.as('best_final'),
            })
            .from(weekScores)
            .where(and(eq(weekScores.poolId, poolId), eq(weekScores.year, year), inArray(weekScores.weekNumber, weeks)))
            .groupBy(weekScores.poolId, weekScores.year, weekScores.userId),
        );
      }
      await db.update(seasonTotalsState).set({ weeks, refreshedAt: at }).where(key);
    },

    /**
     * The pool weeks not COMPLETE that any of `gameIds` touches (published in them, or picked there
     * as a commissioner's power pick on an unpublished game), locked FOR UPDATE in key order (so two
     * changes lock them in the same order) in one statement: a calculation of one of them that is
     * running holds the lock until it commits, so what the caller then sees of `calculatedAt` is
     * settled.
     */
    async lockUnfinishedWeeksWithGames(gameIds: readonly string[]): Promise<PoolWeekRow[]> {
      if (gameIds.length === 0) return [];
      const ids = [...gameIds];
      const published = db
        .select({ poolId: poolGames.poolId, year: poolGames.year, weekNumber: poolGames.weekNumber })
        .from(poolGames)
        .where(inArray(poolGames.gameId, ids));
      const picked = db
        .selectDistinct({ poolId: picks.poolId, year: picks.year, weekNumber: picks.weekNumber })
        .from(picks)
        .where(and(inArray(picks.gameId, ids), sql`${picks.poolGameId} IS NULL`));
      return db
        .select()
        .from(poolWeeks)
        .where(
          and(sql`${poolWeeks.state} <> 'COMPLETE'`, sql`(${poolWeeks.poolId}, ${poolWeeks.year}, ${poolWeeks.weekNumber}) IN (${published.union(picked)})`),
        )
        .orderBy(asc(poolWeeks.poolId), asc(poolWeeks.year), asc(poolWeeks.weekNumber))
        .for('update');
    },
  };
}
