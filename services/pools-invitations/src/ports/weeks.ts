import { HEADERS, POOLS_SUMMARY_MAX, RPC, poolsSummaryReplySchema } from '@powerpool/contracts';
import { BusNoRespondersError, BusTimeoutError, type Bus, type KitLogger } from '@powerpool/service-kit';
import type { PoolWeekSummary, WeeksPort } from '../domain/context.js';

/** The most pool ids one rpc.weeks.pools.summary request may carry (poolsSummaryRequestSchema). */
const POOLS_PER_REQUEST = POOLS_SUMMARY_MAX;

export interface WeeksPortOptions {
  bus: Bus;
  logger: KitLogger;
  /** How long to wait for weeks-workflow's answer. */
  timeoutMs: number;
}

/**
 * The weeks port over the bus: asks weeks-workflow `rpc.weeks.pools.summary` (one request, or one
 * per 1000 pools) and checks the answer against the contract. When weeks-workflow does not answer
 * (no responders, timeout) it logs a warning and answers null; an answer it cannot use (an error
 * from weeks-workflow, an invalid reply) is logged as an error and also gives null.
 */
export function createWeeksPort({ bus, logger, timeoutMs }: WeeksPortOptions): WeeksPort {
  return {
    async summary(poolIds, options = {}) {
      const ids = [...new Set(poolIds)];
      if (ids.length === 0) return new Map();
      const { correlationId } = options;
      const headers = correlationId ? { [HEADERS.correlationId]: correlationId } : undefined;
      const context = { subject: RPC.weeksPoolsSummary, pools: ids.length, ...(correlationId ? { correlationId } : {}) };
      let replies: unknown[];
      try {
        replies = await Promise.all(
          chunks(ids, POOLS_PER_REQUEST).map((poolIds) => bus.request(RPC.weeksPoolsSummary, { poolIds }, { timeoutMs, ...(headers ? { headers } : {}) })),
        );
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (err instanceof BusNoRespondersError || err instanceof BusTimeoutError) {
          logger.warn({ ...context, err: message }, 'weeks-workflow did not answer: pool week states and game counts are unknown');
        } else {
          logger.error({ ...context, err: message }, 'weeks-workflow failed to sum up pools: pool week states and game counts are unknown');
        }
        return null;
      }
      const summaries = new Map<string, PoolWeekSummary>();
      for (const raw of replies) {
        const parsed = poolsSummaryReplySchema.safeParse(raw);
        if (!parsed.success) {
          logger.error(
            { ...context, issues: parsed.error.issues },
            'weeks-workflow answered the pools summary with an invalid reply: pool week states and game counts are unknown',
          );
          return null;
        }
        for (const pool of parsed.data.pools) summaries.set(pool.poolId, pool);
      }
      return summaries;
    },
  };
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}
