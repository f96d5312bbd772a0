import type { Week, WeekState } from '@powerpool/contracts';

/*
 * How an open page follows a pool week without a reload (docs/screens.md#following-the-week). The server's clock decides:
 * a page that knows the picks deadline refetches once it has passed (useTimePassed), and asks
 * again on the schedules below until the server's answer shows the change. Idle weeks (SETUP,
 * COMPLETE, a deadline far away) are not polled, or only rarely.
 */

/**
 * Refetch this long after the deadline by the browser's clock: the server's clock decides, and
 * weeks-workflow's automatic start looks at due weeks every second (WEEKS_AUTO_START_INTERVAL_MS).
 */
export const DEADLINE_GRACE_MS = 1_000;

/**
 * Once the deadline has passed by the browser's clock but the server's answer does not show it yet
 * (a clock a little ahead, the automatic start or its event a moment later): ask again this often.
 * Only for the short while until the answer changes.
 */
export const AFTER_DEADLINE_RETRY_MS = 5_000;

/**
 * A page waiting for a deadline that is still ahead (Pick Data Coming Soon, a PUBLISHED week on
 * Manage Weeks) asks this rarely: the deadline itself is a timer; this only catches a week moved
 * early by a commissioner (the Testing tab) or an admin in another browser.
 */
export const WAITING_FOLLOW_MS = 60_000;

/**
 * While a week is live (GAMES_IN_PROGRESS, SCORING) the week's state, a small reply, is read this
 * often: the next step (scores in, Move to Scoring Phase, Complete Week) is a commissioner's click
 * in another browser, and the pages that follow it should show it within seconds. Games themselves
 * come from the live streams (their own cadence), not from this.
 */
export const LIVE_WEEK_FOLLOW_MS = 10_000;

/**
 * Pick completion while players save (PUBLISHED, deadline ahead): the commissioner watches it fill
 * up in the last minutes; one small count query per open Manage Weeks page.
 */
export const PICK_SAVES_FOLLOW_MS = 10_000;

/** A week is moving by itself or by a commissioner's next step: live, or PUBLISHED past its deadline. */
export function isMovingWeek(state: WeekState | null | undefined, pickDeadline: string | null | undefined, now = Date.now()): boolean {
  if (state === 'GAMES_IN_PROGRESS' || state === 'SCORING') return true;
  return state === 'PUBLISHED' && pickDeadline !== null && pickDeadline !== undefined && new Date(pickDeadline).getTime() <= now;
}

/**
 * How often a pool's week list is read while a page depends on weeks completing (the Season
 * Leaderboard): every LIVE_WEEK_FOLLOW_MS while a week is moving, otherwise not at all.
 */
export function weeksFollowInterval(weeks: readonly Pick<Week, 'state' | 'pickDeadline'>[] | undefined, now = Date.now()): number | false {
  return weeks?.some((week) => isMovingWeek(week.state, week.pickDeadline, now)) ? LIVE_WEEK_FOLLOW_MS : false;
}
