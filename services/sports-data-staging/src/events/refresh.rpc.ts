import { RPC, refreshWeekRequestSchema, type RefreshWeekReply } from '@powerpool/contracts';
import { replyBudgetMs, ValidationError, type Bus, type BusMessage, type Subscription } from '@powerpool/service-kit';
import type { SportsContext } from '../domain/context.js';
import { refreshWeek } from '../domain/refresh.js';

/**
 * Answers rpc.sports.week.refresh-odds and rpc.sports.week.refresh-scores ({year?, seasonType?,
 * weekNumber}). Failures come back to the requester as DomainErrors (validation, not found, 502),
 * within the requester's timeout (service-kit replyBudgetMs).
 */
export async function answerRefreshRequests(bus: Bus, ctx: SportsContext): Promise<Subscription[]> {
  const handler =
    (kind: 'odds' | 'scores') =>
    async (msg: BusMessage): Promise<RefreshWeekReply> => {
      // ESPN is given up on while the requester still listens, so it hears "ESPN did not answer"
      // (502 espn_unavailable) rather than its own timeout, with nothing written after it gave up.
      const budgetMs = replyBudgetMs(msg);
      const parsed = refreshWeekRequestSchema.safeParse(msg.data);
      if (!parsed.success) throw new ValidationError('weekNumber is required (year and seasonType are optional)');
      return { ok: true, ...(await refreshWeek(ctx, { kind, request: parsed.data, call: budgetMs === null ? {} : { deadline: Date.now() + budgetMs } })) };
    };
  return Promise.all([
    bus.handle(RPC.sportsRefreshOdds, handler('odds'), { queue: 'sports-data-staging' }),
    bus.handle(RPC.sportsRefreshScores, handler('scores'), { queue: 'sports-data-staging' }),
  ]);
}
