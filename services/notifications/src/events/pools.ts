import { consumePoolCopy, type Bus, type KitLogger, type Subscription } from '@powerpool/service-kit';
import type { NotificationsContext } from '../domain/context.js';
import { poolCopyOf } from '../domain/sync.js';

/** Keep this service's copy of pools (name, commissioner) and members from pools-invitations (docs/architecture.md#copies). */
export const consumePools = (bus: Bus, ctx: NotificationsContext, logger: KitLogger): Promise<Subscription> =>
  consumePoolCopy(bus, { service: 'notifications', logger, copy: poolCopyOf(ctx) });
