/**
 * ESPN week <-> our week number. Preseason (type 1) weeks 1-4 are -4..-1, regular (type 2) week n
 * is n, postseason (type 3) weeks 1, 2, 3 are 19, 20, 21 and week 5 (Super Bowl) is 22. The Pro
 * Bowl (type 3 week 4) has no week number: it is skipped.
 */
export type SeasonType = 1 | 2 | 3;

export const PRESEASON_WEEKS = 4;
export const REGULAR_SEASON_WEEKS = 18;
export const POSTSEASON_ESPN_WEEKS = [1, 2, 3, 5] as const;

export function toWeekNumber(seasonType: number, espnWeek: number): number | null {
  if (!Number.isInteger(espnWeek)) return null;
  if (seasonType === 1) return espnWeek >= 1 && espnWeek <= PRESEASON_WEEKS ? espnWeek - 5 : null;
  if (seasonType === 2) return espnWeek >= 1 && espnWeek <= REGULAR_SEASON_WEEKS ? espnWeek : null;
  if (seasonType === 3) {
    if (espnWeek >= 1 && espnWeek <= 3) return 18 + espnWeek;
    if (espnWeek === 5) return 22;
    return null;
  }
  return null;
}

/** Our week number back to ESPN's season type and week (null when out of range). */
export function fromWeekNumber(weekNumber: number): { seasonType: SeasonType; espnWeek: number } | null {
  if (weekNumber >= -4 && weekNumber <= -1) return { seasonType: 1, espnWeek: weekNumber + 5 };
  if (weekNumber >= 1 && weekNumber <= 18) return { seasonType: 2, espnWeek: weekNumber };
  if (weekNumber >= 19 && weekNumber <= 21) return { seasonType: 3, espnWeek: weekNumber - 18 };
  if (weekNumber === 22) return { seasonType: 3, espnWeek: 5 };
  return null;
}

/** Every (season type, ESPN week) of a season that an import fetches, in order. */
export function seasonWeeks(): Array<{ seasonType: SeasonType; espnWeek: number; weekNumber: number }> {
  const out: Array<{ seasonType: SeasonType; espnWeek: number; weekNumber: number }> = [];
  for (let w = 1; w <= PRESEASON_WEEKS; w += 1) out.push({ seasonType: 1, espnWeek: w, weekNumber: w - 5 });
  for (let w = 1; w <= REGULAR_SEASON_WEEKS; w += 1) out.push({ seasonType: 2, espnWeek: w, weekNumber: w });
  for (const w of POSTSEASON_ESPN_WEEKS) out.push({ seasonType: 3, espnWeek: w, weekNumber: toWeekNumber(3, w)! });
  return out;
}
