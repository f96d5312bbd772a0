import { displayNameOf, type DecidedGame, type EventPayload, type Game, type User } from '@powerpool/contracts';
import type { PoolCopy } from '@powerpool/service-kit';
import type { PicksStore } from '../store/picks-scoring.store.js';
import type { Emit, PicksContext } from './context.js';

/**
 * picks-scoring's own view of other services' data, kept from their events. Every handler is
 * idempotent: snapshots are upserted by key with the newest `updatedAt` winning, a week's state
 * only moves forward, and a deleted pool stays deleted, so repeats and late arrivals are harmless.
 */

/** identity.user.*: the name the product displays and the e-mail (scoring review, CSV). */
export async function recordUser(ctx: PicksContext, user: User): Promise<void> {
  await ctx.uow.write((store) => store.upsertUser({ id: user.id, email: user.email, displayName: displayNameOf(user), updatedAt: new Date(user.updatedAt) }));
  // Their name is on the boards of their pools.
  await ctx.announce();
}

/** sports.teams.pushed: names, abbreviations, logos and colours. */
export async function recordTeams(ctx: PicksContext, event: EventPayload<'sports.teams.pushed'>): Promise<void> {
  await ctx.uow.write(async (store) => {
    await store.upsertTeams(event.teams, ctx.now());
    await store.deleteTeams(event.deletedEspnIds);
  });
  await ctx.announce();
}

/** sports.venues.imported: the live board's venue names and pictures. */
export async function recordVenues(ctx: PicksContext, event: EventPayload<'sports.venues.imported'>): Promise<void> {
  await ctx.uow.write((store) => store.upsertVenues(event.venues));
  await ctx.announce();
}

/**
 * Games whose snapshot arrived (status, clock, scores): the pool weeks that published them and are
 * not COMPLETE get their scores recalculated by `onGamesChanged` (wired by the scoring module).
 * Called on every delivery, so it must be idempotent; throwing makes the bus deliver again.
 */
export type GamesChanged = (ctx: PicksContext, changed: Game[]) => Promise<void>;

/** sports.games.pushed: every production game of its years. */
export async function recordPushedGames(ctx: PicksContext, event: EventPayload<'sports.games.pushed'>, onGamesChanged?: GamesChanged): Promise<void> {
  await ctx.uow.write(async (store) => {
    for (const game of event.games) await store.upsertGame(game);
    await store.deleteGamesOfYearsExcept(
      [...new Set(event.years)],
      event.games.map((g) => g.espnId),
    );
  });
  // On every delivery (the hook is idempotent): a redelivery after a failed hook runs it again.
  await afterGames(ctx, event.games, onGamesChanged);
}

/**
 * After games were stored: the boards that show them are announced at once (a score reaches the
 * streams without waiting for the scoring hook's pool weeks), then the scoring hook, then (whatever
 * it did) announced again for what it changed.
 */
async function afterGames(ctx: PicksContext, changed: Game[], onGamesChanged?: GamesChanged): Promise<void> {
  await ctx.announce();
  try {
    if (onGamesChanged) await onGamesChanged(ctx, changed);
  } finally {
    await ctx.announce();
  }
}

/** sports.game.updated: status, clock, scores of one game. */
export async function recordGameUpdate(ctx: PicksContext, event: EventPayload<'sports.game.updated'>, onGamesChanged?: GamesChanged): Promise<void> {
  await ctx.uow.write((store) => store.upsertGame(event.game));
  await afterGames(ctx, [event.game], onGamesChanged);
}

/** This service's copy of pools (name, season, commissioner, visibility) and members (removed members are inactive; their picks stay). Each change is on the boards of its pool. */
export const poolCopyOf = (ctx: PicksContext): PoolCopy => ({
  pool: async (pool) => {
    await ctx.uow.write((store) =>
      store.upsertPool({
        id: pool.id,
        name: pool.name,
        year: pool.year,
        commissionerId: pool.poolCommissionerId,
        isPublic: pool.isPublic,
        updatedAt: new Date(pool.updatedAt),
      }),
    );
    await ctx.announce();
  },
  // The pool's picks, scores, overrides, weeks and games go.
  poolDeleted: async (event) => {
    const { deletedPicks } = await ctx.uow.write((store) => store.deletePool(event.pool.id, new Date(event.deletedAt)));
    await ctx.announce();
    ctx.logger.info({ poolId: event.pool.id, deletedPicks }, 'pool deleted: its picks and scores removed');
  },
  member: async (member, { removed }) => {
    await ctx.uow.write((store) =>
      store.upsertMember({ poolId: member.poolId, userId: member.userId, isActive: removed ? false : member.isActive, updatedAt: new Date(member.updatedAt) }),
    );
    await ctx.announce();
  },
});

/** weeks.week.published: the deadline, and the games with their locked spreads. */
export async function recordPublishedWeek(ctx: PicksContext, event: EventPayload<'weeks.week.published'>): Promise<void> {
  await ctx.uow.write(async (store) => {
    if (await store.isPoolDeleted(event.poolId)) return;
    const publishedAt = new Date(event.publishedAt);
    await store.recordPublishedWeek(
      {
        poolId: event.poolId,
        year: event.year,
        weekNumber: event.weekNumber,
        state: 'PUBLISHED',
        pickDeadline: new Date(event.pickDeadline),
        publishedAt,
        stateChangedAt: publishedAt,
        calculatedAt: null,
        tiebreakerGameId: event.tiebreakerGameId,
      },
      event.games.map((g) => ({
        id: g.poolGameId,
        poolId: event.poolId,
        year: event.year,
        weekNumber: event.weekNumber,
        gameId: g.gameId,
        lockedSpread: g.lockedSpread,
        homeTeamEspnId: g.homeTeamEspnId,
        awayTeamEspnId: g.awayTeamEspnId,
        gameTimeUtc: new Date(g.gameTimeUtc),
        voidReason: null,
        voidedAt: null,
      })),
    );
  });
  await ctx.announce();
}

/** A state change for a week whose publication has not arrived yet: retried by the bus. */
export class WeekNotYetKnownError extends Error {}

/**
 * What else must happen in the same transaction as a week's state change (the scoring module:
 * a week reaching COMPLETE is calculated with it, so no reader ever sees it COMPLETE and unscored).
 * Runs on every delivery of the event, so it must be idempotent.
 */
export type WeekStateHook = (store: PicksStore, emit: Emit, change: { event: EventPayload<'weeks.week.state-changed'>; now: Date }) => Promise<void>;

/**
 * The results a week's move was decided on (weeks.week.state-changed `results`): each game's
 * snapshot, kept when newer than ours, and each void ruling. Applied in the transaction that moves
 * the week, so no calculation ever sees the new state with older results (docs/cross-service-decisions.md#how-a-result-travels).
 */
export async function applyDecidedGames(store: PicksStore, results: readonly DecidedGame[]): Promise<void> {
  for (const { poolGameId, game, voided } of results) {
    await store.upsertGameSnapshot(game);
    if (voided) await store.voidPoolGame(poolGameId, voided.reason, new Date(voided.voidedAt));
  }
}

/** weeks.week.state-changed: the week moves forward (a late or repeated event changes nothing but runs `hook` again). */
export async function recordWeekState(ctx: PicksContext, event: EventPayload<'weeks.week.state-changed'>, hook?: WeekStateHook): Promise<void> {
  await ctx.uow.write(async (store, emit) => {
    if (event.toState === 'SETUP' || event.toState === 'PUBLISHED' || (await store.isPoolDeleted(event.poolId))) return;
    const week = await store.findPoolWeek({ poolId: event.poolId, year: event.year, weekNumber: event.weekNumber });
    if (!week)
      throw new WeekNotYetKnownError(`week ${event.year}:${event.weekNumber} of pool ${event.poolId} moved to ${event.toState} before its publication arrived`);
    if (event.results) await applyDecidedGames(store, event.results);
    await store.advanceWeekState(event, event.toState, new Date(event.at));
    if (hook) await hook(store, emit, { event, now: ctx.now() });
  });
  await ctx.announce();
}

/** weeks.game.voided: every pick on the game counts as a push from now on. */
export async function recordVoidedGame(ctx: PicksContext, event: EventPayload<'weeks.game.voided'>): Promise<void> {
  await ctx.uow.write((store) => store.voidPoolGame(event.poolGameId, event.reason, new Date(event.voidedAt)));
  await ctx.announce();
}
