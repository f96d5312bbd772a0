import { EVENTS } from '@powerpool/contracts';
import type { Bus, KitLogger, Subscription } from '@powerpool/service-kit';
import type { WeeksContext } from '../domain/context.js';
import { recordMember, recordPool, recordPoolDeleted } from '../domain/sync.js';

/** What this service follows of pools-invitations: pools (season, commissioner) and members. */
export const POOL_SUBJECTS = [
  'pools.pool.created',
  'pools.pool.updated',
  'pools.commissioner.changed',
  'pools.pool.deleted',
  'pools.member.joined',
  'pools.member.updated',
  'pools.member.removed',
] as const;
type PoolSubject = (typeof POOL_SUBJECTS)[number];

/**
 * Keep this service's view of pools and members; on pools.pool.deleted, delete the pool's weeks,
 * spreads and pool games. Idempotent (newest snapshot wins; a deleted pool stays deleted).
 */
export async function consumePools(bus: Bus, ctx: WeeksContext, logger: KitLogger): Promise<Subscription> {
  return bus.consume({
    durable: 'weeks-workflow-pools',
    subjects: [...POOL_SUBJECTS],
    handler: async (msg) => {
      const subject = msg.subject as PoolSubject;
      const parsed = EVENTS[subject]?.safeParse(msg.data);
      if (!parsed?.success) {
        logger.warn({ subject: msg.subject }, 'ignoring a pools event that does not match its contract');
        return;
      }
      switch (subject) {
        case 'pools.pool.deleted':
          return recordPoolDeleted(ctx, EVENTS[subject].parse(msg.data));
        case 'pools.pool.created':
        case 'pools.pool.updated':
        case 'pools.commissioner.changed':
          return recordPool(ctx, EVENTS[subject].parse(msg.data).pool);
        case 'pools.member.removed':
          return recordMember(ctx, EVENTS[subject].parse(msg.data).member, { removed: true });
        default:
          return recordMember(ctx, EVENTS[subject].parse(msg.data).member, { removed: false });
      }
    },
  });
}
