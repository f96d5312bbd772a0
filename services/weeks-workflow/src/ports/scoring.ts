import { RPC, unscoredPicksReplySchema } from '@powerpool/contracts';
import type { Bus } from '@powerpool/service-kit';
import type { ScoringPort } from '../domain/context.js';

/** picks-scoring's answers weeks-workflow needs before a move (request/reply on the bus). */
export function createScoringPort(bus: Bus): ScoringPort {
  return {
    unscoredPicks: async (request) => unscoredPicksReplySchema.parse(await bus.request(RPC.scoringUnscoredPicks, request)),
  };
}
