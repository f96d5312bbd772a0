import { poolsSummaryRequestSchema, RPC } from '@powerpool/contracts';
import { answerRequests, type Bus, type Subscription } from '@powerpool/service-kit';
import type { WeeksContext } from '../domain/context.js';
import { summarizePools } from '../domain/sync.js';

/** Answers rpc.weeks.pools.summary ({ poolIds }): pool cards' current week state, deletion counts. */
export function answerSummaryRequests(bus: Bus, ctx: WeeksContext): Promise<Subscription> {
  return answerRequests(
    bus,
    { subject: RPC.weeksPoolsSummary, queue: 'weeks-workflow', request: poolsSummaryRequestSchema, invalid: 'poolIds must be a list of pool ids' },
    (request) => summarizePools(ctx, request.poolIds),
  );
}
