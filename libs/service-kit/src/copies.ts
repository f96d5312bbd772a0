import type { EventPayload, MemberEventSnapshot, Pool, PoolAccessReply, ServiceName, User } from '@powerpool/contracts';
import { consume } from './bus/consume.js';
import type { Bus, Subscription } from './bus/types.js';
import type { KitLogger } from './logger.js';

/**
 * The copies several services keep of another service's data (docs/architecture.md#copies): the
 * consumer side written once. A service says what it keeps (its domain's handlers); the kit says
 * which events feed it, under which durable name, and how a pool-access answer is applied (as the
 * events would be). Each handler must be idempotent: newest snapshot wins, a deleted pool stays
 * deleted, so repeats and late arrivals are harmless.
 */

/** What a service does with pools-invitations' pools and memberships. */
export interface PoolCopy {
  /** pools.pool.created / updated / commissioner.changed (and a pool-access answer's pool). */
  pool(pool: Pool): Promise<void>;
  /** pools.pool.deleted. */
  poolDeleted(event: EventPayload<'pools.pool.deleted'>): Promise<void>;
  /** pools.member.joined / updated / removed (and a pool-access answer's member, never removed). */
  member(member: MemberEventSnapshot, change: { removed: boolean }): Promise<void>;
}

/** Keep `copy` from every pool and member event, durably as `<service>-pools`. */
export function consumePoolCopy(bus: Bus, { service, logger, copy }: { service: ServiceName; logger: KitLogger; copy: PoolCopy }): Promise<Subscription> {
  return consume(bus, {
    durable: `${service}-pools`,
    logger,
    handlers: {
      'pools.pool.created': (event) => copy.pool(event.pool),
      'pools.pool.updated': (event) => copy.pool(event.pool),
      'pools.commissioner.changed': (event) => copy.pool(event.pool),
      'pools.pool.deleted': (event) => copy.poolDeleted(event),
      'pools.member.joined': (event) => copy.member(event.member, { removed: false }),
      'pools.member.updated': (event) => copy.member(event.member, { removed: false }),
      'pools.member.removed': (event) => copy.member(event.member, { removed: true }),
    },
  });
}

/** rpc.pools.pool.access's answer (a refusal checked with pools-invitations), applied to `copy` as its events would be. */
export async function applyPoolAccess(copy: PoolCopy, reply: PoolAccessReply): Promise<void> {
  if (reply.pool) await copy.pool(reply.pool);
  if (reply.member) await copy.member(reply.member, { removed: false });
}

/** Keep a copy of users from every identity.user.* event (each carries the `{ user }` snapshot), durably as `<service>-identity`. */
export function consumeUserCopy(
  bus: Bus,
  { service, logger, user }: { service: ServiceName; logger: KitLogger; user: (user: User) => Promise<void> },
): Promise<Subscription> {
  const record = (event: { user: User }) => user(event.user);
  return consume(bus, {
    durable: `${service}-identity`,
    logger,
    handlers: {
      'identity.user.registered': record,
      'identity.user.profile-changed': record,
      'identity.user.role-changed': record,
      'identity.user.payment-changed': record,
    },
  });
}
