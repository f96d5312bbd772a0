import { managesPool, type AccessLevel } from '@powerpool/contracts';
import { managedPoolOf, memberPoolOf, PoolForbiddenError } from '@powerpool/service-kit';
import type { PicksStore } from '../store/picks-scoring.store.js';
import type { MemberRow, PoolRow, PoolWeekRow } from '../store/schema.js';
import type { Caller } from './context.js';
import { PicksNotAvailableError, PoolNotFoundError, WeekNotFoundError } from './errors.js';

/**
 * Who may do what with a pool's picks and scores (docs/game.md#who-sees-what), named once.
 * Every route goes through one of these.
 */

/** A super admin manages every pool; a pool commissioner only the pools they commission. */
export const canManage = (caller: Caller, pool: PoolRow): boolean => managesPool(caller, pool.commissionerId);

/** The pool, if the caller may manage it: 404 unknown, 403 someone else's. */
export const managedPool = (store: PicksStore, caller: Caller, poolId: string): Promise<PoolRow> => managedPoolOf(store, caller, poolId);

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
 * non-member of a private pool. `member` is the caller's membership row of the pool, if any (a
 * plain value, so the store-backed CSV export and the cached live board decide with one rule).
 */
export function picksAccessOf({
  caller,
  pool,
  member,
  week,
  now,
}: {
  caller: Caller;
  pool: PoolRow;
  member: MemberRow | undefined;
  week: PoolWeekRow | undefined;
  now: Date;
}): AccessLevel | null {
  if (canManage(caller, pool)) return 'COMMISSIONER_ACCESS';
  const isMember = member?.isActive === true;
  if (!isMember && !pool.isPublic) throw new PoolForbiddenError('Forbidden: you are not a member of this pool', { poolId: pool.id });
  if (!deadlinePassed(week, now)) return null;
  return isMember ? 'FULL_ACCESS' : 'PUBLIC_ACCESS';
}

/** A pool week someone may see the picks of, and how. */
export interface LiveWeekAccess {
  pool: PoolRow;
  week: PoolWeekRow;
  access: AccessLevel;
}

/** What the live board's access is decided on: the pool, its week and the caller's membership, as read. */
export interface LiveWeekFacts {
  pool: PoolRow | undefined;
  week: PoolWeekRow | undefined;
  member: MemberRow | undefined;
}

/**
 * The live leaderboard's access (and the leaderboard CSV's), in this order: 404 unknown pool; 403
 * a non-member of a private pool; 404 a week the pool never published; 403 picks_not_available
 * before the deadline for anyone but the commissioner and super admins.
 */
export function liveWeekAccessOf({ caller, facts, weekNumber, now }: { caller: Caller; facts: LiveWeekFacts; weekNumber: number; now: Date }): LiveWeekAccess {
  const { pool, week, member } = facts;
  if (!pool) throw new PoolNotFoundError();
  const access = picksAccessOf({ caller, pool, member, week, now });
  if (!week) throw new WeekNotFoundError(weekNumber);
  if (access === null) throw new PicksNotAvailableError();
  return { pool, week, access };
}
