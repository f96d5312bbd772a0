import { formatDateTime, NUDGE_INTERVAL_MS, PICKS_EMAIL_QUIET_MS, weekTitle } from '@powerpool/contracts';
import { managedPoolOf, StillSyncingError } from '@powerpool/service-kit';
import type { NotificationsStore, WeekKey } from '../store/notifications.store.js';
import type { Caller, NotificationsContext, PoolWeekRequest } from './context.js';
import { NudgeTooSoonError, WeekNotOpenError } from './errors.js';
import { deliveriesFor } from './planning.js';
import { catchUpSaves } from './sync.js';

/**
 * POST /api/pools/:poolId/weeks/:weekNumber/nudge (docs/notifications.md#nudge): the pool's
 * commissioner (or a super admin) reminds the other active members who have not saved their picks, at
 * most once an hour per pool week. The limit is decided in the database (`recordNudge`, one
 * statement), so two replicas, or two clicks, cannot both pass it. Who has saved is asked of
 * picks-scoring first (`catchUpSaves`): a save a second before the nudge, still on its way on the
 * bus, counts; if picks-scoring cannot be asked the nudge is refused (409 still_syncing).
 */
export async function nudgeWeek(
  ctx: NotificationsContext,
  { caller, poolId, weekNumber }: PoolWeekRequest,
): Promise<{ nudged: number; justEmailed: number; nextNudgeAt: string }> {
  const now = ctx.now();
  const week = await ctx.uow.read((store) => nudgeableWeek(store, { caller, poolId, weekNumber, now }));
  if (!(await catchUpSaves(ctx, week)))
    throw new StillSyncingError(`Who has saved their ${weekTitle(weekNumber)} picks cannot be checked right now. Try again in a few seconds.`);
  return ctx.uow.write(async (store) => {
    const key = await nudgeableWeek(store, { caller, poolId, weekNumber, now });
    const blockedBy = await store.recordNudge({ key, byUserId: caller.id, now, intervalMs: NUDGE_INTERVAL_MS });
    if (blockedBy) {
      const next = new Date(blockedBy.getTime() + NUDGE_INTERVAL_MS);
      throw new NudgeTooSoonError(weekNumber, next, formatDateTime(next));
    }
    // The one who presses Nudge is not nudged, nor one who had a picks e-mail a moment ago
    // (docs/notifications.md#nudge, #one-picks-e-mail-at-a-time).
    const waiting = (await store.membersOfWeek(key)).filter((m) => !m.picksComplete && m.userId !== caller.id);
    const emailed = await store.picksEmailedSince(
      key,
      waiting.map((m) => m.userId),
      new Date(now.getTime() - PICKS_EMAIL_QUIET_MS),
    );
    const nudged = waiting.filter((m) => !emailed.has(m.userId));
    const rows = await deliveriesFor(store, { members: nudged, what: { ...key, kind: 'nudge', slot: now.toISOString() }, pushOn: ctx.push !== null });
    await store.planDeliveries(rows);
    return { nudged: nudged.length, justEmailed: emailed.size, nextNudgeAt: new Date(now.getTime() + NUDGE_INTERVAL_MS).toISOString() };
  });
}

/** The pool week, if the caller manages the pool and the week is PUBLISHED with its deadline ahead. */
async function nudgeableWeek(
  store: NotificationsStore,
  { caller, poolId, weekNumber, now }: { caller: Caller; poolId: string; weekNumber: number; now: Date },
): Promise<WeekKey> {
  const pool = await managedPoolOf(store, caller, poolId);
  const key = { poolId: pool.id, year: pool.year, weekNumber };
  const week = await store.findWeek(key);
  if (!week || week.state !== 'PUBLISHED' || week.pickDeadline <= now) throw new WeekNotOpenError(weekNumber);
  return key;
}

/**
 * GET /api/pools/:poolId/weeks/:weekNumber/nudge (docs/notifications.md#nudge): when the next nudge
 * of the pool week is possible by the server's clock, or null when it is possible now, so a page
 * opened after a nudge shows it without trying. The pool's commissioner or a super admin.
 */
export async function nudgeStatus(ctx: NotificationsContext, { caller, poolId, weekNumber }: PoolWeekRequest): Promise<{ nextNudgeAt: string | null }> {
  return ctx.uow.read(async (store) => {
    const pool = await managedPoolOf(store, caller, poolId);
    const last = await store.lastNudgeOf({ poolId: pool.id, year: pool.year, weekNumber });
    const next = last ? new Date(last.getTime() + NUDGE_INTERVAL_MS) : null;
    return { nextNudgeAt: next && next > ctx.now() ? next.toISOString() : null };
  });
}
