import { consume, type Bus, type KitLogger, type Subscription } from '@powerpool/service-kit';
import type { SportsContext } from '../domain/context.js';
import { recordPublishedGames } from '../domain/live-feed.js';

/**
 * Which games some pool has published (weeks.week.published), for the live feed's fastest cadence.
 * Durable and idempotent: a repeat records nothing new. Only the game ids and the time are used.
 */
export function consumeWeeks(bus: Bus, ctx: SportsContext, logger: KitLogger): Promise<Subscription> {
  return consume(bus, {
    durable: 'sports-data-staging-weeks',
    logger,
    handlers: {
      'weeks.week.published': (event) => recordPublishedGames(ctx, event),
    },
  });
}
