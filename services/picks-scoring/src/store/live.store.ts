import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@powerpool/service-kit';
import {
  games,
  liveChanges,
  pickOverrides,
  picks,
  poolGames,
  poolMembers,
  poolWeeks,
  pools,
  teams,
  users,
  venues,
  weekScores,
  type GameRow,
  type MemberRow,
  type PickRow,
  type PoolGameRow,
  type TeamRow,
  type VenueRow,
  type WeekScoreRow,
} from './schema.js';

/** A pool's published game with its production game, venue and teams. */
export interface LiveGameRow {
  poolGame: PoolGameRow;
  game: GameRow;
  venue: VenueRow | null;
  home: TeamRow | null;
  away: TeamRow | null;
}

/** An active member, their name and e-mail, and their final points of the pool's COMPLETE weeks before a week. */
export interface LiveMemberRow {
  userId: string;
  displayName: string;
  email: string;
  priorSeasonPoints: number;
}

/** What the board needs of a pick (the few columns it reads: a big pool has thousands), with its team's abbreviation and logo. */
export interface LivePickRow extends Pick<PickRow, 'userId' | 'gameId' | 'selectedTeamEspnId' | 'confidenceRank' | 'isPowerPick' | 'result' | 'pointsEarned'> {
  teamAbbr: string | null;
  teamLogo: string | null;
}

/** One row of the live change log: a pool, a production game or everything changed (transaction `xid`). */
export interface LiveChangeRow {
  id: string;
  xid: bigint;
  poolId: string | null;
  gameId: string | null;
  everything: boolean;
}

/** The rows of `db.execute` (an array from postgres.js, `{ rows }` from PGlite). */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows);

const homeTeams = alias(teams, 'home_team');
const awayTeams = alias(teams, 'away_team');

/** The live leaderboard's and the exports' reads: a handful of queries per pool week, none per member. */
export function createLiveStore(db: Db) {
  return {
    /** Every production game of a season week, by kickoff (the games stream's snapshot). */
    async seasonWeekGames(year: number, weekNumber: number): Promise<GameRow[]> {
      return db
        .select()
        .from(games)
        .where(and(eq(games.year, year), eq(games.weekNumber, weekNumber)))
        .orderBy(asc(games.gameTimeUtc), asc(games.espnId));
    },

    /**
     * The live change log's rows (migrations/0004_live_changes.sql) of the transactions with an id
     * of at least `floor` (none when null), and the `horizon` of this read: the oldest transaction
     * still running when it read. Every row this read could not see (its transaction still running,
     * or not begun) has an xid of at least the horizon, so the next read, from it, sees them.
     */
    async liveChangesSince(floor: bigint | null): Promise<{ horizon: bigint; rows: LiveChangeRow[] }> {
      const result = await db.execute(sql`
        SELECT h.horizon, c.id::text AS id, c.xid::text AS xid, c.pool_id, c.game_id, c.everything
        FROM (SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon) h
        LEFT JOIN ${liveChanges} c ON ${floor === null ? sql`false` : sql`c.xid >= ${floor.toString()}::bigint`}`);
      const rows = rowsOf<{
        horizon: string;
        id: string | null;
        xid: string | null;
        pool_id: string | null;
        game_id: string | null;
        everything: boolean | null;
      }>(result);
      return {
        horizon: BigInt(rows[0]!.horizon),
        rows: rows.flatMap((r) =>
          r.id === null ? [] : [{ id: r.id, xid: BigInt(r.xid!), poolId: r.pool_id, gameId: r.game_id, everything: r.everything === true }],
        ),
      };
    },

    /** Forget the live change log's rows written before `before` (read long ago by every process). */
    async pruneLiveChanges(before: Date): Promise<void> {
      await db.delete(liveChanges).where(lt(liveChanges.at, before));
    },

    /** The pool's published games of a week (with production data), by kickoff. */
    /** Production games by ESPN id with their venue and teams, whatever pool published them (the live stream's `games` frame). */
    async sharedLiveGames(espnIds: readonly string[]): Promise<Array<Omit<LiveGameRow, 'poolGame'>>> {
      if (espnIds.length === 0) return [];
      return db
        .select({ game: games, venue: venues, home: homeTeams, away: awayTeams })
        .from(games)
        .leftJoin(venues, eq(venues.espnId, games.venueEspnId))
        .leftJoin(homeTeams, eq(homeTeams.espnId, games.homeTeamEspnId))
        .leftJoin(awayTeams, eq(awayTeams.espnId, games.awayTeamEspnId))
        .where(inArray(games.espnId, [...espnIds]));
    },

    async liveGamesOf(poolId: string, year: number, weekNumber: number): Promise<LiveGameRow[]> {
      return db
        .select({ poolGame: poolGames, game: games, venue: venues, home: homeTeams, away: awayTeams })
        .from(poolGames)
        .innerJoin(games, eq(games.espnId, poolGames.gameId))
        .leftJoin(venues, eq(venues.espnId, games.venueEspnId))
        .leftJoin(homeTeams, eq(homeTeams.espnId, games.homeTeamEspnId))
        .leftJoin(awayTeams, eq(awayTeams.espnId, games.awayTeamEspnId))
        .where(and(eq(poolGames.poolId, poolId), eq(poolGames.year, year), eq(poolGames.weekNumber, weekNumber)))
        .orderBy(asc(games.gameTimeUtc), asc(games.espnId));
    },

    /**
     * Every active member with name and e-mail, and the sum of their final points over the pool's
     * COMPLETE weeks of `year` numbered before `weekNumber` (0 without any), in one query.
     */
    async liveMembersOf(poolId: string, year: number, weekNumber: number): Promise<LiveMemberRow[]> {
      const prior = db
        .select({ userId: weekScores.userId, points: sql<number>`sum(${weekScores.finalPoints})::int`.as('points') })
        .from(weekScores)
        .innerJoin(
          poolWeeks,
          and(eq(poolWeeks.poolId, weekScores.poolId), eq(poolWeeks.year, weekScores.year), eq(poolWeeks.weekNumber, weekScores.weekNumber)),
        )
        .where(and(eq(weekScores.poolId, poolId), eq(weekScores.year, year), lt(weekScores.weekNumber, weekNumber), eq(poolWeeks.state, 'COMPLETE')))
        .groupBy(weekScores.userId)
        .as('prior');
      const rows = await db
        .select({ userId: poolMembers.userId, displayName: users.displayName, email: users.email, points: prior.points })
        .from(poolMembers)
        .leftJoin(users, eq(users.id, poolMembers.userId))
        .leftJoin(prior, eq(prior.userId, poolMembers.userId))
        .where(and(eq(poolMembers.poolId, poolId), eq(poolMembers.isActive, true)));
      return rows.map((r) => ({ userId: r.userId, displayName: r.displayName ?? 'User', email: r.email ?? '', priorSeasonPoints: Number(r.points ?? 0) }));
    },

    /** Every pick of a pool week, with the selected team's abbreviation and logo. */
    async weekPicksOf(poolId: string, year: number, weekNumber: number): Promise<LivePickRow[]> {
      return db
        .select({
          userId: picks.userId,
          gameId: picks.gameId,
          selectedTeamEspnId: picks.selectedTeamEspnId,
          confidenceRank: picks.confidenceRank,
          isPowerPick: picks.isPowerPick,
          result: picks.result,
          pointsEarned: picks.pointsEarned,
          teamAbbr: teams.abbreviation,
          teamLogo: teams.logoUrl,
        })
        .from(picks)
        .leftJoin(teams, eq(teams.espnId, picks.selectedTeamEspnId))
        .where(and(eq(picks.poolId, poolId), eq(picks.year, year), eq(picks.weekNumber, weekNumber)));
    },

    /** The stored (calculated) scores of a pool week. */
    async weekScoresOf(poolId: string, year: number, weekNumber: number): Promise<WeekScoreRow[]> {
      return db
        .select()
        .from(weekScores)
        .where(and(eq(weekScores.poolId, poolId), eq(weekScores.year, year), eq(weekScores.weekNumber, weekNumber)));
    },

    /** Every member row of a pool (active or not), for the live board's access checks. */
    async poolMembersOf(poolId: string): Promise<MemberRow[]> {
      return db.select().from(poolMembers).where(eq(poolMembers.poolId, poolId));
    },

    /**
     * A digest of everything the pool week's live board and its access checks are made of: the
     * pool's row and weeks, the week's pool games, the production games published or of that
     * week, their venues, the teams, the week's picks, the pool's stored scores up to this week,
     * its members and their users, and the week's overrides and their users (the year is the
     * pool's). Each part is `count:sum(xmin)` of its rows: every insert or update writes a row
     * version with a newer transaction id and every delete changes the count, so any committed
     * change to any column changes the digest, whatever the clocks say (several timestamps come
     * from a clock tests stand still, or from other services). Only committed rows are seen, so
     * the data read after this is at least as new. One query, no row data leaves the database.
     */
    async liveFingerprint(poolId: string, weekNumber: number): Promise<string> {
      const digest = (alias: string) => sql.raw(`count(*) || ':' || coalesce(sum(${alias}.xmin::text::bigint), 0)`);
      const year = sql`(SELECT py.year FROM ${pools} py WHERE py.id = ${poolId})`;
      const week = (alias: string) =>
        sql`${sql.raw(alias)}.pool_id = ${poolId} AND ${sql.raw(alias)}.year = ${year} AND ${sql.raw(alias)}.week_number = ${weekNumber}`;
      // The pool's games of the week, and the production games of that week (a commissioner's power
      // pick may be on one the pool did not publish): a few rows by index, without reading the picks.
      const weekGames = sql`(SELECT pg.game_id FROM ${poolGames} pg WHERE ${week('pg')} UNION SELECT wg.espn_id FROM ${games} wg WHERE wg.year = ${year} AND wg.week_number = ${weekNumber})`;
      const result = await db.execute<{ fingerprint: string }>(sql`
        SELECT concat_ws('|',
          (SELECT ${digest('pl')} FROM ${pools} pl WHERE pl.id = ${poolId}),
          (SELECT ${digest('w')} FROM ${poolWeeks} w WHERE w.pool_id = ${poolId}),
          (SELECT ${digest('pg')} FROM ${poolGames} pg WHERE ${week('pg')}),
          (SELECT ${digest('g')} FROM ${games} g WHERE g.espn_id IN ${weekGames}),
          (SELECT ${digest('v')} FROM ${venues} v WHERE v.espn_id IN (SELECT g.venue_espn_id FROM ${games} g WHERE g.espn_id IN ${weekGames})),
          (SELECT ${digest('t')} FROM ${teams} t),
          (SELECT ${digest('p')} FROM ${picks} p WHERE ${week('p')}),
          (SELECT ${digest('s')} FROM ${weekScores} s WHERE s.pool_id = ${poolId} AND s.year = ${year} AND s.week_number <= ${weekNumber}),
          (SELECT ${digest('m')} FROM ${poolMembers} m WHERE m.pool_id = ${poolId}),
          (SELECT ${digest('u')} FROM ${users} u WHERE u.id IN (SELECT m.user_id FROM ${poolMembers} m WHERE m.pool_id = ${poolId})),
          (SELECT ${digest('o')} FROM ${pickOverrides} o WHERE ${week('o')}),
          (SELECT ${digest('u')} FROM ${users} u WHERE u.id IN (SELECT o.by_user_id FROM ${pickOverrides} o WHERE ${week('o')} UNION SELECT o.target_user_id FROM ${pickOverrides} o WHERE ${week('o')}))
        ) AS fingerprint`);
      return rowsOf<{ fingerprint: string }>(result)[0]!.fingerprint;
    },
  };
}
