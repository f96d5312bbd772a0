import { poolAccessRequestSchema, RPC } from '@powerpool/contracts';
import { answerRequests, type Bus, type Subscription } from '@powerpool/service-kit';
import type { PoolsContext } from '../domain/context.js';
import { poolAccessSnapshot } from '../domain/pools.js';

/** Answers rpc.pools.pool.access ({ poolId, userId }): services check a refusal made on their copy. */
export function answerPoolAccessRequests(bus: Bus, ctx: PoolsContext): Promise<Subscription> {
  return answerRequests(
    bus,
    { subject: RPC.poolsPoolAccess, queue: 'pools-invitations', request: poolAccessRequestSchema, invalid: 'poolId and userId are required' },
    (request) => poolAccessSnapshot(ctx, request.poolId, request.userId),
  );
}
