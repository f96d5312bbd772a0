import { calendarSeasonYear, nearestPoolYear } from '@powerpool/contracts';

/** Create New Pool form rules (docs/screens.md#pool-management); the bounds are the contract's. */

/**
 * The Season Year shown until the server's default (GET /api/pools/defaults, the current season
 * of the production data) arrives, or when it cannot be had: the server's own fallback, the
 * season by the calendar, as the nearest offered year.
 */
export function fallbackPoolYear(now: Date = new Date()): number {
  return nearestPoolYear(calendarSeasonYear(now));
}

/** A non-numeric entry becomes 0 (the product's rule; the form then refuses it). */
export function parseMaxMembers(input: string): number {
  const value = Number.parseInt(input, 10);
  return Number.isNaN(value) ? 0 : value;
}
