import { consume, type Bus, type KitLogger, type Subscription } from '@powerpool/service-kit';
import type { WeeksContext } from '../domain/context.js';
import { recordGameUpdate, recordPushedGames, recordTeams } from '../domain/sync.js';

/**
 * Keep this service's view of sports-data-staging's production teams and games. Durable and
 * idempotent: snapshots upserted by key, the newest `updatedAt` winning, so repeats and late
 * arrivals are harmless.
 */
export function consumeSportsData(bus: Bus, ctx: WeeksContext, logger: KitLogger): Promise<Subscription> {
  return consume(bus, {
    durable: 'weeks-workflow-sports',
    logger,
    handlers: {
      'sports.teams.pushed': (event) => recordTeams(ctx, event),
      'sports.games.pushed': (event) => recordPushedGames(ctx, event),
      'sports.game.updated': (event) => recordGameUpdate(ctx, event),
    },
  });
}
