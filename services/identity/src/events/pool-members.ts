import { EVENTS, type EventPayload } from '@powerpool/contracts';
import type { Bus, BusMessage, Subscription } from '@powerpool/service-kit';
import type { IdentityContext } from '../domain/context.js';

/** What identity follows of pools-invitations to list pool assignments on the global user screen. */
export const POOL_SUBJECTS = ['pools.member.joined', 'pools.member.updated', 'pools.member.removed', 'pools.pool.updated', 'pools.pool.deleted'] as const;
type PoolSubject = (typeof POOL_SUBJECTS)[number];

/** The payload if `msg` is an event of `subject` matching its contract. */
function payloadOf<S extends PoolSubject>(msg: BusMessage, subject: S): EventPayload<S> | null {
  if (msg.subject !== subject) return null;
  const parsed = EVENTS[subject].safeParse(msg.data);
  return parsed.success ? (parsed.data as EventPayload<S>) : null;
}

/**
 * Durable, idempotent consumer of membership events into identity's own `pool_assignments` table
 * (never reading pools-invitations' tables).
 */
export function consumePoolMembers(bus: Bus, ctx: IdentityContext): Promise<Subscription> {
  return bus.consume({
    durable: 'identity',
    subjects: [...POOL_SUBJECTS],
    handler: async (msg) => {
      const renamed = payloadOf(msg, 'pools.pool.updated');
      if (renamed) return ctx.uow.write((store) => store.renamePool(renamed.pool.id, renamed.pool.name));
      const deleted = payloadOf(msg, 'pools.pool.deleted');
      if (deleted) return ctx.uow.write((store) => store.removePool(deleted.pool.id, new Date(deleted.deletedAt)));
      const removed = payloadOf(msg, 'pools.member.removed');
      const changed = payloadOf(msg, 'pools.member.joined') ?? payloadOf(msg, 'pools.member.updated');
      const member = (removed ?? changed)?.member;
      if (!member) {
        ctx.logger.warn({ subject: msg.subject }, 'ignoring a pools event that does not match its contract');
        return;
      }
      const snapshot = { poolId: member.poolId, userId: member.userId, poolName: member.poolName, isActive: member.isActive, updatedAt: new Date(member.updatedAt) };
      return ctx.uow.write((store) => (removed ? store.removeMembership(snapshot) : store.upsertMembership(snapshot)));
    },
  });
}
