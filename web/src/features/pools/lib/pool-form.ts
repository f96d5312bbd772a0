import { POOL_YEARS } from '@powerpool/contracts';

/** Create New Pool form rules (admin spec sections 5 and 9); the bounds are the contract's. */

/** The current year when it is offered, else the closest offered year. */
export function defaultPoolYear(now: Date = new Date()): number {
  const year = now.getFullYear();
  const first = POOL_YEARS[0];
  const last = POOL_YEARS[POOL_YEARS.length - 1] ?? first;
  return Math.min(Math.max(year, first), last);
}

/** A non-numeric entry becomes 0 (the spec's rule; the form then refuses it). */
export function parseMaxMembers(input: string): number {
  const value = Number.parseInt(input, 10);
  return Number.isNaN(value) ? 0 : value;
}
