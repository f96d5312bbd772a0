import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The one family of dates the SPA shows (web/src/lib/dates.ts, docs/screens.md#times-and-toasts): "Sun, Jan 11, 2026,
 * 3:20 PM CST" (an instant), "Sun, Jan 11, 3:30 PM CST" (a kickoff), "Jan 11, 2026" (a day),
 * "3:20:05 PM CST" (a time of today). Central time, named, every time.
 */
const MON = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const FAMILY = new RegExp(
  `(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), ${MON} \\d{1,2}(?:, \\d{4})?, \\d{1,2}:\\d{2} [AP]M C[SD]T|${MON} \\d{1,2}, \\d{4}|\\d{1,2}:\\d{2}:\\d{2} [AP]M C[SD]T`,
  'g',
);

/** Dates written any other way, by what they look like. */
const OTHER_FAMILIES: ReadonlyArray<readonly [string, RegExp]> = [
  ['a numeric date', /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b[^.\n]{0,16}/g],
  ['an ISO date', /\b\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?/g],
  ['a long weekday', /\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b[^.\n]{0,40}/g],
  ['a long month', /\b(?:January|February|March|April|June|July|August|September|October|November|December) \d{1,2}\b[^.\n]{0,30}/g],
  ['a time without its zone', /\b\d{1,2}:\d{2}(?::\d{2})?\s?[AP]M\b(?! C[SD]T)/g],
];

/** The dates the page's <main> shows: those of the family, and those written another way (with what they are). */
export async function datesShown(page: Page): Promise<{ family: string[]; others: string[] }> {
  const text = (await page.locator('main').innerText()).replace(/[\u202f\u00a0]/g, ' ');
  const family = [...text.matchAll(FAMILY)].map((m) => m[0]);
  const others = OTHER_FAMILIES.flatMap(([what, pattern]) => [...text.matchAll(pattern)].map((m) => `${what}: "${m[0].trim()}"`));
  return { family, others };
}

/**
 * Fails unless every date in the page's <main> is of the one family, and at least `atLeast`
 * of them are shown (so the check is not passed by a page that shows no date). Returns them.
 */
export async function expectOneDateFamily(page: Page, atLeast = 1): Promise<string[]> {
  const { family, others } = await datesShown(page);
  expect(others, `dates not in the app's one format (lib/dates.ts) on ${page.url()}`).toEqual([]);
  expect(family.length, `dates shown on ${page.url()}: ${family.join(' | ')}`).toBeGreaterThanOrEqual(atLeast);
  return family;
}
