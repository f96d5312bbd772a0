import { consumeUserCopy, type Bus, type KitLogger, type Subscription } from '@powerpool/service-kit';
import type { NotificationsContext } from '../domain/context.js';
import { recordUser } from '../domain/sync.js';

/** Keep this service's copy of users (e-mail, name) from identity's events (docs/architecture.md#copies). */
export const consumeIdentityUsers = (bus: Bus, ctx: NotificationsContext, logger: KitLogger): Promise<Subscription> =>
  consumeUserCopy(bus, { service: 'notifications', logger, user: (user) => recordUser(ctx, user) });
