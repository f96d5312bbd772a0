import { RPC, weekResultsReplySchema, weekSavesReplySchema, type WeekResultsReply, type WeekSavesReply } from '@powerpool/contracts';
import type { Bus } from '@powerpool/service-kit';
import type { ScoringPort } from '../domain/context.js';

/**
 * picks-scoring over the bus: a completed week's points and ranks (rpc.picks.week.results), and
 * each player's latest save of a week (rpc.picks.week.saves), asked in the path of a nudge and of
 * every sending pass, hence its shorter wait.
 */
export function createScoringPort(bus: Bus, timeoutMs = 5000, savesTimeoutMs = 2000): ScoringPort {
  return {
    async weekResults(request): Promise<WeekResultsReply> {
      return weekResultsReplySchema.parse(await bus.request(RPC.scoringWeekResults, request, { timeoutMs }));
    },
    async weekSaves(request): Promise<WeekSavesReply> {
      return weekSavesReplySchema.parse(await bus.request(RPC.scoringWeekSaves, request, { timeoutMs: savesTimeoutMs }));
    },
  };
}
