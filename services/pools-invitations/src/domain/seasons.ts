import { calendarSeasonYear, currentSeasonOf, nearestPoolYear, POOL_YEARS, type EventPayload, type PoolDefaults } from '@powerpool/contracts';
import type { SeasonRow } from '../store/schema.js';
import type { PoolsContext } from './context.js';

/** What the current-season rule needs to know of a season in production. */
export type SeasonSpan = Pick<SeasonRow, 'year' | 'firstKickoffAt' | 'lastKickoffAt'>;

/** The current season by the production sports data at `now` (contracts' rule, shared with weeks-workflow). */
export const currentSeason = (seasons: readonly SeasonSpan[], now: Date): number | null => currentSeasonOf(seasons, now);

/**
 * The default year of a new pool: the current season by the production data, else by the
 * calendar (calendarSeasonYear), moved to the nearest year the form offers.
 */
export function defaultPoolYear(seasons: readonly SeasonSpan[], now: Date): number {
  return nearestPoolYear(currentSeason(seasons, now) ?? calendarSeasonYear(now));
}

/** GET /api/pools/defaults: the default year and the years offered. */
export async function getPoolDefaults(ctx: PoolsContext): Promise<PoolDefaults> {
  const seasons = await ctx.uow.read((store) => store.listSeasons());
  return { year: defaultPoolYear(seasons, ctx.now()), years: [...POOL_YEARS] };
}

/**
 * One row per season year of the event, from its games (all the production games of those years):
 * the span of their kickoffs. A year of the event without games has none in production any more.
 */
export function seasonsOf(event: EventPayload<'sports.games.pushed'>, now: Date): SeasonRow[] {
  const byYear = new Map<number, SeasonRow>();
  for (const game of event.games) {
    if (!event.years.includes(game.year)) continue;
    const kickoff = new Date(game.gameTimeUtc);
    if (Number.isNaN(kickoff.getTime())) continue;
    const row = byYear.get(game.year);
    if (!row) {
      byYear.set(game.year, { year: game.year, firstKickoffAt: kickoff, lastKickoffAt: kickoff, gameCount: 1, updatedAt: now });
      continue;
    }
    if (kickoff < row.firstKickoffAt) row.firstKickoffAt = kickoff;
    if (kickoff > row.lastKickoffAt) row.lastKickoffAt = kickoff;
    row.gameCount += 1;
  }
  return [...byYear.values()].sort((a, b) => a.year - b.year);
}

/**
 * sports.games.pushed: the event carries every production game of its years, so the seasons of
 * those years are replaced by what it shows. Idempotent: a repeat writes the same rows.
 */
export async function recordPushedGames(ctx: PoolsContext, event: EventPayload<'sports.games.pushed'>): Promise<void> {
  const rows = seasonsOf(event, ctx.now());
  await ctx.uow.write((store) => store.replaceSeasons([...new Set(event.years)], rows));
}
