import { consumeUserCopy, type Bus, type KitLogger, type Subscription } from '@powerpool/service-kit';
import type { PoolsContext } from '../domain/context.js';
import { recordUser } from '../domain/users.js';

/** Keep this service's copy of users (names, e-mails, roles) from identity's events (docs/architecture.md#copies). */
export const consumeIdentityUsers = (bus: Bus, ctx: PoolsContext, logger: KitLogger): Promise<Subscription> =>
  consumeUserCopy(bus, { service: 'pools-invitations', logger, user: (user) => recordUser(ctx, user) });
