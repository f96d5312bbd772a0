import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { PICK_MESSAGES, type overrideBodySchema, type OverrideReply, type PickOverride } from '@powerpool/contracts';
import type { OverrideRecord, PickSnapshot } from '../store/picks.store.js';
import type { PicksStore } from '../store/picks-scoring.store.js';
import type { PickRow, PoolRow } from '../store/schema.js';
import { canManage, deadlinePassed, managedPool, readablePool } from './access.js';
import type { Caller, PicksContext, PoolWeekRequest } from './context.js';
import { withWeekCaughtUp } from './calculate.js';
import { PickNotOfBatchError, TargetNotMemberError, WeekNotPublishedError } from './errors.js';
import { checkRanks, replaceWeekPicks, resolvePicks, weekGamesOf } from './picks.js';
import { presentPicks, type PresentablePick } from './present-picks.js';

/**
 * Commissioner overrides (emergency pick entry): the pool's commissioner or a super admin enters
 * a member's picks for them, in any state of a published week, deadline or not, with a reason.
 * Each one is recorded (who, when, why, the picks before and after); the pool's members see that
 * it happened, and its picks once the deadline has passed.
 */

export type OverrideInput = z.output<typeof overrideBodySchema>;

const snapshotOf = (p: PickRow): PickSnapshot => ({
  id: p.id,
  gameId: p.gameId,
  poolGameId: p.poolGameId,
  selectedTeamEspnId: p.selectedTeamEspnId,
  confidenceRank: p.confidenceRank,
  isPowerPick: p.isPowerPick,
  enteredBy: p.enteredBy,
  updatedAt: p.updatedAt.toISOString(),
  result: p.result,
  pointsEarned: p.pointsEarned,
});

/** A kept pick, back in the shape presenting needs. */
const fromSnapshot = (record: OverrideRecord, s: PickSnapshot): PresentablePick => ({
  ...s,
  poolId: record.poolId,
  userId: record.targetUserId,
  year: record.year,
  weekNumber: record.weekNumber,
  updatedAt: new Date(s.updatedAt),
});

/**
 * Override records as the API shows them, newest first as given, with the names of the player and
 * of who entered them; `showPicks(record)` decides whether its picks are shown (null otherwise).
 */
async function presentOverrides(
  store: PicksStore,
  records: readonly OverrideRecord[],
  showPicks: (record: OverrideRecord) => boolean,
): Promise<PickOverride[]> {
  const names = new Map((await store.findUsers(records.flatMap((r) => [r.targetUserId, r.byUserId]))).map((u) => [u.id, u.displayName]));
  const nameOf = (id: string) => names.get(id) ?? 'User';
  const out: PickOverride[] = [];
  for (const r of records) {
    const show = showPicks(r);
    out.push({
      id: r.id,
      poolId: r.poolId,
      weekNumber: r.weekNumber,
      targetUserId: r.targetUserId,
      targetDisplayName: nameOf(r.targetUserId),
      byUserId: r.byUserId,
      byDisplayName: nameOf(r.byUserId),
      reason: r.reason,
      at: r.at.toISOString(),
      picksBefore: show
        ? await presentPicks(
            store,
            r.picksBefore.map((s) => fromSnapshot(r, s)),
          )
        : null,
      picksAfter: show
        ? await presentPicks(
            store,
            r.picksAfter.map((s) => fromSnapshot(r, s)),
          )
        : null,
      tiebreakerBefore: show ? r.tiebreakerBefore : null,
      tiebreakerAfter: show ? r.tiebreakerAfter : null,
    });
  }
  return out;
}

/**
 * POST /api/picks/commissioner-override: replace an active member's picks of a published week
 * (any state, no deadline), record the override, announce the save, and recalculate the week in
 * the same unit of work when it was already scored. The three confidence picks go on the pool's
 * published games; the power pick may be on any production game of the week.
 */
export async function overridePicks(ctx: PicksContext, caller: Caller, body: OverrideInput): Promise<OverrideReply> {
  const reply = await withWeekCaughtUp(ctx, () =>
    ctx.uow.write(async (store, emit) => {
      const pool = await managedPool(store, caller, body.poolId);
      const target = await store.lockMember(pool.id, body.targetUserId);
      if (!target?.isActive) throw new TargetNotMemberError(pool.id, body.targetUserId);
      const { weekNumber } = body;
      if (body.picks.some((p) => (p.poolId !== undefined && p.poolId !== pool.id) || (p.weekNumber !== undefined && p.weekNumber !== weekNumber)))
        throw new PickNotOfBatchError(weekNumber);
      // Locked for update: overrides of one pool week (and the recalculation they start) take turns.
      const week = await store.findPoolWeek({ poolId: pool.id, year: pool.year, weekNumber, lock: 'update' });
      if (!week) throw new WeekNotPublishedError(weekNumber, { poolId: pool.id, year: pool.year, weekNumber });
      checkRanks(body.picks, () => PICK_MESSAGES.overrideConfidence);
      const chosen = resolvePicks(body.picks, await weekGamesOf(store, pool, weekNumber), { powerAnyGame: true });

      const now = ctx.now();
      const owner = { poolId: pool.id, userId: target.userId, year: pool.year, weekNumber };
      const before = await store.picksOf(owner);
      const tiebreakerBefore = (await store.tiebreakerOf(owner))?.prediction ?? null;
      // docs/game.md#weekly-winners: the override may set the prediction too (absent: kept).
      const tiebreakerAfter = week.tiebreakerGameId === null ? null : body.tiebreaker === undefined ? tiebreakerBefore : body.tiebreaker;
      await replaceWeekPicks(store, emit, { owner, chosen, byUserId: caller.id, now, override: true });
      if (tiebreakerAfter !== tiebreakerBefore) {
        await store.replaceTiebreaker(owner, tiebreakerAfter === null ? null : { ...owner, prediction: tiebreakerAfter, enteredBy: caller.id, updatedAt: now });
      }
      const ref = { poolId: pool.id, year: pool.year, weekNumber };
      const autoRecalculated = await ctx.recalculateIfScored(store, emit, { ref, reason: 'override', now });
      const after = await store.picksOf(owner);
      const record: OverrideRecord = {
        id: randomUUID(),
        ...ref,
        targetUserId: target.userId,
        byUserId: caller.id,
        reason: body.overrideReason,
        at: now,
        picksBefore: before.map(snapshotOf),
        picksAfter: after.map(snapshotOf),
        tiebreakerBefore,
        tiebreakerAfter,
      };
      await store.insertOverride(record);
      const [override] = await presentOverrides(store, [record], () => true);
      const reply: OverrideReply = { message: PICK_MESSAGES.overrideSaved(override!.targetDisplayName, weekNumber), autoRecalculated, override: override! };
      return reply;
    }),
  );
  await ctx.announce();
  return reply;
}

/**
 * A pool week's overrides as `caller` may see them, newest first: the picks for the pool's
 * managers, for the player themselves, and for everyone once the deadline has passed; before it,
 * only that an override happened, by whom and why. The caller's right to read the pool is checked
 * by the caller of this function (the live leaderboard uses it too).
 */
export async function overridesSeenBy(
  store: PicksStore,
  { caller, pool, weekNumber, now }: { caller: Caller; pool: PoolRow; weekNumber: number; now: Date },
): Promise<PickOverride[]> {
  const week = await store.findPoolWeek({ poolId: pool.id, year: pool.year, weekNumber });
  const managing = canManage(caller, pool);
  const records = await store.overridesOf(pool.id, pool.year, weekNumber);
  return presentOverrides(store, records, (r) => managing || r.targetUserId === caller.id || deadlinePassed(week, now));
}

/** GET /api/pools/{poolId}/weeks/{weekNumber}/overrides: the pool week's overrides, newest first. */
export async function listOverrides(ctx: PicksContext, { caller, poolId, weekNumber }: PoolWeekRequest): Promise<PickOverride[]> {
  return ctx.uow.read(async (store) => overridesSeenBy(store, { caller, pool: await readablePool(store, caller, poolId), weekNumber, now: ctx.now() }));
}
