import { consume, type Bus, type KitLogger, type Subscription } from '@powerpool/service-kit';
import type { NotificationsContext } from '../domain/context.js';
import { recordPicksSaved } from '../domain/sync.js';

/** Keep this service's copy of saved picks (how many, per player and week) from picks-scoring. Idempotent: an older save never replaces a newer one. */
export function consumePicks(bus: Bus, ctx: NotificationsContext, logger: KitLogger): Promise<Subscription> {
  return consume(bus, {
    durable: 'notifications-picks',
    logger,
    handlers: {
      'picks.picks.saved': (event) => recordPicksSaved(ctx, event),
    },
  });
}
