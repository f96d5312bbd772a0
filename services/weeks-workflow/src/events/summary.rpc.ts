import { poolsSummaryRequestSchema, RPC, type PoolsSummaryReply } from '@powerpool/contracts';
import { ValidationError, type Bus, type Subscription } from '@powerpool/service-kit';
import type { WeeksContext } from '../domain/context.js';
import { summarizePools } from '../domain/sync.js';

/** Answers rpc.weeks.pools.summary ({ poolIds }): pool cards' current week state, deletion counts. */
export async function answerSummaryRequests(bus: Bus, ctx: WeeksContext): Promise<Subscription> {
  return bus.handle(
    RPC.weeksPoolsSummary,
    async (msg): Promise<PoolsSummaryReply> => {
      const parsed = poolsSummaryRequestSchema.safeParse(msg.data);
      if (!parsed.success) throw new ValidationError('poolIds must be a list of pool ids');
      return summarizePools(ctx, parsed.data.poolIds);
    },
    { queue: 'weeks-workflow' },
  );
}
