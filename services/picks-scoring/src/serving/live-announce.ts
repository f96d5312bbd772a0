import { LIVE_SUBJECTS, type LiveBoardChanged } from '@powerpool/contracts';
import type { Bus, KitLogger } from '@powerpool/service-kit';
import type { PoolWeekRef } from '../domain/context.js';

/**
 * Broadcast LIVE_SUBJECTS.boardChanged for each pool week (deduplicated), after the change that
 * may have moved their boards committed. A core message: losing one costs a browser a few seconds
 * (the streams' safety net re-checks), so a failure is logged and never fails the change.
 */
export async function announceBoards(bus: Bus, logger: KitLogger, refs: readonly PoolWeekRef[]): Promise<void> {
  const seen = new Set<string>();
  const at = new Date().toISOString();
  for (const ref of refs) {
    const key = `${ref.poolId}:${ref.year}:${ref.weekNumber}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const message: LiveBoardChanged = { poolId: ref.poolId, year: ref.year, weekNumber: ref.weekNumber, at };
    try {
      await bus.broadcast(LIVE_SUBJECTS.boardChanged, message);
    } catch (err) {
      logger.warn({ err, ...ref }, 'could not announce a live board change (the streams catch up on their own)');
    }
  }
}
