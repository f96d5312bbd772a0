import type { User } from '@powerpool/contracts';
import { consume, type Bus, type KitLogger, type Subscription } from '@powerpool/service-kit';
import type { PoolsContext } from '../domain/context.js';

/**
 * Keep this service's copy of users (names, e-mails, roles) from identity's events, each of which
 * carries a `{ user }` snapshot. Durable and idempotent: an upsert that keeps the newest
 * `updatedAt`, so repeats and late arrivals are harmless.
 */
export function consumeIdentityUsers(bus: Bus, ctx: PoolsContext, logger: KitLogger): Promise<Subscription> {
  const user = (event: { user: User }) => ctx.uow.write((store) => store.upsertUser(event.user));
  return consume(bus, {
    durable: 'pools-invitations',
    logger,
    handlers: {
      'identity.user.registered': user,
      'identity.user.profile-changed': user,
      'identity.user.role-changed': user,
      'identity.user.payment-changed': user,
    },
  });
}
