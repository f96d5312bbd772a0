import { formatDateTime, NUDGE_INTERVAL_MS, weekLabel } from '@powerpool/contracts';
import { managedPoolOf, StillSyncingError } from '@powerpool/service-kit';
import type { NotificationsStore, WeekKey } from '../store/notifications.store.js';
import type { Caller, NotificationsContext } from './context.js';
import { NudgeTooSoonError, WeekNotOpenError } from './errors.js';
import { deliveriesFor } from './planning.js';
import { catchUpSaves } from './sync.js';

/**
 * POST /api/pools/:poolId/weeks/:weekNumber/nudge (docs/notifications.md#nudge): the pool's
 * commissioner (or a super admin) reminds the active members who have not saved their picks, at
 * most once an hour per pool week. The limit is decided in the database (`recordNudge`, one
 * statement), so two replicas, or two clicks, cannot both pass it. Who has saved is asked of
 * picks-scoring first (`catchUpSaves`): a save a second before the nudge, still on its way on the
 * bus, counts; if picks-scoring cannot be asked the nudge is refused (409 still_syncing).
 */
export async function nudgeWeek(
  ctx: NotificationsContext,
  caller: Caller,
  poolId: string,
  weekNumber: number,
): Promise<{ nudged: number; nextNudgeAt: string }> {
  const now = ctx.now();
  const week = await ctx.uow.read((store) => nudgeableWeek(store, caller, poolId, weekNumber, now));
  if (!(await catchUpSaves(ctx, week)))
    throw new StillSyncingError(`Who has saved their ${weekLabel(weekNumber)} picks cannot be checked right now. Try again in a few seconds.`);
  return ctx.uow.write(async (store) => {
    const key = await nudgeableWeek(store, caller, poolId, weekNumber, now);
    const blockedBy = await store.recordNudge(key, caller.id, now, NUDGE_INTERVAL_MS);
    if (blockedBy) {
      const next = new Date(blockedBy.getTime() + NUDGE_INTERVAL_MS);
      throw new NudgeTooSoonError(weekNumber, next, formatDateTime(next));
    }
    const waiting = (await store.membersOfWeek(key)).filter((m) => !m.picksComplete);
    const rows = await deliveriesFor(store, waiting, { ...key, kind: 'nudge', slot: now.toISOString() }, ctx.push !== null);
    await store.planDeliveries(rows);
    return { nudged: waiting.length, nextNudgeAt: new Date(now.getTime() + NUDGE_INTERVAL_MS).toISOString() };
  });
}

/** The pool week, if the caller manages the pool and the week is PUBLISHED with its deadline ahead. */
async function nudgeableWeek(store: NotificationsStore, caller: Caller, poolId: string, weekNumber: number, now: Date): Promise<WeekKey> {
  const pool = await managedPoolOf(store, caller, poolId);
  const key = { poolId: pool.id, year: pool.year, weekNumber };
  const week = await store.findWeek(key);
  if (!week || week.state !== 'PUBLISHED' || week.pickDeadline <= now) throw new WeekNotOpenError(weekNumber);
  return key;
}
