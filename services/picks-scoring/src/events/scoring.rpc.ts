import { RPC, unscoredPicksRequestSchema, type UnscoredPicksReply } from '@powerpool/contracts';
import { ValidationError, type Bus, type Subscription } from '@powerpool/service-kit';
import { unscoredPicks } from '../domain/calculate.js';
import type { PicksContext } from '../domain/context.js';

/** Answers rpc.scoring.week.unscored-picks (weeks-workflow, before it completes a week). */
export async function answerScoringRequests(bus: Bus, ctx: PicksContext): Promise<Subscription> {
  return bus.handle(
    RPC.scoringUnscoredPicks,
    async (msg): Promise<UnscoredPicksReply> => {
      const parsed = unscoredPicksRequestSchema.safeParse(msg.data);
      if (!parsed.success) throw new ValidationError('poolId, year, weekNumber and results are required');
      return unscoredPicks(ctx, parsed.data);
    },
    { queue: 'picks-scoring' },
  );
}
