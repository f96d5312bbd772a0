import { EVENTS } from '@powerpool/contracts';
import type { Bus, KitLogger, Subscription } from '@powerpool/service-kit';
import type { PoolsContext } from '../domain/context.js';

/** Every identity.user.* event carries a `{ user }` snapshot. */
export const IDENTITY_USER_SUBJECTS = ['identity.user.registered', 'identity.user.profile-changed', 'identity.user.role-changed', 'identity.user.payment-changed'] as const;

/**
 * Keep this service's copy of users (names, e-mails, roles) from identity's events. Durable and
 * idempotent: an upsert that keeps the newest `updatedAt`, so repeats and late arrivals are harmless.
 */
export async function consumeIdentityUsers(bus: Bus, ctx: PoolsContext, logger: KitLogger): Promise<Subscription> {
  return bus.consume({
    durable: 'pools-invitations',
    subjects: [...IDENTITY_USER_SUBJECTS],
    handler: async (msg) => {
      const schema = EVENTS[msg.subject as (typeof IDENTITY_USER_SUBJECTS)[number]];
      const parsed = schema?.safeParse(msg.data);
      if (!parsed?.success) {
        logger.warn({ subject: msg.subject }, 'ignoring an identity event that does not match its contract');
        return;
      }
      await ctx.uow.write((store) => store.upsertUser(parsed.data.user));
    },
  });
}
