import { RPC, weekGetRequestSchema } from '@powerpool/contracts';
import { answerRequests, type Bus, type Subscription } from '@powerpool/service-kit';
import type { WeeksContext } from '../domain/context.js';
import { weekAsEvents } from '../domain/workflow.js';

/** Answers rpc.weeks.week.get ({ poolId, year, weekNumber }): a pool week in the shape of its events. */
export function answerWeekRequests(bus: Bus, ctx: WeeksContext): Promise<Subscription> {
  return answerRequests(
    bus,
    { subject: RPC.weeksWeekGet, queue: 'weeks-workflow', request: weekGetRequestSchema, invalid: 'poolId, year and weekNumber are required' },
    (request) => weekAsEvents(ctx, request),
  );
}
