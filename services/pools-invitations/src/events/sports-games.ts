import { EVENTS } from '@powerpool/contracts';
import type { Bus, KitLogger, Subscription } from '@powerpool/service-kit';
import type { PoolsContext } from '../domain/context.js';
import { recordMigratedGames } from '../domain/seasons.js';

/**
 * What this service follows of sports-data-staging: which seasons are in production and when their
 * games kick off (the default pool year). sports.game.updated is not needed: it changes status,
 * scores and odds of games already in production, never their kickoff or their season.
 */
export const SPORTS_GAME_SUBJECTS = ['sports.games.migrated'] as const;

/**
 * Keep this service's view of the seasons in production from sports-data-staging's events.
 * Durable and idempotent: each event is a full snapshot of its years, so a repeat rewrites the same.
 */
export async function consumeSportsGames(bus: Bus, ctx: PoolsContext, logger: KitLogger): Promise<Subscription> {
  return bus.consume({
    durable: 'pools-invitations',
    subjects: [...SPORTS_GAME_SUBJECTS],
    handler: async (msg) => {
      const parsed = EVENTS['sports.games.migrated'].safeParse(msg.data);
      if (!parsed.success) {
        logger.warn({ subject: msg.subject }, 'ignoring a sports event that does not match its contract');
        return;
      }
      await recordMigratedGames(ctx, parsed.data);
    },
  });
}
