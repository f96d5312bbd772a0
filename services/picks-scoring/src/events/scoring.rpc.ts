import { RPC, unscoredPicksRequestSchema, weekResultsRequestSchema, weekSavesRequestSchema } from '@powerpool/contracts';
import { answerRequests, type Bus, type Subscription } from '@powerpool/service-kit';
import { unscoredPicks } from '../domain/calculate.js';
import type { PicksContext } from '../domain/context.js';
import { weekResultsOf } from '../domain/leaderboards.js';
import { weekSavesOf } from '../domain/picks.js';

/** Answers rpc.picks.week.unscored-picks (weeks-workflow, before it completes a week). */
export function answerScoringRequests(bus: Bus, ctx: PicksContext): Promise<Subscription> {
  return answerRequests(
    bus,
    {
      subject: RPC.scoringUnscoredPicks,
      queue: 'picks-scoring',
      request: unscoredPicksRequestSchema,
      invalid: 'poolId, year, weekNumber and results are required',
    },
    (request) => unscoredPicks(ctx, request),
  );
}

/** Answers rpc.picks.week.results (the notifications service, once a week is COMPLETE). */
export function answerWeekResultsRequests(bus: Bus, ctx: PicksContext): Promise<Subscription> {
  return answerRequests(
    bus,
    { subject: RPC.scoringWeekResults, queue: 'picks-scoring', request: weekResultsRequestSchema, invalid: 'poolId, year and weekNumber are required' },
    (request) => weekResultsOf(ctx, request),
  );
}

/** Answers rpc.picks.week.saves (the notifications service, before it sends a reminder or a nudge). */
export function answerWeekSavesRequests(bus: Bus, ctx: PicksContext): Promise<Subscription> {
  return answerRequests(
    bus,
    { subject: RPC.scoringWeekSaves, queue: 'picks-scoring', request: weekSavesRequestSchema, invalid: 'poolId, year and weekNumber are required' },
    (request) => weekSavesOf(ctx, request),
  );
}
