import { consume, type Bus, type KitLogger, type Subscription } from '@powerpool/service-kit';
import type { NotificationsContext } from '../domain/context.js';
import { recordMember, recordPool, recordPoolDeleted } from '../domain/sync.js';

/** Keep this service's copy of pools (name, commissioner) and members from pools-invitations. Idempotent (newest snapshot wins; a deleted pool stays deleted). */
export function consumePools(bus: Bus, ctx: NotificationsContext, logger: KitLogger): Promise<Subscription> {
  return consume(bus, {
    durable: 'notifications-pools',
    logger,
    handlers: {
      'pools.pool.created': (event) => recordPool(ctx, event.pool),
      'pools.pool.updated': (event) => recordPool(ctx, event.pool),
      'pools.commissioner.changed': (event) => recordPool(ctx, event.pool),
      'pools.pool.deleted': (event) => recordPoolDeleted(ctx, event),
      'pools.member.joined': (event) => recordMember(ctx, event.member, { removed: false }),
      'pools.member.updated': (event) => recordMember(ctx, event.member, { removed: false }),
      'pools.member.removed': (event) => recordMember(ctx, event.member, { removed: true }),
    },
  });
}
