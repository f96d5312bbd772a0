import { consumePoolCopy, type Bus, type KitLogger, type Subscription } from '@powerpool/service-kit';
import type { WeeksContext } from '../domain/context.js';
import { poolCopyOf } from '../domain/sync.js';

/**
 * Keep this service's view of pools (season, commissioner) and members from pools-invitations
 * (docs/architecture.md#copies); on pools.pool.deleted, delete the pool's weeks, spreads and pool games.
 */
export const consumePools = (bus: Bus, ctx: WeeksContext, logger: KitLogger): Promise<Subscription> =>
  consumePoolCopy(bus, { service: 'weeks-workflow', logger, copy: poolCopyOf(ctx) });
