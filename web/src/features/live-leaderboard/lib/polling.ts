import { LIVE_POLL_INTERVAL_MS, LIVE_POLL_JITTER_MAX_MS, LIVE_POLL_JITTER_MIN_MS, LIVE_POLL_SCORING_FACTOR } from '@/config/live-leaderboard';
import type { LiveLeaderboard } from '@powerpool/contracts';
import { AFTER_DEADLINE_RETRY_MS, WAITING_FOLLOW_MS } from '@/lib/follow-week';

/** A random delay between the jitter bounds, so many open boards do not all ask at the same second. */
export function pollJitter(random: () => number = Math.random): number {
  return Math.round(LIVE_POLL_JITTER_MIN_MS + random() * (LIVE_POLL_JITTER_MAX_MS - LIVE_POLL_JITTER_MIN_MS));
}

/**
 * Smart polling (docs/screens.md#live-leaderboard): every poll interval plus jitter while the week is in
 * GAMES_IN_PROGRESS with games being played, or PUBLISHED past its deadline (the server starts it
 * any moment); every twice the interval in SCORING; otherwise never (false). Asked again after
 * every fetch, so each wait gets a new jitter. Only while the live stream is not delivering.
 */
export function liveRefetchInterval(
  metadata: (Pick<LiveLeaderboard['metadata'], 'currentState' | 'gamesInProgress'> & { pickDeadline?: string | null }) | undefined,
  random: () => number = Math.random,
  now: number = Date.now(),
): number | false {
  if (!metadata) return false;
  if (metadata.currentState === 'GAMES_IN_PROGRESS' && metadata.gamesInProgress) return LIVE_POLL_INTERVAL_MS + pollJitter(random);
  if (metadata.currentState === 'PUBLISHED' && metadata.pickDeadline && new Date(metadata.pickDeadline).getTime() <= now)
    return LIVE_POLL_INTERVAL_MS + pollJitter(random);
  if (metadata.currentState === 'SCORING') return LIVE_POLL_INTERVAL_MS * LIVE_POLL_SCORING_FACTOR;
  return false;
}

/**
 * "Pick Data Coming Soon" (403 picks_not_available) asks again by itself, never gives up: every
 * AFTER_DEADLINE_RETRY_MS once the deadline has passed by the browser's clock (the server's clock
 * decides; its answer changes within moments), every WAITING_FOLLOW_MS while the deadline is
 * ahead or unknown (a week started early by the Testing tab). The deadline itself is a timer on
 * the page (useTimePassed), so the board shows a second after it, not a minute.
 */
export function comingSoonRefetchInterval(pickDeadline: string | null | undefined, now: number = Date.now()): number {
  if (pickDeadline && new Date(pickDeadline).getTime() <= now) return AFTER_DEADLINE_RETRY_MS;
  return WAITING_FOLLOW_MS;
}
