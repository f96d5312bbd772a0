import { RPC, weekGetRequestSchema, type WeekGetReply } from '@powerpool/contracts';
import { ValidationError, type Bus, type Subscription } from '@powerpool/service-kit';
import type { WeeksContext } from '../domain/context.js';
import { weekAsEvents } from '../domain/workflow.js';

/** Answers rpc.weeks.week.get ({ poolId, year, weekNumber }): a pool week in the shape of its events. */
export async function answerWeekRequests(bus: Bus, ctx: WeeksContext): Promise<Subscription> {
  return bus.handle(
    RPC.weeksWeekGet,
    async (msg): Promise<WeekGetReply> => {
      const parsed = weekGetRequestSchema.safeParse(msg.data);
      if (!parsed.success) throw new ValidationError('poolId, year and weekNumber are required');
      return weekAsEvents(ctx, parsed.data);
    },
    { queue: 'weeks-workflow' },
  );
}
