import { RPC, weekResultsReplySchema, type WeekResultsReply } from '@powerpool/contracts';
import type { Bus } from '@powerpool/service-kit';
import type { ScoringPort } from '../domain/context.js';

/** picks-scoring over the bus: a completed week's points and ranks (rpc.picks.week.results). */
export function createScoringPort(bus: Bus, timeoutMs = 5000): ScoringPort {
  return {
    async weekResults(request): Promise<WeekResultsReply> {
      return weekResultsReplySchema.parse(await bus.request(RPC.scoringWeekResults, request, { timeoutMs }));
    },
  };
}
