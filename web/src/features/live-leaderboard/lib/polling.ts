import { LIVE_POLL_INTERVAL_MS, LIVE_POLL_JITTER_MAX_MS, LIVE_POLL_JITTER_MIN_MS, LIVE_POLL_SCORING_FACTOR } from '@powerpool/contracts';
import type { LiveLeaderboard } from '@powerpool/contracts';

/** A random delay between the jitter bounds, so many open boards do not all ask at the same second. */
export function pollJitter(random: () => number = Math.random): number {
  return Math.round(LIVE_POLL_JITTER_MIN_MS + random() * (LIVE_POLL_JITTER_MAX_MS - LIVE_POLL_JITTER_MIN_MS));
}

/**
 * Smart polling (player spec section 4): every poll interval plus jitter while the week is in
 * GAMES_IN_PROGRESS with games being played; every twice the interval in SCORING; otherwise
 * never (false). Asked again after every fetch, so each wait gets a new jitter.
 */
export function liveRefetchInterval(
  metadata: Pick<LiveLeaderboard['metadata'], 'currentState' | 'gamesInProgress'> | undefined,
  random: () => number = Math.random,
): number | false {
  if (!metadata) return false;
  if (metadata.currentState === 'GAMES_IN_PROGRESS' && metadata.gamesInProgress) return LIVE_POLL_INTERVAL_MS + pollJitter(random);
  if (metadata.currentState === 'SCORING') return LIVE_POLL_INTERVAL_MS * LIVE_POLL_SCORING_FACTOR;
  return false;
}
