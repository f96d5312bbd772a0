import { consume, type Bus, type KitLogger, type Subscription } from '@powerpool/service-kit';
import type { NotificationsContext } from '../domain/context.js';
import { recordWeekPublished, recordWeekState } from '../domain/sync.js';

/** Keep this service's copy of published weeks (deadline, state) from weeks-workflow. Idempotent: a week's publication and state never step back. */
export function consumeWeeks(bus: Bus, ctx: NotificationsContext, logger: KitLogger): Promise<Subscription> {
  return consume(bus, {
    durable: 'notifications-weeks',
    logger,
    handlers: {
      'weeks.week.published': (event) => recordWeekPublished(ctx, event),
      'weeks.week.state-changed': (event) => recordWeekState(ctx, event),
    },
  });
}
