import {
  currentSeasonOf,
  currentWeekOf,
  seasonPartOf,
  type PoolSpread,
  type PublishedGame,
  type Season,
  type Week,
  type WeekGame,
  type WeekScopeQuery,
  type WeekStatus,
  type WeekTransition,
} from '@powerpool/contracts';
import type { WeeksStore } from '../store/weeks.store.js';
import type { PoolRow, PoolWeekRow, TeamRow } from '../store/schema.js';
import { managedPool, visiblePool } from './access.js';
import type { Caller, WeeksContext, PoolWeekRequest } from './context.js';
import { CurrentWeekUnknownError, WeekNotFoundError } from './errors.js';
import { presentGame, presentPoolGame, presentSpread, presentStatus, presentTransition, presentWeek } from './present.js';

/** The season a weeks call is about, and the pool when it names one. */
interface Scope {
  year: number | null;
  pool: PoolRow | null;
}

/** The current season of the production data (null without games). */
export async function currentYear(store: WeeksStore, now: Date): Promise<number | null> {
  const spans = await store.seasonSpans();
  return currentSeasonOf(
    spans.map((s) => ({ year: s.year, lastKickoffAt: s.lastGameAt })),
    now,
  );
}

/**
 * poolId: the pool's season (the caller must manage the pool, or belong to it unless `manage`);
 * year: that season; neither: the current season.
 */
async function scopeOf(
  store: WeeksStore,
  { caller, query, ...options }: { caller: Caller; query: WeekScopeQuery; now: Date; manage?: boolean },
): Promise<Scope> {
  if (query.poolId) {
    const pool = options.manage ? await managedPool(store, caller, query.poolId) : await visiblePool(store, caller, query.poolId);
    return { year: pool.year, pool };
  }
  return { year: query.year !== undefined ? Number(query.year) : await currentYear(store, options.now), pool: null };
}

export async function teamsOf(store: WeeksStore, games: Array<{ homeTeamEspnId: string; awayTeamEspnId: string }>): Promise<Map<string, TeamRow>> {
  const rows = await store.findTeams(games.flatMap((g) => [g.homeTeamEspnId, g.awayTeamEspnId]));
  return new Map(rows.map((t) => [t.espnId, t]));
}

/** GET /api/seasons/current */
export async function getCurrentSeason(ctx: WeeksContext): Promise<Season> {
  return ctx.uow.read(async (store) => {
    const now = ctx.now();
    const year = await currentYear(store, now);
    const span = (await store.seasonSpans()).find((s) => s.year === year);
    if (year === null || !span) throw new CurrentWeekUnknownError();
    const week = currentWeekOf(await store.kickoffs(year), now)!;
    return {
      year,
      firstGameAt: span.firstGameAt.toISOString(),
      lastGameAt: span.lastGameAt.toISOString(),
      gameCount: span.gameCount,
      weekCount: span.weekCount,
      currentWeekNumber: week,
    };
  });
}

/** True when the pool takes part in the part of the season (preseason, regular season, postseason) `weekNumber` is in. */
export function allowsPart(pool: PoolRow, weekNumber: number): boolean {
  const part = seasonPartOf(weekNumber);
  return part === 'preseason' ? pool.allowsPreseason : part === 'regular' ? pool.allowsRegularSeason : pool.allowsPostseason;
}

/**
 * The weeks a pool plays (docs/week.md#week-numbers): of the season's weeks with games, those in a
 * part of the season the pool allows, and any week the pool has published (it stays the pool's
 * week whatever the pool allows now). The week selectors list these and nothing else.
 */
export function playsWeek(pool: PoolRow, weekNumber: number, poolWeek: PoolWeekRow | undefined): boolean {
  return allowsPart(pool, weekNumber) || (poolWeek !== undefined && poolWeek.state !== 'SETUP');
}

/** GET /api/weeks: every week of the season that has games, in order; with a pool, the weeks it plays. */
export async function listWeeks(ctx: WeeksContext, caller: Caller, query: WeekScopeQuery): Promise<Week[]> {
  return ctx.uow.read(async (store) => {
    const { year, pool } = await scopeOf(store, { caller, query, now: ctx.now() });
    if (year === null) return [];
    const spans = await store.weekSpans(year);
    if (!pool) return spans.map((s) => presentWeek(s));
    const states = new Map((await store.poolWeeksOf(pool.id, year)).map((w) => [w.weekNumber, w]));
    return spans.filter((s) => playsWeek(pool, s.weekNumber, states.get(s.weekNumber))).map((s) => presentWeek(s, { week: states.get(s.weekNumber) }));
  });
}

async function weekOf(store: WeeksStore, { year, weekNumber, pool }: { year: number; weekNumber: number; pool: PoolRow | null }): Promise<Week> {
  const span = (await store.weekSpans(year)).find((s) => s.weekNumber === weekNumber);
  if (!span) throw new WeekNotFoundError(year, weekNumber);
  return presentWeek(span, pool ? { week: await store.findPoolWeek(pool.id, year, weekNumber) } : undefined);
}

/** GET /api/weeks/current: the week of the next or ongoing game; after the season, its last week. */
export async function getCurrentWeek(ctx: WeeksContext, caller: Caller, query: WeekScopeQuery): Promise<Week> {
  return ctx.uow.read(async (store) => {
    const now = ctx.now();
    const { year, pool } = await scopeOf(store, { caller, query, now });
    if (year === null) throw new CurrentWeekUnknownError();
    const weekNumber = currentWeekOf(await store.kickoffs(year), now);
    if (weekNumber === null) throw new CurrentWeekUnknownError();
    return weekOf(store, { year, weekNumber, pool });
  });
}

/** GET /api/weeks/{weekNumber} */
export async function getWeek(ctx: WeeksContext, { caller, weekNumber, query }: { caller: Caller; weekNumber: number; query: WeekScopeQuery }): Promise<Week> {
  return ctx.uow.read(async (store) => {
    const { year, pool } = await scopeOf(store, { caller, query, now: ctx.now() });
    if (year === null) throw new CurrentWeekUnknownError();
    return weekOf(store, { year, weekNumber, pool });
  });
}

/** GET /api/weeks/{weekNumber}/games/setup: the week's production games by kickoff. */
export async function listSetupGames(
  ctx: WeeksContext,
  { caller, weekNumber, query }: { caller: Caller; weekNumber: number; query: WeekScopeQuery },
): Promise<WeekGame[]> {
  return ctx.uow.read(async (store) => {
    const { year } = await scopeOf(store, { caller, query, now: ctx.now(), manage: true });
    if (year === null) return [];
    const games = await store.gamesOfWeek(year, weekNumber);
    const teams = await teamsOf(store, games);
    return games.map((g) => presentGame(g, teams));
  });
}

/** GET /api/pools/{poolId}/weeks/{weekNumber}/state (the pool's managers and members). */
export async function getWeekStatus(ctx: WeeksContext, { caller, poolId, weekNumber }: PoolWeekRequest): Promise<WeekStatus> {
  return ctx.uow.read(async (store) => {
    const pool = await visiblePool(store, caller, poolId);
    const week = await store.findPoolWeek(pool.id, pool.year, weekNumber);
    return presentStatus({ poolId: pool.id, year: pool.year, weekNumber }, week, await store.poolGamesOfWeek(pool.id, pool.year, weekNumber));
  });
}

/** GET /api/pools/{poolId}/weeks/{weekNumber}/transitions (managers). */
export async function listTransitions(ctx: WeeksContext, { caller, poolId, weekNumber }: PoolWeekRequest): Promise<WeekTransition[]> {
  return ctx.uow.read(async (store) => {
    const pool = await managedPool(store, caller, poolId);
    return (await store.transitionsOf(pool.id, pool.year, weekNumber)).map(presentTransition);
  });
}

/** GET /api/pools/{poolId}/spreads/{weekNumber} (managers): every game of the week. */
export async function listSpreads(ctx: WeeksContext, { caller, poolId, weekNumber }: PoolWeekRequest): Promise<PoolSpread[]> {
  return ctx.uow.read(async (store) => {
    const pool = await managedPool(store, caller, poolId);
    const games = await store.gamesOfWeek(pool.year, weekNumber);
    const spreads = new Map(
      (
        await store.spreadsOf(
          pool.id,
          games.map((g) => g.espnId),
        )
      ).map((s) => [s.gameId, s]),
    );
    const published = new Map((await store.poolGamesOfWeek(pool.id, pool.year, weekNumber)).map((p) => [p.poolGame.gameId, p.poolGame]));
    return games.map((g) => presentSpread(g, spreads.get(g.espnId), published.get(g.espnId)));
  });
}

/** GET /api/pools/{poolId}/weeks/{weekNumber}/games/published (managers and members). */
export async function listPublishedGames(ctx: WeeksContext, { caller, poolId, weekNumber }: PoolWeekRequest): Promise<PublishedGame[]> {
  return ctx.uow.read(async (store) => {
    const pool = await visiblePool(store, caller, poolId);
    return publishedGamesOf(store, pool, weekNumber);
  });
}

export async function publishedGamesOf(store: WeeksStore, pool: PoolRow, weekNumber: number): Promise<PublishedGame[]> {
  const rows = await store.poolGamesOfWeek(pool.id, pool.year, weekNumber);
  const teams = await teamsOf(
    store,
    rows.flatMap((r) => (r.game ? [r.game] : [])),
  );
  const tiebreakerGameId = (await store.findPoolWeek(pool.id, pool.year, weekNumber))?.tiebreakerGameId ?? null;
  return rows
    .map((r) => presentPoolGame(r, teams))
    .filter((g): g is PublishedGame => g !== null)
    .map((g) => ({ ...g, isTiebreaker: g.id === tiebreakerGameId }));
}
