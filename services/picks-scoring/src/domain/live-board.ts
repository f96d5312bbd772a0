import type { LiveLeaderboard } from '@powerpool/contracts';
import type { KitLogger } from '@powerpool/service-kit';
import type { PicksStore } from '../store/picks-scoring.store.js';
import type { PoolRow, PoolWeekRow } from '../store/schema.js';
import { liveWeekAccessOf, type LiveWeekAccess } from './access.js';
import { presentLiveBoard } from './board/present.js';
import { standingsOf, weekTiebreakOf, type WeekBoard } from './board/standings.js';
import type { Caller } from './context.js';
import { PoolNotFoundError } from './errors.js';
import { overridesSeenBy } from './overrides.js';
import { scoredGameOf } from './scored-game.js';
import type { ScoredGame } from '@powerpool/contracts';

/**
 * The live leaderboard of a pool week (docs/game.md#live-standings and
 * docs/game.md#who-sees-what), and the week's standings the CSV exports are made of: the reads, handed to the
 * pure board of board/ (standings, impact games, presentation). Standings are scored on the fly
 * over the pool's published games (locked spreads, void rulings) and the production games' current
 * status and scores; a COMPLETE week shows what was calculated (stored week scores), since after
 * COMPLETE only a recorded correction changes results. Serving it (cache, ETags, gzip, streams)
 * is serving/'s.
 */

/** The live leaderboard's access (access.ts liveWeekAccessOf) read from the store: the leaderboard CSV's. */
export async function readLiveWeekAccess(
  store: PicksStore,
  { caller, poolId, weekNumber, now }: { caller: Caller; poolId: string; weekNumber: number; now: Date },
): Promise<LiveWeekAccess> {
  const pool = await store.findPool(poolId);
  if (!pool) throw new PoolNotFoundError({ poolId });
  const [week, member] = await Promise.all([store.findPoolWeek({ poolId: pool.id, year: pool.year, weekNumber }), store.findMember(pool.id, caller.id)]);
  return liveWeekAccessOf({ caller, facts: { pool, week, member }, weekNumber, now });
}

/**
 * Every active member's week in a pool (board/standings.ts): scored on the fly, or as stored when
 * `stored` (for members with a stored row). A player whose picks cannot be scored is logged. A
 * handful of queries whatever the pool's size.
 */
export async function weekBoardOf(
  store: PicksStore,
  logger: KitLogger,
  { pool, week, stored: asStored }: { pool: PoolRow; week: PoolWeekRow; stored: boolean },
): Promise<WeekBoard> {
  const { year, weekNumber } = week;
  const [games, members, picks, stored, predictions] = await Promise.all([
    store.liveGamesOf(pool.id, year, weekNumber),
    store.liveMembersOf(pool.id, year, weekNumber),
    store.weekPicksOf(pool.id, year, weekNumber),
    asStored ? store.weekScoresOf(pool.id, year, weekNumber) : Promise.resolve([]),
    week.tiebreakerGameId === null ? Promise.resolve([]) : store.tiebreakersOfWeek(pool.id, year, weekNumber),
  ]);

  const scored = new Map<string, ScoredGame>(games.map((g) => [g.game.espnId, scoredGameOf(g.game, g.poolGame)]));
  // A commissioner's power pick may be on a game the pool did not publish: scored straight up, as the calculation does.
  const unpublished = [...new Set(picks.map((p) => p.gameId).filter((id) => !scored.has(id)))];
  for (const game of await store.findGames(unpublished)) scored.set(game.espnId, scoredGameOf(game));

  const players = standingsOf({
    members,
    picks,
    stored,
    gameOf: (gameId) => scored.get(gameId),
    onUnscorable: (userId, reason) =>
      logger.warn({ poolId: pool.id, year, weekNumber, userId, reason }, "live leaderboard: a player's picks cannot be scored; shown pending"),
  });
  const tiebreak = weekTiebreakOf(week, {
    players,
    predictions: new Map(predictions.map((t) => [t.userId, t.prediction])),
    tiebreakerGame: week.tiebreakerGameId === null ? null : (scored.get(week.tiebreakerGameId) ?? null),
  });
  return { pool, week, games, players, tiebreak };
}

/** The board of a week the caller may see (live standings; a COMPLETE week as calculated). */
export const liveBoardOf = (store: PicksStore, logger: KitLogger, seen: LiveWeekAccess): Promise<WeekBoard> =>
  weekBoardOf(store, logger, { pool: seen.pool, week: seen.week, stored: seen.week.state === 'COMPLETE' });

/** The live leaderboard of a week the caller may see, as the API sends it. */
export async function liveLeaderboardOf(
  store: PicksStore,
  logger: KitLogger,
  { caller, seen, now }: { caller: Caller; seen: LiveWeekAccess; now: Date },
): Promise<LiveLeaderboard> {
  const { pool, week } = seen;
  const board = await liveBoardOf(store, logger, seen);
  // The pool's members see the overrides (docs/game.md#overrides); a public pool's visitors are not members.
  const [overrides, poolWeeks] = await Promise.all([
    seen.access === 'PUBLIC_ACCESS' ? Promise.resolve([]) : overridesSeenBy(store, { caller, pool, weekNumber: week.weekNumber, now }),
    store.poolWeeksOf(pool.id),
  ]);
  return presentLiveBoard(board, { access: seen.access, overrides, poolWeeks, now });
}
