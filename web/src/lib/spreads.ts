/**
 * Spreads are home-relative (docs/game.md#against-the-spread): negative favours the home team, positive the away
 * team, 0 (or no spread) is a pick'em. Shared by week management and Make Picks.
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

/** The favoured side of a spread: `home` for a negative one, `away` for a positive one, null for a pick'em or no spread. */
export function favoriteSideOf(spread: number | null | undefined): 'home' | 'away' | null {
  if (spread === null || spread === undefined || spread === 0 || Number.isNaN(spread)) return null;
  return spread < 0 ? 'home' : 'away';
}

/** docs/game.md#against-the-spread (spread reading): the favourite and the line, or "Pick'em" when zero or missing. */
export function spreadReading(spread: number | null | undefined, homeAbbreviation: string, awayAbbreviation: string): string {
  if (favoriteSideOf(spread) === null) return "Pick'em";
  return `${favoriteText(spread!, homeAbbreviation, awayAbbreviation)} (${formatSpread(spread!)})`;
}
