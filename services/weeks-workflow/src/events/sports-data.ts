import { EVENTS } from '@powerpool/contracts';
import type { Bus, KitLogger, Subscription } from '@powerpool/service-kit';
import type { WeeksContext } from '../domain/context.js';
import { recordGameUpdate, recordMigratedGames, recordTeams } from '../domain/sync.js';

/** What this service follows of sports-data-staging: production teams and games. */
export const SPORTS_SUBJECTS = ['sports.teams.migrated', 'sports.games.migrated', 'sports.game.updated'] as const;
type SportsSubject = (typeof SPORTS_SUBJECTS)[number];

/**
 * Keep this service's view of the production teams and games. Durable and idempotent: snapshots
 * upserted by key, the newest `updatedAt` winning, so repeats and late arrivals are harmless.
 */
export async function consumeSportsData(bus: Bus, ctx: WeeksContext, logger: KitLogger): Promise<Subscription> {
  return bus.consume({
    durable: 'weeks-workflow-sports',
    subjects: [...SPORTS_SUBJECTS],
    handler: async (msg) => {
      const subject = msg.subject as SportsSubject;
      const parsed = EVENTS[subject]?.safeParse(msg.data);
      if (!parsed?.success) {
        logger.warn({ subject: msg.subject }, 'ignoring a sports event that does not match its contract');
        return;
      }
      if (subject === 'sports.teams.migrated') await recordTeams(ctx, EVENTS[subject].parse(msg.data));
      else if (subject === 'sports.games.migrated') await recordMigratedGames(ctx, EVENTS[subject].parse(msg.data));
      else await recordGameUpdate(ctx, EVENTS[subject].parse(msg.data));
    },
  });
}
