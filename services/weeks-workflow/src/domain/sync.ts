import { currentWeekOf, isVoidOf, type EventPayload, type Game, type Pool } from '@powerpool/contracts';
import type { PoolCopy } from '@powerpool/service-kit';
import type { WeeksStore } from '../store/weeks.store.js';
import type { PoolRow } from '../store/schema.js';
import type { Emit, WeeksContext } from './context.js';
import { CANCELLED_REASON } from './present.js';

/**
 * Keep the games up to date (newest snapshot wins). A game the league cancelled is void in every
 * pool that published it, as soon as the provider says so, except in weeks already COMPLETE
 * (their results change only by a recorded correction).
 */
export async function applyGames(store: WeeksStore, emit: Emit, games: Game[]): Promise<void> {
  for (const game of games) {
    await store.upsertGame(game);
    // Void without a ruling only by the provider's word (isVoidOf, docs/game.md#void-games).
    if (!isVoidOf(false, game.gameStatus)) continue;
    for (const poolGame of await store.unvoidedPoolGamesOf(game.espnId)) {
      const week = await store.findPoolWeek(poolGame.poolId, poolGame.year, poolGame.weekNumber);
      if (week?.state === 'COMPLETE') continue;
      const at = new Date(game.updatedAt);
      const voided = await store.voidPoolGame({ id: poolGame.id, reason: CANCELLED_REASON, by: null, at });
      if (!voided) continue;
      await emit('weeks.game.voided', {
        poolId: poolGame.poolId,
        year: poolGame.year,
        weekNumber: poolGame.weekNumber,
        gameId: poolGame.gameId,
        poolGameId: poolGame.id,
        reason: CANCELLED_REASON,
        byUserId: null,
        voidedAt: at.toISOString(),
      });
    }
  }
}

/** sports.games.pushed: every production game of its years (games pools published are kept). */
export async function recordPushedGames(ctx: WeeksContext, event: EventPayload<'sports.games.pushed'>): Promise<void> {
  await ctx.uow.write(async (store, emit) => {
    await applyGames(store, emit, event.games);
    await store.deleteGamesOfYearsExcept(
      [...new Set(event.years)],
      event.games.map((g) => g.espnId),
    );
  });
}

/** sports.game.updated: status, clock, scores, winner or odds of one game. */
export async function recordGameUpdate(ctx: WeeksContext, event: EventPayload<'sports.game.updated'>): Promise<void> {
  await ctx.uow.write((store, emit) => applyGames(store, emit, [event.game]));
}

/** sports.teams.pushed: names, abbreviations, logos and colours. */
export async function recordTeams(ctx: WeeksContext, event: EventPayload<'sports.teams.pushed'>): Promise<void> {
  await ctx.uow.write(async (store) => {
    await store.upsertTeams(event.teams, ctx.now());
    await store.deleteTeams(event.deletedEspnIds);
  });
}

const poolRowOf = (pool: Pool): PoolRow => ({
  id: pool.id,
  year: pool.year,
  commissionerId: pool.poolCommissionerId,
  isPublic: pool.isPublic,
  allowsPreseason: pool.allowsPreseason,
  allowsRegularSeason: pool.allowsRegularSeason,
  allowsPostseason: pool.allowsPostseason,
  weeklyTiebreaker: pool.weeklyTiebreaker,
  updatedAt: new Date(pool.updatedAt),
});

/** This service's copy of pools (season, commissioner, season types) and members (removed members are inactive). */
export const poolCopyOf = (ctx: WeeksContext): PoolCopy => ({
  pool: (pool) => ctx.uow.write((store) => store.upsertPool(poolRowOf(pool))),
  // The pool's weeks, spreads, pool games and records go.
  poolDeleted: async (event) => {
    const { deletedGames } = await ctx.uow.write((store) => store.deletePool(event.pool.id, new Date(event.deletedAt)));
    ctx.logger.info({ poolId: event.pool.id, deletedGames }, 'pool deleted: its weeks and pool games removed');
  },
  member: (member, { removed }) =>
    ctx.uow.write((store) =>
      store.upsertMember({ poolId: member.poolId, userId: member.userId, isActive: removed ? false : member.isActive, updatedAt: new Date(member.updatedAt) }),
    ),
});

/** rpc.weeks.pools.summary: each pool's current week and its state, and its published games. */
export async function summarizePools(ctx: WeeksContext, poolIds: string[]) {
  return ctx.uow.read(async (store) => {
    const now = ctx.now();
    const pools = await store.findPools(poolIds);
    const counts = await store.publishedGameCounts(poolIds);
    const weeks = await store.poolWeeksAt(pools.map((p) => p.id));
    const currentByYear = new Map<number, number | null>();
    for (const year of new Set(pools.map((p) => p.year))) currentByYear.set(year, currentWeekOf(await store.kickoffs(year), now));
    const byId = new Map(pools.map((p) => [p.id, p]));
    return {
      pools: poolIds.map((poolId) => {
        const pool = byId.get(poolId);
        if (!pool) return { poolId, weekNumber: null, currentWeekState: null, publishedGames: counts.get(poolId) ?? 0 };
        const weekNumber = currentByYear.get(pool.year) ?? null;
        const week = weekNumber === null ? undefined : weeks.find((w) => w.poolId === poolId && w.year === pool.year && w.weekNumber === weekNumber);
        return { poolId, weekNumber, currentWeekState: weekNumber === null ? null : (week?.state ?? 'SETUP'), publishedGames: counts.get(poolId) ?? 0 };
      }),
    };
  });
}
