import { poolAccessRequestSchema, RPC, type PoolAccessReply } from '@powerpool/contracts';
import { ValidationError, type Bus, type Subscription } from '@powerpool/service-kit';
import type { PoolsContext } from '../domain/context.js';
import { poolAccessSnapshot } from '../domain/pools.js';

/** Answers rpc.pools.pool.access ({ poolId, userId }): services check a refusal made on their copy. */
export async function answerPoolAccessRequests(bus: Bus, ctx: PoolsContext): Promise<Subscription> {
  return bus.handle(
    RPC.poolsPoolAccess,
    async (msg): Promise<PoolAccessReply> => {
      const parsed = poolAccessRequestSchema.safeParse(msg.data);
      if (!parsed.success) throw new ValidationError('poolId and userId are required');
      return poolAccessSnapshot(ctx, parsed.data.poolId, parsed.data.userId);
    },
    { queue: 'pools-invitations' },
  );
}
