import type { Game, GameData, StagingGame, Team, Venue } from '@powerpool/contracts';
import { and, asc, desc, eq, gte, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import { gameFieldsOf, type Db } from '@powerpool/service-kit';
import { toChicagoIso } from '../ports/espn/time.js';
import {
  feedLease,
  games,
  publishedGames,
  stagingGames,
  stagingTeams,
  teamLogos,
  teams,
  venues,
  type GameRow,
  type StagingGameRow,
  type TeamRow,
  type VenueRow,
} from './schema.js';

type TeamLike = Pick<TeamRow, 'espnId' | 'name' | 'shortName' | 'abbreviation' | 'city' | 'color' | 'logoUrl' | 'darkLogoUrl'>;
export function toTeam(row: TeamLike): Team {
  return {
    espnId: row.espnId,
    name: row.name,
    shortName: row.shortName,
    abbreviation: row.abbreviation,
    city: row.city,
    color: row.color,
    logoUrl: row.logoUrl,
    darkLogoUrl: row.darkLogoUrl,
  };
}

function toGameData(row: StagingGameRow | GameRow): GameData {
  const gameTimeUtc = row.gameTimeUtc.toISOString();
  return {
    ...gameFieldsOf(row),
    seasonType: row.seasonType as 1 | 2 | 3,
    gameTimeUtc,
    gameTimeCdt: toChicagoIso(gameTimeUtc),
    spread: row.spread === null ? null : Number(row.spread),
    gameStatus: row.gameStatus,
    winnerTeamEspnId: row.winnerTeamEspnId,
    oddsProvider: row.oddsProvider,
    oddsDetails: row.oddsDetails,
    venueEspnId: row.venueEspnId,
  };
}
export function toStagingGame(row: StagingGameRow): StagingGame {
  return { id: row.id, scheduleId: row.scheduleId, ...toGameData(row) };
}
export function toGame(row: GameRow): Game {
  return { ...toGameData(row), updatedAt: row.updatedAt.toISOString() };
}
export function toVenue(row: VenueRow): Venue {
  return {
    espnVenueId: row.espnVenueId,
    fullName: row.fullName,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    indoor: row.indoor,
    grass: row.grass,
    exteriorImageUrl: row.exteriorImageUrl,
    interiorImageUrl: row.interiorImageUrl,
  };
}

/** Columns of a game as written (GameData without the derived gameTimeCdt). */
function gameValues(g: GameData) {
  const { gameTimeCdt: _cdt, gameTimeUtc, spread, ...rest } = g;
  return { ...rest, gameTimeUtc: new Date(gameTimeUtc), spread: spread === null ? null : String(spread) };
}

/** A stored team logo: the bytes and content type, named by the team and its content hash. */
export interface StoredLogo {
  espnId: string;
  hash: string;
  contentType: string;
  bytes: Buffer;
}

const gameOrder = [asc(sql`year`), asc(sql`week_number`), asc(sql`game_time_utc`), asc(sql`espn_id`)];

export function createSportsStore(db: Db) {
  return {
    async stagingTeams(scheduleId: number): Promise<Team[]> {
      const rows = await db.select().from(stagingTeams).where(eq(stagingTeams.scheduleId, scheduleId)).orderBy(asc(stagingTeams.name));
      return rows.map(toTeam);
    },
    async productionTeams(): Promise<Team[]> {
      return (await db.select().from(teams).orderBy(asc(teams.name))).map(toTeam);
    },
    /** Staging teams become exactly `list`. */
    async replaceStagingTeams(scheduleId: number, list: Team[], now: Date): Promise<void> {
      await db.delete(stagingTeams).where(eq(stagingTeams.scheduleId, scheduleId));
      if (list.length) await db.insert(stagingTeams).values(list.map((t) => ({ ...t, scheduleId, importedAt: now })));
    },
    async upsertTeams(list: Team[], now: Date): Promise<void> {
      for (const t of list) {
        await db
          .insert(teams)
          .values({ ...t, updatedAt: now })
          .onConflictDoUpdate({ target: teams.espnId, set: { ...t, updatedAt: now } });
      }
    },
    /** Delete production teams no production game uses; returns the ids deleted. */
    async deleteUnusedTeams(espnIds: string[]): Promise<string[]> {
      if (!espnIds.length) return [];
      const used = await db
        .select({ id: games.homeTeamEspnId, away: games.awayTeamEspnId })
        .from(games)
        .where(or(inArray(games.homeTeamEspnId, espnIds), inArray(games.awayTeamEspnId, espnIds)));
      const usedIds = new Set(used.flatMap((u) => [u.id, u.away]));
      const deletable = espnIds.filter((id) => !usedIds.has(id));
      if (deletable.length) await db.delete(teams).where(inArray(teams.espnId, deletable));
      return deletable;
    },

    async stagingGames(scheduleId: number): Promise<StagingGame[]> {
      const rows = await db
        .select()
        .from(stagingGames)
        .where(eq(stagingGames.scheduleId, scheduleId))
        .orderBy(...gameOrder);
      return rows.map(toStagingGame);
    },
    /** Staging games of `year` become exactly `list` (rows keep their id when the game stays). */
    async replaceStagingGames({ scheduleId, year, list, now }: { scheduleId: number; year: number; list: GameData[]; now: Date }): Promise<void> {
      const ids = list.map((g) => g.espnId);
      const scope = and(eq(stagingGames.scheduleId, scheduleId), eq(stagingGames.year, year));
      await db.delete(stagingGames).where(ids.length ? and(scope, notInArray(stagingGames.espnId, ids)) : scope);
      for (const g of list) {
        const values = { ...gameValues(g), scheduleId, importedAt: now };
        await db
          .insert(stagingGames)
          .values(values)
          .onConflictDoUpdate({ target: [stagingGames.scheduleId, stagingGames.espnId], set: values });
      }
    },
    async clearStaging(scheduleId: number): Promise<{ teams: number; games: number }> {
      const g = await db.delete(stagingGames).where(eq(stagingGames.scheduleId, scheduleId)).returning({ id: stagingGames.id });
      const t = await db.delete(stagingTeams).where(eq(stagingTeams.scheduleId, scheduleId)).returning({ id: stagingTeams.espnId });
      return { teams: t.length, games: g.length };
    },

    async productionGames(filter: { years?: number[]; week?: { year: number; weekNumber: number } } = {}): Promise<Game[]> {
      const where = filter.week
        ? and(eq(games.year, filter.week.year), eq(games.weekNumber, filter.week.weekNumber))
        : filter.years
          ? filter.years.length
            ? inArray(games.year, filter.years)
            : sql`false`
          : undefined;
      const rows = await db
        .select()
        .from(games)
        .where(where)
        .orderBy(...gameOrder);
      return rows.map(toGame);
    },
    async newestYear(): Promise<number | null> {
      const [row] = await db.select({ year: sql<number | null>`max(${games.year})` }).from(games);
      return row?.year === null || row?.year === undefined ? null : Number(row.year);
    },
    async upsertGame(g: GameData, now: Date): Promise<Game> {
      const values = { ...gameValues(g), updatedAt: now };
      const [row] = await db.insert(games).values(values).onConflictDoUpdate({ target: games.espnId, set: values }).returning();
      return toGame(row!);
    },
    /**
     * The production games with these ids, locked for update until the transaction ends: two
     * writers of the same game (two replicas, the feed and an admin's refresh) apply one after the
     * other, and the second sees the first's result.
     */
    async lockProductionGames(espnIds: string[]): Promise<Game[]> {
      if (!espnIds.length) return [];
      const rows = await db.select().from(games).where(inArray(games.espnId, espnIds)).orderBy(asc(games.espnId)).for('update');
      return rows.map(toGame);
    },
    /**
     * What the live feed follows: the games not decided (complete or cancelled) whose kickoff lies
     * in [from, to] (in progress, about to start, or past kickoff without a result).
     */
    async liveCandidates(from: Date, to: Date): Promise<Game[]> {
      const rows = await db
        .select()
        .from(games)
        .where(and(gte(games.gameTimeUtc, from), lte(games.gameTimeUtc, to), notInArray(games.gameStatus, ['COMPLETE', 'CANCELLED'])))
        .orderBy(...gameOrder);
      return rows.map(toGame);
    },
    /** The next scheduled game kicking off at or after `from` (it names the current week), or null. */
    async nextScheduledGame(from: Date): Promise<Game | null> {
      const [row] = await db
        .select()
        .from(games)
        .where(and(eq(games.gameStatus, 'SCHEDULED'), gte(games.gameTimeUtc, from)))
        .orderBy(asc(games.gameTimeUtc), asc(games.espnId))
        .limit(1);
      return row ? toGame(row) : null;
    },
    /**
     * Take or renew the lease `name` for `holder` until `until`: succeeds when the lease is free,
     * expired at `now`, or already held by `holder` (one conditional upsert, so two replicas racing
     * for it cannot both win).
     */
    async takeLease({ name, holder, now, until }: { name: string; holder: string; now: Date; until: Date }): Promise<boolean> {
      const rows = await db
        .insert(feedLease)
        .values({ name, holder, expiresAt: until })
        .onConflictDoUpdate({
          target: feedLease.name,
          set: { holder, expiresAt: until },
          setWhere: or(eq(feedLease.holder, holder), lte(feedLease.expiresAt, now)),
        })
        .returning({ holder: feedLease.holder });
      return rows.length === 1;
    },
    /** Record games some pool has published (a game already recorded keeps its first time). */
    async recordPublishedGames(espnIds: string[], at: Date): Promise<void> {
      if (espnIds.length === 0) return;
      await db
        .insert(publishedGames)
        .values([...new Set(espnIds)].map((espnId) => ({ espnId, firstPublishedAt: at })))
        .onConflictDoNothing();
    },
    /** Which of these games some pool has published. */
    async publishedAmong(espnIds: string[]): Promise<Set<string>> {
      if (espnIds.length === 0) return new Set();
      const rows = await db.select({ espnId: publishedGames.espnId }).from(publishedGames).where(inArray(publishedGames.espnId, espnIds));
      return new Set(rows.map((r) => r.espnId));
    },
    async deleteGames(espnIds: string[]): Promise<void> {
      if (espnIds.length) await db.delete(games).where(inArray(games.espnId, espnIds));
    },

    /** Keep a fetched logo (a second fetch of the same image only moves its fetchedAt). */
    async saveTeamLogo(logo: StoredLogo & { sourceUrl: string }, now: Date): Promise<void> {
      const values = { espnId: logo.espnId, hash: logo.hash, contentType: logo.contentType, bytes: logo.bytes, sourceUrl: logo.sourceUrl, fetchedAt: now };
      await db
        .insert(teamLogos)
        .values(values)
        .onConflictDoUpdate({ target: [teamLogos.espnId, teamLogos.hash], set: { fetchedAt: now, sourceUrl: logo.sourceUrl } });
    },
    /** The team's logo with this hash, or (no hash) the one fetched last; null when none is stored. */
    async teamLogo(espnId: string, hash?: string): Promise<StoredLogo | null> {
      const [row] = await db
        .select({ espnId: teamLogos.espnId, hash: teamLogos.hash, contentType: teamLogos.contentType, bytes: teamLogos.bytes })
        .from(teamLogos)
        .where(hash ? and(eq(teamLogos.espnId, espnId), eq(teamLogos.hash, hash)) : eq(teamLogos.espnId, espnId))
        .orderBy(desc(teamLogos.fetchedAt), asc(teamLogos.hash))
        .limit(1);
      return row ?? null;
    },

    async venues(): Promise<Venue[]> {
      return (await db.select().from(venues).orderBy(asc(venues.fullName))).map(toVenue);
    },
    async upsertVenue(v: Venue, now: Date): Promise<void> {
      await db
        .insert(venues)
        .values({ ...v, updatedAt: now })
        .onConflictDoUpdate({ target: venues.espnVenueId, set: { ...v, updatedAt: now } });
    },
    /** Venue ids used by staged or production games. */
    async gameVenueIds(): Promise<string[]> {
      const rows = await db.execute<{ id: string }>(
        sql`SELECT venue_espn_id AS id FROM sports.staging_games WHERE venue_espn_id IS NOT NULL UNION SELECT venue_espn_id FROM sports.games WHERE venue_espn_id IS NOT NULL ORDER BY 1`,
      );
      const list = Array.isArray(rows) ? (rows as Array<{ id: string }>) : (rows as { rows: Array<{ id: string }> }).rows;
      return list.map((r) => r.id);
    },
  };
}
export type SportsStore = ReturnType<typeof createSportsStore>;
