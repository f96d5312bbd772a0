import { consume, consumePoolCopy, consumeUserCopy, type Bus, type KitLogger, type Subscription } from '@powerpool/service-kit';
import type { PicksContext } from '../domain/context.js';
import {
  poolCopyOf,
  recordGameUpdate,
  recordPushedGames,
  recordPublishedWeek,
  recordTeams,
  recordUser,
  recordVenues,
  recordVoidedGame,
  recordWeekState,
  type GamesChanged,
  type WeekStateHook,
} from '../domain/sync.js';

/** What the scoring side wants to hear of the events it follows (recalculation). */
export interface SyncHooks {
  /** Games whose snapshot changed. */
  onGamesChanged?: GamesChanged;
  /** In the transaction of a pool week's change of state (every delivery). */
  onWeekStateChanged?: WeekStateHook;
  /** A pool game was ruled void (after it is stored; every delivery). */
  onGameVoided?: (ctx: PicksContext, event: { poolId: string; year: number; weekNumber: number }) => Promise<void>;
}

/**
 * Keep picks-scoring's view of users (identity), pools and members (pools-invitations; both copies
 * as docs/architecture.md#copies), sports data (sports-data-staging) and published weeks (weeks-workflow).
 */
export async function consumeEvents(bus: Bus, ctx: PicksContext, { logger, ...hooks }: { logger: KitLogger } & SyncHooks): Promise<Subscription[]> {
  return Promise.all([
    consumeUserCopy(bus, { service: 'picks-scoring', logger, user: (user) => recordUser(ctx, user) }),
    consumePoolCopy(bus, { service: 'picks-scoring', logger, copy: poolCopyOf(ctx) }),
    consume(bus, {
      durable: 'picks-scoring-sports',
      logger,
      handlers: {
        'sports.teams.pushed': (data) => recordTeams(ctx, data),
        'sports.venues.imported': (data) => recordVenues(ctx, data),
        'sports.games.pushed': (data) => recordPushedGames(ctx, data, hooks.onGamesChanged),
        'sports.game.updated': (data) => recordGameUpdate(ctx, data, hooks.onGamesChanged),
      },
    }),
    consume(bus, {
      durable: 'picks-scoring-weeks',
      logger,
      handlers: {
        'weeks.week.published': (data) => recordPublishedWeek(ctx, data),
        'weeks.week.state-changed': (data) => recordWeekState(ctx, data, hooks.onWeekStateChanged),
        'weeks.game.voided': async (data) => {
          await recordVoidedGame(ctx, data);
          if (hooks.onGameVoided) await hooks.onGameVoided(ctx, data);
        },
      },
    }),
  ]);
}
