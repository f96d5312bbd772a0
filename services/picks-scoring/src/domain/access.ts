import { managesPool, type AccessLevel } from '@powerpool/contracts';
import { managedPoolOf, memberPoolOf, PoolForbiddenError } from '@powerpool/service-kit';
import type { PicksStore } from '../store/picks-scoring.store.js';
import type { PoolRow, PoolWeekRow } from '../store/schema.js';
import type { Caller } from './context.js';

/**
 * Who may do what with a pool's picks and scores (docs/game.md#who-sees-what), named once.
 * Every route goes through one of these.
 */

/** A super admin manages every pool; a pool commissioner only the pools they commission. */
export const canManage = (caller: Caller, pool: PoolRow): boolean => managesPool(caller, pool.commissionerId);

/** The pool, if the caller may manage it: 404 unknown, 403 someone else's. */
export const managedPool = (store: PicksStore, caller: Caller, poolId: string): Promise<PoolRow> => managedPoolOf(store, caller, poolId);

/** True when `userId` is an active member of the pool. */
export async function isActiveMember(store: Pick<PicksStore, 'findMember'>, poolId: string, userId: string): Promise<boolean> {
  return (await store.findMember(poolId, userId))?.isActive === true;
}

/** The pool, if the caller manages it or is one of its active members (leaderboards, completed weeks, reviews). */
export const readablePool = (store: PicksStore, caller: Caller, poolId: string): Promise<PoolRow> => memberPoolOf(store, caller, poolId);

/**
 * Whether a published week's picks are closed: its deadline has passed by the server's clock, or
 * the week has already moved past PUBLISHED (the commissioner's Testing tab may start games early;
 * its picks are then locked, and visible, as after the deadline).
 */
export const deadlinePassed = (week: PoolWeekRow | undefined, now: Date): boolean =>
  week !== undefined && (now.getTime() >= week.pickDeadline.getTime() || (week.state !== 'SETUP' && week.state !== 'PUBLISHED'));

/**
 * Whether a save that arrived at `at` is taken: it arrived before the deadline by the server's
 * clock while the week was PUBLISHED (still PUBLISHED, or moved on only after `at`: the move at
 * the deadline reaches this service a moment after it, and a save that arrived in time is not
 * refused for waiting its turn behind a rush; a week the Testing tab started early is closed from
 * that move on).
 */
export const savesOpenAt = (week: PoolWeekRow, at: Date): boolean =>
  at.getTime() < week.pickDeadline.getTime() &&
  (week.state === 'PUBLISHED' || (week.state === 'GAMES_IN_PROGRESS' && at.getTime() < week.stateChangedAt.getTime()));

/**
 * The caller's access to a pool week's picks: the commissioner and super admins always
 * (COMMISSIONER_ACCESS); members once the deadline has passed (FULL_ACCESS); signed-in
 * non-members of a public pool once the deadline has passed (PUBLIC_ACCESS). Null: before the
 * deadline for a member or a public pool's visitor (picks not available yet). Throws 403 for a
 * non-member of a private pool.
 */
export async function picksAccessOf(store: Pick<PicksStore, 'findMember'>, caller: Caller, pool: PoolRow, week: PoolWeekRow | undefined, now: Date): Promise<AccessLevel | null> {
  if (canManage(caller, pool)) return 'COMMISSIONER_ACCESS';
  const member = await isActiveMember(store, pool.id, caller.id);
  if (!member && !pool.isPublic) throw new PoolForbiddenError('Forbidden: you are not a member of this pool', { poolId: pool.id });
  if (!deadlinePassed(week, now)) return null;
  return member ? 'FULL_ACCESS' : 'PUBLIC_ACCESS';
}
