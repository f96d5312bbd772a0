import { consume, type Bus, type KitLogger, type Subscription } from '@powerpool/service-kit';
import type { PoolsContext } from '../domain/context.js';
import { recordPushedGames } from '../domain/seasons.js';

/**
 * Keep this service's view of the seasons in production (and when their games kick off: the
 * default pool year) from sports-data-staging's events. Durable and idempotent: each event is a
 * full snapshot of its years, so a repeat rewrites the same. sports.game.updated is not needed: it
 * changes status, scores and odds of games already in production, never their kickoff or season.
 */
export function consumeSportsGames(bus: Bus, ctx: PoolsContext, logger: KitLogger): Promise<Subscription> {
  return consume(bus, {
    durable: 'pools-invitations-sports',
    logger,
    handlers: {
      'sports.games.pushed': (event) => recordPushedGames(ctx, event),
    },
  });
}
