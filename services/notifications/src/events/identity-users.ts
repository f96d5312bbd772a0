import type { User } from '@powerpool/contracts';
import { consume, type Bus, type KitLogger, type Subscription } from '@powerpool/service-kit';
import type { NotificationsContext } from '../domain/context.js';
import { recordUser } from '../domain/sync.js';

/** Keep this service's copy of users (e-mail, name) from identity's events: newest `updatedAt` wins. */
export function consumeIdentityUsers(bus: Bus, ctx: NotificationsContext, logger: KitLogger): Promise<Subscription> {
  const user = (event: { user: User }) => recordUser(ctx, event.user);
  return consume(bus, {
    durable: 'notifications-identity',
    logger,
    handlers: {
      'identity.user.registered': user,
      'identity.user.profile-changed': user,
      'identity.user.role-changed': user,
      'identity.user.payment-changed': user,
    },
  });
}
