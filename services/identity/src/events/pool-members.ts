import type { MemberEventSnapshot } from '@powerpool/contracts';
import { consume, type Bus, type Subscription } from '@powerpool/service-kit';
import type { IdentityContext } from '../domain/context.js';

/**
 * Durable, idempotent consumer of pools-invitations' membership events into identity's own
 * `pool_assignments` table (never reading pools-invitations' tables), to list pool assignments on
 * the global user screen.
 */
export function consumePoolMembers(bus: Bus, ctx: IdentityContext): Promise<Subscription> {
  const snapshot = (member: MemberEventSnapshot) => ({
    poolId: member.poolId,
    userId: member.userId,
    poolName: member.poolName,
    isActive: member.isActive,
    updatedAt: new Date(member.updatedAt),
  });
  return consume(bus, {
    durable: 'identity-pools',
    logger: ctx.logger,
    handlers: {
      'pools.member.joined': (event) => ctx.uow.write((store) => store.upsertMembership(snapshot(event.member))),
      'pools.member.updated': (event) => ctx.uow.write((store) => store.upsertMembership(snapshot(event.member))),
      'pools.member.removed': (event) => ctx.uow.write((store) => store.removeMembership(snapshot(event.member))),
      'pools.pool.updated': (event) => ctx.uow.write((store) => store.renamePool(event.pool.id, event.pool.name, new Date(event.pool.updatedAt))),
      'pools.pool.deleted': (event) => ctx.uow.write((store) => store.removePool(event.pool.id, new Date(event.deletedAt))),
    },
  });
}
