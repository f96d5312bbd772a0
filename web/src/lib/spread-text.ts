/**
 * Spreads in words. Spreads are home-relative (game-rules.md): negative favours the home team,
 * positive the away team, 0 is a pick'em. Shared: week management and the live leaderboard show
 * them, and features cannot import each other.
 */

/** "-3.5", "+7", "PK" for 0. */
export function formatSpread(spread: number): string {
  if (spread === 0) return 'PK';
  return spread > 0 ? `+${spread}` : String(spread);
}

/** Who the spread favours, in words: "PHI by 3.5", "Pick'em". */
export function favoriteText(spread: number, homeAbbreviation: string, awayAbbreviation: string): string {
  if (spread === 0) return "Pick'em";
  return `${spread < 0 ? homeAbbreviation : awayAbbreviation} by ${Math.abs(spread)}`;
}

/** Player spec section 2 (spread reading): the favourite and the line, or "Pick'em" when zero or missing. */
export function spreadReading(spread: number | null | undefined, homeAbbreviation: string, awayAbbreviation: string): string {
  if (spread === null || spread === undefined || spread === 0) return "Pick'em";
  return `${favoriteText(spread, homeAbbreviation, awayAbbreviation)} (${formatSpread(spread)})`;
}
