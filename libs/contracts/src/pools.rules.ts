/**
 * The pools rules (pools-invitations applies them; the SPA previews them): limits, the slug of a
 * name, the current season by the calendar, who manages a pool, an invitation's status.
 */

// ---------------------------------------------------------------------------------------------
// Constants (docs/screens.md#pool-management)

/**
 * Pool years offered by the Create New Pool form (docs/screens.md#pool-management). The default year (the
 * current season, GET /api/pools/defaults) is always one of them: see `nearestPoolYear`.
 */
export const POOL_YEARS = [2024, 2025, 2026] as const;
export const POOL_TYPES = ['standard', 'test', 'private'] as const;
export type PoolType = (typeof POOL_TYPES)[number];

export const MAX_MEMBERS_MIN = 1;
export const MAX_MEMBERS_MAX = 1000;
export const MAX_MEMBERS_DEFAULT = 50;
export const INVITATION_DAYS_VALID_MIN = 1;
export const INVITATION_DAYS_VALID_MAX = 365;
export const INVITATION_DAYS_VALID_DEFAULT = 30;
/** Stat card "recent joins" counts members who joined within this many days. */
export const RECENT_JOINS_DAYS = 30;
export const POOL_NAME_MAX_LENGTH = 100;
export const POOL_DESCRIPTION_MAX_LENGTH = 1000;
export const POOL_SLUG_MAX_LENGTH = 120;
export const MEMBER_NOTES_MAX_LENGTH = 500;
export const INVITATION_NOTES_MAX_LENGTH = 500;

/** A pool member's role inside one pool. The pool's commissioner is its `admin` member. */
export const MEMBER_ROLES = ['admin', 'member'] as const;

/**
 * The slug derived from a pool name when none is given (docs/screens.md#pool-management): lowercase, remove
 * every character other than letters, digits, spaces and hyphens, then turn spaces into hyphens.
 * Shared so the form can preview what the server will store.
 */
export function slugFromName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-');
}

/**
 * An NFL season runs from September into the next February (the 2025 season ends with the Super
 * Bowl in February 2026). From this month (1-12) on, the calendar year names the current season;
 * before it, last year's season is still being played.
 */
export const SEASON_ROLLOVER_MONTH = 3;

/**
 * The season by the calendar alone, for when no production sports data says otherwise: the
 * calendar year, minus one in January and February (UTC). It is what the data rule gives in a
 * normal NFL year with the coming season in production: the season being played, or the next one.
 */
export function calendarSeasonYear(now: Date): number {
  const year = now.getUTCFullYear();
  return now.getUTCMonth() + 1 < SEASON_ROLLOVER_MONTH ? year - 1 : year;
}

/** `year` when the form offers it, else the nearest year it offers (POOL_YEARS). */
export function nearestPoolYear(year: number): number {
  const first = POOL_YEARS[0];
  const last = POOL_YEARS[POOL_YEARS.length - 1] ?? first;
  return Math.min(Math.max(year, first), last);
}

/**
 * Who manages a pool: a super admin manages every pool, a pool commissioner only the pools they
 * commission. Every service that checks a pool's managers uses this one rule.
 */
export function managesPool(caller: { id: string; role: string }, poolCommissionerId: string): boolean {
  return caller.role === 'super_admin' || (caller.role === 'pool_commissioner' && poolCommissionerId === caller.id);
}

/** Display status, evaluated in this order: deactivated, expired, limit_reached, active. */
export const INVITATION_STATUSES = ['deactivated', 'expired', 'limit_reached', 'active'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** The status rule (docs/screens.md#join-page), shared by the screens and the server. */
export function invitationStatusOf(
  inv: { isActive: boolean; expiresAt: string | Date; maxUses: number | null; currentUses: number },
  now: Date = new Date(),
): InvitationStatus {
  if (!inv.isActive) return 'deactivated';
  if (new Date(inv.expiresAt).getTime() <= now.getTime()) return 'expired';
  if (inv.maxUses !== null && inv.currentUses >= inv.maxUses) return 'limit_reached';
  return 'active';
}

/**
 * A pool's weekly tiebreaker (docs/game.md#weekly-winners): `none` (the default) or the total
 * points of the last game by kickoff of each published week.
 */
export const WEEKLY_TIEBREAKERS = ['none', 'last_game_total'] as const;
export type WeeklyTiebreaker = (typeof WEEKLY_TIEBREAKERS)[number];
export const WEEKLY_TIEBREAKER_DEFAULT: WeeklyTiebreaker = 'none';
