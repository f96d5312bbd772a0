import { displayNameOf, type EventPayload, type User } from '@powerpool/contracts';
import type { PoolCopy } from '@powerpool/service-kit';
import type { NotificationsContext } from './context.js';

/**
 * This service's copies (docs/notifications.md#copies): each from its owner's events, idempotent,
 * and never stepping back (a snapshot older than the one kept is ignored).
 */

/** identity.user.*: whom to write to, and the name to greet them with. */
export async function recordUser(ctx: NotificationsContext, user: User): Promise<void> {
  await ctx.uow.write((store) => store.upsertUser({ id: user.id, email: user.email, name: displayNameOf(user), updatedAt: new Date(user.updatedAt) }));
}

/** This service's copy of pools (name, season, commissioner) and members (removed members are inactive and get nothing). */
export const poolCopyOf = (ctx: NotificationsContext): PoolCopy => ({
  pool: (pool) =>
    ctx.uow.write((store) =>
      store.upsertPool({
        id: pool.id,
        year: pool.year,
        commissionerId: pool.poolCommissionerId,
        isPublic: pool.isPublic,
        name: pool.name,
        updatedAt: new Date(pool.updatedAt),
      }),
    ),
  // Everything of the pool goes, pending deliveries included.
  poolDeleted: (event) => ctx.uow.write((store) => store.deletePool(event.pool.id, new Date(event.deletedAt))),
  member: (member, { removed }) =>
    ctx.uow.write((store) =>
      store.upsertMember({ poolId: member.poolId, userId: member.userId, isActive: removed ? false : member.isActive, updatedAt: new Date(member.updatedAt) }),
    ),
});

/** weeks.week.published: the week is open for picks until its deadline. */
export async function recordWeekPublished(ctx: NotificationsContext, event: EventPayload<'weeks.week.published'>): Promise<void> {
  const publishedAt = new Date(event.publishedAt);
  await ctx.uow.write((store) =>
    store.upsertPublishedWeek({
      poolId: event.poolId,
      year: event.year,
      weekNumber: event.weekNumber,
      state: 'PUBLISHED',
      stateChangedAt: publishedAt,
      pickDeadline: new Date(event.pickDeadline),
      publishedAt,
      resultsAt: null,
    }),
  );
}

/** weeks.week.state-changed: the week's state (a week past PUBLISHED gets no more reminders). */
export async function recordWeekState(ctx: NotificationsContext, event: EventPayload<'weeks.week.state-changed'>): Promise<void> {
  await ctx.uow.write((store) => store.applyWeekState(event, event.toState, new Date(event.at)));
}

type PicksSaved = Pick<EventPayload<'picks.picks.saved'>, 'poolId' | 'userId' | 'year' | 'weekNumber' | 'pickCount' | 'savedAt'>;

/** picks.picks.saved: how many picks the player's latest save of the week holds. */
export async function recordPicksSaved(ctx: NotificationsContext, event: PicksSaved): Promise<void> {
  await recordSaves(ctx, [event]);
}

/** Saves into this service's copy, in one unit of work (an older save never replaces a newer one: the store's upsert). */
async function recordSaves(ctx: NotificationsContext, saves: readonly PicksSaved[]): Promise<void> {
  if (saves.length === 0) return;
  await ctx.uow.write(async (store) => {
    for (const save of saves)
      await store.upsertPicksSaved({
        poolId: save.poolId,
        userId: save.userId,
        year: save.year,
        weekNumber: save.weekNumber,
        pickCount: save.pickCount,
        savedAt: new Date(save.savedAt),
      });
  });
}

/**
 * Who has saved their picks of a week, as picks-scoring has it now (docs/notifications.md#who):
 * its answer to rpc.picks.week.saves, applied to this service's copy as the `picks.picks.saved`
 * events on their way will be (an older save never replaces a newer one), so a nudge or a
 * reminder is never decided on a save the bus has not brought yet. False, and nothing changed,
 * when picks-scoring does not answer.
 */
export async function catchUpSaves(ctx: NotificationsContext, week: { poolId: string; year: number; weekNumber: number }): Promise<boolean> {
  const key = { poolId: week.poolId, year: week.year, weekNumber: week.weekNumber };
  let saves;
  try {
    ({ saves } = await ctx.scoring.weekSaves(key));
  } catch (err) {
    ctx.logger.warn({ err, poolId: key.poolId, weekNumber: key.weekNumber }, 'could not ask picks-scoring who has saved their picks');
    return false;
  }
  await recordSaves(
    ctx,
    saves.map((save) => ({ ...key, ...save })),
  );
  return true;
}
